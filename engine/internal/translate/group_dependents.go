package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// A grouped query may read any column of a table whose primary key it
// groups by, in its SELECT list, HAVING, ORDER BY and window clauses
// (PostgreSQL's check_functional_grouping; docs 7.2.3). GMS resolves
// HAVING and ORDER BY only against the grouped columns, the outputs and
// the aggregates, so groupDependents adds such columns to GROUP BY, which
// leaves the groups as they are since the key determines them. With
// several FROM items checkGrouping's one-table check does not run;
// groupDependents refuses the columns PostgreSQL refuses there (42803).

// fromTable is a plain table of a FROM list under the name the query
// qualifies its columns with.
type fromTable struct {
	qual string
	cols map[string]bool
	pk   []string
}

// fromTables returns the tables of a FROM list made of tables and joins
// of tables; all is false when it holds anything else (a subquery, a
// function, a WITH item, a view), whose columns it does not know.
func (t *Translator) fromTables(s *pg.SelectStmt) (out []fromTable, all bool) {
	all = true
	var walk func(n *pg.Node)
	walk = func(n *pg.Node) {
		switch x := n.GetNode().(type) {
		case *pg.Node_JoinExpr:
			j := x.JoinExpr
			if j.Alias != nil || len(j.UsingClause) > 0 || j.IsNatural {
				all = false // merged columns: not resolved here
			}
			walk(j.Larg)
			walk(j.Rarg)
		case *pg.Node_RangeVar:
			rv := x.RangeVar
			if t.shadowedByCTE(s, rv) || (rv.Alias != nil && len(rv.Alias.Colnames) > 0) {
				all = false
				return
			}
			ti, ok := t.lookupColumns(rv.Schemaname, rv.Relname)
			if !ok || ti == nil {
				all = false
				return
			}
			ft := fromTable{qual: rv.Relname, cols: map[string]bool{}, pk: ti.PrimaryKey}
			if rv.Alias != nil {
				ft.qual = rv.Alias.Aliasname
			}
			for _, c := range ti.Columns {
				ft.cols[c.Name] = true
			}
			out = append(out, ft)
		default:
			all = false
		}
	}
	for _, n := range s.FromClause {
		walk(n)
	}
	return out, all
}

// resolve returns the table and column a reference names among tables:
// qualified by a table's name, or unqualified and a column of exactly one
// (only when all FROM items are tables).
func resolveFromColumn(cr *pg.ColumnRef, tables []fromTable, all bool) (int, string, bool) {
	switch len(cr.Fields) {
	case 1:
		col := strVal(cr.Fields[0])
		if !all || col == "" {
			return 0, "", false
		}
		found := -1
		for i, ft := range tables {
			if ft.cols[col] {
				if found >= 0 {
					return 0, "", false
				}
				found = i
			}
		}
		return found, col, found >= 0
	case 2:
		q, col := strVal(cr.Fields[0]), strVal(cr.Fields[1])
		for i, ft := range tables {
			if ft.qual == q {
				return i, col, col != "" && ft.cols[col]
			}
		}
	}
	return 0, "", false
}

// groupDependents returns the columns s reads outside aggregates from
// tables whose primary key it groups by, to be grouped too, and refuses
// (42803) a column of a joined table that is neither grouped nor so
// dependent. It returns nil for the shapes it does not judge: GROUP BY
// items other than columns, grouping sets.
func (t *Translator) groupDependents(s *pg.SelectStmt) []*pg.Node {
	if t.Tables == nil || len(s.GroupClause) == 0 {
		return nil
	}
	tables, all := t.fromTables(s)
	if len(tables) == 0 {
		return nil
	}
	grouped := make([]map[string]bool, len(tables))
	for i := range grouped {
		grouped[i] = map[string]bool{}
	}
	for _, g := range s.GroupClause {
		cr := g.GetColumnRef()
		if cr == nil {
			return nil
		}
		i, col, ok := resolveFromColumn(cr, tables, all)
		if !ok {
			return nil // an output name, an outer column, an unknown item
		}
		grouped[i][col] = true
	}
	pkGrouped := make([]bool, len(tables))
	for i, ft := range tables {
		pkGrouped[i] = len(ft.pk) > 0
		for _, k := range ft.pk {
			pkGrouped[i] = pkGrouped[i] && grouped[i][k]
		}
	}
	// checkGrouping judges a single table itself
	judge := all && !(len(s.FromClause) == 1 && s.FromClause[0].GetRangeVar() != nil)
	outputs := map[string]bool{}
	for _, n := range s.TargetList {
		if rt := n.GetResTarget(); rt != nil && rt.Name != "" {
			outputs[rt.Name] = true
		}
	}
	var extra []*pg.Node
	added := map[[2]string]bool{}
	visit := func(orderBy bool) func(cr *pg.ColumnRef) {
		return func(cr *pg.ColumnRef) {
			if orderBy && len(cr.Fields) == 1 && outputs[strVal(cr.Fields[0])] {
				return // ORDER BY prefers an output name
			}
			i, col, ok := resolveFromColumn(cr, tables, all)
			if !ok || grouped[i][col] {
				return
			}
			if !pkGrouped[i] {
				if judge {
					failAt(cr.Location, pgerror.GroupingError, "column \"%s.%s\" must appear in the GROUP BY clause or be used in an aggregate function", tables[i].qual, col)
				}
				return
			}
			key := [2]string{tables[i].qual, col}
			if !added[key] {
				added[key] = true
				extra = append(extra, makeColumnRef(tables[i].qual, col))
			}
		}
	}
	walk := func(n *pg.Node, orderBy bool) {
		if n != nil {
			t.walkUngrouped(n, visit(orderBy))
			t.walkWindows(n, visit(false))
		}
	}
	for _, n := range s.TargetList {
		walk(n.GetResTarget().GetVal(), false)
	}
	walk(s.HavingClause, false)
	for _, n := range s.SortClause {
		walk(n.GetSortBy().GetNode(), true)
	}
	for _, n := range s.WindowClause {
		if w := n.GetWindowDef(); w != nil {
			for _, p := range append(append([]*pg.Node{}, w.PartitionClause...), w.OrderClause...) {
				walk(p, false)
			}
		}
	}
	return extra
}

// walkWindows calls f for the ungrouped column references of the
// PARTITION BY and ORDER BY of the window calls in n, which are
// evaluated over the groups.
func (t *Translator) walkWindows(n *pg.Node, f func(*pg.ColumnRef)) {
	callOutsideSubselects(n, func(fc *pg.FuncCall) bool {
		if w := fc.Over; w != nil {
			for _, p := range w.PartitionClause {
				t.walkUngrouped(p, f)
			}
			for _, o := range w.OrderClause {
				t.walkUngrouped(o.GetSortBy().GetNode(), f)
			}
		}
		return false
	})
}

func makeColumnRef(qual, col string) *pg.Node {
	return &pg.Node{Node: &pg.Node_ColumnRef{ColumnRef: &pg.ColumnRef{
		Fields:   []*pg.Node{pg.MakeStrNode(qual), pg.MakeStrNode(col)},
		Location: -1,
	}}}
}
