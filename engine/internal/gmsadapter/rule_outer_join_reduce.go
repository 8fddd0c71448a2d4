package gmsadapter

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// Outer-join reduction (PostgreSQL's reduce_outer_joins, in
// optimizer/prep/prepjointree.c).
//
// A LEFT JOIN whose rows are filtered, above the join, by a condition
// that cannot be true when the nullable side's columns are all NULL (a
// strict predicate on them: `n.nspname <> 'pg_catalog'`, `b.x = 5`,
// `b.id IS NOT NULL`) returns no NULL-extended row, so it is an inner
// join; GMS's join planner then reorders it and plans lookups into either
// side, which it never does for an outer join (psql's \dt filters the
// namespace it LEFT JOINs). A FULL JOIN becomes a LEFT JOIN when the
// condition rejects its left side's NULLs, and an inner join when it
// rejects both sides' (PostgreSQL would make the one rejecting only the
// right side's a right join, i.e. a LEFT JOIN of the swapped inputs,
// which GMS would print in the other order: that one stays FULL).
//
// It is an analyzer rule, not a rewrite of the parse tree: which side a
// column belongs to and what each operator's strictness is are known only
// once names are resolved (an unqualified column, a column of a view or
// of an RLS subquery) and operators are chosen, which GMS's plan holds as
// column ids and tinybase's expressions. It runs first in the pre-analyze
// batch, before GMS moves inner joins' conditions into filters and plans
// joins; GMS analyzes each subquery through the same batch.
//
// The conditions that may reduce a join are those evaluated on its rows:
// the WHERE filters above it, the condition of an inner join above it
// (for either input), and for the nullable input of a LEFT JOIN its own
// condition (a row of that input the condition rejects for NULLs never
// joins). Other nodes (grouping, HAVING, LIMIT, window functions,
// projections) stop them: a filter above those is not a filter on the
// join's rows.

const ruleOuterJoinReduction analyzer.RuleId = 10005

func outerJoinReduction(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, qf *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	if qf != nil && !qf.JoinIsSet() {
		return n, transform.SameTree, nil
	}
	out, changed, err := reduceJoins(n, nil)
	if err != nil || !changed {
		return n, transform.SameTree, err
	}
	return out, transform.NewTree, nil
}

// reduceJoins reduces the outer joins in n, whose rows conds (conjuncts)
// filter.
func reduceJoins(n sql.Node, conds []sql.Expression) (sql.Node, bool, error) {
	switch x := n.(type) {
	case *plan.Filter:
		child, changed, err := reduceJoins(x.Child, append(conds[:len(conds):len(conds)], splitAnd(x.Expression, nil)...))
		if err != nil || !changed {
			return n, false, err
		}
		out, err := x.WithChildren(child)
		return out, true, err
	case *plan.JoinNode:
		return reduceJoin(x, conds)
	case *LateralJoinNode: // a set operation's analyzed branch
		child, changed, err := reduceJoins(x.Child, conds)
		if err != nil || !changed {
			return n, false, err
		}
		out, err := x.WithChildren(child)
		return out, true, err
	}
	children := n.Children()
	if len(children) == 0 {
		return n, false, nil
	}
	var next []sql.Node
	for i, c := range children {
		nc, changed, err := reduceJoins(c, nil)
		if err != nil {
			return n, false, err
		}
		if changed {
			if next == nil {
				next = append([]sql.Node{}, children...)
			}
			next[i] = nc
		}
	}
	if next == nil {
		return n, false, nil
	}
	out, err := n.WithChildren(next...)
	return out, true, err
}

// reduceJoin reduces join j, whose rows conds filter, and the joins under
// it.
func reduceJoin(j *plan.JoinNode, conds []sql.Expression) (sql.Node, bool, error) {
	op := j.Op
	switch op {
	case plan.JoinTypeLeftOuter:
		if rejectsNulls(conds, joinSideColumns(j.Right())) {
			op = plan.JoinTypeInner
		}
	case plan.JoinTypeFullOuter:
		left := rejectsNulls(conds, joinSideColumns(j.Left()))
		right := rejectsNulls(conds, joinSideColumns(j.Right()))
		if left && right {
			op = plan.JoinTypeInner
		} else if left {
			op = plan.JoinTypeLeftOuter
		}
	}
	var leftConds, rightConds []sql.Expression
	switch {
	case filtersBoth(op):
		all := conds[:len(conds):len(conds)]
		if j.Filter != nil {
			all = append(all, splitAnd(j.Filter, nil)...)
		}
		leftConds, rightConds = all, all
	case op == plan.JoinTypeLeftOuter:
		leftConds = conds
		if j.Filter != nil {
			rightConds = splitAnd(j.Filter, nil)
		}
	}
	l, lch, err := reduceJoins(j.Left(), leftConds)
	if err != nil {
		return j, false, err
	}
	r, rch, err := reduceJoins(j.Right(), rightConds)
	if err != nil {
		return j, false, err
	}
	if op == j.Op && !lch && !rch {
		return j, false, nil
	}
	nj := *j
	nj.Op = op
	out, err := nj.WithChildren(l, r)
	return out, true, err
}

