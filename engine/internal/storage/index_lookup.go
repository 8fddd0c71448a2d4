package storage

import (
	"fmt"
	"sort"

	"github.com/dolthub/go-mysql-server/sql"
)

// IndexedTable is a table with an index lookup chosen by GMS. It has every
// method of Table; only LookupPartitions is new.
type IndexedTable struct {
	*Table
	lookup sql.IndexLookup
}

var _ sql.IndexedTable = (*IndexedTable)(nil)

// LookupPartitions implements sql.IndexedTable: one partition carrying the
// lookup; PartitionRows scans its ranges.
func (it *IndexedTable) LookupPartitions(_ *sql.Context, lookup sql.IndexLookup) (sql.PartitionIter, error) {
	return &partitionIter{parts: []sql.Partition{&lookupPartition{lookup: lookup}}}, nil
}

type lookupPartition struct {
	lookup sql.IndexLookup
}

func (*lookupPartition) Key() []byte { return []byte("lookup") }

// LookupRows returns the rows of an index lookup in index order: what
// IndexedAccess, LookupPartitions and PartitionRows return, without the
// three objects between (gmsadapter's IndexScan, at every execution).
// want is the rows the consumer expects to read (a LIMIT's), which the
// cursor's first chunk reads in one descent; 0 when unknown.
func (h *Table) LookupRows(ctx *sql.Context, lookup sql.IndexLookup, want int) (sql.RowIter, error) {
	return h.lookupRows(ctx, lookup, want)
}

