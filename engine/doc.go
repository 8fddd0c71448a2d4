// Package engine is tinybase's database: a PostgreSQL-dialect engine in
// one process. This package is its façade — Open an Engine, Connect a
// Session, run statements (Query, Exec, Prepare, Copy) and read Rows —
// and errors are *Error values carrying PostgreSQL's SQLSTATE, message,
// detail, hint and position.
//
// Everything behind it lives in engine/internal (see ARCHITECTURE.md):
// the session and its statement pipeline, the translator onto
// go-mysql-server, the type system, storage, the catalog, PL/pgSQL and
// the system catalogs. Nothing outside engine/ can import those, so every
// surface of tinybase (wire protocol, PostgREST, Auth, migrations, lint,
// typegen) runs SQL through this API, as it would against PostgreSQL.
//
// An Engine is a value: several live in one process (migration
// validation clones one per candidate).
package engine
