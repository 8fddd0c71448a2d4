package gmsadapter

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/tinybase/tinybase/engine/internal/storage"
)

// Execution indexes for a simple read (simple_read.go), without GMS's
// general assignExecIndexes.
//
// GMS's rule builds a scope per node (copying its column names), asks
// every node for its schema — a projection's recomputes every column's
// name, printing each expression — and prints every column reference to
// match it by name. On a simple read — a chain of one-child nodes over
// one table, analyzed outside any other scope — each node's column
// references resolve to the position of their column id among the ids
// its child returns, which is the first answer GMS's lookup gives too
// (idxScope.getIdxId). When an id is missing or zero GMS falls back to
// names; simpleExecIndexes then gives up (ok false) and the caller runs
// GMS's rule, so the two never disagree. TestSimpleReadAnalysis (session) holds the
// plans to GMS's.

// simpleExecIndexesFirst runs simpleExecIndexes on a simple read, and
// assign (GMS's rule) on any other plan or when it gives up.
func simpleExecIndexesFirst(assign analyzer.RuleFunc) analyzer.RuleFunc {
	return func(ctx *sql.Context, a *analyzer.Analyzer, n sql.Node, sc *plan.Scope, sel analyzer.RuleSelector, qf *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
		if SimpleRead(n, sc, qf) {
			if out, ok := simpleExecIndexes(n); ok {
				return out, transform.NewTree, nil
			}
		}
		return assign(ctx, a, n, sc, sel, qf)
	}
}

// simpleExecIndexes assigns execution indexes to the nodes of a simple
// read's chain, bottom-up. ok is false when the plan needs GMS's rule.
func simpleExecIndexes(n sql.Node) (out sql.Node, ok bool) {
	switch x := n.(type) {
	case *plan.ResolvedTable, *plan.IndexedTableAccess:
		// no child scope: the lookup's key expressions keep their
		// indexes (GMS resolves them against an empty scope)
		return n, true
	case *plan.TableAlias:
		switch x.Child.(type) {
		case *plan.ResolvedTable, *plan.IndexedTableAccess:
			return n, true
		}
		return nil, false
	}
	children := n.Children()
	if len(children) != 1 {
		return nil, false
	}
	child, ok := simpleExecIndexes(children[0])
	if !ok {
		return nil, false
	}
	ids, ok := simpleColumnIDs(child)
	if !ok {
		return nil, false
	}
	if child != children[0] {
		var err error
		if n, err = n.WithChildren(child); err != nil {
			return nil, false
		}
	}
	ne, isExprs := n.(sql.Expressioner)
	if !isExprs {
		return n, true
	}
	exprs := ne.Expressions()
	var fixed []sql.Expression
	for i, e := range exprs {
		fe, same, good := fixExprToIDs(e, ids)
		if !good {
			return nil, false
		}
		if same == transform.NewTree && fixed == nil {
			fixed = make([]sql.Expression, len(exprs))
			copy(fixed, exprs[:i])
		}
		if fixed != nil {
			fixed[i] = fe
		}
	}
	if fixed == nil {
		return n, true
	}
	n, err := ne.WithExpressions(fixed...)
	if err != nil {
		return nil, false
	}
	return n, true
}

// fixExprToIDs sets the execution index of every column reference in e
// to its id's position in ids; good is false when one has no id there,
// or when e holds a subquery (which GMS indexes in a scope of its own).
func fixExprToIDs(e sql.Expression, ids []sql.ColumnId) (sql.Expression, transform.TreeIdentity, bool) {
	good := true
	out, same, _ := transform.Expr(e, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		switch x := e.(type) {
		case *expression.GetField:
			id := x.Id()
			if id != 0 {
				for i, c := range ids {
					if c == id {
						if x.Index() == i {
							return e, transform.SameTree, nil
						}
						return x.WithIndex(i), transform.NewTree, nil
					}
				}
			}
			good = false
		case *plan.Subquery:
			good = false
		}
		return e, transform.SameTree, nil
	})
	return out, same, good
}

// simpleColumnIDs is GMS's columnIdsForNode for the nodes of a simple
// read's chain: the column ids of what n returns, in order.
func simpleColumnIDs(n sql.Node) ([]sql.ColumnId, bool) {
	for {
		switch x := n.(type) {
		case *plan.Project:
			ids := make([]sql.ColumnId, len(x.Projections))
			for i, e := range x.Projections {
				if ide, ok := e.(sql.IdExpression); ok {
					ids[i] = ide.Id()
				}
			}
			return ids, true
		case *plan.TableAlias:
			n = x.Child
		case *plan.ResolvedTable:
			return tableColumnIDs(x, x.UnderlyingTable())
		case *plan.IndexedTableAccess:
			return tableColumnIDs(x, x.UnderlyingTable())
		case *plan.Filter, *plan.Sort, *plan.Limit, *plan.Offset, *plan.TopN, *plan.Distinct, *plan.OrderedDistinct:
			n = x.Children()[0]
		default:
			return nil, false
		}
	}
}

// tableColumnIDs is columnIdsForNode for a table node whose schema is its
// table's whole schema (a projected table, or the dual table, is left to
// GMS).
func tableColumnIDs(n plan.TableIdNode, t sql.Table) ([]sql.ColumnId, bool) {
	if !storage.IsTable(t) {
		return nil, false
	}
	if pkt, ok := t.(sql.PrimaryKeyTable); ok && len(pkt.PrimaryKeySchema().Schema) != len(n.Schema()) {
		return nil, false
	}
	cols := n.Columns()
	ids := make([]sql.ColumnId, 0, cols.Len())
	cols.ForEach(func(c sql.ColumnId) { ids = append(ids, c) })
	return ids, true
}

// eraseProjectionIfSameWidth runs GMS's eraseProjection on a simple read
// only when one of its projections is as wide as its child: the rule
// erases a projection whose schema equals its child's, and GMS computes
// a projection's schema by printing every expression, for nothing when
// the widths differ (a select list with more or fewer columns than the
// table, as most have).
func eraseProjectionIfSameWidth(erase analyzer.RuleFunc) analyzer.RuleFunc {
	return func(ctx *sql.Context, a *analyzer.Analyzer, n sql.Node, sc *plan.Scope, sel analyzer.RuleSelector, qf *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
		if SimpleRead(n, sc, qf) && !sameWidthProjection(n) {
			return n, transform.SameTree, nil
		}
		return erase(ctx, a, n, sc, sel, qf)
	}
}

// sameWidthProjection reports whether a simple read's chain has a
// projection with as many columns as its child.
func sameWidthProjection(n sql.Node) bool {
	for {
		switch x := n.(type) {
		case *plan.Project:
			if len(x.Projections) == len(x.Child.Schema()) {
				return true
			}
		case *plan.ResolvedTable, *plan.IndexedTableAccess:
			return false
		}
		children := n.Children()
		if len(children) != 1 {
			return true
		}
		n = children[0]
	}
}
