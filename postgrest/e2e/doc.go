// Package e2e runs the real @supabase/supabase-js (installed from npm by
// the test into a temporary directory, never committed) against tinybase's
// PostgREST server over the engine and, when TINYBASE_PG_URL is set, over
// a real PostgreSQL, and measures the REST footprint workload.
//
//	go test -tags e2e ./postgrest/e2e -run TestSupabaseJS -v
//	bash bench/rest.sh
package e2e
