package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// expandStars returns s with * entries of its SELECT list replaced by the
// columns they stand for (expandStarTarget), or s itself when it has
// none; a * whose columns are unknown fails with 0A000 and msg.
func (t *Translator) expandStars(s *pg.SelectStmt, ctes map[string]*rowSource, msg string) *pg.SelectStmt {
	out, loc := t.tryExpandStars(s, ctes)
	if out == nil {
		failAt(loc, pgerror.FeatureNotSupported, "%s", msg)
	}
	return out
}

// tryExpandStars is expandStars returning nil, and the location of the *,
// for a * whose columns are unknown.
func (t *Translator) tryExpandStars(s *pg.SelectStmt, ctes map[string]*rowSource) (*pg.SelectStmt, int32) {
	var list []*pg.Node
	expanded := false
	for _, tn := range s.TargetList {
		if rt := tn.GetResTarget(); rt != nil {
			if cr := rt.Val.GetColumnRef(); cr != nil && cr.Fields[len(cr.Fields)-1].GetAStar() != nil {
				cols, ok := t.expandStarTarget(s, ctes, cr)
				if !ok {
					return nil, cr.Location
				}
				list = append(list, cols...)
				expanded = true
				continue
			}
		}
		list = append(list, tn)
	}
	if !expanded {
		return s, -1
	}
	c := pgtree.Clone(s)
	c.TargetList = list
	return c, -1
}

// scopeCTEs are the WITH items a SELECT's FROM sees before the SELECT's
// own scope is entered: the enclosing levels' and its own.
func (t *Translator) scopeCTEs(s *pg.SelectStmt) map[string]*rowSource {
	ctes := map[string]*rowSource{}
	for k, v := range t.q.ctes {
		ctes[k] = v
	}
	t.addCTEs(s.WithClause, ctes) // wholerow.go
	return ctes
}

// expandStarTarget lists the columns * (or alias.*) stands for in a
// SELECT list, in FROM order, as qualified column references (unnamed,
// so named after their columns), for rewrites that move a query's SELECT
// list into a derived table (DISTINCT ON, WITH TIES, windows beside
// set-returning functions); ctes are the WITH items in scope. ok is
// false when some FROM item's columns are unknown, or a join merges
// USING / NATURAL columns, which * lists once.
func (t *Translator) expandStarTarget(s *pg.SelectStmt, ctes map[string]*rowSource, cr *pg.ColumnRef) (out []*pg.Node, ok bool) {
	var qual string
	switch len(cr.Fields) {
	case 1:
	case 2:
		qual = strVal(cr.Fields[0])
		if qual == "" {
			return nil, false
		}
	default:
		return nil, false
	}
	merged := false
	for _, f := range s.FromClause {
		walkNodes(&pg.Node{Node: &pg.Node_List{List: &pg.List{Items: []*pg.Node{f}}}}, func(n *pg.Node) bool {
			if j := n.GetJoinExpr(); j != nil && j.Alias == nil && (len(j.UsingClause) > 0 || j.IsNatural) {
				merged = true
			}
			return n.GetRangeSubselect() != nil
		})
	}
	if merged && qual == "" {
		return nil, false
	}
	str := func(v string) *pg.Node { return &pg.Node{Node: &pg.Node_String_{String_: &pg.String{Sval: v}}} }
	seen := map[string]bool{}
	found := false
	for _, ns := range t.fromSources(s.FromClause, ctes) { // wholerow.go
		if ns.alias == "" || seen[ns.alias] {
			return nil, false
		}
		seen[ns.alias] = true
		if qual != "" && ns.alias != qual {
			continue
		}
		if ns.src == nil {
			return nil, false
		}
		found = true
		for _, c := range ns.src.cols {
			ref := &pg.Node{Node: &pg.Node_ColumnRef{ColumnRef: &pg.ColumnRef{Fields: []*pg.Node{str(ns.alias), str(c)}, Location: cr.Location}}}
			out = append(out, &pg.Node{Node: &pg.Node_ResTarget{ResTarget: &pg.ResTarget{Val: ref, Location: cr.Location}}})
		}
	}
	return out, found
}
