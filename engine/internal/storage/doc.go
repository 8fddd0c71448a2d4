// Package storage is tinybase's table storage: rows and indexes on
// copy-on-write B-trees behind go-mysql-server's (GMS) table interfaces.
//
// # Layout
//
// A table version (tableData) holds one B-tree mapping the primary key to
// the row (a table without a primary key uses a hidden, increasing row id),
// the heap: the same entries ordered by tuple number, which a scan without
// an index reads, so rows come back in PostgreSQL's physical order (an
// insert or an UPDATE's new version at the end, a deleted row's slot left
// empty; heap.go says how tuple numbers map to ctid, and why the rows
// still in primary key order stay in the primary tree alone),
// one B-tree per secondary index whose entries are the index key followed
// by the primary key (for an index on a run of the row's columns, not
// all integers, the primary entries themselves, their key read from the
// row), and, for
// keyless tables, a row locator tree so GMS's
// value-addressed deletes and updates stay O(log n). Keys compare only
// through each column's sql.Type.Compare, with NULL after every value as in
// PostgreSQL's default ascending order. Unique indexes treat NULLs as
// distinct. Expression and partial indexes (IndexSpec) enforce uniqueness
// but are hidden from GMS, which could otherwise use them for lookups.
//
// # Roots and copy-on-write
//
// The whole database is a root: schemas, tables and an opaque catalog value
// (Meta) owned by the engine. A Store holds the latest committed root.
// Published roots are immutable. A transaction (Txn) starts from the
// committed root; its first write to the root copies the root's maps
// (O(number of tables)) and its first write to a table clones that table's
// B-trees, which google/btree does lazily: nodes are copied only along the
// paths later writes touch. Store.Snapshot therefore copies one pointer, and
// a snapshot and its origin share every node until one of them writes.
//
// # Transactions and savepoints
//
// Every row version records the id of the transaction that wrote it
// (xmin); a transaction takes an id from the store on its first write or
// when asked (xid.go).
//
// Readers never block and see their transaction's root: the committed state
// at Begin (or the last Refresh, for READ COMMITTED) plus their own writes.
// Savepoint returns the current root and bumps the transaction's
// generation: table versions created in an earlier generation are never
// modified again, so the mark stays exact and RollbackTo just reinstalls its
// root (tables, schemas, DDL and Meta alike). The engine takes a mark
// before every statement for statement atomicity and for SQL SAVEPOINT.
// GMS's own statement bracket on table editors (StatementBegin /
// DiscardChanges) uses the same mechanism. Row writes check every key
// constraint before touching a tree, so a failed row leaves no trace even
// without a rollback.
//
// A scan reads chunks of a tree, one descent per chunk; if it does not
// finish in its first chunk it seals the table version it reads, so a write
// by the same statement clones the table instead of changing the tree under
// the scan: a scan sees the table as of its start, which for the usual one
// scan per table is PostgreSQL's statement snapshot and avoids the Halloween
// problem (UPDATE t SET id = id + 1000 moves each row once).
//
// # Writer lock
//
// Writers are serialized by a single lock per Store, held from a
// transaction's first write until Commit or Rollback; waiting honours
// context cancellation. Taking the lock moves the transaction, which has not
// written yet, to the latest committed root, so committing simply publishes
// its root. For no update to be lost, a writing statement must also read
// that latest state: the lock is therefore taken before the statement reads
// anything, by Txn.Lock (the engine, before a writing statement) or by GMS's
// StatementBegin on the table editors. A row write that still has to take
// the lock itself after the committed state moved fails with
// ErrWriteConflict (SQLSTATE 40001) rather than write from stale reads.
//
// # GMS boundary
//
// Provider exposes one database; each PostgreSQL schema is a DBSchema
// (sql.DatabaseSchema). Data is never held by these objects: every call
// reaches the transaction through ctx.Session, which the engine's session
// (the adapter it hands go-mysql-server) implements as Session. Unqualified
// names resolve through the session's search path and all names match
// exactly, although GMS calls the lookup GetTableInsensitive. Unique violations are GMS's own error
// (sql.NewUniqueKeyErr) so ON DUPLICATE KEY UPDATE / REPLACE work;
// AsUniqueViolation decodes the schema, table, index and columns the engine
// needs for PostgreSQL's "duplicate key value violates unique constraint".
//
// # Images
//
// Store.Image and NewStoreFromImage take a committed state apart into
// definitions and rows and build it back without GMS, for the engine's
// bootstrap image. A table built from an image may leave its stored
// expressions (column defaults and generated values, expression and
// partial index functions) to a callback run once, on the table's first
// use: handles, writable versions and DDL read the definition through
// tableDef.resolved, and the index functions of the shared definition
// resolve it themselves.
//
// # Statistics
//
// A table version knows its row count exactly (its primary tree's
// length). ANALYZE installs column statistics on the version
// (TableStats, stats.go: null fraction, width, distinct count, most
// common values, as PostgreSQL's analyze.c computes them); later versions
// share them until the next ANALYZE, they roll back with the transaction;
// a commit that changed them is one the CommitLog checkpoints
// (Committed.StatsChanged, stats_persist.go). Each version also counts
// the rows modified since the last ANALYZE, which the automatic ANALYZE
// reads (autoanalyze.go).
//
// # Commit log
//
// A store with a CommitLog (commitlog.go; the engine's data directory)
// shows it every commit under the writer lock before publishing it. A
// transaction on such a store records the primary keys it touches at the
// row-write choke points (insert, remove, update; truncate and rebuild
// touch the whole table, as does any write to a keyless table, whose row
// ids are private to one process), and the commit reads their final
// state from the root being published. Committed.SchemaChanged tells a
// commit that changed more than rows (the engine writes a checkpoint
// then); Txn.ApplyRows and Store.Hold serve recovery and checkpoints.
//
// Such a commit is published in two steps. Under the writer lock its
// record is appended and its root becomes the base of the next writer;
// the lock is released and Commit waits for the record's fsync; only then
// is the root shown to readers (Begin, Refresh), as PostgreSQL shows a
// commit once its commit record is flushed. The next writer's statement
// thus overlaps the fsync, and the writers waiting meanwhile share the
// next one. A writer built on a commit not yet durable reports nothing
// until that commit is: a statement of an autocommit transaction without
// RETURNING (Txn.ReportAtEnd) answers after its own commit, whose fsync
// covers the earlier record, or its rollback, which waits for it; any
// other writer waits, lock held, before it reads.
//
// # Change capture
//
// A store with a capture hook (capture.go; installed while someone
// subscribes to the engine's committed changes, for Realtime) has its
// transactions record, at the same choke points, each row write with its
// before and after images, in order. Savepoint marks carry the list, so
// ROLLBACK TO (and a failed statement) forgets what came after; Commit
// hands the list to the hook under the writer lock, in commit order.
// Table rewrites and recovery record nothing.
package storage
