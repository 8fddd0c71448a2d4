#!/usr/bin/env bash
# pg_compare.sh runs issue 2's benchmark workloads on tinybase (go test
# -bench) and on a real PostgreSQL 15 through the wire (pgbench / psql), in
# one run, and prints them side by side. PostgreSQL comes from
# TINYBASE_PG_URL or is started with .ci/pg.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

url="${TINYBASE_PG_URL:-$(bash .ci/pg.sh start)}"
db="tinybase_bench"
dburl="${url/\/postgres\?/\/$db?}"
bindir="$(pg_config --bindir)"
psql=(psql -qX -v ON_ERROR_STOP=1)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

ms_since() { echo $(( ($(date +%s%N) - $1) / 1000 )); } # microseconds

# --- PostgreSQL ------------------------------------------------------------
"${psql[@]}" "$url" -c "drop database if exists $db" -c "create database $db"
"${psql[@]}" "$dburl" <<'SQL'
create table t (id bigint primary key, name text, score bigint);
insert into t select g, 'name ' || g, g % 100 from generate_series(1, 10000) g;
create table teams (id bigint primary key, name text);
create table projects (id bigint primary key, team_id bigint, name text);
create table todos (id bigint primary key, project_id bigint, done boolean);
insert into teams select g, 'team ' || g from generate_series(1, 100) g;
insert into projects select g, 1 + g % 100, 'project ' || g from generate_series(1, 1000) g;
insert into todos select g, 1 + g % 1000, g % 3 = 0 from generate_series(1, 10000) g;
analyze;
SQL
echo 'select * from t where id = 4242;' > "$work/point.sql"
echo '\set id random(20000, 100000000)
insert into t values (:id, '"'x'"', 1) on conflict do nothing;' > "$work/insert.sql"
cat > "$work/join.sql" <<'SQL'
select tm.name, count(*) as todos, sum(case when td.done then 1 else 0 end) as done
from teams tm join projects p on p.team_id = tm.id join todos td on td.project_id = p.id
group by tm.name order by tm.name;
SQL
pgb() { "$bindir/pgbench" -n "$@" "$dburl" 2>/dev/null | awk '/latency average/ {print $4 * 1000}'; } # µs
pg_point_simple=$(pgb -M simple -f "$work/point.sql" -t 5000)
pg_point_prepared=$(pgb -M prepared -f "$work/point.sql" -t 5000)
pg_insert=$(pgb -M prepared -f "$work/insert.sql" -t 5000)
pg_join=$(pgb -M prepared -f "$work/join.sql" -t 200)

start=$(date +%s%N)
"${psql[@]}" "$url" -c "drop database if exists ${db}_m" -c "create database ${db}_m"
pg_createdb=$(ms_since "$start")
murl="${url/\/postgres\?/\/${db}_m?}"
args=()
for f in testdata/bench/migrations/*.sql; do args+=(-c "begin" -f "$f" -c "commit"); done
start=$(date +%s%N)
"${psql[@]}" "$murl" "${args[@]}" >/dev/null
pg_replay=$(ms_since "$start")
"${psql[@]}" "$url" -c "drop database ${db}_m" -c "drop database $db"

# --- tinybase --------------------------------------------------------------
go test ./engine -run '^$' -bench 'Open|PointSelect|Insert|JoinAggregate|MigrationReplay|Snapshot' -benchmem > "$work/tb.txt"
tb() { awk -v n="$1" '$1 ~ n {print $3 / 1000}' "$work/tb.txt" | head -1; } # µs

printf '\n%-40s %14s %14s\n' "workload (µs per op)" "tinybase" "postgres"
printf '%-40s %14s %14s\n' "open / create database" "$(tb '^BenchmarkOpen')" "$pg_createdb"
printf '%-40s %14s %14s\n' "point select, cached / prepared" "$(tb 'PointSelect/cached')" "$pg_point_prepared"
printf '%-40s %14s %14s\n' "point select, uncached / simple" "$(tb 'PointSelect/uncached')" "$pg_point_simple"
printf '%-40s %14s %14s\n' "single-row insert into 10k rows" "$(tb '^BenchmarkInsert')" "$pg_insert"
printf '%-40s %14s %14s\n' "3-table join + aggregate, 10k rows" "$(tb 'JoinAggregate')" "$pg_join"
printf '%-40s %14s %14s\n' "replay 25 migrations" "$(tb 'MigrationReplay')" "$pg_replay"
printf '%-40s %14s %14s\n' "snapshot, 10k rows" "$(tb 'Snapshot/rows=10000')" "-"
printf '%-40s %14s %14s\n' "snapshot, 100k rows" "$(tb 'Snapshot/rows=100000')" "-"
