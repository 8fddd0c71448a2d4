// Package translate turns PostgreSQL statements, as parsed by the real
// PostgreSQL grammar (pg_query_go), into what go-mysql-server executes:
// the relational skeleton (SELECT / FROM / JOIN / WHERE / GROUP BY / ORDER
// BY / LIMIT, INSERT / UPDATE / DELETE, CREATE TABLE) becomes vitess AST so
// GMS plans it, and every scalar becomes a vitess InjectedExpr carrying a
// tinybase expression (package expr). Statements GMS has no notion of
// (SET, transaction control, CREATE SCHEMA, ...) become Commands that the
// engine runs itself; data-modifying statements GMS cannot plan in one
// piece (ON CONFLICT, DELETE ... RETURNING / USING, UPDATE ... FROM,
// data-modifying WITH) become DML programs the engine runs in steps (see
// ARCHITECTURE.md).
package translate
