package storage

import (
	"context"
	"fmt"
	"github.com/tinybase/tinybase/engine/internal/durable"
	"iter"
	"reflect"
	"slices"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/pgident"
)

// This file is the storage side of durability (engine/internal/durable):
// a commit hook that sees each commit's row changes before the commit is
// published, and the calls recovery uses to put logged changes back.
//
// A transaction on a store with a CommitLog records, at the row-write
// choke points (tableData insert, remove, update, truncate, rebuild), the
// primary key of every row it touched, or that it touched a whole table.
// At commit the final state of those keys is read from the root being
// published, so a log record holds only what the transaction left behind:
// work undone by ROLLBACK TO SAVEPOINT needs no undo in the log.

// CommitLog makes commits durable. Commit is called for every commit of a
// transaction that holds the writer lock, with the lock still held and
// before the new root is published; an error aborts the commit (nothing is
// published, Txn.Commit returns the error). The returned wait, when not nil,
// is called after the root is published and the lock released, so
// concurrent committers can share one fsync; its error is Txn.Commit's.
type CommitLog interface {
	Commit(c *Committed) (wait func() error, err error)
}

// SetCommitLog installs l (nil: none). Call it before the store is shared.
// Store.Snapshot does not carry it over: a snapshot lives in memory.
func (s *Store) SetCommitLog(l CommitLog) { s.log = l }

// changeSet is what a transaction touched, per table, in the order first
// touched. The id wholeState marks a transaction that replaced the whole
// state (Restore). Most transactions touch one table or a few: a list
// searched in order (its first entry in the Txn itself) costs no map and
// no allocation per table; index takes over for a transaction touching
// many.
type changeSet struct {
	list  []touchEntry
	index map[tableID]int // position in list, once list is long
}

type touchEntry struct {
	id tableID
	tableTouch
}

// indexFrom is the number of tables from which a changeSet keeps index.
const indexFrom = 8

const wholeState tableID = 0

type tableTouch struct {
	all  bool      // the whole table (TRUNCATE, a rebuild, a keyless table)
	keys []sql.Row // primary keys, possibly repeated
}

func (cs *changeSet) has(id tableID) bool { return cs.find(id) >= 0 }

func (cs *changeSet) find(id tableID) int {
	if cs.index != nil {
		if i, ok := cs.index[id]; ok {
			return i
		}
		return -1
	}
	for i := range cs.list {
		if cs.list[i].id == id {
			return i
		}
	}
	return -1
}

// touch records that the row with primary key pk of td changed. Called at
// the row-write choke points; a no-op unless the store has a CommitLog.
func (t *Txn) touch(td *tableData, pk sql.Row) {
	if t == nil || t.store.log == nil {
		return
	}
	tt := t.touched(td.id)
	if td.def.keyless() {
		// Row ids are private to one process: a keyless table is logged
		// whole.
		tt.all, tt.keys = true, nil
		return
	}
	if !tt.all {
		tt.keys = append(tt.keys, pk)
	}
}

// touchAll records that the whole of td changed.
func (t *Txn) touchAll(td *tableData) {
	if t == nil || t.store.log == nil {
		return
	}
	tt := t.touched(td.id)
	tt.all, tt.keys = true, nil
}

// touched returns the entry of table id, added if new; valid until the
// next call.
func (t *Txn) touched(id tableID) *tableTouch {
	l := t.log()
	cs := &l.changes
	if i := cs.find(id); i >= 0 {
		return &cs.list[i].tableTouch
	}
	if cs.list == nil {
		cs.list = l.touchBuf[:0]
	}
	cs.list = append(cs.list, touchEntry{id: id})
	n := len(cs.list)
	if cs.index != nil {
		cs.index[id] = n - 1
	} else if n >= indexFrom {
		cs.index = make(map[tableID]int, 2*n)
		for i, e := range cs.list {
			cs.index[e.id] = i
		}
	}
	return &cs.list[n-1].tableTouch
}

