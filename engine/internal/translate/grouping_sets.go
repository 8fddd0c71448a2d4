package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// hasGroupingSets reports whether GROUP BY uses ROLLUP, CUBE or GROUPING SETS.
func hasGroupingSets(s *pg.SelectStmt) bool {
	for _, g := range s.GroupClause {
		if g.GetGroupingSet() != nil {
			return true
		}
	}
	return false
}

// expandGroupingSets rewrites GROUP BY ROLLUP/CUBE/GROUPING SETS (docs
// 7.2.4) into a UNION ALL of one grouped query per grouping set. In each
// branch, grouping columns outside the set read as NULL (CASE WHEN false
// THEN col END keeps the column's type) and grouping(...) is a constant.
func (t *Translator) expandGroupingSets(s *pg.SelectStmt) *pg.SelectStmt {
	sets := [][]*pg.Node{{}}
	var all []*pg.Node
	for _, g := range s.GroupClause {
		var item [][]*pg.Node
		if gs := g.GetGroupingSet(); gs != nil {
			item = groupingSetExpand(gs)
		} else {
			item = [][]*pg.Node{{g}}
		}
		var next [][]*pg.Node
		for _, a := range sets {
			for _, b := range item {
				next = append(next, append(append([]*pg.Node{}, a...), b...))
			}
		}
		sets = next
	}
	// each set's keys as written (a branch groups by them: an ordinal or
	// output name still names its SELECT-list entry there, and a constant
	// written as an ordinal must stay one) and as the expressions they
	// stand for (what the branches' rewrite matches)
	keys := make([][]*pg.Node, len(sets))
	for si, set := range sets {
		for _, e := range set {
			e = t.resolvedGroupKey(s, e)
			keys[si] = append(keys[si], e)
			if indexOfExpr(all, e) < 0 {
				all = append(all, e)
			}
		}
	}
	if len(sets) > 4096 {
		failAt(-1, "54001", "too many grouping sets present (maximum 4096)")
	}
	if len(sets) > 1 && len(s.SortClause) > 0 && t.orderNeedsWrap(s) {
		if targetsHaveStar(s.TargetList) {
			if x, _ := t.tryExpandStars(s, t.scopeCTEs(s)); x != nil { // select_star.go
				s = x
			}
		}
		if !targetsHaveStar(s.TargetList) {
			return t.orderedGroupingSets(s, sets, keys, all)
		}
	}
	var out *pg.SelectStmt
	for si, set := range sets {
		b := pgtree.Clone(s)
		b.GroupClause = append([]*pg.Node{}, set...)
		b.SortClause, b.LimitCount, b.LimitOffset, b.WithClause = nil, nil, nil, nil
		for _, tn := range b.TargetList {
			rt := tn.GetResTarget()
			if rt.Name == "" {
				rt.Name = columnName(rt.Val)
			}
			rt.Val = t.groupingRewrite(rt.Val, keys[si], all)
		}
		if b.HavingClause != nil {
			b.HavingClause = t.groupingRewrite(b.HavingClause, keys[si], all)
		}
		if len(set) == 0 {
			t.oneGroup(b)
		}
		if out == nil {
			out = b
			continue
		}
		out = &pg.SelectStmt{Op: pg.SetOperation_SETOP_UNION, All: !plainDistinct(s), Larg: out, Rarg: b}
	}
	if out.Op == pg.SetOperation_SETOP_NONE {
		out.SortClause, out.LimitCount, out.LimitOffset, out.WithClause = s.SortClause, s.LimitCount, s.LimitOffset, s.WithClause
		return out
	}
	out.SortClause, out.LimitCount, out.LimitOffset, out.WithClause = s.SortClause, s.LimitCount, s.LimitOffset, s.WithClause
	return out
}

