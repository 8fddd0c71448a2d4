// Package migrations implements the Supabase CLI's migration conventions on a
// tinybase engine: discovering supabase/migrations/<version>_<name>.sql,
// applying each file in version order as one transaction, recording it in
// supabase_migrations.schema_migrations (version, statements, name) as the
// Supabase CLI's pkg/migration does, running supabase/seed.sql, detecting
// drift between the recorded history and the files, validating a
// candidate migration before it is written, and the history fixes of
// `supabase migration repair` and `migration squash`. Shadow builds the
// database the files make, which DiffFromFiles compares with a live one
// (`supabase db diff`) and PlanSquash with a fresh one, through the
// schemadiff package.
//
// Validation clones the engine state reached after the prior migrations
// (cached in-process by a chained hash of the prior files, so validating ten
// candidates in a row replays history once) and applies the candidate to the
// clone inside a transaction; the committed state the cache holds is never
// touched. Errors are reported in PostgreSQL's words (SQLSTATE, message,
// detail, hint) with the line and column inside the candidate file.
//
// The package depends on engine and schemadiff only; the CLI (cmd/tinybase) and the root
// package tinybase wire it to flags, files and servers.
package migrations
