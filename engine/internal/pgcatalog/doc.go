// Package pgcatalog computes PostgreSQL's system catalogs — the pg_catalog
// relations and the information_schema views — on read, from the storage
// transaction and object catalog of the querying session. Because every
// read goes through the session's State, the catalogs see the session's
// own uncommitted DDL and respect its snapshot, and they are read-only.
//
// Each relation lives in a small file named for it (pg_class.go,
// information_schema_columns.go, ...) and lists the columns PostgreSQL 15
// gives it (PostgreSQL docs chapter 53, "System Catalogs", and chapter 37,
// "The Information Schema"), leaving out those whose types tinybase lacks
// (aclitem, xid, pg_node_tree). Object identifiers are deterministic per
// engine: built-in types keep their real OIDs, catalog objects their
// allocated ones, tables a stable hash of their qualified name.
//
// The package does not depend on the engine: the engine builds a State per
// read and the storage Database resolves the two schema names through the
// storage.SystemSchemas hook.
package pgcatalog
