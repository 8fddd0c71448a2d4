package translate

import (
	"github.com/tinybase/tinybase/internal/pgtree"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// groupedWindows reports whether a SELECT applies window functions to a
// grouped result (GMS plans windows only over ungrouped rows).
func (t *Translator) groupedWindows(s *pg.SelectStmt) bool {
	win, agg := false, len(s.GroupClause) > 0 || s.HavingClause != nil
	for _, tn := range s.TargetList {
		if noFuncCall(tn) { // lookup_memo.go: no window function here
			continue
		}
		walkNodes(tn, func(n *pg.Node) bool {
			if fc := n.GetFuncCall(); fc != nil {
				if fc.Over != nil {
					win = true
				} else if t.isAggregateName(names(fc.Funcname)) {
					agg = true
					refuseWindowInAggregate(n)
					return true
				}
			}
			return n.GetSubLink() != nil
		})
	}
	return win && agg
}

// refuseWindowInAggregate fails, as PostgreSQL's parser does, for a
// window call in an aggregate call's FILTER (42P20) or arguments (42803);
// splitting the query would find the windows and the aggregate again in
// the derived table.
func refuseWindowInAggregate(agg *pg.Node) {
	fc := agg.GetFuncCall()
	find := func(n *pg.Node, code, msg string) {
		if n == nil {
			return
		}
		walkNodes(&pg.Node{Node: &pg.Node_List{List: &pg.List{Items: []*pg.Node{n}}}}, func(m *pg.Node) bool {
			if w := m.GetFuncCall(); w != nil && w.Over != nil {
				failAt(w.Location, code, "%s", msg)
			}
			return m.GetSubLink() != nil
		})
	}
	find(fc.AggFilter, pgerror.WindowingError, "window functions are not allowed in FILTER")
	for _, a := range append(append([]*pg.Node{}, fc.Args...), fc.AggOrder...) {
		find(a, pgerror.GroupingError, "aggregate function calls cannot contain window function calls")
	}
}

// splitGroupedWindows evaluates grouping and aggregates in a derived table
// and the window functions (or set-returning functions) over its rows
// (docs 3.5: windows run after grouping; a set-returning function in the
// SELECT list of a grouped query runs on each group's result row):
//
//	SELECT <targets over "?gN"/"?aN"> FROM (SELECT <group keys> AS "?gN",
//	  <aggregates> AS "?aN" FROM ... GROUP BY ... HAVING ...) "?grouped" ...
//
// A GROUP BY ordinal or output name becomes the SELECT-list expression
// it names, in the derived table's GROUP BY too. A subquery is computed
// in the derived table ("?sN"), where the grouped columns and the
// aggregates of the grouped level it reads are.
//
// With liftHaving the HAVING condition moves to the outer query's WHERE,
// its aggregates computed in the derived table's SELECT list like the
// others (splitHaving).
func (t *Translator) splitGroupedWindows(s *pg.SelectStmt) *pg.SelectStmt {
	return t.splitGrouped(s, false)
}

func (t *Translator) splitGrouped(s *pg.SelectStmt, liftHaving bool) *pg.SelectStmt {
	outer := pgtree.Clone(s)
	inner := &pg.SelectStmt{Op: pg.SetOperation_SETOP_NONE, FromClause: s.FromClause, WhereClause: s.WhereClause,
		GroupClause: s.GroupClause, HavingClause: s.HavingClause}
	if liftHaving {
		inner.HavingClause = nil
	}
	outer.WhereClause, outer.GroupClause, outer.HavingClause = nil, nil, nil
	str := func(v string) *pg.Node { return &pg.Node{Node: &pg.Node_String_{String_: &pg.String{Sval: v}}} }
	ref := func(v string) pg.Node_ColumnRef {
		return pg.Node_ColumnRef{ColumnRef: &pg.ColumnRef{Fields: []*pg.Node{str("?grouped"), str(v)}}}
	}
	var keys []*pg.Node
	var keyNames []string
	plain := true
	for _, g := range s.GroupClause {
		if g.GetGroupingSet() != nil {
			plain = false
		}
	}
	if plain {
		inner.GroupClause = nil
	}
	for i, g := range s.GroupClause {
		g = t.resolvedGroupKey(s, g)
		if plain {
			inner.GroupClause = append(inner.GroupClause, g)
		}
		keys = append(keys, g)
		keyNames = append(keyNames, "?g"+itoa(int64(i+1)))
		inner.TargetList = append(inner.TargetList, &pg.Node{Node: &pg.Node_ResTarget{ResTarget: &pg.ResTarget{Val: g, Name: keyNames[i]}}})
	}
	var aggs, cols []*pg.Node
	// lift computes n in the derived table (once, as <prefix><k>) and reads
	// it from there
	lift := func(list *[]*pg.Node, prefix string, n *pg.Node) {
		k := indexOfExpr(*list, n)
		if k < 0 {
			*list = append(*list, pgtree.Clone(n))
			k = len(*list) - 1
			inner.TargetList = append(inner.TargetList, &pg.Node{Node: &pg.Node_ResTarget{ResTarget: &pg.ResTarget{Val: (*list)[k], Name: prefix + itoa(int64(k+1))}}})
		}
		r := ref(prefix + itoa(int64(k+1)))
		n.Node = &r
	}
	sorting := false
	outputs := map[string]bool{}
	for _, tn := range outer.TargetList {
		if rt := tn.GetResTarget(); rt != nil && rt.Val != nil {
			if rt.Name == "" {
				rt.Name = columnName(rt.Val)
			}
			outputs[rt.Name] = true
		}
	}
	var subs []*pg.Node
	visit := func(n *pg.Node) bool {
		if n.GetSubLink() != nil {
			// computed per group in the derived table, where the columns
			// and aggregates of the grouped level it reads are
			lift(&subs, "?s", n)
			return true
		}
		if fc := n.GetFuncCall(); fc != nil && fc.Over == nil && t.isAggregateName(names(fc.Funcname)) {
			lift(&aggs, "?a", n)
			return true
		}
		if k := indexOfExpr(keys, n); k >= 0 {
			r := ref(keyNames[k])
			n.Node = &r
			return true
		}
		if k := keyColumnNamed(keys, n); k >= 0 {
			r := ref(keyNames[k])
			n.Node = &r
			return true
		}
		// any other column goes through the derived table, which checks
		// it as PostgreSQL does (42803 unless the grouping determines it)
		if cr := n.GetColumnRef(); cr != nil && cr.Fields[len(cr.Fields)-1].GetAStar() == nil {
			if sorting && len(cr.Fields) == 1 && outputs[strVal(cr.Fields[0])] {
				return true // ORDER BY an output column
			}
			lift(&cols, "?c", n)
			return true
		}
		return false
	}
	for _, tn := range outer.TargetList {
		rt := tn.GetResTarget()
		if rt.Name == "" {
			rt.Name = columnName(rt.Val)
		}
		if !visit(rt.Val) {
			walkNodes(rt.Val, visit)
		}
	}
	sorting = true
	for _, o := range outer.SortClause {
		sb := o.GetSortBy()
		if c := sb.Node.GetAConst(); c != nil {
			continue
		}
		if !visit(sb.Node) {
			walkNodes(sb.Node, visit)
		}
	}
	sorting = false // PARTITION BY and ORDER BY in a window name input columns
	for _, w := range outer.WindowClause {
		walkNodes(w, visit)
	}
	if liftHaving && s.HavingClause != nil {
		cond := pgtree.Clone(s.HavingClause)
		if !visit(cond) {
			walkNodes(cond, visit)
		}
		outer.WhereClause = cond
	}
	outer.FromClause = []*pg.Node{{Node: &pg.Node_RangeSubselect{RangeSubselect: &pg.RangeSubselect{
		Subquery: &pg.Node{Node: &pg.Node_SelectStmt{SelectStmt: inner}},
		Alias:    &pg.Alias{Aliasname: "?grouped"},
	}}}}
	return outer
}

// groupKey resolves a GROUP BY ordinal or output-name reference to the
// select-list expression.
func groupKey(s *pg.SelectStmt, g *pg.Node) *pg.Node {
	if c := g.GetAConst(); c != nil && c.GetIval() != nil {
		if k := int(c.GetIval().Ival); k >= 1 && k <= len(s.TargetList) {
			return s.TargetList[k-1].GetResTarget().Val
		}
	}
	return g
}

// resolvedGroupKey is groupKey, and also a bare name that is no FROM
// column but a SELECT-list output name (PostgreSQL prefers the input
// column) resolved to that entry's expression.
func (t *Translator) resolvedGroupKey(s *pg.SelectStmt, g *pg.Node) *pg.Node {
	if cr := g.GetColumnRef(); cr != nil && len(cr.Fields) == 1 && cr.Fields[0].GetString_() != nil {
		name := strVal(cr.Fields[0])
		if inputs, known := t.fromColumnNames(s); known && !inputs[name] {
			if rt := targetNamed(s.TargetList, name); rt != nil {
				return rt.Val
			}
		}
		return g
	}
	return groupKey(s, g)
}

// keyColumnNamed returns the grouping key a column reference names when
// one is written with a qualifier and the other without (GROUP BY t.k,
// SELECT k): the only key that is a column of that name, or -1.
func keyColumnNamed(keys []*pg.Node, n *pg.Node) int {
	cr := n.GetColumnRef()
	if cr == nil || cr.Fields[len(cr.Fields)-1].GetString_() == nil {
		return -1
	}
	name := strVal(cr.Fields[len(cr.Fields)-1])
	found := -1
	for i, k := range keys {
		kc := k.GetColumnRef()
		if kc == nil || kc.Fields[len(kc.Fields)-1].GetString_() == nil || strVal(kc.Fields[len(kc.Fields)-1]) != name {
			continue
		}
		if len(kc.Fields) > 1 && len(cr.Fields) > 1 {
			continue // both qualified and different: another table's column
		}
		if found >= 0 {
			return -1
		}
		found = i
	}
	return found
}

// splitHaving reports a HAVING that go-mysql-server cannot bind: one
// whose aggregate reads a qualified column whose name another relation
// of the query's FROM also has. GMS rebuilds HAVING's aggregates in a
// scope holding the columns they read found by name alone, so with two
// tables that both have an id, count(b.id) finds a.id there and b is
// "not found" (42P01). Such a query groups in a derived table and
// filters its rows (splitGrouped with liftHaving), which binds the
// aggregates where the SELECT list's are. A HAVING with a subquery
// keeps its place (the subquery may read the grouped relations' columns).
func (t *Translator) splitHaving(s *pg.SelectStmt) bool {
	if s.HavingClause == nil || len(s.FromClause) == 0 || len(s.FromClause) == 1 && s.FromClause[0].GetJoinExpr() == nil {
		return false
	}
	var qualified []string
	sublink := false
	check := func(n *pg.Node) bool {
		if n.GetSubLink() != nil {
			sublink = true
			return true
		}
		fc := n.GetFuncCall()
		if fc == nil || fc.Over != nil || !t.isAggregateName(names(fc.Funcname)) {
			return false
		}
		walkNodes(n, func(m *pg.Node) bool {
			if cr := m.GetColumnRef(); cr != nil && len(cr.Fields) > 1 && cr.Fields[len(cr.Fields)-1].GetString_() != nil {
				qualified = append(qualified, strVal(cr.Fields[len(cr.Fields)-1]))
			}
			return m.GetSubLink() != nil
		})
		return true
	}
	if !check(s.HavingClause) {
		walkNodes(s.HavingClause, check)
	}
	if sublink || len(qualified) == 0 {
		return false
	}
	shared, known := t.sharedColumnNames(s.FromClause)
	for _, c := range qualified {
		if !known || shared[c] {
			return true
		}
	}
	return false
}

// sharedColumnNames are the column names more than one table of from
// has; known is false when from holds something other than tables and
// joins of tables (a subquery, a function, a CTE), whose columns are not
// looked up here.
func (t *Translator) sharedColumnNames(from []*pg.Node) (shared map[string]bool, known bool) {
	rels := fromRangeVars(from)
	count := 0
	var walk func(n *pg.Node)
	walk = func(n *pg.Node) {
		switch x := n.GetNode().(type) {
		case *pg.Node_RangeVar:
			count++
		case *pg.Node_JoinExpr:
			walk(x.JoinExpr.Larg)
			walk(x.JoinExpr.Rarg)
		default:
			count = -1 << 20
		}
	}
	for _, n := range from {
		walk(n)
	}
	if count != len(rels) {
		return nil, false
	}
	seen := map[string]int{}
	for _, rv := range rels {
		info, ok := t.lookupColumns(rv.Schemaname, rv.Relname)
		if !ok || rv.Schemaname == "" && t.q.ctes[rv.Relname] != nil {
			return nil, false
		}
		for _, c := range info.Columns {
			seen[c.Name]++
		}
	}
	shared = map[string]bool{}
	for n, k := range seen {
		if k > 1 {
			shared[n] = true
		}
	}
	return shared, true
}
