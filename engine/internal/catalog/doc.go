// Package catalog is the engine's catalog of PostgreSQL objects that are
// not table storage: user-defined types (enums and domains, PostgreSQL docs
// 8.7 and CREATE DOMAIN), sequences (CREATE SEQUENCE, 9.17), views (CREATE
// VIEW), comments (COMMENT ON), operators (CREATE OPERATOR), casts
// (CREATE CAST: casts.go; PostgreSQL's own pg_cast rows are pgcatalog's
// and an extension's its Extension.Casts), installed
// extensions with their members (CREATE EXTENSION), publications
// (CREATE PUBLICATION) and text search configurations, dictionaries and
// templates (chapter 12.7; textsearch.go, beside PostgreSQL's built-in
// ones, which the types package holds).
//
// A *Catalog is an immutable value: every change returns a new Catalog that
// shares what did not change. The engine keeps it in the storage
// transaction's Meta, so DDL on these objects is transactional (it rolls
// back with the transaction or savepoint) and Store.Snapshot copies it for
// free. Sequence counters are not part of it: PostgreSQL's nextval is not
// transactional, so the engine keeps them beside the store.
//
// User types get OIDs from a per-catalog counter starting at 16384
// (FirstNormalObjectId), so they are deterministic for a given history of
// DDL in one engine.
package catalog
