package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// checkGrouping reports a column of a grouped query that is neither
// grouped, functionally dependent on the grouped primary key, nor inside
// an aggregate (42803, docs 7.2.3). It covers the common shape that GMS
// would otherwise accept: one table in FROM, grouped by plain columns;
// other shapes are left alone rather than guessed at. A query without
// GROUP BY is grouped (into one group) when it has HAVING or calls an
// aggregate outside subqueries and window calls (`SELECT name, count(*)
// FROM people`); no column is grouped then.
func (t *Translator) checkGrouping(s *pg.SelectStmt) {
	if t.skipGroupCheck {
		t.skipGroupCheck = false // failingAfter's query, checked after its DISTINCT ON
		return
	}
	if len(s.FromClause) != 1 || t.Tables == nil {
		return
	}
	if len(s.GroupClause) == 0 && s.HavingClause == nil && !t.targetsAggregate(s.TargetList) {
		return
	}
	rv := s.FromClause[0].GetRangeVar()
	if rv == nil || t.shadowedByCTE(s, rv) {
		return
	}
	ti, ok := t.lookupColumns(rv.Schemaname, rv.Relname)
	if !ok {
		return
	}
	qual := rv.Relname
	if rv.Alias != nil {
		qual = rv.Alias.Aliasname
	}
	cols := map[string]bool{}
	for _, c := range ti.Columns {
		cols[c.Name] = true
	}
	grouped := map[string]bool{}
	for _, g := range s.GroupClause {
		// a name that is both a FROM column and an output name is the
		// FROM column (PostgreSQL prefers input columns in GROUP BY)
		col, ok := ownColumn(g.GetColumnRef(), qual, cols)
		if !ok {
			return // expressions, positions, output names: not checked here
		}
		grouped[col] = true
	}
	pkGrouped := len(ti.PrimaryKey) > 0 && len(grouped) > 0
	for _, k := range ti.PrimaryKey {
		pkGrouped = pkGrouped && grouped[k]
	}
	if pkGrouped {
		return
	}
	check := func(n *pg.Node) {
		if n == nil {
			return
		}
		t.walkUngrouped(n, func(cr *pg.ColumnRef) {
			col, ok := ownColumn(cr, qual, cols)
			if ok && !grouped[col] {
				failAt(cr.Location, pgerror.GroupingError, "column \"%s.%s\" must appear in the GROUP BY clause or be used in an aggregate function", qual, col)
			}
		})
	}
	for _, n := range s.TargetList {
		if rt := n.GetResTarget(); rt != nil {
			check(rt.Val)
		}
	}
	check(s.HavingClause)
}

// ownColumn returns the column a reference names when it is a column of
// the one FROM table (unqualified or qualified by its name).
func ownColumn(cr *pg.ColumnRef, qual string, cols map[string]bool) (string, bool) {
	if cr == nil {
		return "", false
	}
	switch len(cr.Fields) {
	case 1:
	case 2:
		if strVal(cr.Fields[0]) != qual {
			return "", false
		}
	default:
		return "", false
	}
	col := strVal(cr.Fields[len(cr.Fields)-1])
	return col, col != "" && cols[col]
}

// walkUngrouped calls f for the column references outside aggregate and
// window calls and outside subqueries (whose outer references would need
// scope resolution this check does not do).
func (t *Translator) walkUngrouped(m any, f func(*pg.ColumnRef)) {
	switch x := m.(type) {
	case *pg.ColumnRef:
		f(x)
		return
	case *pg.SubLink:
		return
	case *pg.CaseExpr:
		if groupingSetNull(x) {
			return
		}
	case *pg.FuncCall:
		parts := names(x.Funcname)
		if x.Over != nil || t.isAggregateName(parts) || x.AggStar {
			return
		}
	}
	pgtree.Children(m, func(c any) bool {
		t.walkUngrouped(c, f)
		return true
	})
}

// groupingSetNull reports whether c is the typed NULL expandGroupingSets
// puts in place of a grouping column outside a branch's set: `CASE WHEN
// false THEN col END` with no source location. Its column is not read.
func groupingSetNull(c *pg.CaseExpr) bool {
	if c.Location != -1 || len(c.Args) != 1 || c.Arg != nil || c.Defresult != nil {
		return false
	}
	b := c.Args[0].GetCaseWhen().GetExpr().GetAConst().GetBoolval()
	return b != nil && !b.Boolval
}

// targetsAggregate reports whether a SELECT list calls a built-in
// aggregate outside subqueries and window calls.
func (t *Translator) targetsAggregate(list []*pg.Node) bool {
	for _, n := range list {
		if t.aggregateIn(n.GetResTarget().GetVal()) {
			return true
		}
	}
	return false
}

// aggregateIn is targetsAggregate for one expression: the common node
// kinds are looked at directly (the uncached statement path translates
// every SELECT list through here), the others through their fields.
func (t *Translator) aggregateIn(n *pg.Node) bool {
	switch x := n.GetNode().(type) {
	case nil, *pg.Node_ColumnRef, *pg.Node_AConst, *pg.Node_ParamRef, *pg.Node_SubLink:
		return false
	case *pg.Node_TypeCast:
		return t.aggregateIn(x.TypeCast.Arg)
	case *pg.Node_AExpr:
		return t.aggregateIn(x.AExpr.Lexpr) || t.aggregateIn(x.AExpr.Rexpr)
	case *pg.Node_FuncCall:
		f := x.FuncCall
		if f.Over == nil && (f.AggStar || t.isAggregateName(names(f.Funcname))) {
			return true
		}
		for _, a := range f.Args {
			if t.aggregateIn(a) {
				return true
			}
		}
		return false
	}
	return t.aggregateWalk(n)
}

// aggregateWalk looks for an aggregate call through every field of n,
// not descending into sub-selects.
func (t *Translator) aggregateWalk(n *pg.Node) bool {
	return callOutsideSubselects(n, func(f *pg.FuncCall) bool {
		parts := names(f.Funcname)
		return f.Over == nil && (t.isAggregateName(parts) || f.AggStar)
	})
}

// shadowedByCTE reports whether an unqualified FROM name may be a WITH
// item rather than the table.
func (t *Translator) shadowedByCTE(s *pg.SelectStmt, rv *pg.RangeVar) bool {
	if rv.Schemaname != "" {
		return false
	}
	for _, w := range []*pg.WithClause{s.WithClause, t.topWith} {
		if w == nil {
			continue
		}
		for _, c := range w.Ctes {
			if cte := c.GetCommonTableExpr(); cte != nil && cte.Ctename == rv.Relname {
				return true
			}
		}
	}
	return false
}
