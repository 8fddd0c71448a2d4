package translate

import (
	"github.com/tinybase/tinybase/engine/pgtree"
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/pgerror"
)

// checkGrouping reports a column of a grouped query that is neither
// grouped, functionally dependent on the grouped primary key, nor inside
// an aggregate (42803, docs 7.2.3). It covers the common shape that GMS
// would otherwise accept: one table in FROM, grouped by plain columns;
// other shapes are left alone rather than guessed at.
func (t *Translator) checkGrouping(s *pg.SelectStmt) {
	if len(s.GroupClause) == 0 || len(s.FromClause) != 1 || t.Tables == nil {
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
	aliases := map[string]bool{}
	for _, n := range s.TargetList {
		if rt := n.GetResTarget(); rt != nil && rt.Name != "" {
			aliases[rt.Name] = true
		}
	}
	grouped := map[string]bool{}
	for _, g := range s.GroupClause {
		col, ok := ownColumn(g.GetColumnRef(), qual, cols)
		if !ok || (aliases[col] && len(g.GetColumnRef().Fields) == 1) {
			return // expressions, positions, output names: not checked here
		}
		grouped[col] = true
	}
	pkGrouped := len(ti.PrimaryKey) > 0
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
		walkUngrouped(n, func(cr *pg.ColumnRef) {
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
func walkUngrouped(m any, f func(*pg.ColumnRef)) {
	switch x := m.(type) {
	case *pg.ColumnRef:
		f(x)
		return
	case *pg.SubLink:
		return
	case *pg.FuncCall:
		parts := names(x.Funcname)
		if x.Over != nil || aggregateNames[strings.ToLower(parts[len(parts)-1])] || x.AggStar {
			return
		}
	}
	pgtree.Children(m, func(c any) bool {
		walkUngrouped(c, f)
		return true
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
