package gmsadapter

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"

	"github.com/tinybase/tinybase/engine/internal/expr"
)

// Unused outputs of FROM subqueries. PostgreSQL never computes a column
// of a FROM subquery (or inlined WITH query) that the query above does
// not read: a subquery it pulls up leaves the column behind, and one it
// plans apart has the column replaced by NULL
// (remove_unused_subquery_outputs). GMS projects every column of the
// subquery for every row, so `WITH x AS (SELECT id, 10 / a AS q FROM t)
// SELECT ... WHERE y IN (SELECT id FROM x)` raised division by zero where
// PostgreSQL returns rows. unusedSubqueryOutputs replaces such a
// column's expression in the subquery's projection with a NULL of its
// type, keeping the schema (and execution indexes) as they are. A column
// stays when anything in the statement may read it: a column reference
// of its name under the subquery's alias or under no table name, a node
// between it and the projection above that reads whole rows (DISTINCT,
// set operations, anything not listed in passThrough), or an expression
// PostgreSQL keeps (volatile calls, as its rule does).
const ruleUnusedSubqueryOutputs analyzer.RuleId = 10034

func unusedSubqueryOutputs(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	if !hasSubqueryAlias(n) {
		return n, transform.SameTree, nil
	}
	refs := columnRefs{}
	refs.node(n)
	out, changed := pruneOutputs(n, false, refs)
	if !changed {
		return n, transform.SameTree, nil
	}
	return out, transform.NewTree, nil
}

func hasSubqueryAlias(n sql.Node) bool {
	found := false
	transform.Inspect(n, func(n sql.Node) bool {
		if _, ok := n.(*plan.SubqueryAlias); ok {
			found = true
		}
		return !found
	})
	return found
}

// columnRefs are the column names referenced per table name ("" for
// references without one), lower-cased, across a whole statement.
type columnRefs map[string]map[string]bool

func (r columnRefs) add(table, name string) {
	table, name = strings.ToLower(table), strings.ToLower(name)
	if r[table] == nil {
		r[table] = map[string]bool{}
	}
	r[table][name] = true
}

// node collects the references of every expression of n and below,
// sub-selects' plans included.
func (r columnRefs) node(n sql.Node) {
	transform.Inspect(n, func(n sql.Node) bool {
		if e, ok := n.(sql.Expressioner); ok && n != nil {
			for _, x := range e.Expressions() {
				r.expr(x)
			}
		}
		return true
	})
}

func (r columnRefs) expr(e sql.Expression) {
	transform.InspectExpr(e, func(e sql.Expression) bool {
		switch e := e.(type) {
		case *expression.GetField:
			r.add(e.Table(), e.Name())
		case *plan.Subquery:
			if e.Query != nil {
				r.node(e.Query)
			}
		}
		return false
	})
}

func (r columnRefs) used(table, name string) bool {
	name = strings.ToLower(name)
	return r[strings.ToLower(table)][name] || r[""][name]
}

// pruneOutputs rewrites the subqueries below n; covered says a
// projection above n reads n's columns only through the references refs
// holds.
func pruneOutputs(n sql.Node, covered bool, refs columnRefs) (sql.Node, bool) {
	if sa, ok := n.(*plan.SubqueryAlias); ok {
		changed := false
		child := sa.Child
		if covered {
			if np, ok := pruneBranch(child, sa.Name(), sa.Schema(), refs); ok {
				child, changed = np, true
			}
		}
		child, c := pruneOutputs(child, false, refs)
		if !changed && !c {
			return n, false
		}
		out, err := sa.WithChildren(child)
		if err != nil {
			return n, false
		}
		return out, true
	}
	out, changed := pruneSubqueryExprs(n, refs)
	kids := out.Children()
	if len(kids) == 0 {
		return out, changed
	}
	next := make([]sql.Node, len(kids))
	kidsChanged := false
	for i, k := range kids {
		next[i], _ = pruneOutputs(k, childCovered(out, i, covered), refs)
		kidsChanged = kidsChanged || next[i] != k
	}
	if !kidsChanged {
		return out, changed
	}
	o, err := out.WithChildren(next...)
	if err != nil {
		return n, false
	}
	return o, true
}

