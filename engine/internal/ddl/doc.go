// Package ddl runs the data definition statements tinybase executes
// itself rather than handing to go-mysql-server: catalog DDL (CREATE TYPE
// for enums and composite types, CREATE / ALTER DOMAIN, CREATE / ALTER
// SEQUENCE and the sequence functions, CREATE VIEW, ALTER ... RENAME of
// views and sequences, COMMENT ON, CREATE / ALTER / DROP EXTENSION (the
// extension script run through ExtensionHost, members tracked, 38.17
// "Packaging Related Objects into an Extension"), CREATE OPERATOR, CREATE
// / DROP CAST (cast.go; conversions apply them through types.Env.Casts),
// DROP of those objects
// with CASCADE) and table DDL that GMS has no form for (expression and
// partial indexes, DROP TABLE / TRUNCATE ... CASCADE, constraint and
// index renames, ALTER COLUMN TYPE with PostgreSQL casts, CREATE TABLE AS,
// ALTER TABLE ... SET SCHEMA, REPLICA IDENTITY and SET / RESET (storage
// parameters), ALTER COLUMN TYPE ... USING an expression over the old
// rows, ADD CONSTRAINT ... PRIMARY KEY | UNIQUE USING INDEX), ALTER TYPE
// ... RENAME TO / RENAME VALUE, materialized views (tables whose query
// the catalog keeps for REFRESH), CREATE / ALTER / DROP PUBLICATION,
// CREATE / ALTER / DROP TEXT SEARCH CONFIGURATION, DICTIONARY and
// TEMPLATE (text_search.go; chapter 12.7), VACUUM / ANALYZE,
// partitioned indexes (CREATE INDEX ... ON ONLY, ALTER INDEX ... ATTACH
// PARTITION and the links partitions' indexes keep to their partitioned
// table's: index_attach.go), columns' statistics settings (ALTER COLUMN
// ... SET STATISTICS, SET / RESET (...): column_stats.go), and
// the hooks that keep
// the catalog in step with table DDL run elsewhere (renames, DROP SCHEMA,
// owner changes recursing to owned sequences).
//
// It emulates PostgreSQL's Part VI "SQL Commands" pages for those
// statements and chapter 5 "Data Definition", in particular 5.14
// "Dependency Tracking": dropping an object others depend on is 2BP01
// without CASCADE, and with it the dropped dependents are reported in
// PostgreSQL's "drop cascades to" notice (Host.DropCascades, described
// as getObjectDescription does: describe.go). Error codes and messages are PostgreSQL's, byte for
// byte (internal/conformance checks them).
//
// Boundary: the package owns no session state beyond SessionSequences
// (currval / lastval). Everything else — the transaction's catalog and
// storage, the search path, the query engine, and the checks other
// concerns own (privileges, routines, triggers) — comes through Host,
// which the session implements (engine/internal/session/ddl_host.go).
// Catalog changes go through Host.SetCatalog into the storage
// transaction, so they roll back with the statement. The package imports
// catalog, storage, translate, types, expr and pgcatalog, and
// go-mysql-server for storage and expression calls; it never imports
// session.
//
// The sequence functions' SQL registrations (nextval, setval, ...) stay in
// the session's init-time function table (catalog_funcs.go), pointing at
// Nextval, Setval and friends here; the engine-wide sequence counters stay
// beside the store in the session package.
package ddl
