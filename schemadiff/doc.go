// Package schemadiff compares two databases' schemas through their
// catalogs and prints the difference as a migration: the SQL that turns
// the first ("from") into the second ("to"), as `supabase db diff` prints
// the difference between a shadow database built from the migration files
// and the local database.
//
// Inspect reads one database with plain SQL on pg_catalog (pg_get_*def,
// format_type, pg_policies, pg_sequences, pg_default_acl) through a
// Querier, so it runs the same on a tinybase engine session and on any
// PostgreSQL connection; every name it keeps is schema-qualified (the
// reads run with an empty search_path). Diff compares two such snapshots:
// schemas, extensions, enums (ADD VALUE, or a rebuild when a label goes),
// sequences, tables and their columns (type, default, NOT NULL, identity,
// generated), constraints, indexes, views, functions and procedures
// (pg_get_functiondef), triggers, row level security and policies, and
// the privileges on tables, views and sequences. The statements come out
// in dependency order: dependents are dropped first (policies, triggers,
// views, foreign keys) and objects are created before what uses them
// (types and sequences before tables, tables before functions, functions
// before views, triggers and policies).
//
// Supabase-managed schemas (auth, storage, realtime, extensions, graphql,
// supabase_*, vault, ...) are left out unless a Filter names them, as the
// Supabase CLI leaves them out of its diff.
//
// The package depends on engine only (identifier quoting); the migrations
// package and the CLI wire it to shadow databases, files and servers.
package schemadiff
