package security

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
)

// tableSample secures t TABLESAMPLE ...: SELECT on the table, and when
// row security applies, the sample read through
// (SELECT * FROM t TABLESAMPLE ... WHERE <policies>) AS t.
func (w *secWalker) tableSample(ts *pg.RangeTableSample, n *pg.Node) *pg.Node {
	for _, a := range append(append([]*pg.Node(nil), ts.Args...), ts.Repeatable) {
		w.sublinks(a)
	}
	rv := ts.Relation.GetRangeVar()
	if rv == nil || w.isCTE(rv) {
		return n
	}
	q, kind, ok := w.resolve(rv)
	if !ok {
		return n
	}
	w.require(q, kind, catalog.PrivSelect, nil)
	if kind != "table" {
		return n
	}
	qual, applies := w.usingQual(q, 'r')
	if !applies {
		return n
	}
	wrapped, sub := w.wrap(rv, q, qual)
	sub.FromClause = []*pg.Node{n}
	return wrapped
}
