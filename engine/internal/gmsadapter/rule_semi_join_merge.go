package gmsadapter

import (
	"io"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"

	"github.com/tinybase/tinybase/engine/internal/types"
)

// Merge semi and anti joins. `… where exists (select 1 from c where
// c.k = t.id) order by t.id limit n` reads t in key order and stops after
// n rows; probing c's index per outer row starts a lookup for each row
// read. When c has an index led by its key column, both sides can be read
// in that order side by side instead, as PostgreSQL's Merge Semi Join
// does: one scan of t's index and one of c's, the inner one advanced to
// each outer key in turn, starting at the first.

// mergeSemiJoin turns j, whose outer rows come from an ordered ascending
// scan of an index led by the outer key's integer column, into a merge
// with an index scan of the inner table led by the inner key's column,
// when the subquery has no other condition; it reports whether it did.
func (p *pathPlanner) mergeSemiJoin(j *HashSemiJoin) bool {
	if len(j.OuterKeys) != 1 || len(j.InnerKeys) != 1 || j.Lookup == nil || len(j.Keep) > 0 {
		return false
	}
	outer, ok := sideLeaf(j.Child).(*IndexScan)
	if !ok || !outer.Ordered || outer.Reverse || len(outer.Eq) > 0 || outer.Points != nil || outer.Skip != nil {
		return false
	}
	if !filtersOnly(j.Child) {
		return false
	}
	ocols, ok := indexColumns(outer.Index, outer.Table.Schema())
	if !ok {
		return false
	}
	gf, ok := j.OuterKeys[0].(*expression.GetField)
	if !ok || gf.Index() != ocols[0] || outer.Table.Schema()[ocols[0]].Name != gf.Name() {
		return false
	}
	inner := j.Lookup
	if len(inner.Eq) != 1 || inner.Lo != nil || inner.Hi != nil || inner.Points != nil {
		return false
	}
	icols, ok := indexColumns(inner.Index, inner.Table.Schema())
	if !ok {
		return false
	}
	ot, ok1 := gf.Type().(*types.Type)
	it, ok2 := inner.Table.Schema()[icols[0]].Type.(*types.Type)
	if !ok1 || !ok2 || !ot.Equals(it) || !integerKind(ot) {
		return false
	}
	// the inner scan starts at the first outer row's key
	m := *inner
	m.Eq, m.Lo, m.LoIncl, m.Ordered, m.Shared = nil, j.OuterKeys[0], true, true, true
	j.Merge, j.mergeCol = &m, icols[0]
	return true
}

// filtersOnly reports whether a join side passes its leaf's rows on in
// their order, each whole (aliases and filters).
func filtersOnly(n sql.Node) bool {
	for {
		switch x := n.(type) {
		case *IndexScan:
			return true
		default:
			kids := n.Children()
			if len(kids) != 1 {
				return false
			}
			switch x.(type) {
			case *plan.TableAlias, *plan.Filter:
			default:
				return false
			}
			n = kids[0]
		}
	}
}

func integerKind(t *types.Type) bool {
	switch t.Base().Kind {
	case types.KindInt2, types.KindInt4, types.KindInt8, types.KindOid:
		return true
	}
	return false
}

// mergeIter walks the outer rows and the inner index together: an outer
// row is kept when the inner scan, advanced past the smaller keys, stands
// on its key (Anti: does not).
type mergeIter struct {
	j      *HashSemiJoin
	child  sql.RowIter
	inner  sql.RowIter
	cur    any // the inner key the scan stands on
	ended  bool
	typ    sql.Type
	opened bool
}

func (m *mergeIter) Next(ctx *sql.Context) (sql.Row, error) {
	for {
		row, err := m.child.Next(ctx)
		if err != nil {
			return nil, err
		}
		k, err := m.j.OuterKeys[0].Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		if k == nil {
			if m.j.Anti {
				return row, nil // a NULL key matches nothing
			}
			continue
		}
		if !m.opened {
			m.opened = true
			if m.inner, err = m.j.Merge.RowIter(ctx, row); err != nil {
				return nil, err
			}
			if err := m.advance(ctx); err != nil {
				return nil, err
			}
		}
		found := false
		for !m.ended {
			c, err := m.typ.Compare(ctx, m.cur, k)
			if err != nil {
				return nil, err
			}
			if c >= 0 {
				found = c == 0
				break
			}
			if err := m.advance(ctx); err != nil {
				return nil, err
			}
		}
		if found != m.j.Anti {
			return row, nil
		}
	}
}

// advance moves the inner scan to its next row; a NULL key, last in the
// index, ends it.
func (m *mergeIter) advance(ctx *sql.Context) error {
	r, err := m.inner.Next(ctx)
	if err == io.EOF {
		m.ended = true
		return nil
	}
	if err != nil {
		return err
	}
	m.cur = r[m.j.mergeCol]
	m.ended = m.cur == nil
	return nil
}

func (m *mergeIter) Close(ctx *sql.Context) error {
	err := m.child.Close(ctx)
	if m.inner != nil {
		if err2 := m.inner.Close(ctx); err == nil {
			err = err2
		}
	}
	return err
}
