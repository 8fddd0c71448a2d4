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
// Planner statistics (pg_class.reltuples / relpages, pg_stats,
// pg_statistic, pg_stat_user_tables; pg_stats.go) come from what ANALYZE
// stored on the table's storage version.
//
// A statement computes each relation's rows once and joins look them up
// by oid (memo.go, index.go); the schema-derived relations' rows carry
// over to the session's next statement while the transaction's version,
// DDL generation, role and search path are unchanged. pg_proc lists the
// user routines, then the built-in functions the function registry
// implements, with PostgreSQL 15's OIDs, types and pg_get_function_*
// texts recorded by `go generate ./engine/internal/pgcatalog`
// (internal/genbuiltins reads TINYBASE_PG_URL; rerun it after adding
// built-in functions). pg_type's typbyval, typalign, typstorage, typdelim
// and I/O function columns come the same way from PostgreSQL's rows
// (internal/gentypes: the built-in types by OID, the contrib and PostGIS
// base types by name), and for user types from the rules of PostgreSQL's
// CREATE TYPE / CREATE DOMAIN (builtin_types.go); pg_attribute's
// attbyval, attalign and attstorage copy the same rows, so the two
// catalogs agree for every type.
// pg_settings describes PostgreSQL 15's run-time
// parameters as internal/gensettings recorded them from its pg_settings
// (pg_settings_gen.go); the session owns their values. Stored CHECK, policy and generated-column
// expressions are kept as source text and printed as PostgreSQL's
// ruleutils prints the analyzed tree (deparse.go: the text is analyzed
// again against the relation's columns, then printed with its implicit
// casts).
//
// pg_dump reads more of the catalogs than any other client
// (pgdump_catalogs.go): pg_default_acl and pg_rewrite list the catalog's
// objects; the catalogs of objects tinybase cannot create (operators,
// casts, text search, foreign data, event triggers, subscriptions, ...)
// exist without rows. tableoid of a catalog table is its pg_class OID
// (SystemTableOID, which translation reads through the session).
//
// The package does not depend on the engine: the engine builds a State per
// read and the storage Database resolves the two schema names through the
// storage.SystemSchemas hook.
package pgcatalog