// filtersBoth reports whether the conditions on the rows of a join with
// operator op filter the rows of both its inputs: an inner or cross join,
// also a LATERAL one (GROUP BY over a sub-select joins its keys in
// laterally: translate's group_sublinks.go).
func filtersBoth(op plan.JoinType) bool {
	switch op {
	case plan.JoinTypeInner, plan.JoinTypeCross, plan.JoinTypeLateralCross, plan.JoinTypeLateralInner:
		return true
	}
	return false
}

// rejectsNulls reports whether one of conds is false or NULL for every
// row whose columns side are all NULL.
func rejectsNulls(conds []sql.Expression, side sql.ColSet) bool {
	if side.Empty() {
		return false
	}
	for _, c := range conds {
		if nullWhen(c, side, true) || semiJoinRejects(c, side) || constantlyRejects(c, false) {
			return true
		}
	}
	return false
}

// semiJoinRejects reports whether conjunct c is a sub-select PostgreSQL
// makes a semi-join of (pull_up_sublinks), whose conditions then reduce
// outer joins as an inner join's do: x IN (SELECT ...) not reading the
// outer query rejects x's NULLs, EXISTS (SELECT ...) the NULLs its
// sub-select's conditions reject. Under OR or NOT a sub-select stays one.
func semiJoinRejects(c sql.Expression, side sql.ColSet) bool {
	if b, ok := c.(*expr.GMSBool); ok {
		c = b.Child
	}
	switch x := c.(type) {
	case *plan.InSubquery:
		sq, ok := x.RightChild.(*plan.Subquery)
		return ok && sq.Correlated().Empty() && nullWhen(x.LeftChild, side, false)
	case *plan.ExistsSubquery:
		return x.Query != nil && existsRejects(x.Query.Query, side)
	}
	return false
}

