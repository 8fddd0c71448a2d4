package storage

import (
	"sort"
	"sync"
	"sync/atomic"
)

// Store is the engine-wide committed state: a pointer to the latest committed
// root, and the single-writer lock. Safe for concurrent use.
//
// With a CommitLog a commit is published twice: to writers as soon as its
// record is in the log (committed: the next writer's statement runs while
// the record's fsync does), to readers once the record is durable
// (visible), as PostgreSQL makes a commit visible only after its commit
// record is flushed (synchronous_commit = on). So no session reads a
// commit a crash could still lose. Without a log the two are one.
type Store struct {
	mu        sync.Mutex // guards committed, visible, seqs, pending and xid
	committed *root      // latest committed: what the next writer builds on
	visible   *root      // latest committed and durable: what readers see
	// seq numbers the commits published to writers (committed's is seq),
	// visibleSeq is the number of visible's.
	seq, visibleSeq uint64
	// pending waits until committed is durable; nil when it is.
	pending func() error
	xid     uint32 // the next transaction id (xid.go)

	// holder is the transaction holding writer, for lock views.
	holder atomic.Pointer[Txn]
	// writer is the single-writer lock, a one-slot semaphore so waiting can
	// honour context cancellation.
	writer chan struct{}

	log CommitLog // nil: in memory only (commitlog.go)

	capture captureHook // change capture (capture.go)
}

// root is one state of the whole database: schemas, tables and the engine's
// catalog value. Published roots are immutable; a transaction copies the
// maps before its first change (copy-on-write at the root level: O(number
// of schemas), and a shard of the tables per table changed, tablemap.go)
// and clones a table's trees before its first write to that table.
type root struct {
	schemas map[string]*schemaData
	tables  tableMap
	meta    any
	// seq is the last catalog-order number given out (Txn.nextSeq).
	seq uint64
	// relSeqs are the catalog-order numbers of the relations other than
	// tables (indexes, and the views, sequences and composite types the
	// engine's catalog holds), by schema and name (catalog_order.go).
	// Never modified: a change replaces the map.
	relSeqs map[QualifiedName]uint64
	// schemasShared says schemas is another root's map too: a write
	// transaction's root shares its base's until DDL changes a schema
	// (Txn.mutSchemas), since most commits change rows only.
	schemasShared bool
}

// schemaData is one schema's name and table names. Immutable: DDL replaces it.
type schemaData struct {
	name   string
	tables map[string]tableID
	// seq orders pg_namespace's rows (catalog_order.go)
	seq uint64
}

// NewStore returns an empty store: no schemas, no tables, nil Meta. The
// engine creates "public" (and any other schema) in its first transaction.
func NewStore() *Store {
	r := &root{schemas: map[string]*schemaData{}}
	return &Store{committed: r, visible: r, writer: make(chan struct{}, 1)}
}

// Snapshot returns an independent Store holding the same committed state. It
// copies one pointer: cost is independent of row and table counts, and the
// two stores share every B-tree node until one of them writes. Uncommitted
// work of running transactions is not included.
func (s *Store) Snapshot() *Store {
	s.mu.Lock()
	r, xid := s.visible, s.xid
	s.mu.Unlock()
	return &Store{committed: r, visible: r, xid: xid, writer: make(chan struct{}, 1)}
}

// latest returns the latest committed root readers may see: the latest
// durable one.
func (s *Store) latest() *root {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.visible
}

// writerBase returns what a writer taking the lock builds on: the latest
// committed root, its number, and the wait for its durability (nil when
// it is durable). Called with the writer lock held.
func (s *Store) writerBase() (r *root, seq uint64, pending func() error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.committed, s.seq, s.pending
}

// publish makes r the latest committed root for writers; wait (nil: r is
// durable already) returns once it is durable, when the committer calls
// reveal. It returns r's number. Called with the writer lock held.
func (s *Store) publish(r *root, wait func() error) uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.seq++
	s.committed, s.pending = r, wait
	if wait == nil {
		s.visible, s.visibleSeq = r, s.seq
	}
	return s.seq
}

// VisibleSeq is the number of the latest commit readers see: every
// commit up to it is durable (SetCapture).
func (s *Store) VisibleSeq() uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.visibleSeq
}

// reveal makes commit seq (root r), now durable, visible to readers,
// unless a later commit is visible already: log records are durable in
// commit order, so a durable commit's predecessors are durable too.
func (s *Store) reveal(r *root, seq uint64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if seq > s.visibleSeq {
		s.visible, s.visibleSeq = r, seq
	}
	if seq == s.seq {
		s.pending = nil
	}
}

// copy returns a root whose maps may be modified: tables copies a shard
// at its first change, schemas is copied by Txn.mutSchemas.
func (r *root) copy() *root {
	return &root{schemas: r.schemas, schemasShared: true, tables: r.tables.shared(), meta: r.meta, seq: r.seq, relSeqs: r.relSeqs}
}

// table returns the table named name in schema.
func (r *root) table(schema, name string) (*tableData, bool) {
	sd, ok := r.schemas[schema]
	if !ok {
		return nil, false
	}
	id, ok := sd.tables[name]
	if !ok {
		return nil, false
	}
	td, ok := r.tables.get(id)
	return td, ok
}

// schemaNames returns the schema names, sorted.
func (r *root) schemaNames() []string {
	out := make([]string, 0, len(r.schemas))
	for name := range r.schemas {
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

// tableNames returns the table names of a schema, sorted.
func (sd *schemaData) tableNames() []string {
	out := make([]string, 0, len(sd.tables))
	for name := range sd.tables {
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

// with returns a copy of sd where name maps to id (id == 0: removed).
func (sd *schemaData) with(name string, id tableID) *schemaData {
	c := &schemaData{name: sd.name, tables: make(map[string]tableID, len(sd.tables)+1), seq: sd.seq}
	for k, v := range sd.tables {
		c.tables[k] = v
	}
	if id == 0 {
		delete(c.tables, name)
	} else {
		c.tables[name] = id
	}
	return c
}
