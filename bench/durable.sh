#!/usr/bin/env bash
# durable.sh — tinybase with a data directory against PostgreSQL 15 with
# fsync on (issue 18's targets), in one run:
#   - single-row autocommit INSERT latency over the wire (pgbench, 1 client;
#     the average pgbench reports, and the median of its per-transaction log)
#   - TPS with 8 concurrent writers (group commit)
#   - restart time with 100,000 rows in the data directory (process start
#     to first answered query, after a clean stop and after kill -9; the
#     same for an empty project as the baseline)
#   - data directory size against PostgreSQL's for the same rows
#
# usage: bench/durable.sh [seconds per pgbench run]   (default 10)
#
# DURABLE_ROUNDS=n repeats the four pgbench runs n times (default 1),
# PostgreSQL and tinybase alternating, and prints every round's figures
# and ratios beside the table (which then shows the median round): on a
# shared machine the disk's fsync time moves between runs by more than
# the difference between the two servers.
#
# TINYBASE_PG_PORT and TINYBASE_DB_PORT choose the two servers' ports
# (default: free ports), for a machine where ports are handed out.
# TINYBASE_BIN runs that tinybase binary instead of building one, so two
# builds can be measured alternately on a noisy machine.
#
# PostgreSQL is a private cluster this script initializes in a temp dir
# (fsync=on, synchronous_commit=on: the defaults); tinybase is
# `tinybase start --data-dir` on a temp project.
set -euo pipefail
cd "$(dirname "$0")/.."

secs="${1:-10}"
work="$(mktemp -d)"
chmod 755 "$work"
bindir="$(pg_config --bindir)"
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
pgport="${TINYBASE_PG_PORT:-$(free_port)}"
tbport="${TINYBASE_DB_PORT:-$(free_port)}"
tbpid=""
as() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
cleanup() {
	[ -n "$tbpid" ] && kill "$tbpid" 2>/dev/null || true
	as "$bindir/pg_ctl" -D "$work/pg" -m fast -w stop >/dev/null 2>&1 || true
	rm -rf "$work"
}
trap cleanup EXIT

echo "starting PostgreSQL (fsync on) on :$pgport ..." >&2
mkdir -p "$work/pg"; chmod 700 "$work/pg"
[ "$(id -u)" -eq 0 ] && chown postgres: "$work/pg"
as "$bindir/initdb" -D "$work/pg" --auth=trust -U postgres --encoding=UTF8 --no-locale >/dev/null
as "$bindir/pg_ctl" -D "$work/pg" -l "$work/pg/server.log" -w -t 60 \
	-o "-h 127.0.0.1 -p $pgport -k $work/pg -c fsync=on -c synchronous_commit=on -c max_connections=50" start >/dev/null

if [ -n "${TINYBASE_BIN:-}" ]; then
	cp "$TINYBASE_BIN" "$work/tinybase"
else
	echo "building tinybase ..." >&2
	go build -o "$work/tinybase" ./cmd/tinybase
fi
mkdir -p "$work/proj/supabase/migrations"
printf 'create table public.bench_ins (id bigserial primary key, v text);\ncreate table public.items (id bigint primary key, title text not null, score int, created timestamptz default now());\n' \
	>"$work/proj/supabase/migrations/20240101000000_bench.sql"

export PGPASSWORD=postgres
q() { psql -qAtX -h 127.0.0.1 -p "$1" -U postgres -d postgres -v ON_ERROR_STOP=1 -c "$2"; }
ms_now() { date +%s%N; }
start_tb() { # extra args...
	"$work/tinybase" start --dir "$work/proj" --port 0 --db-port "$tbport" --studio-port 0 --inbox-port 0 "$@" >"$work/tb.log" 2>&1 &
	tbpid=$!
}
wait_ready() { # port: waits until a query is answered
	for _ in $(seq 1 2000); do
		psql -qAtX -h 127.0.0.1 -p "$1" -U postgres -d postgres -c 'select 1' >/dev/null 2>&1 && return 0
		sleep 0.005
	done
	echo "server on :$1 did not become ready" >&2
	cat "$work/tb.log" >&2
	exit 1
}
stop_tb() { # signal
	kill "-$1" "$tbpid"
	wait "$tbpid" 2>/dev/null || true
	tbpid=""
}
ready_ms() { # extra start args...: sets ms, process start to first answered query
	local t0
	t0=$(ms_now)
	start_tb "$@"
	wait_ready "$tbport"
	ms=$((($(ms_now) - t0) / 1000000))
}

q "$pgport" "create table bench_ins (id bigserial primary key, v text); create table items (id bigint primary key, title text not null, score int, created timestamptz default now())"
start_tb --data-dir "$work/tbdata"
wait_ready "$tbport"

