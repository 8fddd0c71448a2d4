package gmsadapter

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/tinybase/tinybase/engine/internal/expr"
)

// PostgreSQL evaluates each target-list expression once per row, and an
// ORDER BY that names an output column (by position, alias or the same
// expression) sorts by the value computed for it; an ORDER BY expression
// of its own is computed once per row too, as a hidden column (resjunk),
// before the sort. go-mysql-server's Sort evaluates its fields at every
// comparison and the projection above it evaluates its expressions again:
// a volatile call (nextval, a function that RAISEs or writes) would run
// O(n log n) times. So Project(Sort(child)) is built with the sort fields
// reading the values the projection below the sort computes, the other
// computed keys projected once per row below the sort, and the
// projection above reading both instead of evaluating again.

// schemaWidth is len(n.Schema()) without building a projection's schema
// (GMS's Project.Schema looks up each column's default), which this
// rewrite of every execution's plan would otherwise do per run.
func schemaWidth(n sql.Node) int {
	if p, ok := n.(*plan.Project); ok {
		return len(p.Projections)
	}
	return len(n.Schema())
}

// sortKeysOnce rewrites Project(Sort|TopN(child)) as described above; ok
// is false when there is nothing to share. scoped is a query running
// under an outer row (a subquery's), whose projections' rows start with
// that row (GMS's PrependNode): there only the select list's values are
// shared.
func sortKeysOnce(p *plan.Project, scoped bool) (*plan.Project, bool) {
	var fields sql.SortFields
	var child sql.Node
	switch s := p.Child.(type) {
	case *plan.Sort:
		fields, child = s.SortFields, s.Child
	case *plan.TopN:
		fields, child = s.Fields, s.Child
	default:
		return p, false
	}
	width := schemaWidth(child)
	inner, offset, prepended := rowsOf(child)
	if scoped && !prepended {
		return p, false // rows of a shape not modelled here
	}
	changed := false
	out := make(sql.SortFields, len(fields))
	copy(out, fields)
	// 1. fields the projection below already computes
	for i := range out {
		if e, ok := readInner(out[i].Column, inner, offset); ok {
			out[i].Column, changed = e, true
		}
	}
	// 2. the other computed keys, once per row in a projection of their own
	var keys []sql.Expression
	keyAt := map[string]int{}
	for i := len(out) - 1; i >= 0 && !scoped; i-- { // a NULLS key after its field's key
		e := out[i].Column
		target := e
		if n, ok := e.(*expr.IsNull); ok {
			target = n.Child
		}
		if !worthKeeping(target) {
			continue
		}
		k, seen := keyAt[target.String()]
		if !seen {
			k = width + len(keys)
			keyAt[target.String()] = k
			keys = append(keys, target)
		}
		gf := expression.NewGetField(k, target.Type(), target.String(), target.IsNullable())
		if n, ok := e.(*expr.IsNull); ok {
			out[i].Column = expr.NewIsNull(gf, n.Negate)
		} else {
			out[i].Column = gf
		}
		changed = true
	}
	below := child
	if len(keys) > 0 {
		projs := make([]sql.Expression, 0, width+len(keys))
		for i, c := range child.Schema() {
			projs = append(projs, expression.NewGetFieldWithTable(i, 0, c.Type, c.DatabaseSource, c.Source, c.Name, c.Nullable))
		}
		below = plan.NewProject(append(projs, keys...), child)
	}
	var sorted sql.Node
	switch s := p.Child.(type) {
	case *plan.Sort:
		sorted = plan.NewSort(out, below)
	case *plan.TopN:
		t := plan.NewTopN(out, s.Limit, below)
		t.CalcFoundRows = s.CalcFoundRows
		sorted = t
	}
	// 3. the projection above reads what is computed below
	projs := append([]sql.Expression{}, p.Projections...)
	used := map[int]bool{}
	for i, e := range projs {
		a, ok := e.(*expression.Alias)
		if !ok {
			continue
		}
		if _, isField := a.Child.(*expression.GetField); isField {
			continue
		}
		if j, ok := innerAlias(a, inner); ok {
			projs[i] = expression.NewAlias(a.Name(), expression.NewGetField(offset+j, a.Type(), a.Name(), a.IsNullable()))
			changed = true
			continue
		}
		if k, ok := keyAt[a.Child.String()]; ok && !used[k] {
			used[k] = true // a second, equal volatile call is a value of its own
			projs[i] = expression.NewAlias(a.Name(), expression.NewGetField(k, a.Type(), a.Name(), a.IsNullable()))
		}
	}
	if !changed {
		return p, false
	}
	np := plan.NewProject(projs, sorted)
	return np, true
}

// rowsOf is the projection whose rows n passes on unchanged (a HAVING
// over the grouped select list), or nil; its columns start at offset in
// the rows, after an outer row a PrependNode puts first (prepended).
func rowsOf(n sql.Node) (p *plan.Project, offset int, prepended bool) {
	for {
		switch x := n.(type) {
		case *plan.Project:
			return x, offset, prepended
		case *plan.Having:
			n = x.Child
		case *plan.Filter:
			n = x.Child
		case *plan.PrependNode:
			offset, prepended, n = offset+len(x.Row), true, x.Child
		default:
			return nil, offset, prepended
		}
	}
}

