#!/usr/bin/env bash
# testdb.sh measures issue 26's target: `tinybase test db` over
# testdata/projects/realistic25 (25 migrations and a seed) with 20 test
# files of 10 assertions each, whole process (migrations, seed, pgTAP,
# every file on its own snapshot, the report): target <= 1 s wall.
# Each run is repeated RUNS times (default 5); the minimum and median are
# printed. TB=path measures that binary instead of building ./cmd/tinybase.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${RUNS:-5}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

if [ -n "${TB:-}" ]; then
  tb="$(cd "$(dirname "$TB")" && pwd)/$(basename "$TB")"
else
  go build -o "$work/tinybase" ./cmd/tinybase
  tb="$work/tinybase"
fi
now_us() { echo $(( $(date +%s%N) / 1000 )); }
stats() { sort -n | awk '{a[NR]=$1} END {printf "min %.1f ms, median %.1f ms (%d runs)\n", a[1]/1000, a[int((NR+1)/2)]/1000, NR}'; }

cp -r testdata/projects/realistic25 "$work/p"
mkdir -p "$work/p/supabase/tests"
tables=(organizations profiles memberships projects tasks task_comments labels task_labels attachments invitations
        notifications audit_log billing_customers subscriptions invoices invoice_items api_keys webhooks webhook_deliveries feature_flags)
for i in $(seq 0 19); do
  t=${tables[$i]}
  cat > "$work/p/supabase/tests/$(printf '%02d' "$i")_$t.test.sql" <<SQL
begin;
select plan(10);
select has_table('public'::name, '$t'::name);
select has_pk('$t');
select has_column('$t', 'id');
select col_not_null('$t', 'id');
select isnt_empty('select 1', 'a query returns rows');
select lives_ok('select count(*) from public.$t', 'postgres can read $t');
select results_eq('select count(*) from public.$t', 'select count(*) from public.$t', 'count is stable');
set local role authenticated;
select set_config('request.jwt.claims', '{"sub": "00000000-0000-0000-0000-00000000000$((i % 10))", "role": "authenticated"}', true);
select is(current_user::text, 'authenticated', 'running as authenticated');
select throws_ok('select 1/0', '22012', 'division by zero', 'errors are caught');
select ok(auth.uid() is not null, 'auth.uid() reads the claims');
select * from finish();
rollback;
SQL
done
"$tb" test db --dir "$work/p" > "$work/out" || { cat "$work/out"; exit 1; }
tail -3 "$work/out"
for _ in $(seq "$runs"); do
  t0=$(now_us)
  "$tb" test db --dir "$work/p" > "$work/out"
  t1=$(now_us)
  echo $((t1 - t0))
done | stats | sed 's/^/tinybase test db (25 migrations, 20 files x 10 assertions): /'
