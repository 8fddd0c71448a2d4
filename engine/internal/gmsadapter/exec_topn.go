package gmsadapter

import (
	"io"
	"math"
	"sort"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	gmstypes "github.com/dolthub/go-mysql-server/sql/types"

	"github.com/tinybase/tinybase/engine/internal/expr"
)

// ORDER BY … LIMIT n [OFFSET m] without an index giving the order keeps
// the best n+m rows as PostgreSQL's bounded tuplesort does (tuplesort.c,
// make_bounded_heap): rows are collected until there are more than twice
// the bound, then the best bound of them become a heap whose root is the
// worst kept row, and each later row replaces the root only when it sorts
// before it. Memory stays O(n+m) whatever the input; a row that does not
// enter the heap costs one evaluation of the keys and one comparison.
// GMS's own top-N pushed every input row into its heap (a copy of the row
// each, its keys evaluated again at every comparison).
//
// The order is the full sort's (GMS's stable Sort): the keys compare as
// its Sorter compares them, ties keep the input order.

// buildTopN returns t's iterator over its child built by base; ok is
// false for a top-N this does not run (MySQL's SQL_CALC_FOUND_ROWS).
func buildTopN(ctx *sql.Context, base sql.NodeExecBuilder, t *plan.TopN, row sql.Row) (_ sql.RowIter, ok bool, err error) {
	if t.CalcFoundRows {
		return nil, false, nil
	}
	v, err := t.Limit.Eval(ctx, nil)
	if err != nil {
		return nil, true, err
	}
	bound, isInt := toInt64(v)
	if !isInt {
		if _, unbounded := v.(uint64); !unbounded {
			return nil, false, nil
		}
		bound = math.MaxInt64
	}
	if bound == 0 {
		return sql.RowsToRowIter(), true, nil // as buildLimit
	}
	child, err := base.Build(ctx, t.Child, row)
	if err != nil {
		return nil, true, err
	}
	types := make([]sql.Type, len(t.Fields))
	for i, f := range t.Fields {
		types[i] = f.Column.Type()
	}
	return &topNIter{fields: t.Fields, types: types, bound: bound, child: child, stats: sortStats(ctx, t)}, true, nil
}

// sortStats is EXPLAIN ANALYZE's record of node n, or nil when ctx runs
// without one.
func sortStats(ctx *sql.Context, n sql.Node) *nodeStats {
	inst, ok := ctx.Value(instrumentKey{}).(*Instrument)
	if !ok {
		return nil
	}
	inst.mu.Lock()
	defer inst.mu.Unlock()
	return inst.stats[n]
}

// topNRow is a kept row with its sort keys and input position.
type topNRow struct {
	row  sql.Row
	keys []any
	seq  int64
}

type topNIter struct {
	fields sql.SortFields
	types  []sql.Type
	bound  int64
	child  sql.RowIter
	stats  *nodeStats

	done   bool
	rows   []topNRow // collected; a max-heap (worst row at 0) once heaped
	heaped bool
	seq    int64
	bytes  int64 // retained row and key sizes, for EXPLAIN ANALYZE
	pos    int
	err    error // a comparison's error
}

func (it *topNIter) Next(ctx *sql.Context) (sql.Row, error) {
	if !it.done {
		it.done = true
		if err := it.fill(ctx); err != nil {
			return nil, err
		}
	}
	if it.pos >= len(it.rows) {
		return nil, io.EOF
	}
	r := it.rows[it.pos].row
	it.rows[it.pos] = topNRow{} // handed out: not retained here
	it.pos++
	return r, nil
}

func (it *topNIter) Close(ctx *sql.Context) error {
	it.rows = nil
	return it.child.Close(ctx)
}

