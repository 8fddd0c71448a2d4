package gmsadapter

import (
	"reflect"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"

	"github.com/tinybase/tinybase/engine/internal/expr"
)

// Computed columns of a FROM subquery (or inlined WITH query) read only
// by the projection above its joins. PostgreSQL pulls a simple subquery
// up into the query (pull_up_subqueries), so `WITH c AS (SELECT x, 10 / x
// AS y FROM t) SELECT y FROM c WHERE EXISTS (SELECT 1 FROM u WHERE u.x =
// c.x)` computes 10 / x in the top target list, for the rows the
// semi-join keeps; GMS projects y inside the subquery, for every row of
// t, and raised division by zero for a row the join drops.
// computedAboveJoins moves such an expression into the projection that
// reads it, over the subquery's pass-through columns it reads, when only
// joins (with the subquery on a side whose rows are not NULL-extended),
// semi-joins and filters that do not read the column stand between; the
// column nobody reads any more then becomes a NULL (rule_unused_outputs.go).
// Only expressions safe to compute elsewhere move (liftable).
const ruleComputedAboveJoins analyzer.RuleId = 10035

func computedAboveJoins(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	if !hasSubqueryAlias(n) {
		return n, transform.SameTree, nil
	}
	names := map[string]int{}
	relationNames(n, names)
	out, same, err := transform.NodeWithOpaque(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		n, same1 := liftInSubqueryExprs(n, names)
		switch n.(type) {
		case *plan.Project, *plan.GroupBy:
			out, same2 := liftComputed(n, names)
			return out, same1 && same2, nil
		}
		return n, same1, nil
	})
	if err != nil {
		return n, transform.SameTree, nil // left as GMS planned it
	}
	return out, same, nil
}

// liftInSubqueryExprs applies the rule to the plans of n's sub-selects.
func liftInSubqueryExprs(n sql.Node, names map[string]int) (sql.Node, transform.TreeIdentity) {
	if _, ok := n.(sql.Expressioner); !ok {
		return n, transform.SameTree
	}
	out, same, err := transform.OneNodeExpressions(n, func(x sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		sq, ok := x.(*plan.Subquery)
		if !ok || sq.Query == nil {
			return x, transform.SameTree, nil
		}
		q, same, err := transform.NodeWithOpaque(sq.Query, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
			n, same1 := liftInSubqueryExprs(n, names)
			switch n.(type) {
			case *plan.Project, *plan.GroupBy:
				out, same2 := liftComputed(n, names)
				return out, same1 && same2, nil
			}
			return n, same1, nil
		})
		if err != nil || same {
			return x, transform.SameTree, nil
		}
		return sq.WithQuery(q), transform.NewTree, nil
	})
	if err != nil {
		return n, transform.SameTree
	}
	return out, same
}

// liftable reports whether e may be computed above the joins instead: an
// expression of tinybase's own operators and non-volatile built-ins over
// at least one column (no routine call, whose volatility is the
// routine's, no sub-select, aggregate or window function).
func liftable(e sql.Expression) bool {
	ok, cols := true, false
	sql.Inspect(e, func(x sql.Expression) bool {
		switch y := x.(type) {
		case *expression.GetField:
			cols = true
		case *expression.Literal:
		case *expr.FuncCall:
			ok = ok && !y.IsVolatile()
		case sql.Aggregation, sql.WindowAdaptableExpression, *plan.Subquery:
			ok = false
		default:
			t := reflect.TypeOf(x)
			if t.Kind() == reflect.Pointer {
				t = t.Elem()
			}
			ok = ok && t.PkgPath() == exprPkg
		}
		return ok
	})
	_, bare := e.(*expression.GetField)
	return ok && cols && !bare
}

// dropsRows reports whether a node of path may drop rows: a join or a
// filter.
func dropsRows(path []sql.Node) bool {
	for _, n := range path {
		switch n.(type) {
		case *plan.JoinNode, *HashSemiJoin, *plan.Filter:
			return true
		}
	}
	return false
}

// liftSite is a subquery below a projection and the nodes between.
type liftSite struct {
	sa   *plan.SubqueryAlias
	path []sql.Node
}

