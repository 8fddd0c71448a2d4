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
// and the window functions over its rows (docs 3.5: windows run after
// grouping):
//
//	SELECT <targets over "?gN"/"?aN"> FROM (SELECT <group keys> AS "?gN",
//	  <aggregates> AS "?aN" FROM ... GROUP BY ... HAVING ...) "?grouped" ...
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
	for i, g := range s.GroupClause {
		g = groupKey(s, g)
		keys = append(keys, g)
		keyNames = append(keyNames, "?g"+itoa(int64(i+1)))
		inner.TargetList = append(inner.TargetList, &pg.Node{Node: &pg.Node_ResTarget{ResTarget: &pg.ResTarget{Val: g, Name: keyNames[i]}}})
	}
	var aggs []*pg.Node
	visit := func(n *pg.Node) bool {
		if n.GetSubLink() != nil {
			return true
		}
		if fc := n.GetFuncCall(); fc != nil && fc.Over == nil && t.isAggregateName(names(fc.Funcname)) {
			k := indexOfExpr(aggs, n)
			if k < 0 {
				aggs = append(aggs, pgtree.Clone(n))
				k = len(aggs) - 1
				inner.TargetList = append(inner.TargetList, &pg.Node{Node: &pg.Node_ResTarget{ResTarget: &pg.ResTarget{Val: aggs[k], Name: "?a" + itoa(int64(k+1))}}})
			}
			r := ref("?a" + itoa(int64(k+1)))
			n.Node = &r
			return true
		}
		if k := indexOfExpr(keys, n); k >= 0 {
			r := ref(keyNames[k])
			n.Node = &r
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
	for _, o := range outer.SortClause {
		sb := o.GetSortBy()
		if c := sb.Node.GetAConst(); c != nil {
			continue
		}
		if !visit(sb.Node) {
			walkNodes(sb.Node, visit)
		}
	}
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
