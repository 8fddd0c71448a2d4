// Package lint is tinybase's database advisor: Supabase's splinter lints
// (https://github.com/supabase/splinter, lints/00xx_*.sql) computed from
// the engine's catalog, not from SQL text.
//
// Each lint is one function over a snapshot of catalog facts (facts.go)
// read with plain SQL on pg_catalog / information_schema, so the same code
// also runs against a real PostgreSQL (the oracle tests do). Names, titles,
// levels, categories, descriptions, detail strings, remediation URLs,
// metadata and cache keys follow splinter; the one deliberate difference
// is rls_enabled_no_policy, which is an ERROR here (splinter: INFO),
// because a table with RLS on and no policy silently returns no rows.
//
// Catalog facts the engine does not provide yet (pg_policy, pg_proc,
// privileges) make the lints that need them report themselves as skipped
// (Report.Skipped) rather than silently passing.
package lint
