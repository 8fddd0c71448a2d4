// Package expr holds tinybase's scalar expressions: literals, casts,
// operators, function calls, CASE and friends, each typed with a PostgreSQL
// type at construction and evaluated with PostgreSQL semantics. They
// implement go-mysql-server's sql.Expression, and the translator hands them
// to the planner inside vitess InjectedExpr nodes, so GMS scopes columns and
// subqueries while tinybase decides types, coercions and results
// (PostgreSQL docs, chapter 10 "Type Conversion", and chapter 9).
package expr
