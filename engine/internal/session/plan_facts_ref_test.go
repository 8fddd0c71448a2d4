package session

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/tinybase/tinybase/engine/internal/gmsadapter"
	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
	"github.com/tinybase/tinybase/engine/internal/storage"
)

// The reference walks TestPlanFacts holds planFacts to: one walk per
// question, written as plainly as possible.

// foldsAtAnalysis reports whether analyzing a bound plan may evaluate
// something whose value can change between executions. GMS's filter
// simplification evaluates every condition sub-expression that reads no
// column (auth.uid(), now(), current_setting(...)); a plan holding such a
// value would carry one execution's claims or clock into the next.
// Constants are the only column-free expressions allowed in conditions,
// at every level of the plan (derived tables and subquery expressions
// included). A subquery is never evaluated while planning (GMS's
// evaluability test excludes them), so it counts as reading a column.
func foldsAtAnalysis(n sql.Node) bool {
	folds := false
	inspectDeep(n, func(n sql.Node) bool {
		if folds {
			return false
		}
		ne, ok := n.(sql.Expressioner)
		if !ok {
			return true
		}
		_, isFilter := n.(*plan.Filter)
		_, isHaving := n.(*plan.Having)
		_, isJoin := n.(*plan.JoinNode)
		cond := isFilter || isHaving || isJoin
		for _, e := range ne.Expressions() {
			if columns, _ := exprFolds(e, cond); columns < 0 {
				folds = true
			}
		}
		return !folds
	}, nil)
	return folds
}

// reusablePlan reports whether an analyzed plan may be executed again,
// and whether it has nodes freshPlan renews (see planFacts.reuse).
func reusablePlan(n sql.Node) (ok, fresh bool) {
	ok = true
	inspectDeep(n, func(n sql.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *plan.Project, *plan.Filter, *plan.Limit, *plan.Offset, *plan.Sort, *plan.TopN,
			*plan.TableAlias, *plan.Distinct, *plan.OrderedDistinct, *plan.GroupBy, *plan.Having,
			*plan.InsertInto, *plan.InsertDestination, *plan.Values, *plan.Update, *plan.UpdateSource, *plan.DeleteFrom,
			*plan.SubqueryAlias, *plan.JoinNode, *plan.StripRowNode, *plan.EmptyTable,
			*lateralJoinNode: // its iterator state lives in RowIter, not on the node
		case *plan.HashLookup, *plan.CachedResults, *plan.Max1Row:
			fresh = true
		case *plan.ForeignKeyHandler:
			// its editors and reference indexes are storage handles, which
			// read and write the transaction of each call's context
			ok = storage.IsTable(n.Table)
		case *plan.ResolvedTable:
			// storage tables, catalog relations (rows computed per scan), and
			// the one-row table of a query without FROM
			ok = storage.IsTable(n.UnderlyingTable()) || pgcatalog.IsRelation(n.UnderlyingTable()) || plan.IsDualTable(n.UnderlyingTable())
		case *plan.IndexedTableAccess:
			// a run-time lookup evaluates its keys per execution (and
			// keeps its key buffers on the node: see keyed)
			ok = storage.IsTable(n.UnderlyingTable()) || pgcatalog.IsRelation(n.UnderlyingTable())
		case *gmsadapter.IndexScan:
			// its keys are evaluated as it starts; it keeps no state
			ok = storage.IsTable(n.UnderlyingTable()) || pgcatalog.IsRelation(n.UnderlyingTable())
		case *gmsadapter.HashSemiJoin:
			// its key set lives in its iterator
		case *gmsadapter.SharedScan:
			// reads its table as it starts
			ok = storage.IsTable(n.UnderlyingTable()) || pgcatalog.IsRelation(n.UnderlyingTable())
		case *gmsadapter.CountStar:
			// counts its table as it starts
			ok = storage.IsTable(n.UnderlyingTable()) || pgcatalog.IsRelation(n.UnderlyingTable())
		default:
			ok = false
		}
		return ok
	}, func(e sql.Expression) bool {
		if sq, isSub := e.(*plan.Subquery); isSub && sq.CanCacheResults() {
			fresh = true
		}
		return true
	})
	return ok, fresh
}

// hasKeyedLookup reports whether a plan has run-time index lookups.
func hasKeyedLookup(n sql.Node) bool {
	keyed := false
	inspectDeep(n, func(n sql.Node) bool {
		if ita, ok := n.(*plan.IndexedTableAccess); ok && !ita.IsStatic() {
			keyed = true
		}
		return !keyed
	}, nil)
	return keyed
}

// countNodeParams counts the parameters in a plan, subqueries included.
func countNodeParams(n sql.Node) int {
	c := 0
	inspectDeep(n, func(sql.Node) bool { return true }, func(e sql.Expression) bool {
		if _, ok := e.(*paramExpr); ok {
			c++
		}
		return true
	})
	return c
}

// countRuntimeCalls counts the run-time calls in the conditions of a plan
// (filters, joins, HAVING, index lookup keys; subqueries and derived tables
// included), where GMS would fold them.
func countRuntimeCalls(n sql.Node) int {
	c := 0
	inspectDeep(n, func(n sql.Node) bool {
		switch n.(type) {
		case *plan.Filter, *plan.Having, *plan.JoinNode, *plan.IndexedTableAccess, *gmsadapter.IndexScan, *gmsadapter.HashSemiJoin:
			for _, e := range n.(sql.Expressioner).Expressions() {
				sql.Inspect(e, func(e sql.Expression) bool {
					if runtimeCall(e) {
						c++
					}
					return true
				})
			}
		}
		return true
	}, nil)
	return c
}
