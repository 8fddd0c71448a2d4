// Package engine is tinybase's database: an in-memory PostgreSQL-dialect
// engine. A statement's path: parse with the real PostgreSQL grammar
// (pg_query_go) → translate (package translate) into vitess AST with
// tinybase expressions injected, or into an engine Command → plan and
// execute on go-mysql-server → rows from tinybase's own copy-on-write
// storage (package storage) → values rendered in PostgreSQL's text format.
//
// An Engine is a value: several can live in one process. Sessions are the
// unit of state (settings, transaction); every surface of tinybase (wire
// protocol, REST, auth, migrations) runs SQL through a Session.
package engine
