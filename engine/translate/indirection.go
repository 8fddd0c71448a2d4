package translate

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/expr"
	"github.com/tinybase/tinybase/engine/pgerror"
)

// indirection translates subscripts (a[1], a[1:2], j['k']); field
// selection from composite values is not supported yet.
func (t *Translator) indirection(a *pg.A_Indirection) sqlparser.Expr {
	cur := t.scalar(a.Arg)
	var children []sqlparser.Expr
	var parts []expr.SubscriptPart
	flush := func() {
		if len(parts) == 0 {
			return
		}
		ch := append([]sqlparser.Expr{cur}, children...)
		ps := parts
		cur = t.inject("subscript", -1, ch, func(c []sql.Expression) (sql.Expression, error) {
			return expr.NewSubscript(t.Env, c, ps)
		})
		children, parts = nil, nil
	}
	for _, ind := range a.Indirection {
		idx := ind.GetAIndices()
		if idx == nil {
			flush()
			if ind.GetAStar() != nil {
				failAt(-1, pgerror.FeatureNotSupported, "row expansion (.*) is not supported yet")
			}
			cur = t.fieldSelect(cur, ind.GetString_().Sval)
			continue
		}
		p := expr.SubscriptPart{Slice: idx.IsSlice, Lo: -1, Hi: -1}
		add := func(n *pg.Node) int {
			children = append(children, t.scalar(n))
			return len(children) // child 0 is the value
		}
		if idx.IsSlice {
			if idx.Lidx != nil {
				p.Lo = add(idx.Lidx)
			}
			if idx.Uidx != nil {
				p.Hi = add(idx.Uidx)
			}
		} else {
			p.Lo = add(idx.Uidx)
		}
		parts = append(parts, p)
	}
	flush()
	return cur
}