// logCommit runs the store's CommitLog for t's commit. Called with t.mu and
// the writer lock held, before publishing.
func (t *Txn) logCommit() (wait func() error, err error) {
	if t.store.log == nil {
		return nil, nil
	}
	l := t.log()
	c := &l.committed
	*c = Committed{base: t.lockBase, root: t.root, changes: l.changes}
	l.changes = changeSet{}
	return t.store.log.Commit(c)
}

// txnLog is a transaction's commit record: the rows it touched, the
// storage of their first table, and the Committed that logCommit hands
// the CommitLog, so a commit allocates none of them.
type txnLog struct {
	changes   changeSet
	touchBuf  [1]touchEntry
	committed Committed
}

// log returns t's commit record, made at the first write that needs it.
func (t *Txn) log() *txnLog {
	if t.logged == nil {
		t.logged = &txnLog{}
	}
	return t.logged
}

// Committed is one commit as its CommitLog sees it.
type Committed struct {
	base, root *root
	changes    changeSet
	pivot      entry // AppendTables' search pivot
}

// SchemaChanged reports whether the commit changed anything besides rows:
// schemas, the set of tables, a table's definition, or the catalog (Meta).
// Such a commit cannot be logged as row changes.
func (c *Committed) SchemaChanged() bool {
	b, r := c.base, c.root
	if c.changes.has(wholeState) {
		return true
	}
	if b == nil || b.meta != r.meta || len(b.schemas) != len(r.schemas) || b.tables.len() != r.tables.len() {
		return true
	}
	if !r.schemasShared || !sameSchemas(b, r) { // shared: unchanged
		for k, sd := range r.schemas {
			if b.schemas[k] != sd {
				return true
			}
		}
	}
	for id, td := range r.tables.changedFrom(&b.tables) {
		bt, ok := b.tables.get(id)
		if !ok {
			return true
		}
		if bt != td && !sameDef(bt.def, td.def) {
			return true
		}
	}
	return false
}

// sameSchemas reports whether two roots hold one schema map (a write
// transaction's root shares its base's until DDL changes it).
func sameSchemas(a, b *root) bool {
	return reflect.ValueOf(a.schemas).UnsafePointer() == reflect.ValueOf(b.schemas).UnsafePointer()
}

// sameDef reports whether two definitions are one, one of them possibly
// the lazily completed form of the other (tableDef.resolved).
func sameDef(a, b *tableDef) bool {
	if a == b {
		return true
	}
	if a.lazy != nil && a.lazy.def == b {
		return true
	}
	return b.lazy != nil && b.lazy.def == a
}

// Empty reports whether the commit changed no rows.
func (c *Committed) Empty() bool { return len(c.changes.list) == 0 }

// TableChange is the final state of the rows a commit touched in one
// table: Deleted holds primary keys no longer present, Put the rows now
// stored under the other touched keys. When All is set the table was
// touched as a whole (TRUNCATE, a keyless table) and Put is every row it
// holds now.
type TableChange struct {
	Schema, Name string
	Columns      sql.Schema
	PKOrds       []int
	All          bool
	Deleted      []sql.Row
	Put          []sql.Row
}

// Tables returns the commit's row changes, one entry per table touched.
// Valid only when SchemaChanged is false.
func (c *Committed) Tables() []TableChange { return c.AppendTables(nil) }

