#!/usr/bin/env bash
# catalog_loop.sh — issue 17's catalog loops: DO blocks that walk 150
# tables' catalogs (information_schema, pg_constraint with pg_class /
# pg_namespace / pg_attribute, pg_indexes, to_regclass and ::regclass) one
# query per table, and the one-shot catalog queries psql and PostgREST
# send, over the wire on tinybase (bench/tbserve, in memory) and
# PostgreSQL 15 side by side in one run: median ms and the
# tinybase/PostgreSQL ratio. Both servers must give the same answers.
#
# usage: bench/catalog_loop.sh [catalogloop flags, e.g. -iters 9 -only columns]
# PostgreSQL comes from TINYBASE_PG_URL or .ci/pg.sh start.
set -euo pipefail
cd "$(dirname "$0")/.."

. bench/side_by_side.sh
side_by_side tinybase_catalog_loop bench/catalogloop "$@"