// groupingSetExpand lists the grouping sets one GROUP BY item stands for.
func groupingSetExpand(gs *pg.GroupingSet) [][]*pg.Node {
	switch gs.Kind {
	case pg.GroupingSetKind_GROUPING_SET_EMPTY:
		return [][]*pg.Node{{}}
	case pg.GroupingSetKind_GROUPING_SET_SIMPLE:
		return [][]*pg.Node{flattenRow(gs.Content)}
	case pg.GroupingSetKind_GROUPING_SET_ROLLUP:
		var out [][]*pg.Node
		for i := len(gs.Content); i >= 0; i-- {
			var set []*pg.Node
			for _, c := range gs.Content[:i] {
				set = append(set, flattenRow([]*pg.Node{c})...)
			}
			out = append(out, set)
		}
		return out
	case pg.GroupingSetKind_GROUPING_SET_CUBE:
		n := len(gs.Content)
		var out [][]*pg.Node
		// PostgreSQL lists the full set first, then drops trailing columns
		for mask := (1 << n) - 1; mask >= 0; mask-- {
			var set []*pg.Node
			for i := 0; i < n; i++ {
				if mask&(1<<(n-1-i)) != 0 {
					set = append(set, flattenRow([]*pg.Node{gs.Content[i]})...)
				}
			}
			out = append(out, set)
		}
		return out
	case pg.GroupingSetKind_GROUPING_SET_SETS:
		var out [][]*pg.Node
		for _, c := range gs.Content {
			if inner := c.GetGroupingSet(); inner != nil {
				out = append(out, groupingSetExpand(inner)...)
			} else {
				out = append(out, flattenRow([]*pg.Node{c}))
			}
		}
		return out
	}
	failAt(gs.Location, pgerror.FeatureNotSupported, "grouping set kind %s is not supported", gs.Kind)
	return nil
}

// flattenRow expands (a, b) row items of a grouping set into a, b.
func flattenRow(ns []*pg.Node) []*pg.Node {
	var out []*pg.Node
	for _, n := range ns {
		if items, ok := rowItems(n); ok {
			out = append(out, items...)
		} else if gs := n.GetGroupingSet(); gs != nil && gs.Kind == pg.GroupingSetKind_GROUPING_SET_SIMPLE {
			out = append(out, flattenRow(gs.Content)...)
		} else {
			out = append(out, n)
		}
	}
	return out
}

func indexOfExpr(list []*pg.Node, e *pg.Node) int {
	for i, x := range list {
		if sameExpr(x, e) {
			return i
		}
	}
	return -1
}

// groupingRewrite replaces, outside aggregate calls and subqueries,
// grouping columns not in set by a typed NULL and grouping(...) by its
// bitmask for this set.
func (t *Translator) groupingRewrite(n *pg.Node, set, all []*pg.Node) *pg.Node {
	n = pgtree.Clone(n)
	var visit func(x *pg.Node) bool
	visit = func(x *pg.Node) bool {
		if gf := x.GetGroupingFunc(); gf != nil {
			mask := int32(0)
			for _, a := range gf.Args {
				mask <<= 1
				if indexOfExpr(set, a) < 0 {
					mask |= 1
				}
			}
			x.Node = &pg.Node_AConst{AConst: &pg.A_Const{Val: &pg.A_Const_Ival{Ival: &pg.Integer{Ival: mask}}, Location: gf.Location}}
			return true
		}
		if fc := x.GetFuncCall(); fc != nil && fc.Over == nil && (t.isAggregateName(names(fc.Funcname)) || fc.AggStar) {
			return true
		}
		if indexOfExpr(set, x) >= 0 {
			// a key of this set: its value, whatever other keys it reads
			// (coalesce(e, ...) grouped beside e)
			return true
		}
		if indexOfExpr(all, x) >= 0 {
			x.Node = groupingSetNullOf(x).Node
			return true
		}
		// a key that is a subquery is one above; another subquery reads
		// the grouping columns outside this set as NULL too
		if sl := x.GetSubLink(); sl != nil {
			t.nullOuterKeys(sl, set, all)
			if sl.Testexpr != nil && !visit(sl.Testexpr) { // x IN (...): x is this query's
				walkNodes(sl.Testexpr, visit)
			}
			return true
		}
		return false
	}
	if visit(n) {
		return n
	}
	walkNodes(n, visit)
	return n
}

// walkNodes calls visit on every *pg.Node below m; visit returns true to
// skip the node's children.
func walkNodes(m any, visit func(*pg.Node) bool) {
	pgtree.Children(m, func(c any) bool {
		if node, ok := c.(*pg.Node); ok && visit(node) {
			return true
		}
		walkNodes(c, visit)
		return true
	})
}

// oneGroup makes s, which has no GROUP BY keys but is grouped (a HAVING
// clause, the empty grouping set), one group even when it calls no
// aggregate: go-mysql-server groups a query only for keys or aggregates,
// so it is given an aggregate that is always true, in HAVING.
func (t *Translator) oneGroup(s *pg.SelectStmt) {
	if !t.ungroupedGroup(s) {
		return
	}
	count := &pg.Node{Node: &pg.Node_FuncCall{FuncCall: &pg.FuncCall{
		Funcname: []*pg.Node{pg.MakeStrNode("pg_catalog"), pg.MakeStrNode("count")}, AggStar: true, Location: -1}}}
	always := &pg.Node{Node: &pg.Node_NullTest{NullTest: &pg.NullTest{Arg: count, Nulltesttype: pg.NullTestType_IS_NOT_NULL, Location: -1}}}
	if s.HavingClause == nil {
		s.HavingClause = always
		return
	}
	s.HavingClause = &pg.Node{Node: &pg.Node_BoolExpr{BoolExpr: &pg.BoolExpr{Boolop: pg.BoolExprType_AND_EXPR,
		Args: []*pg.Node{s.HavingClause, always}, Location: -1}}}
}