// nullWhen reports whether e is NULL whenever the columns side are all
// NULL; top (e is a WHERE or ON conjunct) lets FALSE count as NULL, as
// both reject the row. It knows the expressions whose NULL behaviour is
// fixed (strict operators, functions and casts, AND, OR, NOT, IS NOT
// NULL, IN, ANY); any other is taken as possibly true (CASE, COALESCE,
// IS DISTINCT FROM, IS NULL, subqueries, routines) — PostgreSQL's
// find_nonnullable_rels.
func nullWhen(e sql.Expression, side sql.ColSet, top bool) bool {
	switch x := e.(type) {
	case *expression.GetField:
		return side.Contains(x.Id())
	case *expr.Literal, *expression.Literal:
		// a constant reads no column: PostgreSQL reduces nothing by it
		// (x > NULL folds to one), though x = NULL beside a column stays
		// a comparison, NULL for x's NULLs as any strict one
		return false
	case *expression.And:
		return andNullWhen(x.LeftChild, x.RightChild, side, top)
	case *expression.Or:
		return orNullWhen(x.LeftChild, x.RightChild, side, top)
	case *expr.Logic:
		if x.And {
			return andNullWhen(x.Left, x.Right, side, top)
		}
		return orNullWhen(x.Left, x.Right, side, top)
	case *expr.Not:
		return nullWhen(x.Child, side, false) // NOT FALSE is TRUE
	case *expression.Equals, *expression.LessThan, *expression.LessThanOrEqual,
		*expression.GreaterThan, *expression.GreaterThanOrEqual: // GMS's own, from IndexableComparisons
		cs := x.Children()
		return nullWhen(cs[0], side, false) || nullWhen(cs[1], side, false)
	case *expr.BinOp:
		return x.Strict() && (nullWhen(x.Left, side, false) || nullWhen(x.Right, side, false))
	case *expr.UnaryOp:
		return nullWhen(x.Child, side, false)
	case *expr.Cast:
		// a NOT NULL domain raises an error for the NULL instead
		if t, ok := x.Type().(*types.Type); !ok || t.CheckNull() != nil {
			return false
		}
		return nullWhen(x.Child, side, false)
	case *expr.FuncCall:
		if !x.Strict() {
			return false
		}
		for _, a := range x.Args {
			if nullWhen(a, side, false) {
				return true
			}
		}
		return false
	case *expr.IsNull:
		switch {
		case x.Test == nil && x.Negate: // IS NOT NULL
			return top && nullWhen(x.Child, side, false)
		case x.Test != nil && *x.Test && !x.Negate: // IS TRUE: NULL and FALSE give FALSE
			// PostgreSQL looks into the operand as below the top
			// (find_nonnullable_rels): `(b.x = 1 OR NULL) IS TRUE`
			// keeps its NULL operand and reduces nothing
			return top && nullWhen(x.Child, side, false)
		case x.Test != nil && !*x.Test && !x.Negate: // IS FALSE
			return top && nullWhen(x.Child, side, false)
		}
		return false
	case *expr.In:
		// x IN (a, b): NULL when every equality is (x is NULL), also NOT
		// IN; an equality with a NULL item is folded to a NULL constant
		read := false
		for _, eq := range x.Children() {
			if isConst(eq, nil) {
				continue
			}
			if !nullWhen(eq, side, false) {
				return false
			}
			read = true
		}
		return read
	case *expr.AnyArray:
		_, v, arr, all := x.Operands()
		if nullWhen(arr, side, false) {
			return true
		}
		// NULL = ANY('{}') is FALSE, and NULL = ALL('{}') TRUE
		return top && !all && nullWhen(v, side, false)
	}
	return false
}

// andNullWhen is nullWhen of l AND r. A TRUE operand is one PostgreSQL
// simplifies away before it looks.
func andNullWhen(l, r sql.Expression, side sql.ColSet, top bool) bool {
	switch {
	case isConst(l, true):
		return nullWhen(r, side, top)
	case isConst(r, true):
		return nullWhen(l, side, top)
	case top: // one NULL or FALSE conjunct rejects the row
		return nullWhen(l, side, true) || nullWhen(r, side, true)
	}
	// NULL AND FALSE is FALSE: NULL only when both are
	return nullWhen(l, side, false) && nullWhen(r, side, false)
}

// orNullWhen is nullWhen of l OR r. A FALSE operand is one PostgreSQL
// simplifies away before it looks (`NOT (b.x = 1 OR 0 IN (1, 2))`), and
// so is a NULL one in a WHERE or ON condition, outside NOT
// (canonicalize_qual: `b.y = 'a' OR NULL::int = 1` is `b.y = 'a'`);
// elsewhere it keeps a NULL one, and then finds nothing.
func orNullWhen(l, r sql.Expression, side sql.ColSet, top bool) bool {
	switch {
	case isConst(l, false) || top && isConst(l, nil):
		return nullWhen(r, side, top)
	case isConst(r, false) || top && isConst(r, nil):
		return nullWhen(l, side, top)
	}
	return nullWhen(l, side, top) && nullWhen(r, side, top)
}

// isConst reports whether e folds to the constant v (nil for NULL).
func isConst(e sql.Expression, v any) bool {
	got, ok := constValue(e)
	return ok && got == v
}

// constValue folds e as PostgreSQL's eval_const_expressions does before
// it reduces outer joins, as far as outer-join reduction needs: AND, OR
// and NOT with constant operands (`x OR true`, `x AND false`), IN over
// constants (tinybase folds each equality as it builds it, not the IN),
// and a strict operator with a NULL operand. ok is false when e is not
// a constant.
func constValue(e sql.Expression) (v any, ok bool) {
	switch x := e.(type) {
	case *expr.Literal:
		return x.Value, true
	case *expression.Literal:
		return x.Value(), true
	case *expr.Not:
		return notValue(constValue(x.Child))
	case *expression.Not:
		return notValue(constValue(x.Child))
	case *expr.Logic:
		return logicValue(x.And, x.Left, x.Right)
	case *expression.And:
		return logicValue(true, x.LeftChild, x.RightChild)
	case *expression.Or:
		return logicValue(false, x.LeftChild, x.RightChild)
	case *expr.BinOp:
		if x.Strict() && (isConst(x.Left, nil) || isConst(x.Right, nil)) {
			return nil, true
		}
	case *expr.IsNull:
		if v, ok := constValue(x.Child); ok && x.Test == nil {
			return (v == nil) != x.Negate, true
		}
	case *expr.In:
		eqs := x.Children()
		lits := make([]sql.Expression, len(eqs))
		for i, eq := range eqs {
			v, ok := constValue(eq)
			if !ok {
				return nil, false
			}
			lits[i] = expression.NewLiteral(v, eq.Type())
		}
		in, err := x.WithChildren(lits...)
		if err != nil {
			return nil, false
		}
		v, err := in.Eval(sql.NewEmptyContext(), nil)
		return v, err == nil
	}
	return nil, false
}

