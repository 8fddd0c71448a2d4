package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
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
		case *pg.Node_RangeSubselect:
			ft, ok := subselectTable(x.RangeSubselect)
			if !ok {
				all = false
				return
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

// subselectTable is a FROM subquery as a table without a key, whose
// columns PostgreSQL never takes as dependent on a grouped one; ok is
// false when an output's name is not plain (a star, an unnamed
// expression, a set operation).
func subselectTable(r *pg.RangeSubselect) (fromTable, bool) {
	q := r.Subquery.GetSelectStmt()
	if r.Alias == nil || q == nil || q.Op != pg.SetOperation_SETOP_NONE {
		return fromTable{}, false
	}
	ft := fromTable{qual: r.Alias.Aliasname, cols: map[string]bool{}}
	for i, n := range q.TargetList {
		rt := n.GetResTarget()
		name := rt.GetName()
		if i < len(r.Alias.Colnames) {
			name = strVal(r.Alias.Colnames[i])
		} else if name == "" {
			cr := rt.GetVal().GetColumnRef()
			if cr == nil {
				return fromTable{}, false
			}
			name = strVal(cr.Fields[len(cr.Fields)-1])
		}
		if name == "" {
			return fromTable{}, false
		}
		ft.cols[name] = true
	}
	return ft, true
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
// (42803) a column of a joined table or FROM subquery that is neither
// grouped nor so dependent. held are the grouped columns each of its
// subqueries reads, which the subquery carries (expr.SublinkArgs) so
// that GMS's grouping passes them on. It returns nils for the shapes it
// does not judge: GROUP BY items other than columns, grouping sets.
func (t *Translator) groupDependents(s *pg.SelectStmt) (extra []*pg.Node, held map[*pg.SubLink][]*pg.Node) {
	if t.Tables == nil || len(s.GroupClause) == 0 {
		return nil, nil
	}
	tables, all := t.fromTables(s)
	if len(tables) == 0 {
		return nil, nil
	}
	grouped := make([]map[string]bool, len(tables))
	for i := range grouped {
		grouped[i] = map[string]bool{}
	}
	for _, g := range s.GroupClause {
		cr := g.GetColumnRef()
		if cr == nil {
			return nil, nil
		}
		i, col, ok := resolveFromColumn(cr, tables, all)
		if !ok {
			return nil, nil // an output name, an outer column, an unknown item
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
	// An outer column a subquery reads is grouped as the query's own;
	// GMS's grouping passes on only the columns its outputs, HAVING and
	// ORDER BY show, not those of subqueries, so each is held (carried
	// beside the subquery). GMS binds HAVING's columns among the grouped
	// ones only, so one a subquery in HAVING reads is also grouped.
	heldKeys := map[*pg.SubLink]map[[2]string]bool{}
	groupHeld := false
	outer := func(sl *pg.SubLink, cr *pg.ColumnRef, inAggregate bool) {
		i, col, ok := resolveFromColumn(cr, tables, all)
		if !ok {
			return
		}
		key := [2]string{tables[i].qual, col}
		if !grouped[i][col] && !pkGrouped[i] {
			if all && !inAggregate { // checkGrouping does not look into subqueries
				failAt(cr.Location, pgerror.GroupingError, "subquery uses ungrouped column \"%s.%s\" from outer query", tables[i].qual, col)
			}
			return
		}
		if !grouped[i][col] && groupHeld && !added[key] {
			added[key] = true
			extra = append(extra, makeColumnRef(tables[i].qual, col))
		}
		if heldKeys[sl] == nil {
			heldKeys[sl] = map[[2]string]bool{}
		}
		if !heldKeys[sl][key] {
			heldKeys[sl][key] = true
			if held == nil {
				held = map[*pg.SubLink][]*pg.Node{}
			}
			held[sl] = append(held[sl], makeColumnRef(tables[i].qual, col))
		}
	}
	walk := func(n *pg.Node, orderBy bool) {
		if n != nil {
			t.walkUngrouped(n, visit(orderBy))
			t.walkWindows(n, visit(false))
			t.walkSublinkOuterRefs(n, outer)
			walkTestexprs(n, func(e *pg.Node) { t.walkUngrouped(e, visit(orderBy)) })
		}
	}
	for _, n := range s.TargetList {
		walk(n.GetResTarget().GetVal(), false)
	}
	for _, n := range s.SortClause {
		walk(n.GetSortBy().GetNode(), true)
	}
	groupHeld = true
	walk(s.HavingClause, false)
	for _, n := range s.WindowClause {
		if w := n.GetWindowDef(); w != nil {
			for _, p := range append(append([]*pg.Node{}, w.PartitionClause...), w.OrderClause...) {
				walk(p, false)
			}
		}
	}
	return extra, held
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

// walkSublinkOuterRefs calls f for the column references in the
// subqueries of n that name no FROM item, WITH item or column inside that
// subquery, so name the grouped query's tables, with the outermost
// subquery holding each; inAggregate says the reference is an
// aggregate's argument there, which PostgreSQL may take as the outer
// query's aggregate.
func (t *Translator) walkSublinkOuterRefs(n *pg.Node, f func(sl *pg.SubLink, cr *pg.ColumnRef, inAggregate bool)) {
	pgtree.Walk(n, func(m any) bool {
		sl, ok := m.(*pg.SubLink)
		if !ok {
			return true
		}
		// inner are the names the subquery's FROM items, WITH items and
		// outputs take; opaque says an item's columns are unknown, so an
		// unqualified reference may be its own
		inner, opaque := map[string]bool{}, false
		pgtree.Walk(sl.Subselect, func(m any) bool {
			switch x := m.(type) {
			case *pg.RangeVar:
				inner[x.Relname] = true
				if x.Alias != nil {
					inner[x.Alias.Aliasname] = true
				}
				ti, ok := t.lookupColumns(x.Schemaname, x.Relname)
				if !ok || ti == nil {
					opaque = true
					return true
				}
				for _, c := range ti.Columns {
					inner[c.Name] = true
				}
			case *pg.RangeSubselect, *pg.RangeFunction, *pg.RangeTableFunc, *pg.CommonTableExpr:
				opaque = true
			case *pg.ResTarget:
				inner[x.Name] = true
			}
			return true
		})
		var refs func(m any, inAggregate bool)
		refs = func(m any, inAggregate bool) {
			switch x := m.(type) {
			case *pg.ColumnRef:
				if len(x.Fields) == 2 && !inner[strVal(x.Fields[0])] ||
					len(x.Fields) == 1 && !opaque && !inner[strVal(x.Fields[0])] {
					f(sl, x, inAggregate)
				}
				return
			case *pg.CaseExpr:
				if groupingSetNull(x) {
					return // expandGroupingSets' NULL: its column is not read
				}
			case *pg.FuncCall:
				if x.Over == nil && (x.AggStar || t.isAggregateName(names(x.Funcname))) {
					inAggregate = true
				}
			}
			pgtree.Children(m, func(c any) bool {
				refs(c, inAggregate)
				return true
			})
		}
		refs(sl.Subselect, false)
		if sl.Testexpr != nil {
			t.walkSublinkOuterRefs(sl.Testexpr, f)
		}
		return false
	})
}

// walkTestexprs calls f for the left operands of the IN, ANY and ALL
// subqueries of n (walkUngrouped stops at a subquery), which belong to
// n's query.
func walkTestexprs(n *pg.Node, f func(*pg.Node)) {
	pgtree.Walk(n, func(m any) bool {
		sl, ok := m.(*pg.SubLink)
		if !ok {
			return true
		}
		if sl.Testexpr != nil {
			f(sl.Testexpr)
			walkTestexprs(sl.Testexpr, f)
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
