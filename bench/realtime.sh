#!/usr/bin/env bash
# Realtime benchmark (issue 24).
#
# Insert throughput: one-row INSERTs over the wire (pgx, one connection,
# autocommit), with no Realtime subscriber and with 100 websocket
# subscribers to the table's postgres_changes, each receiving every
# change (the benchmark fails otherwise). The subscribers run in a child
# process with a minimal websocket client; that process shares the
# machine's cores with the server, so its CPU (subs-cpu-ms/op) is
# reported apart. Rounds alternate the two cases, so a changing machine
# load hits both alike; the summary is the median of the rounds.
#
# Delivery latency: INSERT sent → change read by each of 100 subscribers
# (p50/p99 over every delivery), one INSERT at a time 10ms apart; under
# the steady stream of the throughput rounds the latencies are the
# InsertWire lines' p50-µs/p99-µs.
#
# USERS=distinct makes the 100 subscribers 100 different users of a table
# under row level security (policy: owner = auth.uid()), each seeing only
# its own rows, the INSERTs going to each user in turn: every change is
# checked for 100 claims and delivered once. By default (USERS=same) they
# are all anon on a table without RLS and each receives every change.
#
# ROUNDS (default 5), BENCHTIME (INSERTs per round, default 2000x),
# LATENCY_BENCHTIME (default 300x).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${ROUNDS:-5}
users=${USERS:-same}
case $users in
same | distinct) ;;
*) echo "USERS must be same or distinct" >&2; exit 2 ;;
esac
export TINYBASE_REALTIME_BENCH_USERS=$users
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go test -c -o "$tmp/realtime.test" ./realtime
echo "subscribers' users: $users; cores: $(nproc); load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for i in $(seq "$rounds"); do
	(cd realtime && "$tmp/realtime.test" -test.run '^$' -test.bench 'InsertWire' \
		-test.benchtime "${BENCHTIME:-2000x}" -test.count 1) | grep -E '^(Benchmark|---|FAIL)|_test.go' | tee -a "$tmp/out"
done
(cd realtime && "$tmp/realtime.test" -test.run '^$' -test.bench 'DeliveryLatency' \
	-test.benchtime "${LATENCY_BENCHTIME:-300x}" -test.count "$rounds") | grep -E '^(Benchmark|---|FAIL)|_test.go' | tee -a "$tmp/out"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
awk '
function median(name, unit,    k, n, i, j, t, v) {
	n = 0
	for (k = 1; k <= cnt[name]; k++) v[++n] = val[name, unit, k]
	for (i = 2; i <= n; i++) for (j = i; j > 1 && v[j-1] > v[j]; j--) { t = v[j]; v[j] = v[j-1]; v[j-1] = t }
	if (n == 0) return 0
	return n % 2 ? v[(n+1)/2] : (v[n/2] + v[n/2+1]) / 2
}
/^Benchmark[^ \t]*[ \t]+[0-9]+[ \t]/ {
	name = $1; sub(/-[0-9]+$/, "", name); c = ++cnt[name]
	for (i = 3; i < NF; i += 2) val[name, $(i+1), c] = $i
}
END {
	z = "BenchmarkInsertWire/subscribers=0"; h = "BenchmarkInsertWire/subscribers=100"
	w0 = median(z, "ns/op") / 1e6; w1 = median(h, "ns/op") / 1e6
	c0 = median(z, "cpu-ms/op"); c1 = median(h, "cpu-ms/op")
	printf "\nmedians of %d rounds:\n", cnt[z]
	printf "  INSERT, no subscriber:     %.3f ms wall, %.3f cpu-ms (server and pgx client process)\n", w0, c0
	printf "  INSERT, 100 subscribers:   %.3f ms wall, %.3f cpu-ms (same process), %.3f cpu-ms in the subscriber process (same cores)\n", w1, c1, median(h, "subs-cpu-ms/op")
	d1 = median(h, "drained-cpu-ms/op")
	printf "  overhead: %+.0f%% wall time per INSERT, %+.0f%% server process CPU per INSERT\n", (w1/w0 - 1) * 100, (c1/c0 - 1) * 100
	printf "  server process CPU per INSERT up to the last delivery: %.3f cpu-ms (%+.0f%%)\n", d1, (d1/c0 - 1) * 100
	printf "  delivery latency under that stream: p50 %.1f ms, p99 %.1f ms\n", median(h, "p50-µs") / 1000, median(h, "p99-µs") / 1000
	l = "BenchmarkDeliveryLatency"
	printf "  delivery latency, one INSERT at a time: p50 %.1f ms, p99 %.1f ms\n", median(l, "p50-µs") / 1000, median(l, "p99-µs") / 1000
}' "$tmp/out"
