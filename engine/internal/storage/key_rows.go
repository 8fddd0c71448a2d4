package storage

import (
	"fmt"
	"io"
	"slices"
	"unsafe"

	"github.com/dolthub/go-mysql-server/sql"
)

// RowOrder is the order KeyRows returns a key's rows in.
type RowOrder uint8

const (
	// ByIndex is the index's order: equal keys by primary key (an Index
	// Scan).
	ByIndex RowOrder = iota
	// ByHeap is heap order with HOT-updated rows at their chains' roots
	// (a Bitmap Heap Scan; HeapOrderRows).
	ByHeap
	// BySeq is a sequential scan's order (SeqOrderRows).
	BySeq
)

// KeyRows returns the rows of the table whose leading key parts of index
// (GMS's PRIMARY: the primary key) equal key, each value already of its
// part's type and none NULL, in order. The index may be an expression or
// partial one (an exclusion constraint's): its rows are those it holds. It is an equality lookup per
// outer row (a nested loop's inner side, a correlated subquery's probe):
// one descent of the index, without the range collection, the spans and
// the chunked cursor a general lookup builds, whose allocations were most
// of such a probe's cost. The rows are found while the transaction is
// locked, so the table version needs no sealing. Shared hands out the
// stored rows themselves (the caller must not change or keep them);
// otherwise each row is a copy.
func (h *Table) KeyRows(ctx *sql.Context, index string, key sql.Row, order RowOrder, shared bool) (_ sql.RowIter, err error) {
	t, td, err := h.current(ctx)
	if err != nil {
		return nil, err
	}
	defer t.mu.Unlock()
	defer guard(&err)
	tr, ncols, keyLen, err := td.lookupTree(index)
	if err != nil {
		return nil, err
	}
	if len(key) == 0 || len(key) > ncols || hasNull(key) {
		return nil, fmt.Errorf("storage: lookup of index %q with %d key values", index, len(key))
	}
	it := &keyRows{shared: shared}
	it.found = it.first[:0]
	// the entries with key as their prefix lie between these pivots
	// (the transaction's, used under its lock)
	pivots := &t.probe
	pivots[0].setKey(key)
	pivots[0].bias = -1
	pivots[1].setKey(key)
	pivots[1].bias = 1
	var lookupErr error
	tr.AscendRange(&pivots[0], &pivots[1], td.rowCollector(keyLen, &it.found, &lookupErr))
	td.countLookup(index, order, len(it.found)) // counters.go
	t.probe = [2]entry{}                        // the key is the caller's
	if lookupErr != nil {
		return nil, lookupErr
	}
	if len(it.found) > 1 {
		// a key's rows usually lie in heap order already (inserted in
		// primary key order and not moved since): one pass finds that,
		// where sorting read each entry at every comparison
		var cmp func(a, b *entry) int
		switch order {
		case ByHeap:
			cmp = func(a, b *entry) int { return cmpInt64(a.hotPos(), b.hotPos()) }
		case BySeq:
			cmp = func(a, b *entry) int { return cmpInt64(a.tid, b.tid) }
		}
		if cmp != nil && !slices.IsSortedFunc(it.found, cmp) {
			slices.SortFunc(it.found, cmp)
		}
	}
	it.touch()
	return it, nil
}

// touch reads the first byte of each value of each found row (touchRow).
func (it *keyRows) touch() {
	var sum byte
	for _, e := range it.found {
		sum += touchRow(e.row())
	}
	it.touched = sum
}

// touchRow reads the first byte of each value of a stored row and
// returns their sum. A lookup's caller reads the rows it is handed one at
// a time, and a key's rows lie far apart in memory (as a heap's rows lie
// on different pages), so each of its first reads of a row waited for
// memory; touching the rows first, in a loop whose loads do not depend
// on each other's, lets the processor overlap those waits. (A sequential
// scan's rows lie in insertion order, which the processor's own prefetch
// follows: touching them measured no faster.)
func touchRow(row sql.Row) byte {
	var sum byte
	for i := range row {
		// an interface's second word points at its value
		if p := (*[2]unsafe.Pointer)(unsafe.Pointer(&row[i]))[1]; p != nil {
			sum += *(*byte)(p)
		}
	}
	return sum
}

func cmpInt64(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// keyRows hands out the rows KeyRows found. A key's rows are few (one
// for a unique key), so the first ones live in the iterator itself.
type keyRows struct {
	found  []*entry
	pos    int
	shared bool
	first  [4]*entry
	// touched keeps touch's reads from being optimized away
	touched byte
}

func (it *keyRows) Next(*sql.Context) (sql.Row, error) {
	if it.pos >= len(it.found) {
		return nil, io.EOF
	}
	row := it.found[it.pos].row()
	it.pos++
	if it.shared {
		return row, nil
	}
	return row.Copy(), nil
}

func (it *keyRows) Close(*sql.Context) error {
	it.found, it.pos = nil, 0
	return nil
}

// lookupTree is the tree a lookup by index reads: the primary tree for
// the primary key (keyLen -1: its entries are the rows), else the
// index's, whose entries hold keyLen key values; ncols is how many key
// columns a lookup may fix.
func (td *tableData) lookupTree(index string) (tr *tree, ncols, keyLen int, err error) {
	if index == pkIndexID && !td.def.keyless() {
		return td.rows, len(td.def.pkOrds), -1, nil
	}
	i, ix := td.def.indexByName(index)
	if ix == nil {
		return nil, 0, 0, fmt.Errorf("storage: table %q has no index %q", td.def.name, index)
	}
	return td.idx[i], ix.keyLen(), ix.keyLen(), nil
}

// rowCollector is a tree walk's visitor appending each entry's row to
// *found: an index entry's primary entry when keyLen >= 0 (its key
// values), the entry itself otherwise. An index entry without a row sets
// *err and stops the walk.
func (td *tableData) rowCollector(keyLen int, found *[]*entry, err *error) func(*entry) bool {
	return func(e *entry) bool {
		if keyLen >= 0 {
			pe, ok := td.fetch(e, keyLen)
			if !ok {
				*err = fmt.Errorf("storage: index entry of table %q without a row", td.def.name)
				return false
			}
			e = pe
		}
		*found = append(*found, e)
		return true
	}
}
