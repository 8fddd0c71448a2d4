package engine

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"

	"github.com/tinybase/tinybase/engine/expr"
)

// planFacts is what the plan cache learns of a plan, gathered in one walk
// instead of one walk per question (every statement that reaches
// analyzeQuery pays for them, cached or not). A bound plan's walk answers
// foldsAtAnalysis and countNodeParams; an analyzed plan's walk answers
// countNodeParams, reusablePlan and hasKeyedLookup. The walk visits what
// inspectDeep visits (every node, an INSERT's source, the plans of
// subquery expressions, every expression), without closures and without
// the slices GMS's Children and Expressions build for the common nodes.
// TestPlanFacts holds it to the single-question walks.
type planFacts struct {
	analyzed bool // which questions: false for a bound plan

	params int  // parameters (paramExpr), subqueries included
	folds  bool // bound: foldsAtAnalysis
	// analyzed: reusablePlan's answers (fresh is meaningful only when
	// !unusable) and hasKeyedLookup's
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
			f.top(e, false)
		}
		f.node(x.Child)
		return
	case *plan.Filter:
		f.top(x.Expression, true)
		f.node(x.Child)
		return
	case *plan.ResolvedTable:
		return // no expressions, no children
	}
	if ne, ok := n.(sql.Expressioner); ok {
		_, isHaving := n.(*plan.Having)
		_, isJoin := n.(*plan.JoinNode)
		cond := isHaving || isJoin
		for _, e := range ne.Expressions() {
			f.top(e, cond)
		}
	}
	if ii, ok := n.(*plan.InsertInto); ok && ii.Source != nil {
		f.node(ii.Source)
	}
	for _, c := range n.Children() {
		f.node(c)
	}
}

// reuse is reusablePlan's and hasKeyedLookup's test of one node.
func (f *planFacts) reuse(n sql.Node) {
	if ita, ok := n.(*plan.IndexedTableAccess); ok && !ita.IsStatic() {
		f.keyed = true
	}
	if f.unusable {
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
		f.unusable = !isStorageTable(n.Table)
	case *plan.ResolvedTable:
		f.unusable = !isStorageTable(n.UnderlyingTable()) && !plan.IsDualTable(n.UnderlyingTable())
	case *plan.IndexedTableAccess:
		f.unusable = !isStorageTable(n.UnderlyingTable())
	default:
		f.unusable = true
	}
}

// top takes one of a node's own expressions; cond says the node is a
// condition (Filter, Having, join), as foldsAtAnalysis does.
func (f *planFacts) top(e sql.Expression, cond bool) {
	if !f.analyzed && !f.folds {
		if columns, _ := exprFolds(e, cond); columns < 0 {
			f.folds = true
		}
	}
	f.expr(e)
}

func (f *planFacts) expr(e sql.Expression) {
	if e == nil {
		return
	}
	switch x := e.(type) {
	case *paramExpr:
		f.params++
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
		f.expr(c)
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