func notValue(v any, ok bool) (any, bool) {
	if b, isBool := v.(bool); ok && isBool {
		return !b, true
	}
	return nil, ok && v == nil
}

// logicValue folds l AND r (and) or l OR r: one FALSE operand decides
// an AND, one TRUE an OR, whatever the other is.
func logicValue(and bool, l, r sql.Expression) (any, bool) {
	lv, lok := constValue(l)
	rv, rok := constValue(r)
	if lok && lv == !and || rok && rv == !and {
		return !and, true
	}
	if !lok || !rok {
		return nil, false
	}
	if lv == nil || rv == nil {
		return nil, true
	}
	return and, true
}

// constantlyRejects reports whether WHERE conjunct c has, once
// PostgreSQL has folded it and split it into conjuncts (NOT (a OR b) is
// NOT a AND NOT b), a constant FALSE or NULL conjunct: PostgreSQL then
// plans no join under it at all.
func constantlyRejects(c sql.Expression, neg bool) bool {
	switch x := c.(type) {
	case *expr.Not:
		return constantlyRejects(x.Child, !neg)
	case *expression.Not:
		return constantlyRejects(x.Child, !neg)
	case *expr.Logic:
		if x.And != neg {
			return constantlyRejects(x.Left, neg) || constantlyRejects(x.Right, neg)
		}
		// an OR (AND under NOT) one of whose operands folds away is the
		// other (`x BETWEEN NULL AND 1 OR -5 IS NULL`)
		if isConst(x.Left, neg) {
			return constantlyRejects(x.Right, neg)
		}
		if isConst(x.Right, neg) {
			return constantlyRejects(x.Left, neg)
		}
	case *expression.And:
		if !neg {
			return constantlyRejects(x.LeftChild, neg) || constantlyRejects(x.RightChild, neg)
		}
	case *expression.Or:
		if neg {
			return constantlyRejects(x.LeftChild, neg) || constantlyRejects(x.RightChild, neg)
		}
	}
	v, ok := constValue(c)
	if neg {
		v, ok = notValue(v, ok)
	}
	return ok && (v == nil || v == false)
}

// existsRejects reports whether sub-select n returns no row when the
// columns side (of the outer query) are all NULL: one of the conditions
// on its rows is then NULL or FALSE. Only a plain filtered scan counts:
// an aggregate returns its row whatever it reads.
func existsRejects(n sql.Node, side sql.ColSet) bool {
	for {
		switch x := n.(type) {
		case *plan.Project, *plan.Limit, *plan.Sort, *plan.Distinct, *plan.TopN:
			n = x.Children()[0]
			continue
		case *plan.Filter:
			conds := splitAnd(x.Expression, nil)
			for _, c := range conds {
				if constantFalse(c) {
					// PostgreSQL folds the sub-select's WHERE to FALSE,
					// which reads no outer column: no semi-join
					return false
				}
			}
			return rejectsNulls(conds, side)
		}
		return false
	}
}

// constantFalse reports whether condition c is one PostgreSQL folds to
// FALSE or NULL: a constant, or a strict operator with a NULL operand.
func constantFalse(c sql.Expression) bool {
	switch x := c.(type) {
	case *expr.Literal:
		return x.Value == nil || x.Value == false
	case *expression.Literal:
		return x.Value() == nil || x.Value() == false
	case *expr.BinOp:
		l, lok := x.Left.(*expr.Literal)
		r, rok := x.Right.(*expr.Literal)
		return x.Strict() && (lok && l.Value == nil || rok && r.Value == nil)
	}
	return false
}