echo "insert into bench_ins (v) values ('hello');" >"$work/insert.sql"
pgb() { # port args...: prints "latency_ms tps median_latency_ms"
	local port="$1" out med
	shift
	rm -rf "$work/pgblog"
	mkdir "$work/pgblog"
	# -l logs each transaction's latency (µs, third field): the median
	# resists the shared disk's fsync outliers, which move the average
	out="$(cd "$work/pgblog" && pgbench -n -h 127.0.0.1 -p "$port" -U postgres -M prepared -f "$work/insert.sql" -T "$secs" -l "$@" postgres 2>&1 |
		awk '/latency average/ {lat=$4} /^tps = / {tps=$3} END {print lat, tps}')"
	med="$(cat "$work"/pgblog/pgbench_log.* | awk '{print $3}' | sort -n | awk '{a[NR]=$1} END {if (NR) printf "%.3f", a[int((NR+1)/2)]/1000; else print "-"}')"
	echo "$out $med"
}
rounds="${DURABLE_ROUNDS:-1}"
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; }
rows=()
for r in $(seq 1 "$rounds"); do
	echo "pgbench round $r of $rounds: 1 client, then 8, ${secs}s each ..." >&2
	read -r pg1_lat pg1_tps pg1_med <<<"$(pgb "$pgport" -c 1)"
	read -r tb1_lat tb1_tps tb1_med <<<"$(pgb "$tbport" -c 1)"
	read -r pg8_lat pg8_tps _ <<<"$(pgb "$pgport" -c 8 -j 2)"
	read -r tb8_lat tb8_tps _ <<<"$(pgb "$tbport" -c 8 -j 2)"
	# sorted by the 8-client ratio, so the middle row is the median round
	rows+=("$(ratio "$tb8_tps" "$pg8_tps") $tb1_lat $pg1_lat $tb1_med $pg1_med $tb1_tps $pg1_tps $tb8_tps $pg8_tps $(cut -d' ' -f1 /proc/loadavg)")
done
if [ "$rounds" -gt 1 ]; then
	echo
	printf '%-6s %-20s %-20s %-22s %6s\n' "round" "1-client median ms" "1-client mean ms" "8-client TPS" "load"
	for row in "${rows[@]}"; do
		read -r r8 a b c d _ _ e f l <<<"$row"
		printf '%-6s %-20s %-20s %-22s %6s\n' "" "$c/$d $(ratio "$c" "$d")" "$a/$b $(ratio "$a" "$b")" "${e%.*}/${f%.*} $r8" "$l"
	done
	echo "(tinybase/PostgreSQL ratio)"
fi
read -r _ tb1_lat pg1_lat tb1_med pg1_med tb1_tps pg1_tps tb8_tps pg8_tps _ <<<"$(printf '%s\n' "${rows[@]}" | sort -n | sed -n "$(((rounds + 1) / 2))p")"

# the restart and size measures are of 100,000 rows: pgbench's inserted
# rows (more, the faster a server commits) would weigh on them unequally
q "$pgport" "truncate bench_ins"
q "$tbport" "truncate bench_ins"
echo "loading 100,000 rows ..." >&2
load="insert into items (id, title, score) select g, 'item number ' || g, g % 1000 from generate_series(1, 100000) g"
q "$pgport" "$load"
q "$tbport" "$load"
q "$pgport" "checkpoint"
stop_tb INT
tb_size=$(du -sk "$work/tbdata" | awk '{print $1}')
pg_db_kb=$(( $(q "$pgport" "select pg_database_size('postgres')") / 1024 ))
pg_items_kb=$(( $(q "$pgport" "select pg_total_relation_size('items') + pg_total_relation_size('bench_ins')") / 1024 ))
pg_wal_kb=$(du -sk "$work/pg/pg_wal" | awk '{print $1}')

echo "restarts ..." >&2
clean=()
for _ in 1 2 3; do
	ready_ms --data-dir "$work/tbdata"
	clean+=("$ms")
	stop_tb INT
done
kill9=()
for _ in 1 2 3; do
	start_tb --data-dir "$work/tbdata"
	wait_ready "$tbport"
	q "$tbport" "insert into bench_ins (v) select 'after' from generate_series(1, 1000)"
	for i in $(seq 1 50); do q "$tbport" "update items set score = score + 1 where id = $i"; done
	stop_tb KILL
	ready_ms --data-dir "$work/tbdata"
	kill9+=("$ms")
	stop_tb INT
done
base=()
for _ in 1 2 3; do
	ready_ms --memory --no-seed
	base+=("$ms")
	stop_tb INT
done
min() { printf '%s\n' "$@" | sort -n | head -1; }
echo
echo "tinybase --data-dir vs PostgreSQL 15 (fsync on), $(date -u +%Y-%m-%d), load average $(cut -d' ' -f1 /proc/loadavg)$([ "$rounds" -gt 1 ] && echo ", pgbench figures of the median of $rounds rounds")"
printf '%-52s %14s %14s %8s\n' "measure" "tinybase" "PostgreSQL" "ratio"
printf '%-52s %14s %14s %8s\n' "autocommit INSERT latency, 1 client (ms)" "$tb1_lat" "$pg1_lat" "$(ratio "$tb1_lat" "$pg1_lat")"
printf '%-52s %14s %14s %8s\n' "autocommit INSERT median latency, 1 client (ms)" "$tb1_med" "$pg1_med" "$(ratio "$tb1_med" "$pg1_med")"
printf '%-52s %14s %14s %8s\n' "autocommit INSERT TPS, 1 client" "$tb1_tps" "$pg1_tps" "$(ratio "$tb1_tps" "$pg1_tps")"
printf '%-52s %14s %14s %8s\n' "autocommit INSERT TPS, 8 clients" "$tb8_tps" "$pg8_tps" "$(ratio "$tb8_tps" "$pg8_tps")"
printf '%-52s %14s\n' "ready after clean stop, 100k rows (ms, min of 3)" "$(min "${clean[@]}")"
printf '%-52s %14s\n' "ready after kill -9, 100k rows + log (ms, min of 3)" "$(min "${kill9[@]}")"
printf '%-52s %14s\n' "ready, empty in-memory project (ms, min of 3)" "$(min "${base[@]}")"
printf '%-52s %14s %14s %8s\n' "data dir (KiB; PG: database incl. catalogs)" "$tb_size" "$pg_db_kb" "$(ratio "$tb_size" "$pg_db_kb")"
printf '%-52s %14s %14s\n' "PG: the two tables alone / pg_wal (KiB)" "" "$pg_items_kb / $pg_wal_kb"
