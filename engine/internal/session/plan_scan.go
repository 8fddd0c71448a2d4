package session

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"

	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/gmsadapter"
	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
	"github.com/tinybase/tinybase/engine/internal/routines"
	"github.com/tinybase/tinybase/engine/internal/storage"
)

// planFacts is what the plan cache learns of a plan, gathered in one walk
// instead of one walk per question (every statement that reaches
// analyzeQuery pays for them, cached or not). Both walks count parameters
// and run-time calls in conditions; a bound plan's walk also answers
// whether analysis may fold a changing value, an analyzed plan's whether
// the plan may run again and whether it holds run-time lookups. The walk
// visits every node, an INSERT's source, the plans of subquery
// expressions and every expression, without closures and without the
// slices GMS's Children and Expressions build for the common nodes.
// TestPlanFacts holds it to one reference walk per question
// (plan_facts_ref_test.go).
type planFacts struct {
	analyzed bool // which questions: false for a bound plan

	params int // parameters (paramExpr), subqueries included
	// which parameters (bit i: $i+1, the first 64) the plan reads
	paramSet uint64
	calls    int  // run-time calls in conditions and lookup keys (plan_volatile.go)
	folds    bool // bound: analysis may fold a changing value (exprFolds)
	gating   bool // bound: one it must fold (gatingRoutineParam)
	// analyzed: whether the plan may not run again, whether it has nodes
	// freshPlan renews (meaningful only when !unusable), and whether it
	// has run-time index lookups
	unusable bool
	fresh    bool
	keyed    bool
}

// boundFacts walks a bound plan.
func boundFacts(n sql.Node) planFacts {
	var f planFacts
	f.node(n)
	return f
}

// analyzedFacts walks an analyzed plan.
func analyzedFacts(n sql.Node) planFacts {
	f := planFacts{analyzed: true}
	f.node(n)
	return f
}

func (f *planFacts) node(n sql.Node) {
	if n == nil {
		return
	}
	if f.analyzed {
		f.reuse(n)
	}
	switch x := n.(type) {
	case *plan.Project:
		for _, e := range x.Projections {
			f.top(e, false, false)
		}
		f.node(x.Child)
		return
	case *plan.Filter:
		f.top(x.Expression, true, true)
		f.node(x.Child)
		return
	case *plan.ResolvedTable:
		return // no expressions, no children
	}
	if ne, ok := n.(sql.Expressioner); ok {
		_, isHaving := n.(*plan.Having)
		_, isJoin := n.(*plan.JoinNode)
		if _, ok := n.(*gmsadapter.HashSemiJoin); ok {
			isJoin = true // its keys are a condition's
		}
		_, isLookup := n.(*plan.IndexedTableAccess)
		if _, ok := n.(*gmsadapter.IndexScan); ok {
			isLookup = true
		}
		cond := isHaving || isJoin
		for _, e := range ne.Expressions() {
			f.top(e, cond, cond || isLookup)
		}
	}
	if ii, ok := n.(*plan.InsertInto); ok && ii.Source != nil {
		f.node(ii.Source)
	}
	for _, c := range n.Children() {
		f.node(c)
	}
}

// reuse tests one node of an analyzed plan: may it be executed again? Its
// kind must be known to keep no state between executions, or state that
// freshPlan renews, and every table must be a storage table or a system
// catalog relation (pgcatalog.IsRelation: it computes its rows from the
// executing statement's catalog State when scanned, and the plan is
// remade when the catalog, role or search path change).
//
// The state GMS keeps on plan nodes, and what becomes of it here:
//   - an uncorrelated Subquery caches its rows on the node, and after the
//     statement GMS disposes its hash cache: renewed per execution;
//   - HashLookup builds its hash table on the node and CachedResults
//     registers its rows under its id and is marked disposed when the
//     statement ends: both renewed per execution;
//   - Max1Row keeps its one row on the node: renewed per execution;
//   - a run-time index lookup keeps its key buffers on the node: the
//     plan is checked out to one execution at a time (keyed);
//   - tinybase's lateralJoinNode keeps its iterator state in RowIter.
//
// A foreign-key handler holds the editors of the tables it checks and
// cascades to, taken while planning; storage editors keep nothing but the
// table handle, and read and write the transaction of each call's context.
func (f *planFacts) reuse(n sql.Node) {
	if ita, ok := n.(*plan.IndexedTableAccess); ok && !ita.IsStatic() {
		f.keyed = true
	}
	if f.unusable {
		return
	}
	if heldLimitSubquery(n) {
		f.unusable = true
		return
	}
	switch n := n.(type) {
	case *plan.Project, *plan.Filter, *plan.Limit, *plan.Offset, *plan.Sort, *plan.TopN,
		*plan.TableAlias, *plan.Distinct, *plan.OrderedDistinct, *plan.GroupBy, *plan.Having,
		*plan.InsertInto, *plan.InsertDestination, *plan.Values, *plan.Update, *plan.UpdateSource, *plan.DeleteFrom,
		*plan.SubqueryAlias, *plan.JoinNode, *plan.StripRowNode, *plan.EmptyTable,
		*lateralJoinNode:
	case *plan.HashLookup, *plan.CachedResults, *plan.Max1Row:
		f.fresh = true
	case *plan.ForeignKeyHandler:
		f.unusable = !storage.IsTable(n.Table)
	case *plan.ResolvedTable:
		f.unusable = !reusableTable(n.UnderlyingTable()) && !plan.IsDualTable(n.UnderlyingTable())
	case *plan.IndexedTableAccess:
		f.unusable = !reusableTable(n.UnderlyingTable())
	case *gmsadapter.IndexScan: // keys evaluated per execution, no state
		f.unusable = !reusableTable(n.UnderlyingTable())
	case *gmsadapter.HashSemiJoin: // its key set lives in its iterator
	case *gmsadapter.SharedScan: // reads the table per execution, no state
		f.unusable = !reusableTable(n.UnderlyingTable())
	case *gmsadapter.CountStar: // counts the table per execution, no state
		f.unusable = !reusableTable(n.UnderlyingTable())
	default:
		f.unusable = true
	}
}

