package storage

import (
	"math/rand/v2"
	"sync"

	"github.com/dolthub/go-mysql-server/sql"
)

// tableID identifies a table for its whole life, across renames. IDs are
// random so handles from one store lineage never resolve to another
// lineage's table after Store.Snapshot.
type tableID uint64

func newTableID() tableID {
	for {
		if id := tableID(rand.Uint64()); id != 0 {
			return id
		}
	}
}

// tableData is one version of a table: its definition and its trees.
//
// A tableData is writable only by the transaction that created it, in the
// generation it was created in, and until it is sealed; every other holder
// (committed roots, snapshots, savepoint marks, running scans) sees it as
// immutable. A transaction that wants to write an immutable version clones
// it: cloning a B-tree is O(1), the nodes are copied lazily on write.
type tableData struct {
	id        tableID
	def       *tableDef
	rows      *tree // primary key (or row id) -> row
	heap      *tree // the heap's tail: the entries of rows from tuple heapFrom on, by tuple number (heap.go)
	heapFrom  int64
	idx       []*tree // parallel to def.indexes
	loc       *tree   // keyless tables: row values ++ row id, to find a row by value
	nextRowID int64
	nextTID   int64 // the tuple number of the next row version
	// stats are the table's ANALYZE statistics (stats.go), nil before
	// the first; immutable, shared by later versions.
	stats *TableStats
	// mods counts the rows inserted, updated and deleted since the last
	// ANALYZE (autoanalyze.go).
	mods int64
	// counts are the table's cumulative statistics, shared by all its
	// versions (counters.go).
	counts *tableCounts
	// load is set while the rows of a committed version are loaded in
	// place (load.go): wait for it (ready) before touching rows, heap,
	// idx, loc or the counters.
	pending *loadGate

	owner  *Txn
	gen    uint64
	sealed bool

	// cloneMu serializes Clone calls on this version's trees: btree's Clone
	// writes the source tree's copy-on-write context, and versions are shared
	// across transactions and snapshots.
	cloneMu sync.Mutex
}

// newTableData returns an empty table for def, owned by t.
func newTableData(id tableID, def *tableDef, t *Txn) *tableData {
	td := &tableData{id: id, def: def, owner: t, gen: t.gen, counts: &tableCounts{}}
	td.rows = newTree(def.pkOrder) // and the heap (heap.go)
	td.idx = make([]*tree, len(def.indexes))
	for i, ix := range def.indexes {
		td.idx[i] = newTree(ix.order)
	}
	if def.keyless() {
		td.loc = newTree(def.locOrder)
	}
	return td
}

// writableBy reports whether t may modify td in place.
func (td *tableData) writableBy(t *Txn) bool {
	return td.owner == t && td.gen == t.gen && !td.sealed
}

// cloneFor returns a writable copy of td for t, sharing all nodes.
func (td *tableData) cloneFor(t *Txn) *tableData {
	td.cloneMu.Lock()
	defer td.cloneMu.Unlock()
	c := &tableData{
		id:        td.id,
		def:       td.def.resolved(), // writers (DDL included) read the whole definition
		rows:      td.rows.Clone(),
		idx:       make([]*tree, len(td.idx)),
		nextRowID: td.nextRowID,
		nextTID:   td.nextTID,
		stats:     td.stats,
		mods:      td.mods,
		counts:    td.counts,
		owner:     t,
		gen:       t.gen,
	}
	if td.heap != nil {
		c.heap, c.heapFrom = td.heap.Clone(), td.heapFrom
	}
	for i, ix := range td.idx {
		c.idx[i] = ix.Clone()
	}
	if td.loc != nil {
		c.loc = td.loc.Clone()
	}
	return c
}

// rowCount returns the number of rows.
func (td *tableData) rowCount() int { return td.rows.Len() }

// allRows returns every row in heap order.
func (td *tableData) allRows() []sql.Row {
	out := make([]sql.Row, 0, td.rows.Len())
	td.ascendHeap(func(e *entry) bool {
		out = append(out, e.row())
		return true
	})
	return out
}

// rebuild returns a new version of the table with definition def holding
// rows (already in def's column layout, in heap order), with every index
// rebuilt. It fails on a duplicate key. Used by DDL that changes columns or
// keys; O(n log n). Like PostgreSQL's table rewrite, it numbers the rows
// from the heap's start again.
func rebuild(ctx *sql.Context, t *Txn, old *tableData, def *tableDef, rows []sql.Row) (_ *tableData, err error) {
	defer guard(&err)
	td := newTableData(old.id, def, t)
	td.nextRowID = old.nextRowID
	td.stats = old.stats // by column name; dropped columns are never asked for
	t.touchAll(td)
	t.quiet = true // a rewrite, not row changes (capture.go)
	defer func() { t.quiet = false }()
	for _, row := range rows {
		if err := td.insert(ctx, row); err != nil {
			return nil, err
		}
	}
	td.mods = old.mods // a rewrite modifies no row
	td.counts = old.counts
	return td, nil
}