// fill reads the whole input and leaves the kept rows in order.
func (it *topNIter) fill(ctx *sql.Context) error {
	if it.bound <= 0 {
		return nil
	}
	collectMax := int64(math.MaxInt64)
	if it.bound < math.MaxInt64/2 {
		collectMax = 2 * it.bound
	}
	scratch := make([]any, len(it.fields))
	add := func(r sql.Row) (err error) {
		it.seq++
		for i, f := range it.fields {
			if scratch[i], err = f.Column.Eval(ctx, r); err != nil {
				return sql.ErrUnableSort.Wrap(err)
			}
		}
		if it.heaped {
			// ties keep the earlier row: a later one must sort strictly
			// before the worst kept row
			if it.compareKeys(ctx, scratch, it.rows[0].keys) >= 0 {
				return it.err
			}
			it.bytes -= rowBytes(it.rows[0].row) + rowBytes(it.rows[0].keys)
			it.rows[0] = it.keep(r, scratch)
			it.down(ctx, 0)
		} else {
			it.rows = append(it.rows, it.keep(r, scratch))
			if int64(len(it.rows)) > collectMax {
				it.makeHeap(ctx)
			}
		}
		return it.err
	}
	if w, ok := it.child.(rowWalker); ok {
		// a table scan walks its tree in one pass, without an iterator
		// call and a chunk buffer per row
		if err := w.Each(add); err != nil {
			return err
		}
	} else {
		for {
			r, err := it.child.Next(ctx)
			if err == io.EOF {
				break
			}
			if err != nil {
				return err
			}
			if err := add(r); err != nil {
				return err
			}
		}
	}
	if it.stats != nil {
		it.stats.sortMethod = "quicksort"
		if it.heaped {
			it.stats.sortMethod = "top-N heapsort"
		}
		it.stats.sortSpace = it.bytes + int64(cap(it.rows))*int64(unsafeSizeofTopNRow)
	}
	sort.Slice(it.rows, func(i, j int) bool { return it.less(ctx, it.rows[i], it.rows[j]) })
	if int64(len(it.rows)) > it.bound {
		for i := it.bound; i < int64(len(it.rows)); i++ {
			it.rows[i] = topNRow{}
		}
		it.rows = it.rows[:it.bound]
	}
	return it.err
}

// unsafeSizeofTopNRow is a topNRow's size: a slice header of each kind
// and the sequence number.
const unsafeSizeofTopNRow = 24 + 24 + 8

// keep copies r and its keys: the child may reuse its row for the next.
func (it *topNIter) keep(r sql.Row, keys []any) topNRow {
	buf := make([]any, len(r)+len(keys))
	copy(buf, r)
	copy(buf[len(r):], keys)
	kept := topNRow{row: buf[:len(r):len(r)], keys: buf[len(r):], seq: it.seq}
	it.bytes += rowBytes(kept.row) + rowBytes(kept.keys)
	return kept
}

// makeHeap keeps the best bound of the collected rows as a max-heap.
func (it *topNIter) makeHeap(ctx *sql.Context) {
	sort.Slice(it.rows, func(i, j int) bool { return it.less(ctx, it.rows[i], it.rows[j]) })
	for i := it.bound; i < int64(len(it.rows)); i++ {
		it.bytes -= rowBytes(it.rows[i].row) + rowBytes(it.rows[i].keys)
		it.rows[i] = topNRow{}
	}
	it.rows = it.rows[:it.bound]
	// ascending order read backwards is a max-heap
	for i, j := 0, len(it.rows)-1; i < j; i, j = i+1, j-1 {
		it.rows[i], it.rows[j] = it.rows[j], it.rows[i]
	}
	it.heaped = true
}

// down restores the max-heap below i.
func (it *topNIter) down(ctx *sql.Context, i int) {
	n := len(it.rows)
	for {
		l := 2*i + 1
		if l >= n {
			return
		}
		big := l
		if r := l + 1; r < n && it.less(ctx, it.rows[l], it.rows[r]) {
			big = r
		}
		if !it.less(ctx, it.rows[i], it.rows[big]) {
			return
		}
		it.rows[i], it.rows[big] = it.rows[big], it.rows[i]
		i = big
	}
}