// ungroupedGroup reports whether s is grouped into one group without
// GROUP BY keys or an aggregate call.
func (t *Translator) ungroupedGroup(s *pg.SelectStmt) bool {
	return len(s.GroupClause) == 0 && !t.targetsAggregate(s.TargetList) && (s.HavingClause == nil || !t.aggregateIn(s.HavingClause))
}

// groupingSetNullOf is the typed NULL a grouping column outside a
// branch's set reads as: CASE WHEN false THEN col END keeps col's type
// (groupingSetNull recognises it by its missing location).
func groupingSetNullOf(col *pg.Node) *pg.Node {
	f := &pg.Node{Node: &pg.Node_AConst{AConst: &pg.A_Const{Val: &pg.A_Const_Boolval{Boolval: &pg.Boolean{Boolval: false}}}}}
	return &pg.Node{Node: &pg.Node_CaseExpr{CaseExpr: &pg.CaseExpr{Args: []*pg.Node{{Node: &pg.Node_CaseWhen{CaseWhen: &pg.CaseWhen{
		Expr: f, Result: pgtree.Clone(col)}}}}, Location: -1}}}
}

// nullOuterKeys replaces, in the subquery sl, the references to the
// grouped query's columns that are grouping keys outside set by their
// typed NULL: PostgreSQL's subquery sees the grouped row, where such a
// column is NULL (a correlated count over the total row counts no rows).
func (t *Translator) nullOuterKeys(sl *pg.SubLink, set, all []*pg.Node) {
	outer := map[*pg.ColumnRef]bool{}
	t.walkSublinkOuterRefs(&pg.Node{Node: &pg.Node_SubLink{SubLink: sl}}, func(_ *pg.SubLink, cr *pg.ColumnRef, _ bool) {
		outer[cr] = true
	})
	if len(outer) == 0 {
		return
	}
	keyed := func(n *pg.Node, keys []*pg.Node) bool {
		for _, k := range keys {
			if k.GetColumnRef() != nil && sameExprQualified(k, n) {
				return true
			}
		}
		return false
	}
	walkNodes(sl.Subselect, func(x *pg.Node) bool {
		cr := x.GetColumnRef()
		if cr == nil || !outer[cr] {
			return false
		}
		if !keyed(x, set) && keyed(x, all) {
			x.Node = groupingSetNullOf(x).Node
		}
		return true
	})
}

// orderNeedsWrap reports whether an ORDER BY of a grouping-sets query
// names something other than an output column by position or name: the
// UNION ALL of the branches can sort only by those.
func (t *Translator) orderNeedsWrap(s *pg.SelectStmt) bool {
	for _, o := range s.SortClause {
		n := o.GetSortBy().GetNode()
		if c := n.GetAConst(); c != nil && c.GetIval() != nil {
			if k := int(c.GetIval().Ival); targetsHaveStar(s.TargetList) || k >= 1 && k <= len(s.TargetList) {
				continue
			}
			return true // orderedGroupingSets fails as PostgreSQL does
		}
		if cr := n.GetColumnRef(); cr != nil && len(cr.Fields) == 1 && cr.Fields[0].GetString_() != nil &&
			!targetsHaveStar(s.TargetList) && outputIndex(s.TargetList, strVal(cr.Fields[0])) >= 0 {
			continue
		}
		return true
	}
	return false
}

// outputIndex is the index of the output column named name, or -1.
func outputIndex(targets []*pg.Node, name string) int {
	for i, tn := range targets {
		if rt := tn.GetResTarget(); rt != nil && outputName(rt) == name {
			return i
		}
	}
	return -1
}

