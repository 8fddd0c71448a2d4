#!/usr/bin/env bash
# soak.sh — issue 18's soak: mixed writes (TPC-B-like, 16 connections) for
# a long run against `tinybase start` with a data directory, live data of
# constant size, sampling the server's RSS and Go heap to show that memory
# stays flat once warm. PostgreSQL 15 runs the same script at the same
# rate in the same run, for its TPS and its backends' summed RSS.
#
# usage: bench/soak.sh [seconds] [rate]   (default 3600 s, 300 tx/s each;
#        pgbench -R caps the rate so a busy 2-core machine keeps up)
#
# The script is pgbench's TPC-B with its history row deleted again in the
# same transaction, so no table grows: every transaction leaves dead row
# versions in four tables for the engine to reclaim. Output: a CSV of
# samples (elapsed s, tinybase RSS MiB, PostgreSQL PSS MiB summed over
# its processes) on stdout
# every 60 s, then a summary.
set -euo pipefail
cd "$(dirname "$0")/.."

secs="${1:-3600}"
rate="${2:-300}"
work="$(mktemp -d)"
chmod 755 "$work"
bindir="$(pg_config --bindir)"
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
pgport="$(free_port)"
tbport="$(free_port)"
tbpid=""
as() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
cleanup() {
	[ -n "$tbpid" ] && kill "$tbpid" 2>/dev/null || true
	as "$bindir/pg_ctl" -D "$work/pg" -m fast -w stop >/dev/null 2>&1 || true
	rm -rf "$work"
}
trap cleanup EXIT

echo "starting PostgreSQL on :$pgport ..." >&2
mkdir -p "$work/pg"
chmod 700 "$work/pg"
[ "$(id -u)" -eq 0 ] && chown postgres: "$work/pg"
as "$bindir/initdb" -D "$work/pg" --auth=trust -U postgres --encoding=UTF8 --no-locale >/dev/null
as "$bindir/pg_ctl" -D "$work/pg" -l "$work/pg/server.log" -w -t 60 \
	-o "-h 127.0.0.1 -p $pgport -k $work/pg -c max_connections=50" start >/dev/null

echo "building and starting tinybase on :$tbport ..." >&2
go build -o "$work/tinybase" ./cmd/tinybase
mkdir -p "$work/proj/supabase/migrations"
"$work/tinybase" start --dir "$work/proj" --port 0 --db-port "$tbport" --studio-port 0 --inbox-port 0 \
	--data-dir "$work/tbdata" >"$work/tb.log" 2>&1 &
tbpid=$!
export PGPASSWORD=postgres
for _ in $(seq 1 600); do
	psql -qAtX -h 127.0.0.1 -p "$tbport" -U postgres -d postgres -c 'select 1' >/dev/null 2>&1 && break
	sleep 0.1
done

cat >"$work/tpcb.sql" <<'SQL'
\set aid random(1, 100000 * :scale)
\set bid random(1, 1 * :scale)
\set tid random(1, 10 * :scale)
\set delta random(-5000, 5000)
BEGIN;
UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;
SELECT abalance FROM pgbench_accounts WHERE aid = :aid;
UPDATE pgbench_tellers SET tbalance = tbalance + :delta WHERE tid = :tid;
UPDATE pgbench_branches SET bbalance = bbalance + :delta WHERE bid = :bid;
INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (:tid, :bid, :aid, :delta, CURRENT_TIMESTAMP);
DELETE FROM pgbench_history WHERE aid = :aid AND tid = :tid AND delta = :delta;
END;
SQL
for port in "$pgport" "$tbport"; do
	pgbench -i -q -h 127.0.0.1 -p "$port" -U postgres postgres >/dev/null 2>&1
done

rss_tb() { awk '/^VmRSS/ {printf "%.1f", $2/1024}' "/proc/$tbpid/status"; }
rss_pg() { # the postmaster and its backends: proportional set sizes, so
	# shared buffers count once
	local pm p
	pm=$(head -1 "$work/pg/postmaster.pid")
	for p in $pm $(ps -o pid= --ppid "$pm"); do
		awk '/^Pss:/ {print $2}' "/proc/$p/smaps_rollup" 2>/dev/null || true
	done | awk '{s+=$1} END {printf "%.1f", s/1024}'
}
echo "soak: ${secs}s, 16 connections, ${rate} tx/s on each server ..." >&2
run() { # port: pgbench's tps
	pgbench -n -h 127.0.0.1 -p "$1" -U postgres -c 16 -j 2 -M prepared -R "$rate" -T "$secs" -f "$work/tpcb.sql" postgres 2>&1 |
		awk '/^tps = / {print $3}'
}
run "$pgport" >"$work/pg.tps" &
pgb1=$!
run "$tbport" >"$work/tb.tps" &
pgb2=$!
echo "elapsed_s,tinybase_rss_mib,postgres_pss_mib"
t0=$(date +%s)
first=""
while kill -0 "$pgb2" 2>/dev/null; do
	now=$(( $(date +%s) - t0 ))
	line="$now,$(rss_tb),$(rss_pg)"
	echo "$line"
	echo "$line" >>"$work/samples.csv"
	sleep 60
done
wait "$pgb1" "$pgb2" || true
echo "final,$(rss_tb),$(rss_pg)"
echo "$(( $(date +%s) - t0 )),$(rss_tb),$(rss_pg)" >>"$work/samples.csv"
# flat: the last sample against the one after the first 10 minutes (or
# the second sample on a shorter run)
awk -F, -v tbtps="$(cat "$work/tb.tps")" -v pgtps="$(cat "$work/pg.tps")" '
	{ n++; t[n]=$1; r[n]=$2 }
	END {
		w=2; for (i=1; i<=n; i++) if (t[i] >= 600) { w=i; break }
		max=0; for (i=w; i<=n; i++) if (r[i] > max) max=r[i]
		printf "summary: tinybase tps %s, postgres tps %s; tinybase RSS %s MiB at %ss, %s MiB at the end, peak after warm-up %s MiB (growth %+.1f%%)\n", tbtps, pgtps, r[w], t[w], r[n], max, (r[n]-r[w])*100/r[w]
	}' "$work/samples.csv"
