package translate

import (
	"github.com/tinybase/tinybase/internal/pgtree"

	pg "github.com/pganalyze/pg_query_go/v5"
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
				}
			}
			return n.GetSubLink() != nil
		})
	}
	return win && agg
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
// it names, in the derived table's GROUP BY too.
func (t *Translator) splitGroupedWindows(s *pg.SelectStmt) *pg.SelectStmt {
	outer := pgtree.Clone(s)
	inner := &pg.SelectStmt{Op: pg.SetOperation_SETOP_NONE, FromClause: s.FromClause, WhereClause: s.WhereClause,
		GroupClause: s.GroupClause, HavingClause: s.HavingClause}
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
	visit := func(n *pg.Node) bool {
		if n.GetSubLink() != nil {
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
