package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// rewriteNodes walks a parse tree depth first and calls f on every node;
// when f returns true the node was replaced and is not descended into.
func rewriteNodes(m any, f func(n *pg.Node) bool) {
	pgtree.Children(m, func(c any) bool {
		visitNode(c, f)
		return true
	})
}

func visitNode(m any, f func(n *pg.Node) bool) {
	if n, ok := m.(*pg.Node); ok && f(n) {
		return
	}
	rewriteNodes(m, f)
}

// callOutsideSubselects reports whether m holds, outside sub-selects, a
// function call that match accepts.
func callOutsideSubselects(m any, match func(*pg.FuncCall) bool) bool {
	switch x := m.(type) {
	case *pg.SubLink:
		return false
	case *pg.FuncCall:
		if match(x) {
			return true
		}
	}
	return !pgtree.Children(m, func(c any) bool { return !callOutsideSubselects(c, match) })
}
