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

// A table's rows mostly lie in the heap in primary key order — inserted
// with increasing keys (a serial or identity key, a keyless table's row
// ids), some perhaps deleted since, few moved by an UPDATE — so the heap
// keeps those rows in the primary tree itself: its head is the primary
// tree's entries numbered below heapFrom, in key order, which is their
// tuple order; its tail, the tree heap, holds the entries numbered from
// heapFrom on, by tuple number. A table whose rows all lie in key order
// has no tail (heap is nil, every entry is the head). An autocommit
// INSERT with a growing key then copies one tree's path instead of two
// (the path copy was a third of an insert's CPU) and such a table holds
// one tree less. The first write out of key order (a key below the
// greatest, an UPDATE's new version of any row but the last) starts the
// tail at its tuple number: no later write numbers an entry below it, and
// an updated row's new version replaces the old in the primary tree, so
// the head stays in key order. Nothing is rebuilt, and a snapshot's first
// write stays O(log n); a heap scan walks the head skipping the entries
// of the tail (at most one per write since the tail started), then the
// tail.

// scanHeap returns the spans of a scan in heap order (newRowIter with
// td.rows as its tree).
func (td *tableData) scanHeap() []span {
	if td.heap == nil {
		return []span{{}}
	}
	tail := span{tree: td.heap}
	if td.heapFrom == 0 {
		return []span{tail}
	}
	from := td.heapFrom
	return []span{{filter: func(e *entry) bool { return e.tid < from }}, tail}
}

// ascendHeap calls fn with td's entries in heap order until it returns
// false.
func (td *tableData) ascendHeap(fn func(e *entry) bool) {
	if td.heap == nil {
		td.rows.Ascend(fn)
		return
	}
	if from := td.heapFrom; from > 0 {
		more := true
		td.rows.Ascend(func(e *entry) bool {
			if e.tid < from {
				more = fn(e)
			}
			return more
		})
		if !more {
			return
		}
	}
	td.heap.Ascend(fn)
}

// startTail starts td's heap tail at tuple number tid, above every tuple
// number td holds. td must be writable.
func (td *tableData) startTail(tid int64) {
	td.heap, td.heapFrom = newHeap(), tid
}

// heapNeeds reports whether e, a new primary entry not yet in the primary
// tree, must go into the heap's tail: not while e goes after every entry
// of a table without one, in both orders.
func (td *tableData) heapNeeds(e *entry) bool {
	if td.heap == nil {
		m, ok := td.rows.Max()
		if !ok || (m.tid < e.tid && td.def.pkOrder.less(m, e)) {
			return false
		}
		if m.tid < e.tid {
			td.startTail(e.tid)
			return true
		}
	}
	if td.heap == nil || e.tid < td.heapFrom {
		// numbered below an entry of the head (no write does that: tuple
		// numbers only grow)
		td.tailAll()
	}
	return true
}

// tailAll makes the whole heap td's tail. td must be writable.
func (td *tableData) tailAll() {
	if td.heap != nil && td.heapFrom == 0 {
		return
	}
	all := newHeap()
	td.ascendHeap(func(e *entry) bool {
		all.ReplaceOrInsert(e)
		return true
	})
	td.heap, td.heapFrom = all, 0
}

// heapDelete removes primary entry e from the heap.
func (td *tableData) heapDelete(e *entry) {
	if td.heap != nil && e.tid >= td.heapFrom {
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
