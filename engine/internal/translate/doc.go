// Package translate turns PostgreSQL statements, as parsed by the real
// PostgreSQL grammar (pg_query_go), into what go-mysql-server executes:
// the relational skeleton (SELECT / FROM / JOIN / WHERE / GROUP BY / ORDER
// BY / LIMIT, INSERT / UPDATE / DELETE, CREATE TABLE) becomes vitess AST so
// GMS plans it, and every scalar becomes a vitess InjectedExpr carrying a
// tinybase expression (package expr). Statements GMS has no notion of
// (SET, transaction control, CREATE SCHEMA, ...) become Commands that the
// engine runs itself; data-modifying statements GMS cannot plan in one
// piece (ON CONFLICT, DELETE ... RETURNING / USING, UPDATE ... FROM,
// data-modifying WITH) become DML programs the engine runs in steps
// (engine/internal/dml).
//
// An InjectedExpr's expr.Pending builds its tinybase expression once GMS
// has resolved the children (columns, subqueries). Aggregates, window
// functions and functions in FROM travel as GMS's first(...) aggregate
// and a tinybase_srf(...) table function that expr.FunctionProvider
// resolves to tinybase implementations; DISTINCT ON, GROUPING SETS and
// windows over grouped rows are rewritten into plain SELECTs first, and
// an aliased join (a JOIN b ...) AS j becomes a derived table over the
// join whose inner tables the translator hides (join_alias.go). A call
// of a user function resolves (routine_call.go) by name through the
// search path, after the built-ins, by argument types, defaults, named
// arguments and VARIADIC; a simple SQL function is inlined as
// PostgreSQL's inline_function does.
package translate