// reusableTable reports whether a plan may keep t between executions:
// it reads the executing statement's transaction or catalog State.
func reusableTable(t sql.Table) bool {
	return storage.IsTable(t) || pgcatalog.IsRelation(t)
}

// top takes one of a node's own expressions; cond says the node is a
// condition (Filter, Having, join), whose column-free parts GMS folds;
// calls says its run-time calls are counted (conditions and lookup keys).
func (f *planFacts) top(e sql.Expression, cond, calls bool) {
	if !f.analyzed && !f.folds {
		if columns, _ := exprFolds(e, cond); columns < 0 {
			f.folds = true
		} else if cond && gatingRoutineParam(e) {
			f.folds, f.gating = true, true
		}
	}
	f.expr(e, calls)
}

func (f *planFacts) expr(e sql.Expression, calls bool) {
	if e == nil {
		return
	}
	if calls && runtimeCall(e) {
		f.calls++
	}
	switch x := e.(type) {
	case *paramExpr:
		f.params++
		if x.idx < 64 {
			f.paramSet |= 1 << uint(x.idx)
		}
	case routines.RuntimeParam: // routine_plans.go
		f.params++
		if i := x.Ordinal(); i >= 0 && i < 64 {
			f.paramSet |= 1 << uint(i)
		}
	case *plan.Subquery:
		if f.analyzed && x.CanCacheResults() {
			f.fresh = true
		}
		if x.Query != nil {
			f.node(x.Query)
		}
	}
	var buf [2]sql.Expression
	for _, c := range exprChildren(e, &buf) {
		f.expr(c, calls)
	}
}

// exprChildren is e.Children(), in buf for the most common expressions
// (whose Children builds a slice).
func exprChildren(e sql.Expression, buf *[2]sql.Expression) []sql.Expression {
	switch x := e.(type) {
	case *expr.BinOp:
		buf[0], buf[1] = x.Left, x.Right
		return buf[:2]
	case *expr.Cast:
		buf[0] = x.Child
		return buf[:1]
	case *expression.Alias:
		buf[0] = x.Child
		return buf[:1]
	}
	return e.Children()
}

// heldLimitSubquery reports whether n's LIMIT or OFFSET is a held value
// (expr.HoldLimit) reading a subquery: the subquery's rows are cached on
// its node, out of reach of freshPlan inside the holder, so a plan
// reusing it would keep the first execution's limit.
func heldLimitSubquery(n sql.Node) bool {
	var es []sql.Expression
	switch x := n.(type) {
	case *plan.Limit:
		es = []sql.Expression{x.Limit}
	case *plan.Offset:
		es = []sql.Expression{x.Offset}
	case *plan.TopN:
		es = []sql.Expression{x.Limit}
	case *plan.SetOp:
		es = []sql.Expression{x.Limit, x.Offset}
	default:
		return false
	}
	found := false
	for _, e := range es {
		if e == nil {
			continue
		}
		_, _, _ = expr.MapHeldLimit(e, func(v sql.Expression) (sql.Expression, error) {
			sql.Inspect(v, func(e sql.Expression) bool {
				if _, ok := e.(*plan.Subquery); ok {
					found = true
				}
				return !found
			})
			return v, nil
		})
	}
	return found
}

// gatingRoutineParam reports whether a condition has a conjunct reading
// no column but a routine's parameter or variable (`1/n = 1`).
// PostgreSQL evaluates such a conjunct once before reading any row (a
// gating qual), so its error is raised even over an empty table; GMS's
// analysis folds it, which does the same, so such a plan is not kept
// (routine_plans.go).
func gatingRoutineParam(e sql.Expression) bool {
	for _, c := range expression.SplitConjunction(e) {
		if columns, params := exprFolds(c, true); columns != 0 || !params {
			continue
		}
		found := false
		sql.Inspect(c, func(e sql.Expression) bool {
			if _, ok := e.(routines.RuntimeParam); ok {
				found = true
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}
