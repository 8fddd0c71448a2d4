#!/usr/bin/env bash
# REST benchmark (issue 8): the footprint workload through supabase-js
# (1,000 single-row inserts, then 1,000 filtered list queries) and
# GET /rest/v1/items?select=*&id=eq.N with 8 concurrent clients, against
# tinybase and, when TINYBASE_PG_URL is set (or .ci/pg.sh gives one),
# tinybase's PostgREST over a real PostgreSQL in the same run.
# supabase-js is installed from npm by the test into a temp dir.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${TINYBASE_PG_URL:-}" ] && [ -f .ci/pg.sh ]; then
  TINYBASE_PG_URL="$(bash .ci/pg.sh url 2>/dev/null || true)"
  export TINYBASE_PG_URL
fi
go test -tags e2e ./postgrest/e2e -run TestFootprint -count=1 -v | grep -E 'footprint|clients|PASS|FAIL|ok'