// liftSites finds the subqueries below n reached through joins on a
// side that is never NULL-extended, semi-joins' outer sides and filters.
func liftSites(n sql.Node, path []sql.Node, out *[]liftSite) {
	next := append(append([]sql.Node(nil), path...), n)
	switch x := n.(type) {
	case *plan.SubqueryAlias:
		*out = append(*out, liftSite{sa: x, path: path})
	case *plan.Filter, *plan.HashLookup, *plan.CachedResults, *plan.Sort:
		liftSites(n.Children()[0], next, out)
	case *HashSemiJoin:
		liftSites(x.Child, next, out)
	case *plan.JoinNode:
		// the sides whose rows are never NULL-extended
		switch jt := x.JoinType(); {
		case jt == plan.JoinTypeCross, jt == plan.JoinTypeCrossHash, jt == plan.JoinTypeInner, jt == plan.JoinTypeLookup,
			jt == plan.JoinTypeHash, jt == plan.JoinTypeMerge, jt == plan.JoinTypeRangeHeap:
			liftSites(x.Left(), next, out)
			liftSites(x.Right(), next, out)
		case jt.IsSemi(), jt.IsAnti(), jt.IsLeftOuter():
			if !jt.IsLateral() {
				liftSites(x.Left(), next, out)
			}
		}
	}
}

// liftComputed moves the computed columns of the subqueries below p, a
// projection or a grouping, that only p reads into p, one at a time.
func liftComputed(p sql.Node, names map[string]int) (sql.Node, transform.TreeIdentity) {
	same := transform.SameTree
	for {
		next, ok := liftOne(p, names)
		if !ok {
			return p, same
		}
		p, same = next, transform.NewTree
	}
}

// liftOne moves one computed column into p; ok is false when there is
// none to move.
func liftOne(p sql.Node, names map[string]int) (sql.Node, bool) {
	var sites []liftSite
	liftSites(p.Children()[0], nil, &sites)
	for _, s := range sites {
		inner, ok := s.sa.Child.(*plan.Project)
		cols := s.sa.Schema()
		if !ok || len(inner.Projections) != len(cols) {
			continue
		}
		alias := strings.ToLower(s.sa.Name())
		if names[alias] != 1 {
			// another relation of its name (an enclosing query's, read
			// from the outer row) could be what a reference means
			continue
		}
		if !dropsRows(s.path) {
			continue // nothing to compute it after
		}
		refs := columnRefs{}
		var sorts []*plan.Sort // the path's sorts, whose keys are rewritten too
		for _, m := range s.path {
			if sort, ok := m.(*plan.Sort); ok {
				sorts = append(sorts, sort)
				continue
			}
			if e, ok := m.(sql.Expressioner); ok {
				for _, x := range e.Expressions() {
					refs.expr(x)
				}
			}
		}
		for j, e := range inner.Projections {
			a, ok := e.(*expression.Alias)
			if !ok || !liftable(a.Child) {
				continue
			}
			if refs.used(alias, cols[j].Name) || refs.used(alias, a.Name()) {
				continue
			}
			if out, ok := lift(p, s, sorts, inner, j, a); ok {
				return out, true
			}
		}
	}
	return p, false
}

// lift rewrites p and the sorts between it and s.sa to compute column j
// of the subquery (a, in its projection inner) themselves, and the
// subquery to project a NULL in its place.
func lift(p sql.Node, s liftSite, sorts []*plan.Sort, inner *plan.Project, j int, a *expression.Alias) (sql.Node, bool) {
	cols := s.sa.Schema()
	exprs, ok, found := substituteComputed(p.(sql.Expressioner).Expressions(), s.sa.Name(), cols, inner, j, a.Child)
	if !ok || !found {
		return p, false
	}
	replace := map[sql.Node]sql.Node{}
	for _, sort := range sorts {
		keys, ok, found := substituteComputed(sort.Expressions(), s.sa.Name(), cols, inner, j, a.Child)
		if !ok {
			return p, false
		}
		if found {
			ns, err := sort.WithExpressions(keys...)
			if err != nil {
				return p, false
			}
			replace[sort] = ns
		}
	}
	nulled, err := a.WithChildren(expr.NewLiteral(expr.TypeOf(a.Child), nil))
	if err != nil {
		return p, false
	}
	projections := append([]sql.Expression{}, inner.Projections...)
	projections[j] = nulled
	np, err := inner.WithExpressions(projections...)
	if err != nil {
		return p, false
	}
	sa, err := s.sa.WithChildren(np)
	if err != nil {
		return p, false
	}
	// the sorts first: replacing the subquery rebuilds the nodes above it
	child := p.Children()[0]
	for _, r := range []map[sql.Node]sql.Node{replace, {s.sa: sa}} {
		if child, _, err = transform.Node(child, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
			if m, ok := r[n]; ok {
				return m, transform.NewTree, nil
			}
			return n, transform.SameTree, nil
		}); err != nil {
			return p, false
		}
	}
	out, err := p.WithChildren(child)
	if err != nil {
		return p, false
	}
	if out, err = out.(sql.Expressioner).WithExpressions(exprs...); err != nil {
		return p, false
	}
	return out, true
}

