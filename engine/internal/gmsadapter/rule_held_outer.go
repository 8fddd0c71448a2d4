package gmsadapter

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"

	"github.com/tinybase/tinybase/engine/internal/expr"
)

// A LIMIT or OFFSET may read an enclosing query's columns (`LEFT JOIN
// LATERAL (... OFFSET p.pg * n - 1 LIMIT 1)`, `(SELECT ... LIMIT g.n)`):
// PostgreSQL evaluates it once per execution of its query level, with the
// outer row at hand. Its value travels hidden from GMS (expr.HoldLimit),
// and with it the places of those columns in the row the node is built
// with, which only GMS's assignExecIndexes knows. So just before that
// rule runs, each held value reading columns comes into its sight
// (expr.ExposeHeldLimit), everywhere in the plan, subqueries included;
// the exec builder reads it as before (exec_limit.go). A column of the
// query's own FROM items is PostgreSQL's 42P10, refused here where the
// plan tells the query's columns from its enclosing queries'.

// exposeHeldLimitsFirst runs exposeHeldLimits before assign (GMS's
// assignExecIndexes, or the simple reads' short path in front of it).
func exposeHeldLimitsFirst(assign analyzer.RuleFunc) analyzer.RuleFunc {
	return func(ctx *sql.Context, a *analyzer.Analyzer, n sql.Node, sc *plan.Scope, sel analyzer.RuleSelector, qf *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
		out, same, err := exposeHeldLimits(n)
		if err != nil {
			return n, transform.SameTree, err
		}
		res, same2, err := assign(ctx, a, out, sc, sel, qf)
		return res, same && same2, err
	}
}

// exposeHeldLimits exposes the held LIMIT and OFFSET values of n that
// read columns, after checking that none reads the query's own.
func exposeHeldLimits(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	if !hasExposableLimit(n) {
		return n, transform.SameTree, nil
	}
	return transform.NodeWithOpaque(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		out, same, err := exposeSlots(n)
		if err != nil {
			return n, transform.SameTree, err
		}
		// the subqueries in the node's expressions
		out, same2, err := transform.OneNodeExpressions(out, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
			return transform.Expr(e, func(x sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
				sq, ok := x.(*plan.Subquery)
				if !ok || !hasExposableLimit(sq.Query) {
					return x, transform.SameTree, nil
				}
				q, _, err := exposeHeldLimits(sq.Query)
				if err != nil {
					return x, transform.SameTree, err
				}
				return sq.WithQuery(q), transform.NewTree, nil
			})
		})
		return out, same && same2, err
	})
}

// exposeSlots exposes the held values in n's LIMIT and OFFSET slots.
func exposeSlots(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	var child sql.Node
	var slots []*sql.Expression
	var cp sql.Node
	switch x := n.(type) {
	case *plan.Limit:
		c := *x
		cp, child, slots = &c, x.Child, []*sql.Expression{&c.Limit}
	case *plan.Offset:
		c := *x
		cp, child, slots = &c, x.Child, []*sql.Expression{&c.Offset}
	case *plan.TopN:
		c := *x
		cp, child, slots = &c, x.Child, []*sql.Expression{&c.Limit}
	case *plan.SetOp:
		// a set operation's LIMIT sees no FROM item of its own
		c := *x
		cp, slots = &c, []*sql.Expression{&c.Limit, &c.Offset}
	default:
		return n, transform.SameTree, nil
	}
	var own sql.ColSet
	if child != nil {
		own = definedColumns(child)
	}
	changed := false
	for _, slot := range slots {
		if *slot == nil {
			continue
		}
		e, same, err := transform.Expr(*slot, func(x sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
			h, ok := expr.ExposeHeldLimit(x)
			if !ok {
				return x, transform.SameTree, nil
			}
			if err := h.(*expr.HeldOuter).CheckColumns(func(gf *expression.GetField) bool { return own.Contains(gf.Id()) }); err != nil {
				return x, transform.SameTree, err
			}
			return h, transform.NewTree, nil
		})
		if err != nil {
			return n, transform.SameTree, err
		}
		if !same {
			*slot, changed = e, true
		}
	}
	if !changed {
		return n, transform.SameTree, nil
	}
	return cp, transform.NewTree, nil
}

// definedColumns are the column ids n's FROM items and projections
// define: the columns of n's query level (and of the levels below it,
// whose ids no expression of this level can name).
func definedColumns(n sql.Node) sql.ColSet {
	var cols sql.ColSet
	transform.Inspect(n, func(n sql.Node) bool {
		if t, ok := n.(plan.TableIdNode); ok {
			cols.UnionWith(t.Columns())
		}
		if p, ok := n.(sql.Projector); ok {
			for _, e := range p.ProjectedExprs() {
				if ide, ok := e.(sql.IdExpression); ok && ide.Id() != 0 {
					cols.Add(ide.Id())
				}
			}
		}
		return true
	})
	return cols
}

// hasExposableLimit reports whether n, or a subquery in it, has a held
// LIMIT or OFFSET reading columns: most plans have none, and are left
// without a copy.
func hasExposableLimit(n sql.Node) bool {
	found := false
	var inspect func(sql.Node)
	inspect = func(n sql.Node) {
		transform.Inspect(n, func(n sql.Node) bool {
			if found {
				return false
			}
			var slots []sql.Expression
			switch x := n.(type) {
			case *plan.Limit:
				slots = []sql.Expression{x.Limit}
			case *plan.Offset:
				slots = []sql.Expression{x.Offset}
			case *plan.TopN:
				slots = []sql.Expression{x.Limit}
			case *plan.SetOp:
				slots = []sql.Expression{x.Limit, x.Offset}
			}
			for _, s := range slots {
				if s != nil && transform.InspectExpr(s, func(e sql.Expression) bool {
					_, ok := expr.ExposeHeldLimit(e)
					return ok
				}) {
					found = true
					return false
				}
			}
			if ne, ok := n.(sql.Expressioner); ok {
				for _, e := range ne.Expressions() {
					transform.InspectExpr(e, func(e sql.Expression) bool {
						if sq, ok := e.(*plan.Subquery); ok && !found {
							inspect(sq.Query)
						}
						return found
					})
				}
			}
			return !found
		})
	}
	inspect(n)
	return found
}