// orderedGroupingSets is expandGroupingSets for an ORDER BY that reads
// grouped expressions, GROUPING(...) or aggregates rather than output
// columns: each branch also computes those sort keys as hidden columns,
// and a query over the UNION ALL sorts by them and drops them.
//
//	SELECT "?g1" AS a, ... FROM (<branch> UNION ALL ...) "?grouping"
//	  ORDER BY "?g1" | "?o1", ... LIMIT ...
func (t *Translator) orderedGroupingSets(s *pg.SelectStmt, sets, keys [][]*pg.Node, all []*pg.Node) *pg.SelectStmt {
	str := func(v string) *pg.Node { return &pg.Node{Node: &pg.Node_String_{String_: &pg.String{Sval: v}}} }
	col := func(v string) *pg.Node {
		return &pg.Node{Node: &pg.Node_ColumnRef{ColumnRef: &pg.ColumnRef{Fields: []*pg.Node{str(v)}, Location: -1}}}
	}
	target := func(val *pg.Node, name string) *pg.Node {
		return &pg.Node{Node: &pg.Node_ResTarget{ResTarget: &pg.ResTarget{Val: val, Name: name, Location: -1}}}
	}
	outer := &pg.SelectStmt{Op: pg.SetOperation_SETOP_NONE, LimitCount: s.LimitCount, LimitOffset: s.LimitOffset,
		LimitOption: s.LimitOption, WithClause: s.WithClause}
	for i, tn := range s.TargetList {
		outer.TargetList = append(outer.TargetList, target(col("?g"+itoa(int64(i+1))), outputName(tn.GetResTarget())))
	}
	// each sort key is an output column (by position, name or the same
	// expression) or a hidden column the branches compute
	var hidden []*pg.Node
	for _, o := range s.SortClause {
		sb := o.GetSortBy()
		n := sb.Node
		k := -1
		if c := n.GetAConst(); c != nil && c.GetIval() != nil {
			k = int(c.GetIval().Ival) - 1
			if k < 0 || k >= len(s.TargetList) {
				failAt(c.Location, pgerror.InvalidColumnReference, "ORDER BY position %d is not in select list", k+1)
			}
		} else if cr := n.GetColumnRef(); cr != nil && len(cr.Fields) == 1 && cr.Fields[0].GetString_() != nil {
			k = outputIndex(s.TargetList, strVal(cr.Fields[0]))
		}
		for i, tn := range s.TargetList {
			if k < 0 && sameExprQualified(tn.GetResTarget().Val, n) {
				k = i
			}
		}
		name := "?g" + itoa(int64(k+1))
		if k < 0 {
			hidden = append(hidden, n)
			name = "?o" + itoa(int64(len(hidden)))
		}
		osb := &pg.SortBy{Node: col(name), SortbyDir: sb.SortbyDir, SortbyNulls: sb.SortbyNulls, UseOp: sb.UseOp, Location: sb.Location}
		outer.SortClause = append(outer.SortClause, &pg.Node{Node: &pg.Node_SortBy{SortBy: osb}})
	}
	var union *pg.SelectStmt
	for si, set := range sets {
		b := pgtree.Clone(s)
		b.GroupClause = append([]*pg.Node{}, set...)
		b.SortClause, b.LimitCount, b.LimitOffset, b.WithClause = nil, nil, nil, nil
		b.LimitOption = pg.LimitOption_LIMIT_OPTION_DEFAULT
		for i, tn := range b.TargetList {
			rt := tn.GetResTarget()
			rt.Name = "?g" + itoa(int64(i+1))
			rt.Val = t.groupingRewrite(rt.Val, keys[si], all)
		}
		for i, h := range hidden {
			b.TargetList = append(b.TargetList, target(t.groupingRewrite(h, keys[si], all), "?o"+itoa(int64(i+1))))
		}
		if b.HavingClause != nil {
			b.HavingClause = t.groupingRewrite(b.HavingClause, keys[si], all)
		}
		if len(set) == 0 {
			t.oneGroup(b)
		}
		if union == nil {
			union = b
			continue
		}
		union = &pg.SelectStmt{Op: pg.SetOperation_SETOP_UNION, All: !plainDistinct(s), Larg: union, Rarg: b}
	}
	outer.FromClause = []*pg.Node{{Node: &pg.Node_RangeSubselect{RangeSubselect: &pg.RangeSubselect{
		Subquery: &pg.Node{Node: &pg.Node_SelectStmt{SelectStmt: union}},
		Alias:    &pg.Alias{Aliasname: "?grouping"},
	}}}}
	return outer
}

// plainDistinct reports SELECT DISTINCT (not DISTINCT ON), which applies
// to the rows of all grouping sets together: the branches are joined by
// UNION rather than UNION ALL.
func plainDistinct(s *pg.SelectStmt) bool {
	return len(s.DistinctClause) > 0 && (s.DistinctClause[0] == nil || s.DistinctClause[0].Node == nil)
}