// AppendTables is Tables into out[:0], whose entries' Put slices it
// reuses: a CommitLog that keeps out for the next commit saves its
// allocations.
func (c *Committed) AppendTables(out []TableChange) []TableChange {
	out = out[:0]
	for i := range c.changes.list {
		id, tt := c.changes.list[i].id, &c.changes.list[i].tableTouch
		if id == wholeState {
			continue
		}
		td, ok := c.root.tables.get(id)
		if !ok {
			continue // created and dropped again by the transaction
		}
		if pgident.IsTempSchema(td.def.schema) {
			continue // temporary tables are never logged
		}
		d := td.def.resolved()
		var put []sql.Row
		if len(out) < cap(out) {
			put = out[:len(out)+1][len(out)].Put[:0]
		}
		// the definition's name is kept current by RENAME and SET SCHEMA
		ch := TableChange{Schema: td.def.schema, Name: td.def.name, Columns: d.cols, PKOrds: d.pkOrds, All: tt.all, Put: put}
		if tt.all {
			ch.Put = td.allRows()
			out = append(out, ch)
			continue
		}
		var seen map[string]bool // a key touched twice is logged once
		if len(tt.keys) > 1 {
			seen = make(map[string]bool, len(tt.keys))
		}
		for _, pk := range tt.keys {
			if seen != nil {
				k := fmt.Sprint(pk...)
				if seen[k] {
					continue
				}
				seen[k] = true
			}
			if e, ok := td.storedVia(&c.pivot, pk); ok {
				ch.Put = append(ch.Put, e.row())
			} else {
				ch.Deleted = append(ch.Deleted, pk)
			}
		}
		out = append(out, ch)
	}
	return out
}

// Image returns the image of the state being committed (Store.Image of it).
func (c *Committed) Image() (Image, error) { return imageOfRoot(c.root) }

// Hold takes s's writer lock, as a transaction's first write would, and
// returns the latest committed state's image and a release function. The
// state cannot change until release is called: a checkpoint writes the
// image and switches logs under it.
func (s *Store) Hold(ctx context.Context) (img func() (Image, error), release func(), err error) {
	t := s.Begin()
	if err := t.Lock(ctx); err != nil {
		return nil, nil, err
	}
	r := t.lockBase
	return func() (Image, error) { return imageOfRoot(r) }, t.Rollback, nil
}

// recovering takes the writer lock for recovery's writes to table
// schema.name and returns its writable data; t.quiet is set (recovery
// writes are not new row changes, capture.go) and the caller clears it.
// what names the operation in the error for a missing table. t.mu is held.
func (t *Txn) recovering(schema, name, what string) (*tableData, error) {
	if _, err := t.lockWriter(context.Background()); err != nil {
		return nil, err
	}
	cur, ok := t.root.table(schema, name)
	if !ok {
		return nil, fmt.Errorf("storage: %s: table %s.%s does not exist", what, schema, name)
	}
	if err := cur.readyFor(t); err != nil {
		return nil, err
	}
	t.quiet = true
	td, _ := t.writable(cur.id)
	return td, nil
}

// ApplyRows puts logged row changes back (recovery): in table schema.name,
// it removes every row when all is set, then the rows whose primary key is
// in deleted or is the key of a row of put, then inserts put. A whole
// commit's final state is consistent, so removing before inserting never
// meets a unique violation a row of the commit would not have met.
func (t *Txn) ApplyRows(ctx *sql.Context, schema, name string, all bool, deleted, put []sql.Row) (err error) {
	defer guard(&err)
	t.mu.Lock()
	defer t.mu.Unlock()
	td, err := t.recovering(schema, name, "applying logged rows")
	if err != nil {
		return err
	}
	defer func() { t.quiet = false }()
	if all {
		td.truncate(true)
	} else {
		drop := func(pk sql.Row) error {
			if e, ok := td.stored(pk); ok {
				return td.remove(ctx, e)
			}
			return nil
		}
		for _, pk := range deleted {
			if err := drop(pk); err != nil {
				return err
			}
		}
		for _, row := range put {
			if err := drop(td.def.pkKey(row)); err != nil {
				return err
			}
		}
	}
	load := td.insert
	if all && !td.def.keyless() {
		if len(put) >= bulkLoadRows {
			if err := td.loadBulk(ctx, slices.Chunk(put, loadChunk), false); err != nil {
				return fmt.Errorf("storage: applying logged rows to %s.%s: %w", schema, name, err)
			}
			return nil
		}
		load = td.load
	}
	for _, row := range put {
		if err := load(ctx, row); err != nil {
			return fmt.Errorf("storage: applying logged rows to %s.%s: %w", schema, name, err)
		}
	}
	return nil
}

