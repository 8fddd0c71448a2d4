// Package expr holds tinybase's scalar expressions: literals, casts,
// operators, function calls, CASE and friends, each typed with a PostgreSQL
// type at construction and evaluated with PostgreSQL semantics. They
// implement go-mysql-server's sql.Expression, and the translator hands them
// to the planner inside vitess InjectedExpr nodes, so GMS scopes columns and
// subqueries while tinybase decides types, coercions and results
// (PostgreSQL docs, chapter 10 "Type Conversion", and chapter 9).
//
// Aggregates and window functions (agg_*.go, window_*.go) are tinybase's
// own too: GMS's planner only recognises a fixed list of MySQL aggregate
// names, so the translator calls every one "first" (AggCarrier) with an
// AggSpec first argument, and FunctionProvider — which the engine puts in
// front of GMS's built-ins — builds the Aggregate it names. Set-returning
// functions in FROM (srf_*.go) reach the planner the same way, as the table
// function SRFCarrier.
//
// Built-in functions live in a Registry (registry.go): a name's overloads
// in the order they were added, which overload resolution depends on. This
// package defines its families of functions as Add...(r *Registry)
// functions and registers none itself; the composition root that lists
// every family in order, this package's and the session-aware ones, is
// session.Builtins, because only the session package can reach both. The
// engine installs that one immutable registry (UseBuiltins) for the
// readers here and in translate, ddl and pgcatalog (Builtins). Operators
// (addOp) are still package tables filled at init.
package expr
