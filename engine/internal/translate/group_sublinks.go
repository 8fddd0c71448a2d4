package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// groupKeysAlias names the LATERAL item liftSublinkGroupKeys computes
// grouping keys with subqueries in.
const groupKeysAlias = "?keys"

// liftSublinkGroupKeys rewrites a grouped SELECT whose GROUP BY key holds
// a subquery so that the key is computed per input row below the
// aggregation:
//
//	SELECT <targets, the key read as "?keys"."?kN"> FROM <from>,
//	  LATERAL (SELECT <key> AS "?kN") "?keys" ... GROUP BY "?keys"."?kN"
//
// go-mysql-server groups such rows correctly but evaluates the key again
// in the SELECT list above the aggregation, where a correlated subquery
// sees a stale row (every group got the same EXISTS) or, over a join,
// indexes past the end of the grouped row (XX000). It returns nil when
// no key holds a subquery, for grouping sets (expanded before this) and
// for a SELECT * (the lateral item's columns would join the output).
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
	if len(keys) == 0 {
		return nil
	}
	str := func(v string) *pg.Node { return &pg.Node{Node: &pg.Node_String_{String_: &pg.String{Sval: v}}} }
	ref := func(k int) *pg.Node {
		return &pg.Node{Node: &pg.Node_ColumnRef{ColumnRef: &pg.ColumnRef{
			Fields: []*pg.Node{str(groupKeysAlias), str("?k" + itoa(int64(k+1)))}, Location: -1}}}
	}
	out := pgtree.Clone(s)
	inner := &pg.SelectStmt{Op: pg.SetOperation_SETOP_NONE}
	for k, e := range keys {
		inner.TargetList = append(inner.TargetList, &pg.Node{Node: &pg.Node_ResTarget{ResTarget: &pg.ResTarget{
			Val: pgtree.Clone(e), Name: "?k" + itoa(int64(k+1))}}})
	}
	out.FromClause = append(out.FromClause, &pg.Node{Node: &pg.Node_RangeSubselect{RangeSubselect: &pg.RangeSubselect{
		Lateral:  true,
		Subquery: &pg.Node{Node: &pg.Node_SelectStmt{SelectStmt: inner}},
		Alias:    &pg.Alias{Aliasname: groupKeysAlias},
	}}})
	for i, g := range out.GroupClause {
		if lifted[i] >= 0 {
			*g = *ref(lifted[i])
		}
	}
	// a key is replaced where the query reads it above the aggregation:
	// not inside an aggregate call or another subquery, which read rows
	visit := func(n *pg.Node) bool {
		if k := indexOfExpr(keys, n); k >= 0 {
			*n = *ref(k)
			return true
		}
		if n.GetSubLink() != nil {
			return true
		}
		fc := n.GetFuncCall()
		return fc != nil && fc.Over == nil && t.isAggregateName(names(fc.Funcname))
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
	return out
}

// hasSubLinkNode reports whether an expression holds a subquery.
func hasSubLinkNode(n *pg.Node) bool {
	return hasNode(n, func(m any) bool {
		_, ok := m.(*pg.SubLink)
		return ok
	})
}
