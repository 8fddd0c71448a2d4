package gmsadapter

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Filters and the nullable side of outer joins.
//
// A WHERE condition may move below a join only into an input the join
// never NULL-extends: for LEFT JOIN its left input, for RIGHT JOIN its
// right one, for FULL JOIN neither. GMS's filter pushdown (pushFilters,
// pushdownSubqueryAliasFilters) keeps filters off the right input of LEFT
// joins (GMS turns RIGHT joins into LEFT ones while building the plan;
// LEFT JOIN LATERAL is handled in rule_lateral.go), but pushes into
// both inputs of a FULL JOIN, so `a FULL JOIN b ON a.id = b.id WHERE
// a.id IS NULL` filtered a before the join and then NULL-extended every
// row of b: the rows the join itself NULL-extends were miscounted.
//
// fullJoinPushdown wraps the two rules: around them every FULL join is
// given a merge join's operator, which their child selector never
// descends below (join planning comes after them, so the plan holds no
// merge joins yet; if it does, another merge operator the plan does not
// use is borrowed), and restored right after. Filters inside each input
// are still pushed, as the rules run on the inputs' own Filter nodes.

// installOuterJoinRules wraps GMS's filter pushdown rules and its join
// planner.
func installOuterJoinRules(a *analyzer.Analyzer) {
	wrapRule(a, "pushFilters", fullJoinPushdown)
	wrapRule(a, "pushdownSubqueryAliasFilters", fullJoinPushdown)
	wrapRule(a, "optimizeJoins", outerRefJoinPlan)
}

// fenceOps are the join operators whose inputs GMS's filter pushdown never
// descends into; a FULL join borrows the first the plan does not use.
var fenceOps = [...]plan.JoinType{plan.JoinTypeMerge, plan.JoinTypeLeftOuterMerge, plan.JoinTypeSemiMerge, plan.JoinTypeAntiMerge}

func fullJoinPushdown(push analyzer.RuleFunc) analyzer.RuleFunc {
	return func(ctx *sql.Context, an *analyzer.Analyzer, n sql.Node, sc *plan.Scope, sel analyzer.RuleSelector, qf *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
		if SimpleRead(n, sc, qf) { // simple_read.go: no joins
			return push(ctx, an, n, sc, sel, qf)
		}
		var full bool
		var used [len(fenceOps)]bool
		transform.Inspect(n, func(c sql.Node) bool {
			if j, ok := c.(*plan.JoinNode); ok {
				if j.Op.IsFullOuter() {
					full = true
				}
				for i, op := range fenceOps {
					if j.Op == op {
						used[i] = true
					}
				}
			}
			return true
		})
		fence := -1
		for i := range fenceOps {
			if !used[i] {
				fence = i
				break
			}
		}
		if !full {
			return push(ctx, an, n, sc, sel, qf)
		}
		if err := checkFullJoinConds(n); err != nil {
			return n, transform.SameTree, err
		}
		if fence < 0 {
			return push(ctx, an, n, sc, sel, qf)
		}
		in, err := swapJoinOp(n, plan.JoinTypeFullOuter, fenceOps[fence])
		if err != nil {
			return n, transform.SameTree, err
		}
		out, same, err := push(ctx, an, in, sc, sel, qf)
		if err != nil {
			return n, transform.SameTree, err
		}
		if same {
			return n, transform.SameTree, nil
		}
		out, err = swapJoinOp(out, fenceOps[fence], plan.JoinTypeFullOuter)
		return out, transform.NewTree, err
	}
}

