// Package e2e runs the real @supabase/supabase-js (installed from npm by
// the test into a temporary directory, never committed) against tinybase's
// PostgREST server over the engine and, when TINYBASE_PG_URL is set, over
// a real PostgreSQL (scenario.mjs); runs the combined Supabase scenario
// with /auth/v1 and /rest/v1 on one server (combined.mjs: sign-up with a
// handle_new_user trigger, sign-in, todos isolated by RLS per user); and
// measures the REST footprint workload (footprint.mjs). The tests fail
// when node or npm is missing.
//
//	go test -tags e2e ./postgrest/e2e -run 'TestSupabaseJS|TestCombinedSupabase' -v
//	bash bench/rest.sh
package e2e
