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

url="${TINYBASE_PG_URL:-$(bash .ci/pg.sh start)}"
db="tinybase_planner"
dburl="${url/\/postgres\?/\/$db?}"
work="$(mktemp -d)"
tbpid=""
cleanup() {
	[ -n "$tbpid" ] && kill "$tbpid" 2>/dev/null || true
	rm -rf "$work"
}
trap cleanup EXIT

psql -qX -v ON_ERROR_STOP=1 "$url" -c "drop database if exists $db" -c "create database $db" >/dev/null
go build -o "$work/tbserve" ./bench/tbserve
go build -o "$work/planbench" ./bench/planbench
# TINYBASE_BENCH_PORT pins tinybase's port (a free one otherwise)
port="${TINYBASE_BENCH_PORT:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')}"
"$work/tbserve" -addr "127.0.0.1:$port" -auth trust 2>"$work/tbserve.log" &
tbpid=$!
for _ in $(seq 50); do
	grep -q listening "$work/tbserve.log" && break
	sleep 0.1
done
"$work/planbench" -tinybase "postgres://postgres@127.0.0.1:$port/postgres?sslmode=disable" -postgres "$dburl" "$@"
psql -qX "$url" -c "drop database $db" >/dev/null
