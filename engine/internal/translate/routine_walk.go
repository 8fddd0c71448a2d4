package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// walkNodeChildren calls f on each pg.Node directly or indirectly below n
// (not below those: f recurses itself).
func walkNodeChildren(n *pg.Node, f func(any)) {
	var visit func(m any, top bool)
	visit = func(m any, top bool) {
		if pn, ok := m.(*pg.Node); ok && !top {
			f(pn)
			return
		}
		pgtree.Children(m, func(c any) bool {
			visit(c, false)
			return true
		})
	}
	visit(n, true)
}
