#!/usr/bin/env bash
# first_statement.sh measures the fixed costs every process that links
# the engine pays once (issue 2): package initialisation before main, an
# empty engine open (Options.NoBootstrap), the first Connect, the
# process's first statement and its second, each in RUNS fresh processes
# (default 20) of bench/firststmt; it prints the minimum and median of
# each step's wall time and CPU time (user+sys of the whole process during
# the step, which the machine's load inflates less than wall time), and
# the warm cost of the same two statements (run again in the same
# process). BOOTSTRAP=1 opens the bootstrapped engine instead. FS=path
# measures that build of bench/firststmt instead of building it here (to
# compare two builds in one sitting: run both with the same RUNS).
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${RUNS:-20}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if [ -n "${FS:-}" ]; then
  fs="$FS"
else
  go build -o "$work/firststmt" ./bench/firststmt
  fs="$work/firststmt"
fi
args=()
[ -n "${BOOTSTRAP:-}" ] && args+=(-bootstrap)

for _ in $(seq "$runs"); do
  "$fs" "${args[@]}"
done > "$work/steps"
names=("open" "connect" "first statement (create table)" "second statement (select by key)" "warm create table" "warm select by key")
for i in 0 1 2 3 4 5; do
  wall=$(awk -v c=$((i + 1)) '{print $c}' "$work/steps" | sort -n | awk '{a[NR]=$1} END {printf "min %d µs, median %d µs", a[1], a[int((NR+1)/2)]}')
  cpu=$(awk -v c=$((i + 8)) '{print $c}' "$work/steps" | sort -n | awk '{a[NR]=$1} END {printf "min %d µs, median %d µs", a[1], a[int((NR+1)/2)]}')
  printf '%s: wall %s; CPU %s (%d runs)\n' "${names[$i]}" "$wall" "$cpu" "$runs"
done

# Package initialisation: inittrace's clock (load-sensitive) and its
# allocations (not), summed over every package, and the largest inits.
for _ in $(seq "$runs"); do
  GODEBUG=inittrace=1 "$fs" "${args[@]}" 2>&1 >/dev/null | awk '/^init / {t += $5; b += $8; n += $10} END {printf "%.2f %d %d\n", t, b, n}'
done | sort -n | awk '{a[NR]=$1; b=$2; n=$3} END {printf "init, all packages: clock min %.1f ms, median %.1f ms; %.0f kB, %d allocs\n", a[1], a[int((NR+1)/2)], b/1024, n}'
GODEBUG=inittrace=1 "$fs" "${args[@]}" 2>&1 >/dev/null | awk '/^init / {printf "%d %d %s\n", $10, $8, $2}' | sort -rn | awk 'NR <= 6 {printf "  init %s: %d allocs, %d kB\n", $3, $1, $2/1024}'