// checkFullJoinConds rejects a FULL JOIN as PostgreSQL's planner does: it
// runs one only as a merge join, whose every condition must be an
// equality of an expression of one input and one of the other, or as a
// hash join, which needs at least one such equality; constant conditions
// (ON true) need neither.
//
// A FULL JOIN whose rows a WHERE condition filters as it would reduce
// to a right join (outerJoinReduction leaves it FULL, see there) is one
// to PostgreSQL, which runs it as a nested loop: its conditions need no
// equality.
func checkFullJoinConds(n sql.Node) error {
	reduced := map[*plan.JoinNode]bool{}
	rightReducedJoins(n, nil, reduced)
	var err error
	transform.Inspect(n, func(c sql.Node) bool {
		j, ok := c.(*plan.JoinNode)
		if !ok || !j.Op.IsFullOuter() || j.Filter == nil || err != nil || reduced[j] {
			return err == nil
		}
		left, right := joinSideColumns(j.Left()), joinSideColumns(j.Right())
		constant := true
		for _, e := range expression.SplitConjunction(j.Filter) {
			if exprColumns(e).Empty() { // ON true, ON false, ON $1
				continue
			}
			constant = false
			if joinEquality(e, left, right) {
				return true
			}
		}
		if !constant {
			err = pgerror.New(pgerror.FeatureNotSupported, "FULL JOIN is only supported with merge-joinable or hash-joinable join conditions")
		}
		return err == nil
	})
	return err
}

// joinSideColumns is the columns the tables in n yield.
func joinSideColumns(n sql.Node) sql.ColSet {
	var cols sql.ColSet
	transform.Inspect(n, func(c sql.Node) bool {
		if t, ok := c.(plan.TableIdNode); ok {
			cols = cols.Union(t.Columns())
		}
		return true
	})
	return cols
}

// joinEquality says whether e is an equality of an expression over columns
// of one side only and one over columns of the other.
func joinEquality(e sql.Expression, left, right sql.ColSet) bool {
	var l, r sql.Expression
	switch e := e.(type) {
	case *expression.Equals:
		l, r = e.Left(), e.Right()
	case *expr.BinOp:
		if e.Op != "=" {
			return false
		}
		l, r = e.Left, e.Right
	default:
		return false
	}
	lc, rc := exprColumns(l), exprColumns(r)
	if lc.Empty() || rc.Empty() {
		return false
	}
	return (lc.SubsetOf(left) && rc.SubsetOf(right)) || (lc.SubsetOf(right) && rc.SubsetOf(left))
}

// exprColumns is the columns e reads; a subquery counts as no side's.
func exprColumns(e sql.Expression) sql.ColSet {
	var cols sql.ColSet
	transform.InspectExpr(e, func(x sql.Expression) bool {
		switch x := x.(type) {
		case *expression.GetField:
			cols.Add(x.Id())
		case *plan.Subquery:
			cols.Add(sql.ColumnId(0))
		}
		return false
	})
	return cols
}

// swapJoinOp gives every join with operator from the operator to.
func swapJoinOp(n sql.Node, from, to plan.JoinType) (sql.Node, error) {
	out, _, err := transform.Node(n, func(c sql.Node) (sql.Node, transform.TreeIdentity, error) {
		if j, ok := c.(*plan.JoinNode); ok && j.Op == from {
			nj := *j
			nj.Op = to
			return &nj, transform.NewTree, nil
		}
		return c, transform.SameTree, nil
	})
	return out, err
}

// Outer references in join conditions and GMS's join planner.
//
// GMS's join planner (optimizeJoins) takes every top-level equality of
// columns in a join's condition as an equivalence of the two columns and
// then joins every equivalent pair it has no edge for; when one column is
// an outer query's (a correlated subquery's `b FULL JOIN c ON c.b_id =
// b.id AND c.x = a.x`), no input of the join tree yields it and the
// planner panicked ("vertex not found"). GMS moves such a condition out
// of an inner join's ON into a filter first, but not out of an outer
// join's, where it must stay. Around the rule, each equality in a join
// condition with a column from outside the plan is hidden from the
// planner in an outerRefCond (which evaluates as the equality) and put
// back after: the planner then treats it as any other condition.

func outerRefJoinPlan(plan_ analyzer.RuleFunc) analyzer.RuleFunc {
	return func(ctx *sql.Context, an *analyzer.Analyzer, n sql.Node, sc *plan.Scope, sel analyzer.RuleSelector, qf *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
		if SimpleRead(n, sc, qf) { // simple_read.go: no joins
			return plan_(ctx, an, n, sc, sel, qf)
		}
		in, hidden, err := hideOuterRefEqualities(n)
		if err != nil || !hidden {
			return plan_(ctx, an, n, sc, sel, qf)
		}
		out, _, err := plan_(ctx, an, in, sc, sel, qf)
		if err != nil {
			return n, transform.SameTree, err
		}
		out, _, err = transform.NodeExprs(out, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
			if h, ok := e.(*outerRefCond); ok {
				return h.Expression, transform.NewTree, nil
			}
			return e, transform.SameTree, nil
		})
		return out, transform.NewTree, err
	}
}

