package storage

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/google/btree"
)

// The heap: every table version keeps, beside its primary key tree, a tree
// of the same entries ordered by tuple number, so a scan without an index
// returns rows in PostgreSQL's physical order (docs 73.6, "Database Page
// Layout"): a new row goes after every row version written before it, an
// UPDATE writes its new version at the end (as PostgreSQL does when the
// row's page has no room, and always for the tables that fit one page,
// where "the same page" is the end), and a DELETE leaves its slot empty:
// tuple numbers are never reused, which is PostgreSQL's order until VACUUM
// lets it reuse space. TRUNCATE starts a new heap at tuple 0, as
// PostgreSQL's new relation file does.
//
// Tuple numbers are the table version's counter (nextTID), so a
// transaction or savepoint rolled back returns its numbers: a row inserted
// after an aborted insert takes the aborted row's slot, where PostgreSQL
// leaves a dead tuple in it. The order of the live rows is the same; only
// their ctid differs.

// tuplesPerBlock is how many tuple numbers one block of a TID holds:
// PostgreSQL's MaxHeapTuplesPerPage for 8 kB pages, the most line pointers
// a page can have. PostgreSQL fills a page sooner, after about 8 kB of
// tuples, so block numbers and offsets agree with PostgreSQL's while a
// table's row versions fit its first page, and past that only the order
// does.
const tuplesPerBlock = 291

// TID is a tuple identifier, PostgreSQL's ctid: a block number and a
// 1-based line pointer offset within the block.
type TID struct {
	Block  uint32
	Offset uint16
}

// tidOf returns the TID of tuple number n.
func tidOf(n int64) TID {
	return TID{Block: uint32(n / tuplesPerBlock), Offset: uint16(n%tuplesPerBlock + 1)}
}

// heapLess orders heap entries by tuple number; pivots (bias ±1) sit just
// before or after the entry with their number, as in keyOrder.
func heapLess(a, b *entry) bool {
	if a.tid != b.tid {
		return a.tid < b.tid
	}
	return a.bias < b.bias
}

func newHeap() *tree {
	return btree.NewG[*entry](treeDegree, heapLess)
}

// A table whose rows lie in the heap in primary key order — rows
// inserted with increasing keys (a serial or identity key, a keyless
// table's row ids), some perhaps deleted since, none moved by an UPDATE —
// keeps no heap tree of its own (tableData.heap is nil): its primary
// tree is its heap. An autocommit INSERT then copies one tree's path
// instead of two (the path copy was a third of an insert's CPU) and the
// table holds one tree less. The first write that breaks the order (a
// key below the greatest, an UPDATE's new version of any row but the
// last) builds the heap from the primary tree (splitHeap), once: later
// versions of the table share it.

// heapTree is the tree of td's entries in heap order.
func (td *tableData) heapTree() *tree {
	if td.heap != nil {
		return td.heap
	}
	return td.rows
}

// splitHeap gives td a heap tree of its own, built from the primary tree
// whose order it is. td must be writable.
func (td *tableData) splitHeap() {
	if td.heap != nil {
		return
	}
	h := newHeap()
	td.rows.Ascend(func(e *entry) bool {
		h.ReplaceOrInsert(e)
		return true
	})
	td.heap = h
}

// heapNeeds reports whether e, a new primary entry not yet in the primary
// tree, must also go into td.heap: not while the primary tree is the heap
// and e goes after its every entry in both orders, else the heap is split
// off first.
func (td *tableData) heapNeeds(e *entry) bool {
	if td.heap == nil {
		m, ok := td.rows.Max()
		if !ok || (m.tid < e.tid && td.def.pkOrder.less(m, e)) {
			return false
		}
		td.splitHeap()
	}
	return true
}

// heapDelete removes primary entry e from the heap.
func (td *tableData) heapDelete(e *entry) {
	if td.heap != nil {
		td.heap.Delete(e)
	}
}

// RowVersion finds a row of schema.table in the transaction's state and
// returns its TID and the id of the transaction that wrote it. key is the
// row's primary key values or, for a table without a primary key, all its
// values (one of equal rows is found). ok is false when no such row
// exists, e.g. for a row a statement has since deleted.
func (t *Txn) RowVersion(schema, table string, key sql.Row) (id TID, xmin uint32, ok bool, err error) {
	defer guard(&err)
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.done {
		return TID{}, 0, false, ErrTxnDone
	}
	td, found := t.root.table(schema, table)
	if !found {
		return TID{}, 0, false, sql.ErrTableNotFound.New(table)
	}
	if err := td.readyFor(t); err != nil {
		return TID{}, 0, false, err
	}
	var e *entry
	if td.def.keyless() {
		if len(key) != len(td.def.cols) {
			return TID{}, 0, false, nil
		}
		e, ok = td.locate(key)
	} else {
		if len(key) != len(td.def.pkOrds) {
			return TID{}, 0, false, nil
		}
		e, ok = td.stored(key)
	}
	if !ok {
		return TID{}, 0, false, nil
	}
	return tidOf(e.tid), e.xmin, true, nil
}

// Rewrite writes the stored row equal to row again as a new version at
// the end of the heap: PostgreSQL's UPDATE writes a new version of every
// row it matches, changed or not, and GMS hands the table's updater only
// the changed ones.
func (h *Table) Rewrite(ctx *sql.Context, row sql.Row) error {
	return h.write(ctx, func(_ *Txn, td *tableData) error { return td.update(ctx, row, row) })
}
