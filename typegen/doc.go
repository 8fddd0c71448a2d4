// Package typegen generates the TypeScript `Database` type for supabase-js
// from the engine's catalog, byte for byte as `supabase gen types typescript`
// prints it.
//
// The Supabase CLI runs postgres-meta's typegen (src/server/templates/
// typescript.ts, version 0.96.6 as the CLI pins it) and formats the result
// with prettier (`semi: false`). This package reads the same catalog facts
// postgres-meta reads (pg_namespace, pg_class, pg_attribute, pg_type,
// pg_enum, pg_constraint, pg_proc, view definitions for relationships
// through views) with plain SQL on the session, builds the same document
// and prints it with a small Wadler/prettier-style layout engine
// (prettier.go) at prettier's print width of 80.
//
// Goldens in testdata/typegen/<name>/expected.ts are recorded from
// postgres-meta 0.96.6 against PostgreSQL 15 (typegen/record.sh).
package typegen
