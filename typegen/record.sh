#!/usr/bin/env bash
# record.sh regenerates testdata/typegen/*/expected.ts with the postgres-meta
# version the Supabase CLI pins, run against a real PostgreSQL 15.
#   PG_URL=postgres://user@host:port/postgres bash typegen/record.sh [name ...]
# For each testdata/typegen/<name>/ it creates the scratch database
# lint_typegen_<name>, loads schema.sql, runs postgres-meta's typegen with the
# schemas listed in schemas.txt (default: public) and one-to-one detection on
# (as `supabase gen types typescript --local` does), and drops the database.
# postgres-meta and its Node dependencies are installed into a temporary
# directory that is removed afterwards.
set -euo pipefail
PG_META_VERSION=0.96.6
: "${PG_URL:?set PG_URL to a PostgreSQL 15 server URL}"
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm init -y >/dev/null && npm install --silent "@supabase/postgres-meta@$PG_META_VERSION" >/dev/null)
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  for d in "$root"/testdata/typegen/*/; do names+=("$(basename "$d")"); done
fi
base=${PG_URL%/*}
query=""
case "$PG_URL" in *\?*) query="?${PG_URL#*\?}" ;; esac
for name in "${names[@]}"; do
  dir="$root/testdata/typegen/$name"
  db="lint_typegen_$name"
  psql -q "$PG_URL" -c "drop database if exists $db" -c "create database $db"
  url="$base/$db$query"
  psql -q -v ON_ERROR_STOP=1 "$url" -f "$dir/schema.sql"
  schemas=public
  [ -f "$dir/schemas.txt" ] && schemas=$(tr -s '\n' ',' < "$dir/schemas.txt" | sed 's/,$//')
  PG_META_DB_URL="$url" PG_META_GENERATE_TYPES=typescript \
    PG_META_GENERATE_TYPES_INCLUDED_SCHEMAS="$schemas" \
    PG_META_GENERATE_TYPES_DETECT_ONE_TO_ONE_RELATIONSHIPS=true \
    node "$work/node_modules/@supabase/postgres-meta/dist/server/server.js" > "$dir/expected.ts"
  psql -q "$PG_URL" -c "drop database $db"
  echo "recorded $name"
done
