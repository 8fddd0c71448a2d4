package storage

import (
	"cmp"
	"fmt"
	"io"
	"slices"

	"github.com/dolthub/go-mysql-server/sql"
)

// HeapOrderRows returns the rows of an index lookup in heap order: the
// index finds them and they come back sorted by tuple number, as
// PostgreSQL's Bitmap Heap Scan returns them (it visits the heap pages the
// bitmap marks in block order, and each page's tuples in line-pointer
// order; a row updated without changing an index key, a HOT update, is
// met at the root of its chain, where a sequential scan meets it at its
// new place). A query without ORDER BY then gets PostgreSQL's order
// without reading the whole table.
func (h *Table) HeapOrderRows(ctx *sql.Context, lookup sql.IndexLookup) (sql.RowIter, error) {
	return h.heapOrderRows(ctx, lookup, false)
}

// SeqOrderRows returns the rows of an index lookup in the order a
// sequential scan filtering on the lookup's conditions meets them: each
// row at its current place, a HOT-updated row after the rows older than
// its update. It is PostgreSQL's order for a lookup on an index
// PostgreSQL would not use (or does not have: GMS's foreign key indexes),
// found without reading the whole table.
func (h *Table) SeqOrderRows(ctx *sql.Context, lookup sql.IndexLookup) (sql.RowIter, error) {
	return h.heapOrderRows(ctx, lookup, true)
}

func (h *Table) heapOrderRows(ctx *sql.Context, lookup sql.IndexLookup, seq bool) (_ sql.RowIter, err error) {
	defer guard(&err)
	t, td, err := h.current(ctx)
	if err != nil {
		return nil, err
	}
	defer t.mu.Unlock()
	if lookup.IsEmptyRange {
		return sql.RowsToRowIter(), nil
	}
	ranges, ok := lookup.Ranges.(sql.MySQLRangeCollection)
	if !ok || lookup.Index == nil {
		return nil, fmt.Errorf("storage: unsupported lookup %T", lookup.Ranges)
	}
	tr, order, ncols, keyLen := td.rows, td.def.pkOrder, len(td.def.pkOrds), -1
	if id := lookup.Index.ID(); id != pkIndexID || td.def.keyless() {
		i, ix := td.def.indexByName(id)
		if ix == nil || !ix.visibleToGMS() {
			return nil, fmt.Errorf("storage: table %q has no index %q", td.def.name, id)
		}
		tr, order, ncols, keyLen = td.idx[i], ix.order, len(ix.columns), len(ix.columns)
	}
	spans, err := rangeSpans(order, ranges, ncols)
	if err != nil {
		return nil, err
	}
	// a row per span, as = ANY's points mostly find: sized once, not
	// grown by doubling
	found := make([]*entry, 0, len(spans))
	var lookupErr error
	for _, sp := range spans {
		visit := func(e *entry) bool {
			if sp.filter != nil && !sp.filter(e) {
				return true
			}
			if keyLen >= 0 {
				pe, ok := td.fetch(e, keyLen)
				if !ok {
					lookupErr = fmt.Errorf("storage: index entry of table %q without a row", td.def.name)
					return false
				}
				e = pe
			}
			found = append(found, e)
			return true
		}
		switch {
		case sp.point && keyLen < 0 && int(sp.start.keyn) == ncols:
			// the whole primary key: at most one row, found by one
			// descent instead of a range's descent and stop tests
			sp.start.bias = 0
			if e, ok := tr.Get(sp.start); ok {
				visit(e)
			}
		case sp.start != nil && sp.end != nil:
			tr.AscendRange(sp.start, sp.end, visit)
		case sp.start != nil:
			tr.AscendGreaterOrEqual(sp.start, visit)
		case sp.end != nil:
			tr.AscendLessThan(sp.end, visit)
		default:
			tr.Ascend(visit)
		}
		if lookupErr != nil {
			return nil, lookupErr
		}
	}
	if seq {
		td.countLookup(lookup.Index.ID(), BySeq, len(found)) // counters.go
		slices.SortFunc(found, func(a, b *entry) int { return cmp.Compare(a.tid, b.tid) })
	} else {
		td.countLookup(lookup.Index.ID(), ByHeap, len(found))
		slices.SortFunc(found, func(a, b *entry) int { return cmp.Compare(a.hotPos(), b.hotPos()) })
	}
	rows := make([]sql.Row, len(found))
	for i, e := range found {
		rows[i] = e.row()
	}
	return &foundRows{rows: rows}, nil
}

// foundRows hands out rows a lookup collected: copies, or the stored rows
// themselves once shared (ShareRows).
type foundRows struct {
	rows   []sql.Row
	pos    int
	shared bool
}

func (it *foundRows) ShareRows() { it.shared = true }

func (it *foundRows) Next(*sql.Context) (sql.Row, error) {
	if it.pos >= len(it.rows) {
		return nil, io.EOF
	}
	row := it.rows[it.pos]
	it.pos++
	if it.shared {
		return row, nil
	}
	return row.Copy(), nil
}

func (it *foundRows) Close(*sql.Context) error {
	it.rows = nil
	return nil
}
