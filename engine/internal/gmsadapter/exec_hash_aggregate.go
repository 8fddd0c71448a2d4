package gmsadapter

import (
	"io"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"

	"github.com/tinybase/tinybase/engine/internal/types"
)

// GMS's GROUP BY hashes each row's keys by formatting them with
// fmt.Fprintf into an xxhash, allocating for every row: at 100k rows that
// was most of a GROUP BY. Where every key is a column of a type whose Go
// values compare as PostgreSQL's equality does (integers, booleans, text
// under its deterministic collation), hashAggIter keys a Go map with the
// values themselves. It keeps GMS's semantics otherwise: the same
// aggregation buffers, a non-aggregate output its group's first value,
// NULLs one group, groups in the order first seen.

// maxHashKeys is the most grouping columns hashAggIter keys by value.
const maxHashKeys = 4

// buildHashAggregate returns g's iterator over child rows built by base,
// or ok false when g's keys are not all value-comparable columns.
func buildHashAggregate(ctx *sql.Context, base sql.NodeExecBuilder, g *plan.GroupBy, row sql.Row) (_ sql.RowIter, ok bool, err error) {
	if len(g.GroupByExprs) == 0 || len(g.GroupByExprs) > maxHashKeys {
		return nil, false, nil
	}
	for _, e := range g.GroupByExprs {
		gf, isField := e.(*expression.GetField)
		if !isField || !valueKeyed(gf.Type()) {
			return nil, false, nil
		}
	}
	child, err := base.Build(ctx, g.Child, row)
	if err != nil {
		return nil, true, err
	}
	it := &hashAggIter{keys: g.GroupByExprs, selected: g.SelectedExprs, child: child, col: -1}
	if len(g.GroupByExprs) == 1 {
		it.col = g.GroupByExprs[0].(*expression.GetField).Index()
	}
	isKey := map[int]bool{}
	for _, k := range g.GroupByExprs {
		isKey[k.(*expression.GetField).Index()] = true
	}
	for i, e := range g.SelectedExprs {
		if gf, ok := plainColumn(e); ok && isKey[gf.Index()] {
			// a grouping column's value is its group's key: its buffer
			// takes the group's first row only
			it.once = append(it.once, i)
		} else {
			it.each = append(it.each, i)
		}
	}
	return it, true, nil
}

// valueKeyed reports whether equal values of t are equal Go values (and
// comparable ones).
func valueKeyed(t sql.Type) bool {
	pt, ok := t.(*types.Type)
	if !ok {
		return false
	}
	switch pt.OID {
	case types.Int2.OID, types.Int4.OID, types.Int8.OID, types.Bool.OID, types.Text.OID, types.Varchar.OID:
		return true
	}
	return false
}

type hashAggIter struct {
	keys, selected []sql.Expression
	child          sql.RowIter
	// col is the single key's column, read from the row without an Eval
	// (-1: several keys)
	col int
	// each are the selected outputs updated with every row of their
	// group, once the grouping columns, updated with its first
	each, once []int

	computed bool
	// groups by their key: one int64 or text key in ints or strs (no
	// interface hashing), another single key in one, several in groups;
	// a small non-negative int64 (a typical foreign key) indexes dense,
	// which holds its group+1 (0: none yet), without hashing at all
	dense  []int32
	ints   map[int64]int
	strs   map[string]int
	one    map[any]int
	groups map[[maxHashKeys]any]int
	bufs   [][]sql.AggregationBuffer // per group, in the order first seen
	pos    int
}

