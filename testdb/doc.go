// Package testdb runs a project's pgTAP test files as `supabase test db`
// does: every supabase/tests/**/*.sql (and .pg) file through pg_prove,
// each in its own psql session (psql -f with ON_ERROR_STOP, unaligned,
// tuples only), with pgTAP created in the extensions schema first.
//
// Each file runs on its own snapshot of the database as migrations and
// seed left it (engine.Engine.Snapshot is O(1)), so files run in
// parallel and a file that commits changes nothing for the others or for
// the project. The TAP each file prints is parsed as TAP::Parser does,
// and Report prints pg_prove's (TAP::Harness's) console summary.
//
// It depends on the engine façade only; the pgTAP functions themselves
// are an engine extension (engine/internal/extensions/pgtap.go).
package testdb