// pruneSubqueryExprs prunes the plans of n's sub-selects (EXISTS, IN,
// scalar), which a plan without semi-joins evaluates per row.
func pruneSubqueryExprs(n sql.Node, refs columnRefs) (sql.Node, bool) {
	e, ok := n.(sql.Expressioner)
	if !ok {
		return n, false
	}
	exprs := e.Expressions()
	var next []sql.Expression
	for i, x := range exprs {
		y, same, err := transform.Expr(x, func(x sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
			sq, ok := x.(*plan.Subquery)
			if !ok || sq.Query == nil {
				return x, transform.SameTree, nil
			}
			q, changed := pruneOutputs(sq.Query, false, refs)
			if !changed {
				return x, transform.SameTree, nil
			}
			return sq.WithQuery(q), transform.NewTree, nil
		})
		if err != nil || same {
			continue
		}
		if next == nil {
			next = append([]sql.Expression{}, exprs...)
		}
		next[i] = y
	}
	if next == nil {
		return n, false
	}
	out, err := e.WithExpressions(next...)
	if err != nil {
		return n, false
	}
	return out, true
}

// childCovered reports whether child i of n passes on only columns a
// projection at or above n reads by reference.
func childCovered(n sql.Node, i int, covered bool) bool {
	switch n := n.(type) {
	case *plan.Project, *plan.GroupBy, *plan.Window:
		return true
	case *HashSemiJoin:
		if i == 1 {
			return n.Lookup == nil && n.Probe == nil && n.Merge == nil
		}
		return covered
	case *plan.Filter, *plan.JoinNode, *plan.HashLookup, *plan.CachedResults, *plan.Sort, *plan.Limit, *plan.TopN, *plan.Offset, *plan.Having:
		return covered
	}
	return false
}

// pruneBranch prunes the projection n is, or every branch's of a UNION
// ALL n is (PostgreSQL pulls its branches up as an append relation).
func pruneBranch(n sql.Node, alias string, cols sql.Schema, refs columnRefs) (sql.Node, bool) {
	switch n := n.(type) {
	case *plan.Project:
		return pruneProject(n, alias, cols, refs)
	case *plan.SetOp:
		if n.SetOpType != plan.UnionType || n.Distinct || n.Limit != nil || n.Offset != nil || len(n.SortFields) > 0 {
			return n, false
		}
		l, lok := pruneBranch(n.Left(), alias, cols, refs)
		r, rok := pruneBranch(n.Right(), alias, cols, refs)
		if !lok && !rok {
			return n, false
		}
		out, err := n.WithChildren(l, r)
		if err != nil {
			return n, false
		}
		return out, true
	}
	return n, false
}

// pruneProject replaces p's computed expressions whose columns (cols,
// the subquery's, renamed by a column alias list) nothing reads under
// alias with NULLs of their types.
func pruneProject(p *plan.Project, alias string, cols sql.Schema, refs columnRefs) (sql.Node, bool) {
	if len(cols) != len(p.Projections) {
		return p, false
	}
	var exprs []sql.Expression
	for i, e := range p.Projections {
		a, ok := e.(*expression.Alias)
		if !ok || refs.used(alias, cols[i].Name) || refs.used(alias, a.Name()) || !prunable(a.Child) {
			continue
		}
		if _, ok := a.Child.(*expression.GetField); ok {
			continue
		}
		lit, err := a.WithChildren(expr.NewLiteral(expr.TypeOf(a.Child), nil))
		if err != nil {
			return p, false
		}
		if exprs == nil {
			exprs = append([]sql.Expression{}, p.Projections...)
		}
		exprs[i] = lit
	}
	if exprs == nil {
		return p, false
	}
	np, err := p.WithExpressions(exprs...)
	if err != nil {
		return p, false
	}
	return np, true
}

// prunable reports whether PostgreSQL would drop an unused output
// column: it computes no volatile call, no set-returning function and no
// aggregate or window function (whose node above still reads it).
func prunable(e sql.Expression) bool {
	ok := true
	transform.InspectExpr(e, func(e sql.Expression) bool {
		switch e := e.(type) {
		case *expression.GetField, *expression.Literal:
		case sql.Aggregation, sql.WindowAdaptableExpression:
			ok = false
		case *expr.FuncCall:
			if e.IsVolatile() {
				ok = false
			}
		case sql.NonDeterministicExpression:
			if e.IsNonDeterministic() {
				ok = false
			}
		}
		return !ok
	})
	return ok
}
