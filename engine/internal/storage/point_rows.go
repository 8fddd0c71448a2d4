package storage

import (
	"fmt"
	"slices"

	"github.com/dolthub/go-mysql-server/sql"
)

// PointRows returns the rows of the table whose leading key parts of
// index (GMS's PRIMARY: the primary key) are prefix followed by one of
// points: `= ANY(array)`'s lookup, a descent of the index per point.
// Values are of their parts' types, prefix holds no NULL and points are
// distinct; a NULL point selects nothing. In ByIndex order the points
// must come in the index's order. It is KeyRows for many keys: without
// the range collection, the spans with two pivots per point and the
// sorted collection a general lookup builds, which were a third of the
// bytes an `id = any($1)` of ten ids allocated. The rows are found while
// the transaction is locked, so the table version needs no sealing.
// Shared hands out the stored rows themselves (the caller must not
// change or keep them); otherwise each row is a copy.
func (h *Table) PointRows(ctx *sql.Context, index string, prefix sql.Row, points []any, order RowOrder, shared bool) (_ sql.RowIter, err error) {
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
	n := len(prefix) + 1
	if n > ncols || hasNull(prefix) {
		return nil, fmt.Errorf("storage: lookup of index %q with %d key values", index, n)
	}
	it := &keyRows{shared: shared}
	it.found = it.first[:0]
	if len(points) > len(it.first) {
		it.found = make([]*entry, 0, len(points)) // a row a point, as mostly
	}
	// one key for every descent: the pivots hold it only during theirs
	key := make(sql.Row, n)
	copy(key, prefix)
	pivots := &t.probe
	// the whole primary key: at most one row, found by Get, without a
	// range's second pivot and stop test
	whole := keyLen < 0 && n == ncols
	var lookupErr error
	visit := td.rowCollector(keyLen, &it.found, &lookupErr) // key_rows.go
	for _, p := range points {
		if p == nil {
			continue
		}
		key[n-1] = p
		pivots[0].setKey(key)
		if whole {
			pivots[0].bias = 0
			if e, ok := tr.Get(&pivots[0]); ok {
				it.found = append(it.found, e)
			}
			continue
		}
		pivots[0].bias = -1
		pivots[1].setKey(key)
		pivots[1].bias = 1
		tr.AscendRange(&pivots[0], &pivots[1], visit)
		if lookupErr != nil {
			break
		}
	}
	t.probe = [2]entry{} // the key is ours, not to be kept
	if lookupErr != nil {
		return nil, lookupErr
	}
	td.countLookup(index, order, len(it.found)) // counters.go
	switch order {
	case ByHeap:
		slices.SortFunc(it.found, func(a, b *entry) int { return cmpInt64(a.hotPos(), b.hotPos()) })
	case BySeq:
		slices.SortFunc(it.found, func(a, b *entry) int { return cmpInt64(a.tid, b.tid) })
	}
	it.touch()
	return it, nil
}
