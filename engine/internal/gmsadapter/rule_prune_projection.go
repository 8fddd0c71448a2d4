package gmsadapter

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// The inner projection of an ordered select.
//
// GMS builds SELECT ... ORDER BY as a projection of the select list over
// a sort over an inner projection, which computes the list's aliased
// expressions for the sort and also passes every column of the FROM
// clause through, in case the sort or the select list reads one
// (planbuilder's buildInnerProj). Translation aliases every select item,
// so every ordered select has one, and GMS's column pruning (pruneTables)
// sees it read every column of every table: psql's \dt copied and joined
// all of pg_class's columns per row. trimInnerProjections drops the
// passed-through columns nothing above reads before pruning runs (trimInnerProjection).

// installProjectionPruning runs trimInnerProjection before GMS's
// pruneTables, on plans reading a catalog relation (the tables it prunes),
// and lets either run only on plans with a join, where each joined row
// appends its inputs' columns. A single catalog's scan keeps its columns:
// pruned, a subquery keyed by a routine variable (EXISTS (... WHERE
// conrelid = reg) in a loop) read every row of the catalog per execution
// instead of its memoized lookup, three times the allocations.
func installProjectionPruning(a *analyzer.Analyzer) {
	wrapRule(a, "pruneTables", func(prune analyzer.RuleFunc) analyzer.RuleFunc {
		return func(ctx *sql.Context, an *analyzer.Analyzer, n sql.Node, sc *plan.Scope, sel analyzer.RuleSelector, qf *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
			if qf == nil || !qf.JoinIsSet() {
				return n, transform.SameTree, nil
			}
			if !readsProjectedTable(n) {
				return prune(ctx, an, n, sc, sel, qf)
			}
			trimmed, same, err := transform.Node(n, trimInnerProjection)
			if err != nil {
				return prune(ctx, an, n, sc, sel, qf)
			}
			out, same2, err := prune(ctx, an, trimmed, sc, sel, qf)
			return out, same && same2, err
		}
	})
}

// readsProjectedTable reports whether a plan scans a table GMS prunes
// (the catalog relations): the only plans trimming serves.
func readsProjectedTable(n sql.Node) bool {
	found := false
	transform.Inspect(n, func(n sql.Node) bool {
		if rt, ok := n.(*plan.ResolvedTable); ok {
			if _, ok := rt.UnderlyingTable().(sql.ProjectedTable); ok {
				found = true
			}
		}
		return !found
	})
	return found
}

// trimInnerProjection rewrites Project(outer) over Sort and Filter (HAVING)
// nodes over Project(inner): inner keeps its computed expressions and the
// columns it passes through that outer or the nodes between read. Any
// subquery among their expressions, which may read a column GMS does not
// show as one, leaves the plan as it is, as does an inner projection left
// with nothing.
func trimInnerProjection(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	outer, ok := n.(*plan.Project)
	if !ok {
		return n, transform.SameTree, nil
	}
	var read sql.ColSet
	readsOf := func(es []sql.Expression) bool {
		for _, e := range es {
			sub := transform.InspectExpr(e, func(e sql.Expression) bool {
				switch e := e.(type) {
				case *plan.Subquery:
					return true
				case *expression.GetField:
					read.Add(e.Id())
				}
				return false
			})
			if sub {
				return false
			}
		}
		return true
	}
	if !readsOf(outer.Projections) {
		return n, transform.SameTree, nil
	}
	// the chain from outer down to the inner projection
	var chain []sql.Node
	c := outer.Child
	for {
		switch x := c.(type) {
		case *plan.Sort:
			if !readsOf(x.Expressions()) {
				return n, transform.SameTree, nil
			}
			chain = append(chain, x)
			c = x.Child
			continue
		case *plan.Having:
			if !readsOf(x.Expressions()) {
				return n, transform.SameTree, nil
			}
			chain = append(chain, x)
			c = x.Child
			continue
		case *plan.Filter:
			if !readsOf(x.Expressions()) {
				return n, transform.SameTree, nil
			}
			chain = append(chain, x)
			c = x.Child
			continue
		}
		break
	}
	inner, ok := c.(*plan.Project)
	if !ok || len(chain) == 0 {
		return n, transform.SameTree, nil
	}
	kept := make([]sql.Expression, 0, len(inner.Projections))
	for _, e := range inner.Projections {
		if gf, ok := e.(*expression.GetField); ok && !read.Contains(gf.Id()) {
			continue
		}
		kept = append(kept, e)
	}
	if len(kept) == len(inner.Projections) || len(kept) == 0 {
		return n, transform.SameTree, nil
	}
	trimmed := *inner
	trimmed.Projections = kept
	var out sql.Node = &trimmed
	for i := len(chain) - 1; i >= 0; i-- {
		next, err := chain[i].WithChildren(out)
		if err != nil {
			return n, transform.SameTree, err
		}
		out = next
	}
	next, err := outer.WithChildren(out)
	if err != nil {
		return n, transform.SameTree, err
	}
	return next, transform.NewTree, nil
}
