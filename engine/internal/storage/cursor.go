package storage

import (
	"fmt"
	"io"
	"slices"
	"sync/atomic"

	"github.com/dolthub/go-mysql-server/sql"
)

// Chunk sizes of a cursor: a point lookup finishes in the first chunk; long
// scans grow to maxChunk entries per tree descent.
const (
	firstChunk = 8
	maxChunk   = 512
)

// span is a contiguous part of a tree to visit: entries strictly between
// the start and end pivots (nil: unbounded), optionally filtered.
type span struct {
	start, end *entry
	filter     func(e *entry) bool
	// tree, when set, is the tree of this span instead of the scan's (a
	// heap's tail, heap.go)
	tree *tree
	// point: start and end bound one key value (pointSpans)
	point bool
}

// rowIter streams rows from a tree in chunks, each chunk one B-tree descent.
//
// The first chunk is read while the transaction is locked. If the scan does
// not finish there, the table version it reads is sealed: the transaction's
// next write to the table clones it (O(1)), so the scan keeps reading the
// version as of its start and no tree is modified while it is iterated. For
// the usual one scan per table and statement, that is PostgreSQL's
// statement snapshot; a scan started later in the same statement (a
// re-evaluated subquery, a foreign key check) sees the statement's earlier
// writes.
type rowIter struct {
	td      *tableData
	tree    *tree
	order   *keyOrder // the tree's; nil for the heap
	spans   []span
	reverse bool
	keyLen  int // secondary index: key values before the primary key; -1: primary tree

	one   [1]span // spans' storage for a scan of one span
	si    int     // current span
	from  *entry  // resume pivot in the current span: nil or &pivot
	pivot entry
	// buf holds the chunk's primary entries, whose rows are handed out
	// (a third of the bytes of the rows' slice headers)
	buf   []*entry
	pos   int
	chunk int
	skip  int64 // rows still to pass over without building them (Skip)
	// shared hands out the stored rows themselves (SharedRows).
	shared bool
	// pred is a filter the scan applies itself (Filter): a row it rejects
	// is never handed out, nor copied.
	pred func(sql.Row) bool
	// early marks a pred given when the scan started (Bounds.Filter):
	// the chunks are filled with the rows it accepts, so a chunk of
	// want rows is what a LIMIT over the filter reads
	early bool
	// tally counts the entries the scan reads (counters.go)
	tally [2]*atomic.Int64
}

// maxVisit bounds the entries one chunk visits for the rows an early
// filter accepts, so a selective filter still reads the tree in steps.
const maxVisit = 4 * maxChunk

// Skip passes over the next n rows without building them: an OFFSET the
// planner pushed into the scan (gmsadapter's IndexScan).
func (it *rowIter) Skip(n int64) {
	if k := int64(len(it.buf) - it.pos); k > 0 {
		k = min(k, n)
		it.pos += int(k)
		n -= k
	}
	it.skip += n
}

// newRowIter starts a scan of spans, given in tree order, of the named
// index ("": of the heap); called with t.mu held. want is the rows the consumer expects to read (0: unknown), the
// size of the first chunk.
func newRowIter(t *Txn, td *tableData, index string, tr *tree, order *keyOrder, spans []span, reverse bool, keyLen int, want int) (_ *rowIter, err error) {
	if reverse {
		slices.Reverse(spans) // the caller's, made for this scan
	}
	it := &rowIter{td: td, tree: tr, order: order, spans: spans, reverse: reverse, keyLen: keyLen}
	it.tally = td.scanStarted(index) // counters.go
	return it.start(t, want)
}

// newSpanIter is newRowIter for a scan of the one span sp, which the
// iterator holds itself, filtered by pred from its first chunk on (nil:
// not).
func newSpanIter(t *Txn, td *tableData, index string, tr *tree, order *keyOrder, sp span, reverse bool, keyLen int, want int, pred func(sql.Row) bool) (*rowIter, error) {
	it := &rowIter{td: td, tree: tr, order: order, reverse: reverse, keyLen: keyLen, pred: pred, early: pred != nil}
	it.tally = td.scanStarted(index) // counters.go
	it.one[0] = sp
	it.spans = it.one[:]
	return it.start(t, want)
}

// start reads the first chunk, of want entries when want is known.
func (it *rowIter) start(t *Txn, want int) (_ *rowIter, err error) {
	td := it.td
	it.chunk = firstChunk
	if want > 0 {
		it.chunk = min(want, maxChunk)
	}
	if err := it.fill(); err != nil {
		return nil, err
	}
	if it.si < len(it.spans) && td.writableBy(t) {
		td.sealed = true
	}
	return it, nil
}

