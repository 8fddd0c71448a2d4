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
// the script's functions: a script declares them as PostgreSQL's scripts
// do, `CREATE FUNCTION f(...) ... AS 'MODULE_PATHNAME', 'symbol' LANGUAGE
// c`, and Handler (the engine's language handler for "c") binds the
// symbol to Extension.Funcs[symbol] (a Func, called as a language handler
// is: the Caller, the declared function, the arguments, trigger data). A
// Func returning record reads the calling query's column definition list
// from its context (routine.Expected, PostgreSQL's expectedDesc), as
// tablefunc's crosstab and connectby shape their rows by it.
//
// An extension offered in more than one version (pgtap: 1.3.3, and
// 1.2.0 as Supabase also offers) has update scripts (Extension.Updates):
// CREATE EXTENSION ... VERSION runs Script and the updates up to the
// version asked for, ALTER EXTENSION ... UPDATE the updates from the
// installed one, as PostgreSQL follows an update path.
//
// An extension that defines base types (pgvector's vector) lists them in
// Extension.BaseTypes: CREATE EXTENSION creates each, before the script
// runs, in the extension's schema with OIDs of the database and the
// behaviour of the types.ExtBase of that name (types/ext.go), where
// PostgreSQL's script would run CREATE TYPE with C I/O functions. Its
// index access methods and operator classes (Extension.AccessMethods,
// OpClasses) are listed in pg_am and pg_opclass while it is installed and
// make CREATE INDEX ... USING them valid; the engine builds its own index.
//
// The list of extensions is immutable package data (All); Available adds
// Supabase's list of offered extensions (available.go) for
// pg_available_extensions and for CREATE EXTENSION's 0A000 on those
// tinybase cannot stand in for. Which ones a database has installed, and
// their members, belongs to its catalog (catalog.Extension);
// engine/internal/ddl runs CREATE / ALTER / DROP EXTENSION.
//
// It may import tinybase's catalog, types, expr and routine packages,
// engine/internal/hypo (hypopg's hypothetical indexes, which the session
// holds) and engine/internal/pgident, internal/pgerror, internal/pgtree
// and pg_query's parse tree (hypopg reads CREATE INDEX statements) and
// internal/netguard (the http extension's loopback policy, shared with
// pg_net's worker); never engine/internal/session.
package extensions
