// Package plpgsql is tinybase's PL/pgSQL: the AST of a function body
// (decoded from pg_query's ParsePlPgSqlToJSON, PostgreSQL's own PL/pgSQL
// grammar), scoping of its variables, and an interpreter for DO blocks,
// functions and trigger functions (PostgreSQL docs chapter 43).
//
// The package knows nothing of go-mysql-server: everything that touches
// SQL — evaluating an expression, running a statement with the function's
// variables bound, casting, savepoints, notices — goes through the Host
// interface, which the engine implements (engine/plpgsql_*.go). Compiled
// forms of expressions and statements are cached in each Expr by the Host,
// so a function's statements are parsed and planned once, not per call.
package plpgsql