// fill reads the next chunk of rows into buf.
func (it *rowIter) fill() (err error) {
	defer guard(&err)
	it.buf, it.pos = it.buf[:0], 0
	if cap(it.buf) < it.chunk && (it.chunk > firstChunk || !it.onePoint()) {
		// a chunk's buffer is sized once rather than grown by appends;
		// a point lookup's first grows from its one row
		it.buf = make([]*entry, 0, it.chunk)
	}
	for len(it.buf) == 0 && it.si < len(it.spans) {
		sp := it.spans[it.si]
		var last *entry
		n, read, more := 0, 0, false
		var lookupErr error
		visit := func(e *entry) bool {
			if len(it.buf) == it.chunk || n == maxVisit {
				more = true
				return false
			}
			n++
			last = e
			pe, ok, err := it.take(sp, e)
			if err != nil {
				lookupErr = err
				return false
			}
			if ok {
				read++ // a row the scan reads, whether the filter keeps it or not
			}
			if ok && it.early && !it.pred(pe.row()) {
				ok = false
			}
			if ok {
				it.buf = append(it.buf, pe)
			}
			return true
		}
		it.walk(sp, visit)
		tally(it.tally, read)
		if lookupErr != nil {
			return lookupErr
		}
		if more {
			bias := int8(1)
			if it.reverse {
				bias = -1
			}
			key := last.key()
			if it.order != nil {
				key = it.order.fullKey(last)
			}
			// the resume pivot is the iterator's own, reset per chunk
			it.from = &it.pivot
			*it.from = entry{bias: bias, tid: last.tid}
			it.from.setKey(key)
		} else {
			it.si++
			it.from = nil
		}
		it.chunk = min(it.chunk*4, maxChunk)
	}
	return nil
}

// onePoint reports whether the scan is one key value's lookup, which
// mostly finds one row.
func (it *rowIter) onePoint() bool {
	return len(it.spans) == 1 && it.spans[0].point
}

// take is the primary entry whose row entry e of span sp yields: ok is
// false for an entry the span's filter or the scan's OFFSET skips; an
// index entry finds its row's entry in the table.
func (it *rowIter) take(sp span, e *entry) (pe *entry, ok bool, err error) {
	if sp.filter != nil && !sp.filter(e) {
		return nil, false, nil
	}
	if it.skip > 0 {
		it.skip--
		return nil, false, nil
	}
	if it.keyLen < 0 {
		return e, true, nil
	}
	pe, found := it.td.fetch(e, it.keyLen)
	if !found {
		return nil, false, fmt.Errorf("storage: index entry of table %q without a row", it.td.def.name)
	}
	return pe, true, nil
}

// walk visits the entries of span sp from the resume pivot on, in the
// scan's direction, until visit returns false.
func (it *rowIter) walk(sp span, visit func(e *entry) bool) {
	tr := it.tree
	if sp.tree != nil {
		tr = sp.tree
	}
	if !it.reverse {
		lo := sp.start
		if it.from != nil {
			lo = it.from
		}
		switch {
		case lo != nil && sp.end != nil:
			tr.AscendRange(lo, sp.end, visit)
		case lo != nil:
			tr.AscendGreaterOrEqual(lo, visit)
		case sp.end != nil:
			tr.AscendLessThan(sp.end, visit)
		default:
			tr.Ascend(visit)
		}
	} else {
		hi := sp.end
		if it.from != nil {
			hi = it.from
		}
		switch {
		case hi != nil && sp.start != nil:
			tr.DescendRange(hi, sp.start, visit)
		case hi != nil:
			tr.DescendLessOrEqual(hi, visit)
		case sp.start != nil:
			tr.DescendGreaterThan(sp.start, visit)
		default:
			tr.Descend(visit)
		}
	}
}

// Filter makes the cursor hand out only the rows pred accepts, testing
// each as it is handed out (so no further than its consumer reads, as a
// filter above the scan would): for a filter over a scan, which then
// needs no iterator of its own. pred reads the stored row, which it must
// not change or keep; it cannot fail (expr.ScanFilter's tests). A cursor
// filtered so must not Skip.
func (it *rowIter) Filter(pred func(sql.Row) bool) {
	if !it.early { // an early filter is the scan's already
		it.pred = pred
	}
}

// Each calls fn with each remaining row, walking the tree in one pass
// instead of one descent per chunk, until fn returns an error: for a
// consumer that reads a whole scan (an aggregation). The iterator is
// exhausted afterwards.
func (it *rowIter) Each(fn func(sql.Row) error) (err error) {
	defer guard(&err)
	for ; it.pos < len(it.buf); it.pos++ {
		row := it.buf[it.pos].row()
		if it.pred != nil && !it.pred(row) {
			continue
		}
		if !it.shared {
			row = row.Copy()
		}
		if err := fn(row); err != nil {
			return err
		}
	}
	for it.si < len(it.spans) {
		sp := it.spans[it.si]
		var ferr error
		it.walk(sp, func(e *entry) bool {
			pe, ok, err := it.take(sp, e)
			var row sql.Row
			if err == nil && ok {
				row = pe.row()
			}
			if err == nil && ok && it.pred != nil {
				ok = it.pred(row)
			}
			if err != nil || !ok {
				ferr = err
				return err == nil
			}
			if !it.shared {
				row = row.Copy()
			}
			ferr = fn(row)
			return ferr == nil
		})
		if ferr != nil {
			it.si = len(it.spans)
			return ferr
		}
		it.si++
		it.from = nil
	}
	it.buf = nil
	return nil
}

// Next implements sql.RowIter. Rows are copies the caller may keep or change.
func (it *rowIter) Next(*sql.Context) (sql.Row, error) {
	for {
		for it.pos >= len(it.buf) {
			if it.si >= len(it.spans) {
				return nil, io.EOF
			}
			if err := it.fill(); err != nil {
				return nil, err
			}
		}
		row := it.buf[it.pos].row()
		it.pos++
		if it.pred != nil && !it.early && !it.pred(row) {
			continue
		}
		if it.shared {
			return row, nil
		}
		return row.Copy(), nil
	}
}

// Close implements sql.RowIter.
func (it *rowIter) Close(*sql.Context) error {
	it.buf = nil
	it.si = len(it.spans)
	return nil
}
