// Package extensions holds tinybase's stand-ins for the extensions a
// Supabase project can enable (PostgreSQL docs 38.17, "Packaging Related
// Objects into an Extension"; Supabase's list of available extensions).
//
// An Extension is data: a name, a version, where it installs and an
// install script in the engine's SQL dialect. CREATE EXTENSION runs the
// script as PostgreSQL runs an extension's script file: with
// `@extschema@` replaced by the target schema and that schema first on
// the search_path, so the objects it creates (schemas, types, tables,
// views, functions, grants) are ordinary catalog objects with real
// signatures, defaults and privileges, and DROP EXTENSION removes them.
// Behaviour that SQL cannot express is implemented in Go and reached from
// the script's functions.
//
// The list of extensions is immutable package data (All); which ones a
// database has installed belongs to its catalog.
//
// It may import tinybase's catalog, types and expr packages and
// internal/pgerror; never engine/internal/session.
package extensions
