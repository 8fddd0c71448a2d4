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

url="${TINYBASE_PG_URL:-$(bash .ci/pg.sh start)}"
db="tinybase_catalog_loop"
dburl="${url/\/postgres\?/\/$db?}"
work="$(mktemp -d)"
tbpid=""
cleanup() {
	[ -n "$tbpid" ] && kill "$tbpid" 2>/dev/null || true
	rm -rf "$work"
}
trap cleanup EXIT

psql -qX -v ON_ERROR_STOP=1 "$url" -c "drop database if exists $db" -c "create database $db" >/dev/null
# TINYBASE_BENCH_TBSERVE runs a tbserve built elsewhere (an older commit's,
# for a before/after table in one run style)
if [ -n "${TINYBASE_BENCH_TBSERVE:-}" ]; then
	cp "$TINYBASE_BENCH_TBSERVE" "$work/tbserve"
else
	go build -o "$work/tbserve" ./bench/tbserve
fi
go build -o "$work/catalogloop" ./bench/catalogloop
# TINYBASE_BENCH_PORT pins tinybase's port (a free one otherwise)
port="${TINYBASE_BENCH_PORT:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')}"
"$work/tbserve" -addr "127.0.0.1:$port" -auth trust 2>"$work/tbserve.log" &
tbpid=$!
for _ in $(seq 50); do
	grep -q listening "$work/tbserve.log" && break
	sleep 0.1
done
"$work/catalogloop" -tinybase "postgres://postgres@127.0.0.1:$port/postgres?sslmode=disable" -postgres "$dburl" "$@"
psql -qX "$url" -c "drop database $db" >/dev/null
