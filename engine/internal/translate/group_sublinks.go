package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// groupKeysAlias names the LATERAL item liftSublinkGroupKeys computes
// grouping keys with subqueries in.
const groupKeysAlias = "?keys"

// liftSublinkGroupKeys rewrites a grouped SELECT whose GROUP BY key, or
// an aggregate call's argument, holds a subquery so that the expression
// is computed per input row below the aggregation:
//
//	SELECT <targets, the key read as "?keys"."?kN", sum("?keys"."?aN")>
//	  FROM <from>, LATERAL (SELECT <key> AS "?kN", <argument> AS "?aN") "?keys"
//	  ... GROUP BY "?keys"."?kN"
//
// go-mysql-server groups such rows correctly but evaluates a key again in
// the SELECT list above the aggregation, where a correlated subquery sees
// a stale row (every group got the same EXISTS) or, over a join, indexes
// past the end of the grouped row (XX000); and when a key is computed, a
// subquery in an aggregate's argument reads the outer row shifted by the
// key columns (t1.id IN (...) tested another column). A whole argument
// moves, so CASE still guards its subquery as PostgreSQL's would. It
// returns nil when nothing is to move, for grouping sets (expanded
// before this) and for a SELECT * (the lateral item's columns would join
// the output).
func (t *Translator) liftSublinkGroupKeys(s *pg.SelectStmt) *pg.SelectStmt {
	if len(s.GroupClause) == 0 || len(s.FromClause) == 0 || targetsHaveStar(s.TargetList) {
		return nil
	}
	var keys []*pg.Node
	lifted := make([]int, len(s.GroupClause)) // index in keys, or -1
	for i, g := range s.GroupClause {
		lifted[i] = -1
		if g.GetGroupingSet() != nil {
			return nil
		}
		k := t.resolvedGroupKey(s, g)
		if !hasSubLinkNode(k) {
			continue
		}
		if lifted[i] = indexOfExpr(keys, k); lifted[i] < 0 {
			keys = append(keys, k)
			lifted[i] = len(keys) - 1
		}
	}
	out := pgtree.Clone(s)
	var args []*pg.Node
	str := func(v string) *pg.Node { return &pg.Node{Node: &pg.Node_String_{String_: &pg.String{Sval: v}}} }
	ref := func(name string) *pg.Node {
		return &pg.Node{Node: &pg.Node_ColumnRef{ColumnRef: &pg.ColumnRef{
			Fields: []*pg.Node{str(groupKeysAlias), str(name)}, Location: -1}}}
	}
	isAgg := func(n *pg.Node) bool {
		fc := n.GetFuncCall()
		return fc != nil && fc.Over == nil && t.isAggregateName(names(fc.Funcname))
	}
	// liftArgs moves an aggregate's arguments, FILTER and ORDER BY keys
	// that hold a subquery
	liftArgs := func(n *pg.Node) {
		fc := n.GetFuncCall()
		exprs := append([]*pg.Node{}, fc.Args...)
		if fc.AggFilter != nil {
			exprs = append(exprs, fc.AggFilter)
		}
		for _, o := range fc.AggOrder {
			if sb := o.GetSortBy(); sb != nil {
				exprs = append(exprs, sb.Node)
			}
		}
		for _, a := range exprs {
			if !hasSubLinkNode(a) {
				continue
			}
			k := indexOfExpr(args, a)
			if k < 0 {
				args = append(args, pgtree.Clone(a))
				k = len(args) - 1
			}
			*a = *ref("?a" + itoa(int64(k+1)))
		}
	}
	// a key is replaced where the query reads it above the aggregation:
	// not inside an aggregate call or another subquery, which read rows
	visit := func(n *pg.Node) bool {
		if k := indexOfExpr(keys, n); k >= 0 {
			*n = *ref("?k" + itoa(int64(k+1)))
			return true
		}
		if n.GetSubLink() != nil {
			return true
		}
		if isAgg(n) {
			liftArgs(n)
			return true
		}
		return false
	}
	replace := func(n *pg.Node) {
		if n != nil && !visit(n) {
			walkNodes(n, visit)
		}
	}
	for _, tn := range out.TargetList {
		if rt := tn.GetResTarget(); rt != nil && rt.Val != nil {
			if rt.Name == "" {
				rt.Name = columnName(rt.Val)
			}
			replace(rt.Val)
		}
	}
	for _, o := range out.SortClause {
		if sb := o.GetSortBy(); sb != nil && sb.Node.GetAConst() == nil {
			replace(sb.Node)
		}
	}
	replace(out.HavingClause)
	if len(keys) == 0 && len(args) == 0 {
		return nil
	}
	for i, g := range out.GroupClause {
		if lifted[i] >= 0 {
			*g = *ref("?k" + itoa(int64(lifted[i]+1)))
		}
	}
	inner := &pg.SelectStmt{Op: pg.SetOperation_SETOP_NONE}
	for _, l := range []struct {
		prefix string
		list   []*pg.Node
	}{{"?k", keys}, {"?a", args}} {
		for k, e := range l.list {
			inner.TargetList = append(inner.TargetList, &pg.Node{Node: &pg.Node_ResTarget{ResTarget: &pg.ResTarget{
				Val: pgtree.Clone(e), Name: l.prefix + itoa(int64(k+1))}}})
		}
	}
	out.FromClause = append(out.FromClause, &pg.Node{Node: &pg.Node_RangeSubselect{RangeSubselect: &pg.RangeSubselect{
		Lateral:  true,
		Subquery: &pg.Node{Node: &pg.Node_SelectStmt{SelectStmt: inner}},
		Alias:    &pg.Alias{Aliasname: groupKeysAlias},
	}}})
	return out
}

// hasSubLinkNode reports whether an expression holds a subquery.
func hasSubLinkNode(n *pg.Node) bool {
	return hasNode(n, func(m any) bool {
		_, ok := m.(*pg.SubLink)
		return ok
	})
}
