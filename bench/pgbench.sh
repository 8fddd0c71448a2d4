#!/usr/bin/env bash
# pgbench.sh — pgbench against tinybase's wire server and a real
# PostgreSQL 15, in one run: select-only (-S) and the default TPC-B-like
# script with 1 and 8 clients, TPS of both and their ratio; connection
# setup latency (pgbench -C: startup + auth + first ReadyForQuery; trust
# on both, as the private PostgreSQL cluster uses trust, and tinybase's
# SCRAM-SHA-256 on its own row, which adds libpq's client-side PBKDF2); and
# tinybase's RSS growth with 200 idle connections held open.
#
# usage: bench/pgbench.sh [seconds per run]   (default 15; BENCH_SCALE=1)
#
# PostgreSQL is a private cluster started by this script (.ci/pg.sh on a
# free port in a temp dir, trust auth); tinybase is bench/tbserve (an
# in-memory engine behind pgwire, SCRAM-SHA-256 auth, postgres/postgres;
# a second one with trust auth for the connection-setup comparison).
set -euo pipefail
cd "$(dirname "$0")/.."

secs="${1:-15}"
scale="${BENCH_SCALE:-1}"
work="$(mktemp -d)"
chmod 755 "$work"
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
pgport="$(free_port)"
tbport="$(free_port)"
trustport="$(free_port)"
tbpid=""
trustpid=""
cleanup() {
	[ -n "$tbpid" ] && kill "$tbpid" 2>/dev/null || true
	[ -n "$trustpid" ] && kill "$trustpid" 2>/dev/null || true
	TINYBASE_PG_PORT="$pgport" TINYBASE_PG_DIR="$work/pg" bash .ci/pg.sh stop >/dev/null 2>&1 || true
	rm -rf "$work"
}
trap cleanup EXIT

echo "starting PostgreSQL on :$pgport and tinybase on :$tbport ..." >&2
TINYBASE_PG_PORT="$pgport" TINYBASE_PG_DIR="$work/pg" bash .ci/pg.sh start >/dev/null
go build -o "$work/tbserve" ./bench/tbserve
"$work/tbserve" -addr "127.0.0.1:$tbport" 2>"$work/tbserve.log" &
tbpid=$!
"$work/tbserve" -addr "127.0.0.1:$trustport" -auth trust 2>"$work/tbserve-trust.log" &
trustpid=$!
for port in "$tbport" "$trustport"; do
	for _ in $(seq 1 100); do
		pg_isready -q -h 127.0.0.1 -p "$port" && break
		sleep 0.1
	done
done

export PGPASSWORD=postgres
pgb() { # target args...
	local port="$1"
	shift
	pgbench -h 127.0.0.1 -p "$port" -U postgres "$@" postgres 2>&1
}
tps() { grep -oE 'tps = [0-9.]+' | head -1 | awk '{print $3}'; }
conn_ms() { grep -oE 'average connection time = [0-9.]+' | awk '{print $5}'; }

for port in "$pgport" "$tbport" "$trustport"; do
	pgb "$port" -i -q -s "$scale" >"$work/init-$port.log" || {
		cat "$work/init-$port.log" >&2
		exit 1
	}
done

printf '%-22s %12s %12s %8s\n' "workload" "postgres" "tinybase" "ratio"
for mode in select-only tpcb; do
	flag=()
	[ "$mode" = select-only ] && flag=(-S)
	for clients in 1 8; do
		p=$(pgb "$pgport" "${flag[@]}" -c "$clients" -j "$clients" -T "$secs" | tps)
		t=$(pgb "$tbport" "${flag[@]}" -c "$clients" -j "$clients" -T "$secs" | tps)
		r=$(awk -v a="$t" -v b="$p" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')
		printf '%-22s %12.0f %12.0f %8s\n' "$mode c=$clients (tps)" "$p" "$t" "$r"
	done
done

csecs=$(( secs < 5 ? secs : 5 ))
p=$(pgb "$pgport" -S -C -c 1 -T "$csecs" | conn_ms)
t=$(pgb "$trustport" -S -C -c 1 -T "$csecs" | conn_ms)
printf '%-22s %12s %12s %8s\n' "connect, trust (ms)" "$p" "$t" "$(awk -v a="$t" -v b="$p" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')"
t=$(pgb "$tbport" -S -C -c 1 -T "$csecs" | conn_ms)
printf '%-22s %12s %12s\n' "connect, SCRAM (ms)" "-" "$t"

rss() { awk '/VmRSS/ {print $2}' "/proc/$tbpid/status"; }
established() { ss -Htn state established "( sport = :$tbport )" | wc -l; }
before=$(rss)
printf '\\sleep 15000 ms\n' >"$work/idle.sql"
pgb "$tbport" -n -f "$work/idle.sql" -c 200 -j 4 -t 1 >"$work/idle.log" &
idle=$!
for _ in $(seq 1 300); do
	[ "$(established)" -ge 200 ] && break
	sleep 0.1
done
n=$(established)
sleep 1
during=$(rss)
kill "$idle" 2>/dev/null || true
wait "$idle" 2>/dev/null || true
printf '%-22s %12s %12s   (%d connections open)\n' "200 idle conns (MB)" "-" "$(awk -v a="$during" -v b="$before" 'BEGIN { printf "+%.1f", (a - b) / 1024 }')" "$n"
