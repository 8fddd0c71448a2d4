package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// expandStarsMerged is tryExpandStars for a FROM list whose joins merge
// USING / NATURAL columns, for reading a * column's value only (the
// NULL placement of ORDER BY n): * lists a merged column once, first,
// then the left and the right side's other columns (docs 7.2.1.1), and
// a merged column's value is the left side's, the right side's for a
// RIGHT JOIN, and COALESCE of both for a FULL JOIN. It returns nil when
// a FROM item's columns are unknown or a join is aliased.
func (t *Translator) expandStarsMerged(s *pg.SelectStmt, ctes map[string]*rowSource) *pg.SelectStmt {
	var list []*pg.Node
	for _, tn := range s.TargetList {
		rt := tn.GetResTarget()
		cr := rt.GetVal().GetColumnRef()
		if cr == nil || cr.Fields[len(cr.Fields)-1].GetAStar() == nil {
			list = append(list, tn)
			continue
		}
		if len(cr.Fields) != 1 {
			cols, ok := t.expandStarTarget(s, ctes, cr)
			if !ok {
				return nil
			}
			list = append(list, cols...)
			continue
		}
		for _, f := range s.FromClause {
			cols := t.mergedColumns(f, ctes)
			if cols == nil {
				return nil
			}
			for _, c := range cols {
				list = append(list, &pg.Node{Node: &pg.Node_ResTarget{ResTarget: &pg.ResTarget{Val: c.val, Name: c.name, Location: -1}}})
			}
		}
	}
	c := pgtree.Clone(s)
	c.TargetList = list
	return c
}

// mergedColumn is one column * lists for a FROM item: its name and an
// expression for its value.
type mergedColumn struct {
	name string
	val  *pg.Node
}

// mergedColumns lists the columns * stands for in one FROM item, or nil.
func (t *Translator) mergedColumns(n *pg.Node, ctes map[string]*rowSource) []mergedColumn {
	j := n.GetJoinExpr()
	if j == nil {
		var out []mergedColumn
		for _, ns := range t.fromSources([]*pg.Node{n}, ctes) { // wholerow.go
			if ns.alias == "" || ns.src == nil {
				return nil
			}
			for _, c := range ns.src.cols {
				out = append(out, mergedColumn{c, makeColumnRef(ns.alias, c)})
			}
		}
		if len(out) == 0 {
			return nil
		}
		return out
	}
	if j.Alias != nil {
		return nil
	}
	l, r := t.mergedColumns(j.Larg, ctes), t.mergedColumns(j.Rarg, ctes)
	if l == nil || r == nil {
		return nil
	}
	var using []string
	if j.IsNatural {
		for _, lc := range l {
			for _, rc := range r {
				if lc.name == rc.name {
					using = append(using, lc.name)
					break
				}
			}
		}
	} else {
		for _, u := range j.UsingClause {
			using = append(using, strVal(u))
		}
	}
	find := func(cols []mergedColumn, name string) (int, bool) {
		found := -1
		for i, c := range cols {
			if c.name == name {
				if found >= 0 {
					return -1, false // ambiguous: PostgreSQL refuses the join
				}
				found = i
			}
		}
		return found, found >= 0
	}
	var out []mergedColumn
	usedL, usedR := map[int]bool{}, map[int]bool{}
	for _, name := range using {
		li, lok := find(l, name)
		ri, rok := find(r, name)
		if !lok || !rok {
			return nil
		}
		usedL[li], usedR[ri] = true, true
		val := l[li].val
		switch j.Jointype {
		case pg.JoinType_JOIN_RIGHT:
			val = r[ri].val
		case pg.JoinType_JOIN_FULL:
			val = &pg.Node{Node: &pg.Node_CoalesceExpr{CoalesceExpr: &pg.CoalesceExpr{
				Args: []*pg.Node{pgtree.Clone(l[li].val), pgtree.Clone(r[ri].val)}, Location: -1}}}
		}
		out = append(out, mergedColumn{name, val})
	}
	for i, c := range l {
		if !usedL[i] {
			out = append(out, c)
		}
	}
	for i, c := range r {
		if !usedR[i] {
			out = append(out, c)
		}
	}
	return out
}
