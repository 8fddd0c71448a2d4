// Package plpgsql is tinybase's PL/pgSQL: the AST of a function body
// (decoded from pg_query's ParsePlPgSqlToJSON, PostgreSQL's own PL/pgSQL
// grammar), scoping of its variables, and an interpreter for DO blocks,
// functions and trigger functions (PostgreSQL docs chapter 43).
//
// The package knows nothing of go-mysql-server: everything that touches
// SQL — evaluating an expression, running a statement with the function's
// variables bound, casting, savepoints, notices — goes through the Host
// interface, which the engine implements (engine/plpgsql_*.go). A body is
// parsed once per function definition; the Host keeps each Expr's compiled
// form (per session, keyed by the Expr), so a function's statements are
// parsed and translated once, not per call, and simple expressions skip
// the planner entirely.
//
// pg_query's PL/pgSQL parser differs from PostgreSQL's compiler in a few
// ways this package compensates for: it emits no datums for unnamed
// parameters (callers name them "$n"), does not know OUT parameters (a
// bare RETURN NEXT arrives as OutRowMarker), appends a RETURN without a
// line number to every body, does not say which block declares which
// variable (line numbers decide), and cannot type cursor variables, so
// cursor statements are rewritten before parsing (cursor_rewrite.go) and
// rebuilt after (cursor.go).
package plpgsql