// lookupRows scans the B-tree of the lookup's index over its ranges, in
// index order (reversed for a reverse lookup).
func (h *Table) lookupRows(ctx *sql.Context, lookup sql.IndexLookup, want int) (sql.RowIter, error) {
	t, td, err := h.current(ctx)
	if err != nil {
		return nil, err
	}
	defer t.mu.Unlock()
	if lookup.IsEmptyRange {
		return sql.RowsToRowIter(), nil
	}
	ranges, ok := lookup.Ranges.(sql.MySQLRangeCollection)
	if !ok {
		return nil, fmt.Errorf("storage: unsupported range collection %T", lookup.Ranges)
	}
	var (
		tr     *tree
		order  *keyOrder
		keyLen = -1
		ncols  int
	)
	if lookup.Index == nil {
		return nil, fmt.Errorf("storage: index lookup without an index")
	}
	if id := lookup.Index.ID(); id == pkIndexID && !td.def.keyless() {
		tr, order, ncols = td.rows, td.def.pkOrder, len(td.def.pkOrds)
	} else {
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
	return newRowIter(t, td, lookup.Index.ID(), tr, order, spans, lookup.IsReverse, keyLen, want)
}

// A MySQL range orders NULL first; tinybase's trees order NULL last. Each
// column range is converted into at most two pieces that are contiguous in
// tree order: the non-NULL interval, and NULL.

type boundKind uint8

const (
	negInf    boundKind = iota // below every value
	value                      // at val, inclusive or not
	nullStart                  // after every value, before NULL
	posInf                     // after NULL
)

type bound struct {
	kind boundKind
	val  any
	incl bool
}

// piece is a contiguous interval of one column in tree order; lo is never
// posInf and hi never negInf.
type piece struct{ lo, hi bound }

// contains reports whether the column value v lies in the piece.
func (p piece) contains(typ sql.Type, v any) bool {
	if v == nil {
		return p.hi.kind == posInf
	}
	switch p.lo.kind {
	case nullStart:
		return false
	case value:
		c := compareValue(typ, v, p.lo.val)
		if c < 0 || (c == 0 && !p.lo.incl) {
			return false
		}
	}
	if p.hi.kind == value {
		c := compareValue(typ, v, p.hi.val)
		if c > 0 || (c == 0 && !p.hi.incl) {
			return false
		}
	}
	return true
}

// point returns the single value of a piece holding exactly one value (or
// only NULL).
func (p piece) point(typ sql.Type) (any, bool) {
	if p.lo.kind == nullStart && p.hi.kind == posInf {
		return nil, true
	}
	if p.lo.kind == value && p.hi.kind == value && p.lo.incl && p.hi.incl && compareValue(typ, p.lo.val, p.hi.val) == 0 {
		return p.lo.val, true
	}
	return nil, false
}

// columnPieces converts one MySQL column range into tree-order pieces.
func columnPieces(typ sql.Type, r sql.MySQLRangeColumnExpr) ([]piece, error) {
	_, lowerBelowNull := r.LowerBound.(sql.BelowNull)
	_, upperBelowNull := r.UpperBound.(sql.BelowNull)
	includesNull := lowerBelowNull && !upperBelowNull

	lo, hi := bound{kind: negInf}, bound{kind: nullStart}
	nonNull := true
	switch b := r.LowerBound.(type) {
	case sql.BelowNull, sql.AboveNull:
	case sql.Below:
		lo = bound{kind: value, val: b.Key, incl: true}
	case sql.Above:
		lo = bound{kind: value, val: b.Key}
	case sql.AboveAll:
		nonNull = false
	default:
		return nil, fmt.Errorf("storage: unknown range bound %T", b)
	}
	switch b := r.UpperBound.(type) {
	case sql.AboveAll:
	case sql.Below:
		hi = bound{kind: value, val: b.Key}
	case sql.Above:
		hi = bound{kind: value, val: b.Key, incl: true}
	case sql.AboveNull, sql.BelowNull:
		nonNull = false
	default:
		return nil, fmt.Errorf("storage: unknown range bound %T", b)
	}
	if nonNull && lo.kind == value && hi.kind == value {
		c := compareValue(typ, lo.val, hi.val)
		if c > 0 || (c == 0 && !(lo.incl && hi.incl)) {
			nonNull = false
		}
	}
	var out []piece
	switch {
	case nonNull && includesNull && hi.kind == nullStart:
		out = append(out, piece{lo: lo, hi: bound{kind: posInf}})
	default:
		if nonNull {
			out = append(out, piece{lo: lo, hi: hi})
		}
		if includesNull {
			out = append(out, piece{lo: bound{kind: nullStart}, hi: bound{kind: posInf}})
		}
	}
	return out, nil
}

// samePivot reports whether two span bounds are the same; nil is an open
// end.
func samePivot(o *keyOrder, a, b *entry) bool {
	if a == nil || b == nil {
		return a == b
	}
	return o.compare(a, b) == 0
}

// rangeSpans converts a range collection over the first ncols key columns
// into spans sorted in tree order.
func rangeSpans(o *keyOrder, ranges sql.MySQLRangeCollection, ncols int) (_ []span, err error) {
	defer guard(&err)
	spans := make([]span, 0, len(ranges))
	var points pointSpans
	for _, r := range ranges {
		if len(r) > ncols {
			return nil, fmt.Errorf("storage: range over %d columns for an index of %d", len(r), ncols)
		}
		if sp, ok := points.span(o, r, len(ranges)); ok {
			spans = append(spans, sp)
			continue
		}
		var boxes [][]piece
		if len(r) == 1 {
			// one column: each piece is a box (the product below copied
			// each into one of its own)
			pieces, err := columnPieces(o.types[0], r[0])
			if err != nil {
				return nil, err
			}
			boxes = make([][]piece, len(pieces))
			for k := range pieces {
				boxes[k] = pieces[k : k+1 : k+1]
			}
		} else {
			boxes = [][]piece{nil}
			for i, col := range r {
				pieces, err := columnPieces(o.types[i], col)
				if err != nil {
					return nil, err
				}
				var next [][]piece
				for _, b := range boxes {
					for _, p := range pieces {
						next = append(next, append(append([]piece(nil), b...), p))
					}
				}
				boxes = next
			}
		}
		if len(boxes) == 1 {
			spans = append(spans, boxSpan(o, boxes[0]))
			continue
		}
		// Boxes that differ only after their first non-point column share a
		// span; scanning it once with either filter keeps the rows in order.
		var own []span
	boxes:
		for _, b := range boxes {
			sp := boxSpan(o, b)
			for i, prev := range own {
				if samePivot(o, prev.start, sp.start) && samePivot(o, prev.end, sp.end) {
					own[i].filter = eitherFilter(prev.filter, sp.filter)
					continue boxes
				}
			}
			own = append(own, sp)
		}
		spans = append(spans, own...)
	}
	less := func(i, j int) bool {
		a, b := spans[i].start, spans[j].start
		if a == nil || b == nil { // nil: the tree's start
			return a == nil && b != nil
		}
		return o.compare(a, b) < 0
	}
	if !sort.SliceIsSorted(spans, less) { // = ANY's points come sorted
		sort.SliceStable(spans, less)
	}
	return spans, nil
}

// pointSpans is rangeSpans' short path for a range that fixes each of its
// columns to one non-NULL value (an equality lookup, or one of the points
// of = ANY): its span is the entries with that key prefix, found without
// converting the range to pieces. The spans' keys and bounds are carved
// from blocks sized for the whole collection.
type pointSpans struct {
	keys    []any
	entries []entry
}

func (p *pointSpans) span(o *keyOrder, r sql.MySQLRange, n int) (span, bool) {
	if len(r) == 0 {
		return span{}, false
	}
	for i, col := range r {
		lo, ok := col.LowerBound.(sql.Below)
		if !ok || lo.Key == nil {
			return span{}, false
		}
		hi, ok := col.UpperBound.(sql.Above)
		if !ok || hi.Key == nil || compareValue(o.types[i], lo.Key, hi.Key) != 0 {
			return span{}, false
		}
	}
	if len(p.keys) < len(r) {
		p.keys = make([]any, n*len(r))
	}
	if len(p.entries) < 2 {
		p.entries = make([]entry, 2*n)
	}
	key := p.keys[:len(r):len(r)]
	p.keys = p.keys[len(r):]
	for i, col := range r {
		key[i] = col.LowerBound.(sql.Below).Key
	}
	start, end := &p.entries[0], &p.entries[1]
	p.entries = p.entries[2:]
	start.setKey(key)
	start.bias = -1
	end.setKey(key)
	end.bias = 1
	return span{start: start, end: end, point: true}, true
}

// eitherFilter accepts an entry either filter accepts; nil accepts all.
func eitherFilter(a, b func(*entry) bool) func(*entry) bool {
	if a == nil || b == nil {
		return nil
	}
	return func(e *entry) bool { return a(e) || b(e) }
}

// pivotBlock is a search pivot with room for a short key: one
// allocation where a pivot and its key were two.
type pivotBlock struct {
	e entry
	k [2]any
}

// pivotAfter returns a search entry for prefix followed by v, with bias.
func pivotAfter(prefix sql.Row, v any, bias int8) *entry {
	if len(prefix) >= len(pivotBlock{}.k) {
		return pivot(concat(prefix, sql.Row{v}), bias)
	}
	b := &pivotBlock{}
	n := copy(b.k[:], prefix)
	b.k[n] = v
	b.e.bias = bias
	b.e.setKey(b.k[: n+1 : n+1])
	return &b.e
}

// boxSpan returns the span of tree order covering a box (one piece per
// leading key column): the longest prefix of single-value pieces fixes the
// scan's prefix, the next piece bounds it, and a filter checks the rest.
func boxSpan(o *keyOrder, box []piece) span {
	var prefix sql.Row // made by the first point: a range on the first column has none
	i := 0
	for ; i < len(box); i++ {
		v, ok := box[i].point(o.types[i])
		if !ok {
			break
		}
		if prefix == nil {
			prefix = make(sql.Row, 0, len(box))
		}
		prefix = append(prefix, v)
	}
	var sp span
	if i == len(box) {
		sp = span{start: pivot(prefix, -1), end: pivot(prefix, 1)}
	} else {
		// the prefix's own pivots only for an open bound: a bounded range
		// replaces them (two allocations of every range scan)
		p := box[i]
		switch p.lo.kind {
		case value:
			sp.start = pivotAfter(prefix, p.lo.val, -1)
			if !p.lo.incl {
				sp.start.bias = 1
			}
		case nullStart:
			sp.start = pivotAfter(prefix, nil, -1)
		default:
			if len(prefix) > 0 {
				sp.start = pivot(prefix, -1)
			} // else the span starts at the tree's start
		}
		switch p.hi.kind {
		case value:
			sp.end = pivotAfter(prefix, p.hi.val, 1)
			if !p.hi.incl {
				sp.end.bias = -1
			}
		case nullStart:
			if len(prefix) > 0 || !o.notNull {
				sp.end = pivotAfter(prefix, nil, -1)
			} // else no entry has a NULL first value: the span is open-ended
		default:
			// no prefix: the span runs to the tree's end, so a whole
			// index's scan (ORDER BY created_at DESC LIMIT 20) tests no
			// entry against a pivot and starts without a search
			if len(prefix) > 0 {
				sp.end = pivot(prefix, 1)
			}
		}
		if i+1 < len(box) {
			// the filter's own copy: the box itself then need not
			// outlive the call (BoundRows keeps it on the stack)
			rest := append([]piece(nil), box[i+1:]...)
			first := i + 1
			sp.filter = func(e *entry) bool {
				for j, p := range rest {
					if !p.contains(o.types[first+j], o.keyAt(e, first+j)) {
						return false
					}
				}
				return true
			}
		}
	}
	return sp
}

// Bounds is a lookup of an index by its leading key columns, as an index
// scan's conditions give it: Prefix fixes the first len(Prefix) values (a
// nil one is IS NULL); when Ranged, the next column is non-NULL and lies
// between Lo and Hi (nil: that side open), each inclusive or not. With no
// prefix and no range it is the whole index. Values are of their
// columns' types.
type Bounds struct {
	Prefix         sql.Row
	Ranged         bool
	Lo, Hi         any
	LoIncl, HiIncl bool
	// Filter, when set, is a test the scan applies to the rows it reads
	// (as rowIter.Filter's), from its first chunk on: a LIMIT's want then
	// counts the rows it accepts
	Filter func(sql.Row) bool
}

// BoundRows returns the rows of an index lookup given by bounds, in index
// order (reversed when reverse): LookupRows without the range collection
// GMS's lookups carry, which an index scan built at every execution only
// for it to be converted here (six allocations of a keyset page). want is
// as LookupRows'.
func (h *Table) BoundRows(ctx *sql.Context, index string, b Bounds, reverse bool, want int) (_ sql.RowIter, err error) {
	t, td, err := h.current(ctx)
	if err != nil {
		return nil, err
	}
	defer t.mu.Unlock()
	defer guard(&err)
	tr, order, ncols, keyLen := td.rows, td.def.pkOrder, len(td.def.pkOrds), -1
	if index != pkIndexID || td.def.keyless() {
		i, ix := td.def.indexByName(index)
		if ix == nil || !ix.visibleToGMS() {
			return nil, fmt.Errorf("storage: table %q has no index %q", td.def.name, index)
		}
		tr, order, ncols, keyLen = td.idx[i], ix.order, len(ix.columns), len(ix.columns)
	}
	n := len(b.Prefix)
	if b.Ranged {
		n++
	}
	if n > ncols {
		return nil, fmt.Errorf("storage: range over %d columns for an index of %d", n, ncols)
	}
	var boxes [4]piece
	box := boxes[:0]
	for _, v := range b.Prefix {
		if v == nil {
			box = append(box, piece{lo: bound{kind: nullStart}, hi: bound{kind: posInf}})
		} else {
			box = append(box, piece{lo: bound{kind: value, val: v, incl: true}, hi: bound{kind: value, val: v, incl: true}})
		}
	}
	var spans []span
	switch {
	case b.Ranged:
		p := piece{lo: bound{kind: negInf}, hi: bound{kind: nullStart}}
		if b.Lo != nil {
			p.lo = bound{kind: value, val: b.Lo, incl: b.LoIncl}
		}
		if b.Hi != nil {
			p.hi = bound{kind: value, val: b.Hi, incl: b.HiIncl}
		}
		if b.Lo != nil && b.Hi != nil {
			c := compareValue(order.types[len(b.Prefix)], b.Lo, b.Hi)
			if c > 0 || (c == 0 && !(b.LoIncl && b.HiIncl)) {
				break // no value lies between: no rows
			}
		}
		return newSpanIter(t, td, index, tr, order, boxSpan(order, append(box, p)), reverse, keyLen, want, b.Filter)
	case n == 0:
		return newSpanIter(t, td, index, tr, order, boxSpan(order, append(box, piece{lo: bound{kind: negInf}, hi: bound{kind: posInf}})), reverse, keyLen, want, b.Filter)
	default:
		return newSpanIter(t, td, index, tr, order, boxSpan(order, box), reverse, keyLen, want, b.Filter)
	}
	return newRowIter(t, td, index, tr, order, spans, reverse, keyLen, want)
}