// bulkLoadRows is the row count from which a whole table is loaded by
// loadBulk; loadChunk is how many rows it hands over at a time.
const (
	bulkLoadRows = 4096
	loadChunk    = 1024
)

// LoadRows fills table schema.name with rows, handed over in chunks as
// their producer (recovery, decoding a checkpoint) makes them, so that
// decoding the next chunk overlaps building the trees of this one. The
// table's rows so far are removed first. A producer that fails stops
// yielding and reports its error to the caller itself.
func (t *Txn) LoadRows(ctx *sql.Context, schema, name string, rows iter.Seq[[]sql.Row]) (err error) {
	defer guard(&err)
	t.mu.Lock()
	defer t.mu.Unlock()
	td, err := t.recovering(schema, name, "loading rows")
	if err != nil {
		return err
	}
	defer func() { t.quiet = false }()
	td.truncate(true)
	if td.def.keyless() {
		for chunk := range rows {
			for _, row := range chunk {
				if err := td.insert(ctx, row); err != nil {
					return fmt.Errorf("storage: loading rows into %s.%s: %w", schema, name, err)
				}
			}
		}
		return nil
	}
	if err := td.loadBulk(ctx, rows, false); err != nil {
		return fmt.Errorf("storage: loading rows into %s.%s: %w", schema, name, err)
	}
	return nil
}

// loadBulk is load for many rows (a big table in a checkpoint: a restart
// spends most of its time in these tree inserts) into an empty table.
// Rows in primary key order, as a table without a heap tail (heap.go)
// writes them, need no heap tree; from the first row out of that order on
// the tail is built in another goroutine, chunk by chunk, while this one
// builds the primary key and index trees. Nothing else reads the heap
// during the load, and the heap orders entries by their tuple numbers
// alone, assigned here. background says the load runs after the open
// (Txn.DeferLoad), as background work (durable.Background).
func (td *tableData) loadBulk(ctx *sql.Context, rows iter.Seq[[]sql.Row], background bool) (err error) {
	f := &heapFeed{td: td, background: background}
	if td.rows.Len() > 0 {
		// not empty after all: every loaded row goes to the tail
		td.tailAll()
		f.start()
	}
	err = td.loadKeys(ctx, rows, f.add)
	if herr := f.finish(); err == nil {
		err = herr
	}
	return err
}

// heapFeed hands loadBulk's entries to the goroutine building the heap's
// tail, from the first out of primary key order on.
type heapFeed struct {
	td         *tableData
	background bool
	last       *entry // the last entry added while in order
	chunks     chan []*entry
	done       chan error
}

func (f *heapFeed) add(c []*entry) {
	if f.chunks == nil {
		i := f.inOrder(c)
		if i == len(c) {
			return
		}
		f.td.startTail(c[i].tid)
		f.start()
		c = c[i:]
	}
	f.chunks <- c
}

// inOrder returns the index of the first entry of c out of primary key
// order, len(c) if none.
func (f *heapFeed) inOrder(c []*entry) int {
	for i, e := range c {
		if f.last != nil && !f.td.def.pkOrder.less(f.last, e) {
			return i
		}
		f.last = e
	}
	return len(c)
}

// start runs the goroutine filling td.heap.
func (f *heapFeed) start() {
	f.chunks = make(chan []*entry, 4)
	f.done = make(chan error, 1)
	heap, chunks, done := f.td.heap, f.chunks, f.done
	go func() {
		var herr error
		if f.background {
			durable.Background() // until this goroutine returns
		}
		defer func() {
			if r := recover(); r != nil {
				herr = fmt.Errorf("storage: building a heap: %v", r)
			}
			for range chunks { // let the sender finish
			}
			done <- herr
		}()
		for c := range chunks {
			for _, e := range c {
				heap.ReplaceOrInsert(e)
			}
		}
	}()
}