func (it *hashAggIter) Next(ctx *sql.Context) (sql.Row, error) {
	if !it.computed {
		it.computed = true
		if err := it.compute(ctx); err != nil {
			return nil, err
		}
	}
	if it.pos >= len(it.bufs) {
		return nil, io.EOF
	}
	b := it.bufs[it.pos]
	it.pos++
	out := make(sql.Row, len(b))
	for i, ab := range b {
		v, err := ab.Eval(ctx)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// rowWalker is a scan that can hand all its rows to a function without
// an iterator call per row (storage's rowIter).
type rowWalker interface {
	Each(fn func(sql.Row) error) error
}

func (it *hashAggIter) compute(ctx *sql.Context) error {
	it.ints, it.strs, it.one, it.groups = map[int64]int{}, map[string]int{}, map[any]int{}, map[[maxHashKeys]any]int{}
	add := func(row sql.Row) error { return it.add(ctx, row) }
	if w, ok := it.child.(rowWalker); ok {
		return w.Each(add)
	}
	for {
		row, err := it.child.Next(ctx)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if err := add(row); err != nil {
			return err
		}
	}
}

// add folds row into its group.
func (it *hashAggIter) add(ctx *sql.Context, row sql.Row) error {
	g, err := it.group(ctx, row)
	if err != nil {
		return err
	}
	b := it.bufs[g]
	for _, i := range it.each {
		if err := b[i].Update(ctx, row); err != nil {
			return err
		}
	}
	return nil
}

// group returns the index of row's group, starting a new one for a new
// key.
func (it *hashAggIter) group(ctx *sql.Context, row sql.Row) (int, error) {
	if it.col >= 0 {
		var v any
		if it.col < len(row) {
			v = row[it.col]
		} else {
			var err error
			if v, err = it.keys[0].Eval(ctx, row); err != nil {
				return 0, err
			}
		}
		switch x := v.(type) {
		case int64:
			if x >= 0 && x < int64(len(it.dense)) {
				if g := it.dense[x]; g > 0 {
					return int(g - 1), nil
				}
			}
			if g, ok := it.ints[x]; ok {
				return g, nil
			}
			g, err := it.newGroup(ctx, row)
			if err != nil {
				return 0, err
			}
			if it.denseFor(x) {
				it.dense[x] = int32(g + 1)
			} else {
				it.ints[x] = g
			}
			return g, nil
		case string:
			g, ok := it.strs[x]
			if !ok {
				var err error
				g, err = it.newGroup(ctx, row)
				it.strs[x] = g
				return g, err
			}
			return g, nil
		}
		g, ok := it.one[v]
		if !ok {
			var err error
			g, err = it.newGroup(ctx, row)
			it.one[v] = g
			return g, err
		}
		return g, nil
	}
	var key [maxHashKeys]any
	for i, k := range it.keys {
		v, err := k.Eval(ctx, row)
		if err != nil {
			return 0, err
		}
		key[i] = v
	}
	g, ok := it.groups[key]
	if !ok {
		var err error
		g, err = it.newGroup(ctx, row)
		it.groups[key] = g
		return g, err
	}
	return g, nil
}

// Dense keys: a key below denseSmall always indexes dense; a larger one
// (below denseMax) when the groups so far are at least 1/denseSparsity
// of the keys below it, so dense stays a small multiple of the groups.
const (
	denseSmall    = 4096
	denseSparsity = 16
	denseMax      = 1 << 20
)

// denseFor reports whether key x (not yet a group) goes in dense,
// growing dense to hold it and moving the int keys it now covers there.
func (it *hashAggIter) denseFor(x int64) bool {
	if x < 0 || x >= denseMax {
		return false
	}
	if x < int64(len(it.dense)) {
		return true
	}
	if x >= denseSmall && x >= denseSparsity*int64(len(it.bufs)) {
		return false
	}
	n := max(2*len(it.dense), int(x)+1, 64)
	n = min(n, denseMax)
	grown := make([]int32, n)
	copy(grown, it.dense)
	it.dense = grown
	for k, g := range it.ints {
		if k >= 0 && k < int64(n) {
			it.dense[k] = int32(g + 1)
			delete(it.ints, k)
		}
	}
	return true
}

// newGroup starts a group's aggregation buffers with its first row's
// grouping columns.
func (it *hashAggIter) newGroup(ctx *sql.Context, row sql.Row) (int, error) {
	b := make([]sql.AggregationBuffer, len(it.selected))
	for i, e := range it.selected {
		var err error
		if b[i], err = newGroupBuffer(e); err != nil {
			return 0, err
		}
	}
	for _, i := range it.once {
		if err := b[i].Update(ctx, row); err != nil {
			return 0, err
		}
	}
	it.bufs = append(it.bufs, b)
	return len(it.bufs) - 1, nil
}

// newGroupBuffer is the buffer for a GROUP BY output: an aggregate's
// own, else the group's first row's value.
func newGroupBuffer(e sql.Expression) (sql.AggregationBuffer, error) {
	if a, ok := e.(sql.Aggregation); ok {
		return a.NewBuffer()
	}
	return &firstRowBuffer{e: e}, nil // exec_project.go
}

func (it *hashAggIter) Close(ctx *sql.Context) error {
	for _, b := range it.bufs {
		for _, ab := range b {
			ab.Dispose()
		}
	}
	it.bufs = nil
	return it.child.Close(ctx)
}
