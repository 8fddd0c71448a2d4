#!/usr/bin/env bash
# planner.sh — issue 19's query shapes (keyset page, latest 20, id = any,
# FK join, LEFT JOIN, OFFSET, top-N by an unindexed column, count group by, PostgREST's count=exact against
# count=planned, and subqueries: EXISTS / NOT EXISTS / IN over comments,
# a scalar subquery per row) over the wire on tinybase
# (bench/tbserve, in memory) and PostgreSQL 15 side by side in one run, at
# 10k and 100k posts: median µs per statement, tinybase/PostgreSQL ratio,
# and the 100k/10k growth of each.
#
# usage: bench/planner.sh [planbench flags, e.g. -iters 500 -only keyset]
# PostgreSQL comes from TINYBASE_PG_URL or .ci/pg.sh start.
set -euo pipefail
cd "$(dirname "$0")/.."

. bench/side_by_side.sh
side_by_side tinybase_planner bench/planbench "$@"