// finish waits for the heap's tail, if one is being built.
func (f *heapFeed) finish() error {
	if f.chunks == nil {
		return nil
	}
	close(f.chunks)
	return <-f.done
}

// loadKeys is loadBulk's share of this goroutine: each row's entry goes
// into the primary key and index trees here, then to emit for the heap.
func (td *tableData) loadKeys(ctx *sql.Context, rows iter.Seq[[]sql.Row], emit func([]*entry)) (err error) {
	defer guard(&err)
	def := td.def
	xmin := td.owner.xidLocked()
	np := len(def.pkOrds)
	for c := range rows {
		// The entries and primary keys of a chunk share an allocation
		// each, as its rows' values do (decodeRows): an entry is never
		// changed once stored, and the memory a chunk keeps alive is
		// at most what it took when loaded.
		ents := make([]entry, len(c))
		pks := make([]any, len(c)*np)
		out := make([]*entry, len(c))
		for n, row := range c {
			if len(row) != len(def.cols) {
				return fmt.Errorf("storage: table %q has %d columns, row has %d", def.name, len(def.cols), len(row))
			}
			pk := sql.Row(pks[n*np : (n+1)*np : (n+1)*np])
			for i, o := range def.pkOrds {
				pk[i] = row[o]
			}
			keys, err := td.indexKeys(ctx, row, nil)
			if err != nil {
				return err
			}
			e := &ents[n]
			*e = entry{tid: td.nextTID, xmin: xmin}
			e.setKey(pk)
			e.setRow(row)
			if old, dup := td.rows.ReplaceOrInsert(e); dup {
				return uniqueViolation(def, nil, pk, old.row())
			}
			td.nextTID++
			for i, key := range keys {
				if key != nil {
					td.idx[i].ReplaceOrInsert(indexEntry(def.indexes[i], key, e))
				}
			}
			out[n] = e
		}
		emit(out)
	}
	return nil
}

// load is insert for a table being filled from a checkpoint or a logged
// whole table (recovery's hot path, issue 18's restart target): the
// primary key's duplicate check comes from the insertion itself instead
// of a lookup before it, halving the tree descents. A duplicate (a
// damaged file) fails the recovery, so the changed tree does not matter.
func (td *tableData) load(ctx *sql.Context, row sql.Row) (err error) {
	defer guard(&err)
	def := td.def
	if len(row) != len(def.cols) {
		return fmt.Errorf("storage: table %q has %d columns, row has %d", def.name, len(def.cols), len(row))
	}
	pk := def.pkKey(row)
	keys, err := td.indexKeys(ctx, row, nil)
	if err != nil {
		return err
	}
	e := primary(pk, row, td.nextTID, td.owner.xidLocked())
	heap := td.heapNeeds(e)
	if old, dup := td.rows.ReplaceOrInsert(e); dup {
		return uniqueViolation(def, nil, pk, old.row())
	}
	if heap {
		td.heap.ReplaceOrInsert(e)
	}
	td.nextTID++
	for i, key := range keys {
		if key != nil {
			td.idx[i].ReplaceOrInsert(indexEntry(def.indexes[i], key, e))
		}
	}
	return nil
}

// Restore makes from's committed state s's committed state, as one
// commit (which a CommitLog sees as changing everything). from is
// typically an earlier Snapshot of s: the two share every unchanged node,
// so this costs O(tables), not O(rows). It waits for the writer lock.
func (s *Store) Restore(ctx context.Context, from *Store) error {
	t := s.Begin()
	if err := t.Lock(ctx); err != nil {
		return err
	}
	t.mu.Lock()
	t.root, t.rootOwned = from.latest(), false
	if s.log != nil {
		t.touched(wholeState)
	}
	t.mu.Unlock()
	return t.Commit()
}