// readInner replaces e, or the parts of it, that the projection below the
// sort computes with reads of its columns: an alias of the select list
// (ORDER BY 1, ORDER BY alias) by position, another expression by the
// first equal computed column, as PostgreSQL matches an ORDER BY
// expression with the target list.
func readInner(e sql.Expression, inner *plan.Project, offset int) (sql.Expression, bool) {
	if inner == nil {
		return e, false
	}
	if a, ok := e.(*expression.Alias); ok {
		if j, ok := innerAlias(a, inner); ok {
			return expression.NewGetField(offset+j, a.Type(), a.Name(), a.IsNullable()), true
		}
	}
	computed := map[string]int{}
	for j, ie := range inner.Projections {
		if a, ok := ie.(*expression.Alias); ok && worthKeeping(a.Child) {
			if _, dup := computed[a.Child.String()]; !dup {
				computed[a.Child.String()] = offset + j
			}
		}
	}
	if len(computed) == 0 {
		return e, false
	}
	read := false
	out := readColumns(e, func(x sql.Expression) (int, bool) {
		j, ok := computed[x.String()]
		read = read || ok
		return j, ok
	})
	return out, read
}

// innerAlias finds the column of the projection below that computes the
// same select-list alias as a.
func innerAlias(a *expression.Alias, inner *plan.Project) (int, bool) {
	if inner == nil {
		return 0, false
	}
	for j, ie := range inner.Projections {
		ia, ok := ie.(*expression.Alias)
		if ok && ia.Id() == a.Id() && ia.Name() == a.Name() && ia.Child.String() == a.Child.String() {
			return j, true
		}
	}
	return 0, false
}

// worthKeeping reports whether e computes something (a call, an
// operator) that a sort would otherwise repeat, and may be computed ahead
// of the sort: not a column, constant or parameter, and reading no
// subquery, aggregate or window (those are computed by nodes of their
// own below).
func worthKeeping(e sql.Expression) bool {
	switch e.(type) {
	case *expression.GetField, *expression.Literal, *expr.Literal, *expression.BindVar:
		return false
	}
	ok := true
	sql.Inspect(e, func(x sql.Expression) bool {
		switch x.(type) {
		case *plan.Subquery, sql.Aggregation, sql.WindowAdaptableExpression, *expression.BindVar:
			ok = false
		}
		return ok
	})
	return ok && (len(e.Children()) > 0 || isCall(e))
}

// isCall reports a call without arguments (random(), now()).
func isCall(e sql.Expression) bool {
	_, ok := e.(*expr.FuncCall)
	return ok
}

// groupKeysOnce rewrites Project([Having(]GroupBy(child)[)]) so that a
// computed grouping key (GROUP BY f(x)) is evaluated once per input row,
// as PostgreSQL's Agg does: projected below the grouping, grouped by as a
// column, and passed up as one more output of the group, which the
// projection above (and HAVING) read instead of calling f again on the
// group's first row.
func groupKeysOnce(p *plan.Project) (*plan.Project, bool) {
	var having *plan.Having
	g, ok := p.Child.(*plan.GroupBy)
	if !ok {
		if having, ok = p.Child.(*plan.Having); ok {
			g, ok = having.Child.(*plan.GroupBy)
		}
	}
	if !ok {
		return p, false
	}
	child := g.Child
	width := schemaWidth(child)
	groupBy := append([]sql.Expression{}, g.GroupByExprs...)
	selected := append([]sql.Expression{}, g.SelectedExprs...)
	var keys []sql.Expression
	output := map[string]int{} // a key's text → its output column
	for i, e := range groupBy {
		target := e
		if a, ok := e.(*expression.Alias); ok {
			target = a.Child
		}
		if !worthKeeping(target) {
			continue
		}
		if _, dup := output[target.String()]; dup {
			continue
		}
		gf := expression.NewGetField(width+len(keys), target.Type(), target.String(), target.IsNullable())
		keys = append(keys, target)
		groupBy[i] = gf
		output[target.String()] = len(selected)
		selected = append(selected, gf)
	}
	if len(keys) == 0 {
		return p, false
	}
	// a non-aggregate output equal to a key is the key's value
	for i, e := range selected[:len(g.SelectedExprs)] {
		if _, agg := e.(sql.Aggregation); agg {
			continue
		}
		selected[i] = readColumns(e, func(x sql.Expression) (int, bool) {
			for k, key := range keys {
				if key.String() == x.String() {
					return width + k, true
				}
			}
			return 0, false
		})
	}
	projs := make([]sql.Expression, 0, width+len(keys))
	for i, c := range child.Schema() {
		projs = append(projs, expression.NewGetFieldWithTable(i, 0, c.Type, c.DatabaseSource, c.Source, c.Name, c.Nullable))
	}
	var grouped sql.Node = plan.NewGroupBy(selected, groupBy, plan.NewProject(append(projs, keys...), child))
	read := func(e sql.Expression) sql.Expression {
		return readColumns(e, func(x sql.Expression) (int, bool) {
			j, ok := output[x.String()]
			return j, ok
		})
	}
	if having != nil {
		grouped = plan.NewHaving(read(having.Cond), grouped)
	}
	top := make([]sql.Expression, len(p.Projections))
	for i, e := range p.Projections {
		top[i] = read(e)
	}
	return plan.NewProject(top, grouped), true
}

// readColumns replaces the parts of e that column(x) finds computed with
// reads of those columns.
func readColumns(e sql.Expression, column func(sql.Expression) (int, bool)) sql.Expression {
	out, _, err := transform.Expr(e, func(x sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		if _, ok := x.(*expression.GetField); ok {
			return x, transform.SameTree, nil
		}
		if j, ok := column(x); ok {
			return expression.NewGetField(j, x.Type(), x.String(), x.IsNullable()), transform.NewTree, nil
		}
		return x, transform.SameTree, nil
	})
	if err != nil {
		return e
	}
	return out
}