// less orders kept rows: by their keys, then by input position.
func (it *topNIter) less(ctx *sql.Context, a, b topNRow) bool {
	if c := it.compareKeys(ctx, a.keys, b.keys); c != 0 {
		return c < 0
	}
	return a.seq < b.seq
}

// compareKeys compares two rows' keys as GMS's Sorter.Less does: a
// descending key swaps the values before NULLs are placed.
func (it *topNIter) compareKeys(ctx *sql.Context, a, b []any) int {
	if it.err != nil {
		return 0
	}
	for i, f := range it.fields {
		av, bv := a[i], b[i]
		if f.Order == sql.Descending {
			av, bv = bv, av
		}
		switch {
		case av == nil && bv == nil:
			continue
		case av == nil:
			if f.NullOrdering == sql.NullsFirst {
				return -1
			}
			return 1
		case bv == nil:
			if f.NullOrdering == sql.NullsFirst {
				return 1
			}
			return -1
		}
		c, err := it.types[i].Compare(ctx, av, bv)
		if err != nil {
			it.err = err
			return 0
		}
		if c != 0 {
			return c
		}
	}
	return 0
}

// rowBytes estimates the memory of values held in r.
func rowBytes(r []any) int64 {
	n := int64(16 * len(r))
	for _, v := range r {
		switch x := v.(type) {
		case string:
			n += int64(len(x))
		case []byte:
			n += int64(len(x))
		}
	}
	return n
}

// topNCount is the bound of a top-N sort under a LIMIT or OFFSET known
// only when the statement runs (expr.HoldLimit: a routine's variable):
// their sum, evaluated after the exec builder has replaced the held values
// with this execution's (exec_limit.go). A sum past int64 is no bound.
type topNCount struct{ limit, offset sql.Expression }

var _ sql.Expression = (*topNCount)(nil)

// heldTopNCount is the bound for lim when its values are held or
// constant, ok false otherwise.
func heldTopNCount(lim *limitCtx) (sql.Expression, bool) {
	usable := func(e sql.Expression) bool {
		if _, ok := e.(*expression.Literal); ok {
			return true
		}
		_, held, err := expr.MapHeldLimit(e, func(v sql.Expression) (sql.Expression, error) { return v, nil })
		return held && err == nil
	}
	if !usable(lim.limit.Limit) {
		return nil, false
	}
	c := &topNCount{limit: lim.limit.Limit}
	if lim.offset != nil {
		if !usable(lim.offset.Offset) {
			return nil, false
		}
		c.offset = lim.offset.Offset
	}
	return c, true
}

func (c *topNCount) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	var sum int64
	for _, e := range c.Children() {
		v, err := e.Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		n, ok := toInt64(v)
		if !ok || n > math.MaxInt64-sum {
			return uint64(math.MaxUint64), nil
		}
		sum += n
	}
	return sum, nil
}

func (c *topNCount) Children() []sql.Expression {
	if c.offset == nil {
		return []sql.Expression{c.limit}
	}
	return []sql.Expression{c.limit, c.offset}
}

func (c *topNCount) WithChildren(ch ...sql.Expression) (sql.Expression, error) {
	if len(ch) != len(c.Children()) {
		return nil, sql.ErrInvalidChildrenNumber.New(c, len(ch), len(c.Children()))
	}
	out := &topNCount{limit: ch[0]}
	if len(ch) == 2 {
		out.offset = ch[1]
	}
	return out, nil
}

func (c *topNCount) Resolved() bool {
	for _, e := range c.Children() {
		if !e.Resolved() {
			return false
		}
	}
	return true
}

func (c *topNCount) String() string {
	if c.offset == nil {
		return c.limit.String()
	}
	return "(" + c.limit.String() + " + " + c.offset.String() + ")"
}

func (c *topNCount) Type() sql.Type   { return gmstypes.Int64 }
func (c *topNCount) IsNullable() bool { return false }
