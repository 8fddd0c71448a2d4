package gmsadapter

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"

	"github.com/tinybase/tinybase/engine/internal/storage"
)

// Lookups keyed from an outer row. GMS reads the inner side of a lookup
// join, and a correlated subquery's table (applyIndexesFromOuterScope),
// through an IndexedTableAccess whose keys it evaluates per outer row; the
// storage returns the matching rows in index order, equal keys by primary
// key. PostgreSQL returns them in heap order whichever plan it picks: a
// Seq Scan or Bitmap Heap Scan reads the heap in order, and a btree Index
// Scan returns equal keys in TID order (since PostgreSQL 12). Such a
// lookup is never one an ORDER BY or a merge relies on: tinybase's
// ordered scans and GMS's merge joins read static lookups only (and
// GMS's sort elimination is off, analyzer.go), so its order is free.
//
// The order is chosen as for an IndexScan (scan_cost.go): a lookup the
// cost model reads by index keeps the index's order; by bitmap, the rows
// at their HOT chains' roots; by sequential scan, each row at its current
// place. A lookup on an index PostgreSQL does not have (GMS's foreign key
// indexes) always takes the sequential scan's order. The rows are still
// found through the index: only their order changes.

// seqOrderTable is a table that returns an index lookup's rows in a
// sequential scan's order (storage.Table).
type seqOrderTable interface {
	heapOrderTable
	SeqOrderRows(*sql.Context, sql.IndexLookup) (sql.RowIter, error)
}

// buildOuterLookup reads an outer-keyed lookup in PostgreSQL's order; ok
// is false when GMS's own reading is already right (a static lookup, a
// point on a unique index, an index scan by the cost model, a table that
// is not tinybase's). The mode is chosen at the first outer row and kept
// in signed for the statement's others: it depends on the lookup's index
// and the table's statistics, not on the row's key values.
func buildOuterLookup(ctx *sql.Context, ita *plan.IndexedTableAccess, row sql.Row, signed *SignedOutput) (sql.RowIter, bool, error) {
	if ita.IsStatic() {
		return nil, false, nil
	}
	t, ok := ita.Table.(seqOrderTable)
	if !ok {
		return nil, false, nil
	}
	if it, ok, err := outerKeyRows(ctx, ita, row, signed); ok {
		return it, true, err
	}
	lookup, err := ita.GetLookup(ctx, row)
	if err != nil {
		return nil, true, err
	}
	if lookup.Index == nil || lookup.IsEmptyRange || uniquePointLookup(lookup) {
		return nil, false, nil
	}
	mode := lookupMode(ctx, ita, signed)
	var it sql.RowIter
	switch mode {
	case modeSeq:
		it, err = t.SeqOrderRows(ctx, lookup)
	case modeBitmap:
		it, err = t.HeapOrderRows(ctx, lookup)
	default:
		return nil, false, nil
	}
	if sh, ok := it.(rowSharer); ok && err == nil && signed.readOnly {
		// the rows go to a join, which builds its rows anew, or to a
		// subquery's operators: in a plan that writes nothing none
		// changes them, so the copy of each stored row buys nothing
		sh.ShareRows()
	}
	return it, true, err
}

// lookupMode is the statement's scan mode for an outer-keyed lookup,
// chosen at its first outer row.
func lookupMode(ctx *sql.Context, ita *plan.IndexedTableAccess, signed *SignedOutput) scanMode {
	mode, known := signed.lookupModes[ita]
	if !known {
		mode = modeSeq
		if !ita.Index().IsGenerated() {
			mode = outerLookupMode(ctx, ita)
		}
		if signed.lookupModes == nil {
			signed.lookupModes = map[*plan.IndexedTableAccess]scanMode{}
		}
		signed.lookupModes[ita] = mode
	}
	return mode
}

// outerKeyRows reads an outer-keyed lookup that is one key of its index
// (every key an equality that does not match NULL, which is how GMS keys
// a join's inner side and a correlated subquery's table) as one storage
// lookup of that key (storage.Table.KeyRows), in the order the cost model
// chose: without GMS's range per outer row and the cursor a general
// lookup builds. ok is false for other lookups and for a key value
// GMS's lookup would convert differently (a conversion error).
func outerKeyRows(ctx *sql.Context, ita *plan.IndexedTableAccess, row sql.Row, signed *SignedOutput) (_ sql.RowIter, ok bool, _ error) {
	kt, isKeyed := ita.Table.(keyRowsTable)
	idx := ita.Index()
	if !isKeyed || idx == nil {
		return nil, false, nil
	}
	keys := ita.Expressions()
	cts, known := signed.lookupTypes[ita]
	if !known {
		cts = idx.ColumnExpressionTypes()
		if signed.lookupTypes == nil {
			signed.lookupTypes = map[*plan.IndexedTableAccess][]sql.ColumnExpressionType{}
		}
		signed.lookupTypes[ita] = cts
	}
	if len(keys) == 0 || len(keys) > len(cts) {
		return nil, false, nil
	}
	for _, m := range ita.NullMask() {
		if m {
			return nil, false, nil // <=>: NULL matches NULL
		}
	}
	key := make(sql.Row, len(keys))
	for i, e := range keys {
		v, err := e.Eval(ctx, row)
		if err != nil {
			return nil, true, err
		}
		if v == nil {
			return sql.RowsToRowIter(), true, nil // = NULL selects nothing
		}
		cv, _, err := cts[i].Type.Convert(ctx, v)
		if err != nil || cv == nil {
			return nil, false, nil
		}
		key[i] = cv
	}
	order := storage.ByIndex
	if !idx.IsUnique() || len(keys) != len(cts) { // a unique key's one row has no order
		switch lookupMode(ctx, ita, signed) {
		case modeSeq:
			order = storage.BySeq
		case modeBitmap:
			order = storage.ByHeap
		}
	}
	// shared as for the other orders below: a read-only plan changes no
	// row it reads
	it, err := kt.KeyRows(ctx, idx.ID(), key, order, signed.readOnly)
	return it, true, err
}

// uniquePointLookup reports whether the lookup fixes every column of a
// unique index in one range: at most one row, no order to choose.
func uniquePointLookup(lookup sql.IndexLookup) bool {
	if !lookup.Index.IsUnique() {
		return false
	}
	ranges, ok := lookup.Ranges.(sql.MySQLRangeCollection)
	if !ok || len(ranges) != 1 || len(ranges[0]) != len(lookup.Index.Expressions()) {
		return false
	}
	for _, c := range ranges[0] {
		lo, ok1 := c.LowerBound.(sql.Below)
		hi, ok2 := c.UpperBound.(sql.Above)
		if !ok1 || !ok2 || lo.Key == nil || hi.Key == nil {
			return false
		}
	}
	return true
}

// outerLookupMode runs the scan cost model over the lookup as the index
// scan of its keys would (its keys' values are unknown to the estimate,
// as a parameterized path's are to PostgreSQL's).
func outerLookupMode(ctx *sql.Context, ita *plan.IndexedTableAccess) scanMode {
	rt, ok := ita.TableNode.(*plan.ResolvedTable)
	if !ok {
		return modeIndex
	}
	idx := ita.Index()
	cts := idx.ColumnExpressionTypes()
	keys := ita.Expressions()
	if len(keys) > len(cts) {
		return modeIndex
	}
	s := &IndexScan{Table: rt, Index: idx, Eq: keys, types: make([]sql.Type, len(cts))}
	for i, ct := range cts {
		s.types[i] = ct.Type
	}
	s.Conds = make([]sql.Expression, len(keys))
	return s.mode(ctx)
}
