#!/usr/bin/env bash
# first_open.sh measures issue 2's "engine open (fresh, with the bootstrap)
# <= 5 ms" target where it bites: the FIRST engine.Open(engine.Options{}) of
# a fresh process. It builds the engine test binary once and runs
# TestFirstOpenFreshProcess (TINYBASE_FIRST_OPEN=1) in RUNS fresh processes
# (default 15), each timing that one Open, and prints the minimum and
# median of wall and CPU time; then_first_insert_us is the wall time of
# the process's first statement after it (an insert into auth.users),
# which pays the fixed first-statement costs and what the open deferred. TEST=path measures that test binary instead
# (to compare two builds in one sitting).
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${RUNS:-15}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if [ -n "${TEST:-}" ]; then
  bin="$TEST"
else
  go test -c -o "$work/engine.test" ./engine/internal/session
  bin="$work/engine.test"
fi
for _ in $(seq "$runs"); do
  TINYBASE_FIRST_OPEN=1 "$bin" -test.run '^TestFirstOpenFreshProcess$' -test.count=1 | grep '^first-open'
done > "$work/out"
for f in wall_us cpu_us then_first_insert_us; do
  sed -n "s/.*$f=\([0-9]*\).*/\1/p" "$work/out" | sort -n |
    awk -v f="$f" '{a[NR]=$1} END {printf "first open %s: min %.2f ms, median %.2f ms (%d processes)\n", f, a[1]/1000, a[int((NR+1)/2)]/1000, NR}'
done