// hideOuterRefEqualities wraps, in the condition of every join in n, each
// top-level column equality one of whose columns no table of n yields.
func hideOuterRefEqualities(n sql.Node) (sql.Node, bool, error) {
	var local, compared sql.ColSet // columns tables yield; columns join equalities compare
	transform.Inspect(n, func(c sql.Node) bool {
		switch c := c.(type) {
		case *plan.JoinNode:
			if c.Filter != nil {
				for _, e := range expression.SplitConjunction(c.Filter) {
					if l, r, ok := columnEquality(e); ok {
						compared.Add(l.Id())
						compared.Add(r.Id())
					}
				}
			}
		case plan.TableIdNode:
			local = local.Union(c.Columns())
		}
		return true
	})
	if compared.SubsetOf(local) { // also no joins
		return n, false, nil
	}
	outer := func(gf *expression.GetField) bool { return !local.Contains(gf.Id()) }
	out, _, err := transform.Node(n, func(c sql.Node) (sql.Node, transform.TreeIdentity, error) {
		j, ok := c.(*plan.JoinNode)
		if !ok || j.Filter == nil {
			return c, transform.SameTree, nil
		}
		conds := expression.SplitConjunction(j.Filter)
		changed := false
		for i, e := range conds {
			if l, r, ok := columnEquality(e); ok && (outer(l) || outer(r)) {
				conds[i] = &outerRefCond{e}
				changed = true
			}
		}
		if !changed {
			return c, transform.SameTree, nil
		}
		nj := *j
		nj.Filter = expression.JoinAnd(conds...)
		return &nj, transform.NewTree, nil
	})
	return out, true, err
}

// columnEquality returns the columns of e if it is an equality of two
// columns, as GMS's join planner reads equivalences.
func columnEquality(e sql.Expression) (l, r *expression.GetField, ok bool) {
	var le, re sql.Expression
	switch e := e.(type) {
	case *expression.Equals:
		le, re = e.Left(), e.Right()
	case *expression.NullSafeEquals:
		le, re = e.Left(), e.Right()
	default:
		return nil, nil, false
	}
	l, lok := le.(*expression.GetField)
	r, rok := re.(*expression.GetField)
	return l, r, lok && rok
}

// outerRefCond is an equality GMS's join planner must not read as an
// equivalence of columns; it evaluates as the equality.
type outerRefCond struct {
	sql.Expression
}

func (c *outerRefCond) Children() []sql.Expression { return []sql.Expression{c.Expression} }

func (c *outerRefCond) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(c, len(children), 1)
	}
	return &outerRefCond{children[0]}, nil
}

// rightReducedJoins finds the FULL JOINs under n whose rows conds and
// the filters above them reject when the right input's columns are all
// NULL, walking as reduceJoins does.
func rightReducedJoins(n sql.Node, conds []sql.Expression, out map[*plan.JoinNode]bool) {
	switch x := n.(type) {
	case *plan.Filter:
		rightReducedJoins(x.Child, append(conds[:len(conds):len(conds)], splitAnd(x.Expression, nil)...), out)
		return
	case *plan.JoinNode:
		if x.Op.IsFullOuter() && rejectsNulls(conds, joinSideColumns(x.Right())) {
			out[x] = true
		}
		var below []sql.Expression
		if filtersBoth(x.Op) {
			below = conds
		}
		rightReducedJoins(x.Left(), below, out)
		rightReducedJoins(x.Right(), below, out)
		return
	case *LateralJoinNode:
		// a branch of a set operation is analyzed, lateral joins wrapped,
		// before the rules run on the whole query (seed 17 #584)
		rightReducedJoins(x.Child, conds, out)
		return
	}
	for _, c := range n.Children() {
		rightReducedJoins(c, nil, out)
	}
}
