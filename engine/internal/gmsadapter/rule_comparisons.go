package gmsadapter

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// IndexableComparisons rewrites `column op constant` comparisons, and
// `column = column` equalities, whose two sides have the same PostgreSQL
// type into GMS's comparison expressions, which GMS's index selection and
// join planning recognise (they match concrete expression types). The GMS comparison then calls the column type's Compare, i.e.
// PostgreSQL ordering, so results do not change; only the access path does.
// It is a pre-analyze rule; the session also runs it on UPDATE and DELETE,
// whose simple-DML batches skip that batch.
func IndexableComparisons(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.NodeWithOpaque(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		switch n.(type) {
		case *plan.Filter, *plan.JoinNode:
			// only conditions: elsewhere (projections, aggregate arguments)
			// a GMS comparison's MySQL boolean type would leak into results
		default:
			return n, transform.SameTree, nil
		}
		own := columnsBelow(n)
		return transform.NodeExprs(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
			if lg, ok := e.(*expr.Logic); ok && lg.And {
				// GMS splits only its own AND into conjuncts to push down
				// and to join on; its three-valued AND is PostgreSQL's
				return expression.NewAnd(lg.Left, lg.Right), transform.NewTree, nil
			}
			b, ok := e.(*expr.BinOp)
			if !ok {
				return e, transform.SameTree, nil
			}
			l, r := b.Left, b.Right
			// column = column of one type: GMS plans hash and lookup joins
			// only for its own equality
			if lc, ok := l.(*expression.GetField); ok && b.Op == "=" {
				if rc, ok := r.(*expression.GetField); ok {
					lt, lok := lc.Type().(*types.Type)
					if lok && lt.Equals(rc.Type()) && lt.Base().Kind != types.KindBpchar {
						return expression.NewEquals(lc, rc), transform.NewTree, nil
					}
					return e, transform.SameTree, nil
				}
			}
			gf, isCol := l.(*expression.GetField)
			lit, isLit := r.(*expr.Literal)
			flipped := false
			if !isCol || !isLit {
				gf, isCol = r.(*expression.GetField)
				lit, isLit = l.(*expr.Literal)
				flipped = true
			}
			if !isCol || !isLit || lit.Value == nil {
				return e, transform.SameTree, nil
			}
			if gf.Id() != 0 && !own.Empty() && !own.Contains(gf.Id()) {
				// an enclosing query's column (`where g.id = 1` in a
				// subquery over item): GMS would take it for the
				// same-named column of the table below as an index key
				return e, transform.SameTree, nil
			}
			ct, ok := gf.Type().(*types.Type)
			if !ok || !ct.Equals(lit.Type()) || ct.Base().Kind == types.KindBpchar {
				return e, transform.SameTree, nil
			}
			op := b.Op
			if flipped {
				op = map[string]string{"=": "=", "<": ">", "<=": ">=", ">": "<", ">=": "<="}[op]
			}
			var out sql.Expression
			switch op {
			case "=":
				out = expression.NewEquals(gf, lit)
			case "<":
				out = expression.NewLessThan(gf, lit)
			case "<=":
				out = expression.NewLessThanOrEqual(gf, lit)
			case ">":
				out = expression.NewGreaterThan(gf, lit)
			case ">=":
				out = expression.NewGreaterThanOrEqual(gf, lit)
			default:
				return e, transform.SameTree, nil
			}
			return out, transform.NewTree, nil
		})
	})
}

// columnsBelow is the columns of the tables a filter or join reads (not
// those of its subqueries); empty when none says which they are.
func columnsBelow(n sql.Node) sql.ColSet {
	var own sql.ColSet
	transform.Inspect(n, func(c sql.Node) bool {
		switch x := c.(type) {
		case *plan.SubqueryAlias:
			own.UnionWith(x.Columns())
			return false
		case plan.TableIdNode:
			own.UnionWith(x.Columns())
		}
		return true
	})
	return own
}
