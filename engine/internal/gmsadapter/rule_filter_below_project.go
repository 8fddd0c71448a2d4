package gmsadapter

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"

	"github.com/tinybase/tinybase/engine/internal/expr"
)

// filtersBelowProjections follows GMS's pushdownSubqueryAliasFilters,
// which puts a query's conditions on a FROM subquery (or CTE) above the
// subquery's projection, so every projected expression ran for every row
// before the condition dropped it: WITH c AS (SELECT id, 1 / a AS v, b
// FROM t) SELECT v FROM c WHERE b = 'x' raised division by zero for a
// row the condition drops. PostgreSQL pulls such a subquery up, or
// pushes the condition into it, so its columns are computed only for the
// rows that pass. A condition over such a projection moves below it,
// with the projected expressions it reads substituted in, where they
// are safe to compute twice (no volatile call, no sub-select); a
// condition whose sub-select reads a computed column stays.
func filtersBelowProjections(pushdown analyzer.RuleFunc) analyzer.RuleFunc {
	return func(ctx *sql.Context, a *analyzer.Analyzer, n sql.Node, scope *plan.Scope, sel analyzer.RuleSelector, qf *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
		n, same, err := pushdown(ctx, a, n, scope, sel, qf)
		if err != nil || !n.Resolved() {
			return n, same, err
		}
		out, same2, err := transform.NodeWithOpaque(n, filterBelowProjection)
		if err != nil {
			return n, same, nil // left as GMS planned it
		}
		return out, same && same2, nil
	}
}

// filterBelowProjection rewrites Filter(Project(x)) as
// Project(Filter(x)) for the conjuncts that can move.
func filterBelowProjection(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	f, ok := n.(*plan.Filter)
	if !ok {
		return n, transform.SameTree, nil
	}
	p, ok := f.Child.(*plan.Project)
	if !ok {
		return n, transform.SameTree, nil
	}
	switch p.Child.(type) {
	case *plan.GroupBy, *plan.Having, *plan.Window:
		// a projection of groups or windows: GMS checks what a filter
		// over those may read, and computing them is the point
		return n, transform.SameTree, nil
	}
	computed := map[sql.ColumnId]sql.Expression{}
	var computedIds sql.ColSet
	for _, e := range p.Projections {
		al, ok := e.(*expression.Alias)
		if !ok {
			if _, isField := e.(*expression.GetField); !isField {
				return n, transform.SameTree, nil
			}
			continue
		}
		if al.Id() == 0 {
			return n, transform.SameTree, nil // an output GMS gave no id: untrackable
		}
		computedIds.Add(al.Id())
		if twiceSafe(al.Child) {
			computed[al.Id()] = al.Child
		}
	}
	var moved, kept []sql.Expression
	for _, c := range expression.SplitConjunction(f.Expression) {
		if m, ok := belowProjection(c, computed, computedIds); ok {
			moved = append(moved, m)
		} else {
			kept = append(kept, c)
		}
	}
	if len(moved) == 0 {
		return n, transform.SameTree, nil
	}
	input := p.Child
	if inner, ok := input.(*plan.Filter); ok {
		// one filter: the subquery's own conditions, then these
		moved = append(expression.SplitConjunction(inner.Expression), moved...)
		input = inner.Child
	}
	below, err := p.WithChildren(plan.NewFilter(expression.JoinAnd(moved...), input))
	if err != nil {
		return nil, transform.SameTree, err
	}
	if len(kept) == 0 {
		return below, transform.NewTree, nil
	}
	return plan.NewFilter(expression.JoinAnd(kept...), below), transform.NewTree, nil
}

// belowProjection rewrites a condition over a projection's output in
// terms of its input, or reports that it cannot.
func belowProjection(c sql.Expression, computed map[sql.ColumnId]sql.Expression, computedIds sql.ColSet) (sql.Expression, bool) {
	ok := true
	out, _, err := transform.Expr(c, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		switch x := e.(type) {
		case *expression.GetField:
			if x.Id() == 0 {
				ok = false
				return e, transform.SameTree, nil
			}
			if !computedIds.Contains(x.Id()) {
				return e, transform.SameTree, nil // passed through, or an outer query's
			}
			if sub, found := computed[x.Id()]; found {
				return sub, transform.NewTree, nil
			}
			ok = false
		case *plan.Subquery:
			if x.Correlated().Intersection(computedIds).Len() > 0 {
				ok = false
			}
		}
		return e, transform.SameTree, nil
	})
	return out, ok && err == nil
}

// twiceSafe reports whether an expression may be evaluated once more
// (in a condition) without changing what the query sees: no volatile
// call, no sub-select, nothing GMS computes for a group or a window.
func twiceSafe(e sql.Expression) bool {
	safe := true
	sql.Inspect(e, func(x sql.Expression) bool {
		switch y := x.(type) {
		case *plan.Subquery, sql.Aggregation, sql.WindowAdaptableExpression:
			safe = false
		case *expr.FuncCall:
			if y.IsVolatile() {
				safe = false
			}
		}
		return safe
	})
	return safe
}