// substituteComputed replaces, in projections, every reference to column
// j of the subquery alias (whose projection is inner) with e, rewritten
// over the subquery's pass-through columns at the same place in the row.
func substituteComputed(projections []sql.Expression, alias string, cols sql.Schema, inner *plan.Project, j int, e sql.Expression) (_ []sql.Expression, ok, found bool) {
	ok = true
	out := make([]sql.Expression, len(projections))
	for i, x := range projections {
		y, _, err := transform.Expr(x, func(x sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
			switch g := x.(type) {
			case *plan.Subquery:
				ok = false // a sub-select reading the column keeps it
			case *expression.GetField:
				if !strings.EqualFold(g.Table(), alias) || !strings.EqualFold(g.Name(), cols[j].Name) {
					return x, transform.SameTree, nil
				}
				base := g.Index() - j
				lifted, fine := overPassThrough(e, inner, cols, alias, base)
				if !fine {
					ok = false
					return x, transform.SameTree, nil
				}
				found = true
				return lifted, transform.NewTree, nil
			}
			return x, transform.SameTree, nil
		})
		if err != nil {
			return nil, false, false
		}
		if g, isField := x.(*expression.GetField); isField && y != x {
			y = &liftedColumn{Expression: y, of: g} // the entry keeps its column's name and table
		}
		out[i] = y
	}
	return out, ok, found
}

// overPassThrough rewrites e, over inner's input row, over the subquery's
// output columns starting at base in the row above: each column e reads
// must be one inner passes through unchanged.
func overPassThrough(e sql.Expression, inner *plan.Project, cols sql.Schema, alias string, base int) (sql.Expression, bool) {
	ok := true
	out, _, err := transform.Expr(e, func(x sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		g, isField := x.(*expression.GetField)
		if !isField {
			return x, transform.SameTree, nil
		}
		for k, p := range inner.Projections {
			pg := passThrough(p)
			if pg == nil || pg.Index() != g.Index() || !strings.EqualFold(pg.Name(), g.Name()) || !strings.EqualFold(pg.Table(), g.Table()) {
				continue
			}
			col := cols[k]
			return expression.NewGetFieldWithTable(base+k, 0, col.Type, "", alias, col.Name, col.Nullable), transform.NewTree, nil
		}
		ok = false
		return x, transform.SameTree, nil
	})
	return out, ok && err == nil
}

// passThrough is the column a projection entry passes on unchanged.
func passThrough(e sql.Expression) *expression.GetField {
	if a, ok := e.(*expression.Alias); ok {
		e = a.Child
	}
	g, _ := e.(*expression.GetField)
	return g
}

// relationNames counts the statement's relations by lower-cased name,
// sub-selects' included.
func relationNames(n sql.Node, names map[string]int) {
	transform.Inspect(n, func(n sql.Node) bool {
		switch x := n.(type) {
		case *plan.SubqueryAlias, *plan.TableAlias, *plan.ResolvedTable, *plan.IndexedTableAccess, *plan.RecursiveTable:
			names[strings.ToLower(x.(sql.Nameable).Name())]++
		}
		if e, ok := n.(sql.Expressioner); ok {
			for _, x := range e.Expressions() {
				transform.InspectExpr(x, func(x sql.Expression) bool {
					if sq, ok := x.(*plan.Subquery); ok && sq.Query != nil {
						relationNames(sq.Query, names)
					}
					return false
				})
			}
		}
		return true
	})
}

// liftedColumn is a projection entry that read a subquery's column and
// now computes it: it keeps the column's name, table and type in the
// projection's schema, which later steps (MERGE's actions, the wire's
// column descriptions) read.
type liftedColumn struct {
	sql.Expression
	of *expression.GetField
}

var (
	_ sql.Nameable           = (*liftedColumn)(nil)
	_ sql.Tableable          = (*liftedColumn)(nil)
	_ sql.Databaseable       = (*liftedColumn)(nil)
	_ sql.CollationCoercible = (*liftedColumn)(nil)
)

func (c *liftedColumn) Name() string               { return c.of.Name() }
func (c *liftedColumn) Table() string              { return c.of.Table() }
func (c *liftedColumn) Database() string           { return c.of.Database() }
func (c *liftedColumn) Type() sql.Type             { return c.of.Type() }
func (c *liftedColumn) IsNullable() bool           { return c.of.IsNullable() }
func (c *liftedColumn) String() string             { return c.Expression.String() }
func (c *liftedColumn) Children() []sql.Expression { return []sql.Expression{c.Expression} }

func (c *liftedColumn) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(c, len(children), 1)
	}
	return &liftedColumn{Expression: children[0], of: c.of}, nil
}

// CollationCoercibility implements sql.CollationCoercible.
func (c *liftedColumn) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return c.of.CollationCoercibility(ctx)
}
