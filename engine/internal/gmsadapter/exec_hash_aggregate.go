package gmsadapter

import (
	"io"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function/aggregation"
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
	return &hashAggIter{keys: g.GroupByExprs, selected: g.SelectedExprs, child: child}, true, nil
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

	computed bool
	one      map[any]int               // groups by their key, for one key
	groups   map[[maxHashKeys]any]int  // for more
	bufs     [][]sql.AggregationBuffer // per group, in the order first seen
	pos      int
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

func (it *hashAggIter) compute(ctx *sql.Context) error {
	it.one, it.groups = map[any]int{}, map[[maxHashKeys]any]int{}
	for {
		row, err := it.child.Next(ctx)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		var key [maxHashKeys]any
		for i, k := range it.keys {
			if key[i], err = k.Eval(ctx, row); err != nil {
				return err
			}
		}
		var g int
		var ok bool
		if len(it.keys) == 1 { // hashing one interface, not four
			g, ok = it.one[key[0]]
		} else {
			g, ok = it.groups[key]
		}
		if !ok {
			b := make([]sql.AggregationBuffer, len(it.selected))
			for i, e := range it.selected {
				if b[i], err = newGroupBuffer(e); err != nil {
					return err
				}
			}
			g = len(it.bufs)
			if len(it.keys) == 1 {
				it.one[key[0]] = g
			} else {
				it.groups[key] = g
			}
			it.bufs = append(it.bufs, b)
		}
		for _, ab := range it.bufs[g] {
			if err := ab.Update(ctx, row); err != nil {
				return err
			}
		}
	}
}

// newGroupBuffer is GMS's buffer for a GROUP BY output: an aggregate's
// own, else the group's first value.
func newGroupBuffer(e sql.Expression) (sql.AggregationBuffer, error) {
	if a, ok := e.(sql.Aggregation); ok {
		return a.NewBuffer()
	}
	return aggregation.NewFirst(e).NewBuffer()
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
