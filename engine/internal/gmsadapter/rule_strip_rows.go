package gmsadapter

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// GMS's assignExecIndexes wraps both sides of a join in a subquery in
// StripRowNodes, which drop the outer row's columns the join's row starts
// with, on every run and whether or not they are already wrapped. A
// subquery in a set operation's branch is finalized twice (GMS's
// finalizeUnions runs the after-default rules on each branch, the whole
// query's run finalizes its subqueries again), so its joins' sides lost
// the outer row's width twice: a join's condition read the wrong columns
// (no rows, NULLs, or "unable to find field"), and the branch of `x IN
// (SELECT ... JOIN ...) UNION ALL ...` lost its rows.
// singleStripsAfter keeps one strip, the last run's, which matches the
// join's ScopeLen.
func singleStripsAfter(assign analyzer.RuleFunc) analyzer.RuleFunc {
	return func(ctx *sql.Context, a *analyzer.Analyzer, n sql.Node, sc *plan.Scope, sel analyzer.RuleSelector, qf *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
		out, same, err := assign(ctx, a, n, sc, sel, qf)
		if err != nil || !hasDoubleStrip(out) {
			return out, same, err
		}
		fixed, err := singleStrips(out)
		if err != nil {
			return out, same, err
		}
		return fixed, transform.NewTree, nil
	}
}

// hasDoubleStrip reports whether a join in n, or in a subquery of n, has
// a side wrapped in two StripRowNodes.
func hasDoubleStrip(n sql.Node) bool {
	found := false
	var visit func(n sql.Node) bool
	visit = func(n sql.Node) bool {
		if found {
			return false
		}
		if s, ok := n.(*plan.StripRowNode); ok {
			if _, ok := s.Child.(*plan.StripRowNode); ok {
				found = true
				return false
			}
		}
		if ex, ok := n.(sql.Expressioner); ok {
			for _, e := range ex.Expressions() {
				transform.InspectExpr(e, func(e sql.Expression) bool {
					if sq, ok := e.(*plan.Subquery); ok && !found {
						transform.Inspect(sq.Query, visit)
					}
					return found
				})
			}
		}
		return !found
	}
	transform.Inspect(n, visit)
	return found
}

// singleStrips replaces each StripRowNode over a StripRowNode in n and
// its subqueries with the outer one over the inner one's child.
func singleStrips(n sql.Node) (sql.Node, error) {
	var fix transform.NodeFunc
	fix = func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		same := transform.SameTree
		if s, ok := n.(*plan.StripRowNode); ok {
			child := s.Child
			for {
				inner, ok := child.(*plan.StripRowNode)
				if !ok {
					break
				}
				child = inner.Child
			}
			if child != s.Child {
				n, same = plan.NewStripRowNode(child, s.NumCols), transform.NewTree
			}
		}
		if _, ok := n.(sql.Expressioner); !ok {
			return n, same, nil
		}
		out, esame, err := transform.OneNodeExpressions(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
			sq, ok := e.(*plan.Subquery)
			if !ok || !hasDoubleStrip(sq.Query) {
				return e, transform.SameTree, nil
			}
			q, _, err := transform.NodeWithOpaque(sq.Query, fix)
			if err != nil {
				return e, transform.SameTree, err
			}
			return sq.WithQuery(q), transform.NewTree, nil
		})
		if err != nil {
			return n, transform.SameTree, err
		}
		return out, same && esame, nil
	}
	out, _, err := transform.NodeWithOpaque(n, fix)
	return out, err
}
