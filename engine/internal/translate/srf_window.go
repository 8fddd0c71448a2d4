package translate

import (
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// windowedSRFAlias names the derived table splitWindowSRFs computes the
// window functions in.
const windowedSRFAlias = "?windowed"

// windowsWithSRFs reports whether an ungrouped SELECT has window
// functions and set-returning functions in its SELECT list. PostgreSQL
// evaluates such set-returning functions above the windows (ProjectSet
// over WindowAgg): the windows see the rows before the functions expand
// them, so `row_number() OVER (...)` repeats across an unnest's rows.
// A set-returning call inside a window function's arguments is refused
// here, as PostgreSQL refuses it (0A000).
//
// Set-returning calls in a window's PARTITION BY or ORDER BY run below
// the windows instead (hoistWindowDefSRFs).
func (t *Translator) windowsWithSRFs(s *pg.SelectStmt) bool {
	defs := []*pg.WindowDef{}
	for _, w := range s.WindowClause {
		if wd := w.GetWindowDef(); wd != nil {
			defs = append(defs, wd)
		}
	}
	win := len(defs) > 0
	var visit func(n *pg.Node) bool
	visit = func(n *pg.Node) bool {
		if n.GetSubLink() != nil {
			return true
		}
		if fc := n.GetFuncCall(); fc != nil && fc.Over != nil {
			win = true
			defs = append(defs, fc.Over)
			t.refuseSRFInWindowCall(fc)
			walkNodes(fc.Over, visit)
			return true
		}
		return false
	}
	srf := false
	for _, tn := range s.TargetList {
		if noFuncCall(tn) { // lookup_memo.go
			continue
		}
		walkNodes(tn, visit)
		srf = true
	}
	if !win {
		return false
	}
	for _, o := range s.SortClause {
		walkNodes(o, visit)
	}
	t.hoistWindowDefSRFs(s, defs)
	if !srf {
		return false
	}
	for _, tn := range s.TargetList {
		if rt := tn.GetResTarget(); rt != nil && t.hasTargetSRF(rt.Val) {
			if t.q.depth > 0 && !t.readsOwnColumnsOnly(s) {
				// the split's derived table would not see them: GMS
				// resolves an enclosing query's columns at this level only
				failAt(-1, pgerror.FeatureNotSupported, "window functions together with set-returning functions in the SELECT list of a subquery reading an enclosing query's columns are not supported yet")
			}
			return true
		}
	}
	return false
}

// readsOwnColumnsOnly reports whether every column s names (its
// subqueries' included) is one of its FROM items' columns, known by name;
// false when a FROM item's columns are unknown.
func (t *Translator) readsOwnColumnsOnly(s *pg.SelectStmt) bool {
	aliases, cols := map[string]bool{}, map[string]bool{}
	for _, ns := range t.fromSources(s.FromClause, t.scopeCTEs(s)) { // wholerow.go
		if ns.src == nil {
			return false
		}
		aliases[ns.alias] = true
		for _, c := range ns.src.cols {
			cols[c] = true
		}
	}
	outside := false
	check := func(n *pg.Node) {
		if n == nil || outside {
			return
		}
		outside = hasNode(n, func(m any) bool {
			cr, ok := m.(*pg.ColumnRef)
			if !ok || len(cr.Fields) == 0 {
				return false
			}
			switch last := cr.Fields[len(cr.Fields)-1]; {
			case len(cr.Fields) == 1:
				return !cols[strVal(last)]
			case last.GetAStar() != nil:
				return !aliases[strVal(cr.Fields[len(cr.Fields)-2])]
			default:
				return !aliases[strVal(cr.Fields[len(cr.Fields)-2])] || !cols[strVal(last)]
			}
		})
	}
	for _, n := range s.TargetList {
		check(n)
	}
	check(s.WhereClause)
	for _, n := range s.SortClause {
		check(n)
	}
	for _, n := range s.WindowClause {
		check(n)
	}
	for _, n := range s.DistinctClause {
		check(n)
	}
	return !outside
}

// hoistWindowDefSRFs moves set-returning calls in window definitions
// (PARTITION BY, ORDER BY) to a LATERAL ROWS FROM item appended to FROM:
// PostgreSQL expands the rows by them before the windows run, as it does
// for grouping expressions, and a SELECT-list or ORDER BY call equal to
// one of them reads the same expansion.
func (t *Translator) hoistWindowDefSRFs(s *pg.SelectStmt, defs []*pg.WindowDef) {
	var calls []*pg.Node
	for _, wd := range defs {
		for _, n := range wd.PartitionClause {
			t.collectSRFCalls(n, func(c *pg.Node) {
				if indexOfExpr(calls, c) < 0 {
					calls = append(calls, pgtree.Clone(c))
				}
			})
		}
		for _, o := range wd.OrderClause {
			if sb := o.GetSortBy(); sb != nil {
				t.collectSRFCalls(sb.Node, func(c *pg.Node) {
					if indexOfExpr(calls, c) < 0 {
						calls = append(calls, pgtree.Clone(c))
					}
				})
			}
		}
	}
	if len(calls) == 0 {
		return
	}
	str := func(v string) *pg.Node { return &pg.Node{Node: &pg.Node_String_{String_: &pg.String{Sval: v}}} }
	replace := func(n *pg.Node) bool {
		if n.GetSubLink() != nil {
			return true
		}
		if k := indexOfExpr(calls, n); k >= 0 {
			n.Node = &pg.Node_ColumnRef{ColumnRef: &pg.ColumnRef{Fields: []*pg.Node{str(srfTargetAlias), str("c" + itoa(int64(k+1)))}, Location: -1}}
			return true
		}
		return false
	}
	for _, tn := range s.TargetList {
		rt := tn.GetResTarget()
		if rt == nil || rt.Val == nil || noFuncCall(rt.Val) {
			continue
		}
		name := rt.Name
		if name == "" {
			name = columnName(rt.Val)
		}
		if replace(rt.Val) {
			rt.Name = name
		} else {
			walkNodes(rt.Val, replace)
			rt.Name = name
		}
	}
	for _, o := range s.SortClause {
		walkNodes(o, replace)
	}
	for _, w := range s.WindowClause {
		walkNodes(w, replace)
	}
	alias := &pg.Alias{Aliasname: srfTargetAlias}
	funcs := make([]*pg.Node, len(calls))
	for i, c := range calls {
		funcs[i] = &pg.Node{Node: &pg.Node_List{List: &pg.List{Items: []*pg.Node{c}}}}
		alias.Colnames = append(alias.Colnames, str("c"+itoa(int64(i+1))))
	}
	rf := &pg.RangeFunction{Lateral: true, IsRowsfrom: true, Functions: funcs, Alias: alias}
	s.FromClause = append(s.FromClause, &pg.Node{Node: &pg.Node_RangeFunction{RangeFunction: rf}})
}

// refuseSRFInWindowCall reports PostgreSQL's 0A000 for a set-returning
// call among a window function's arguments or FILTER, at the last one
// (the parser's p_last_srf).
func (t *Translator) refuseSRFInWindowCall(fc *pg.FuncCall) {
	var last *pg.FuncCall
	var find func(n *pg.Node) bool
	find = func(n *pg.Node) bool {
		if n.GetSubLink() != nil {
			return true
		}
		if c := n.GetFuncCall(); c != nil && t.isSRFCall(c) {
			walkNodes(n, find)
			last = c
			return true
		}
		return false
	}
	for _, a := range fc.Args {
		if !find(a) {
			walkNodes(a, find)
		}
	}
	if fc.AggFilter != nil && !find(fc.AggFilter) {
		walkNodes(fc.AggFilter, find)
	}
	if last != nil {
		e := pgerror.New(pgerror.FeatureNotSupported, "window function calls cannot contain set-returning function calls").
			WithHint("You might be able to move the set-returning function into a LATERAL FROM item.")
		if last.Location >= 0 {
			e.Position = int(last.Location) + 1
		}
		panic(e)
	}
}

// isSRFCall reports whether a call (not an aggregate or window call) is
// to a set-returning function, a built-in or a user's.
func (t *Translator) isSRFCall(fc *pg.FuncCall) bool {
	if fc.Over != nil || fc.AggStar || len(fc.AggOrder) > 0 || fc.AggFilter != nil || len(fc.Funcname) == 0 {
		return false
	}
	parts := names(fc.Funcname)
	return expr.IsSRF(strings.ToLower(parts[len(parts)-1])) || t.isUserSRF(parts)
}

// hasTargetSRF reports whether an expression holds a set-returning call
// where a SELECT list evaluates one per row: at the top and inside
// operators, casts, field selections and scalar function arguments.
func (t *Translator) hasTargetSRF(n *pg.Node) bool {
	if n == nil {
		return false
	}
	switch x := n.Node.(type) {
	case *pg.Node_FuncCall:
		if t.isSRFCall(x.FuncCall) {
			return true
		}
		if x.FuncCall.Over != nil {
			return false
		}
		for _, a := range x.FuncCall.Args {
			if t.hasTargetSRF(a) {
				return true
			}
		}
	case *pg.Node_AExpr:
		return t.hasTargetSRF(x.AExpr.Lexpr) || t.hasTargetSRF(x.AExpr.Rexpr)
	case *pg.Node_TypeCast:
		return t.hasTargetSRF(x.TypeCast.Arg)
	case *pg.Node_AIndirection:
		return t.hasTargetSRF(x.AIndirection.Arg)
	}
	return false
}

// splitWindowSRFs computes the window functions, and every part of the
// SELECT list and ORDER BY that reads the input rows outside the
// set-returning calls, in a derived table, and leaves the set-returning
// calls (and DISTINCT, ORDER BY, LIMIT, which PostgreSQL applies to the
// expanded rows) to the outer query, which hoistTargetSRFs then expands:
//
//	SELECT p.id, trim(unnest(string_to_array(p.c, ','))), row_number() OVER w FROM p
//	=> SELECT "?c1" AS id, trim(unnest("?c2")), "?c3" AS row_number
//	   FROM (SELECT p.id AS "?c1", string_to_array(p.c, ',') AS "?c2",
//	   row_number() OVER w AS "?c3" FROM p WINDOW w AS (...)) "?windowed"
//
// Constants stay in the outer query, where an untyped literal still takes
// its type from its use (an INSERT's column).
func (t *Translator) splitWindowSRFs(s *pg.SelectStmt) *pg.SelectStmt {
	var visit func(d *derivedSplit, n *pg.Node)
	visit = func(d *derivedSplit, n *pg.Node) {
		if n == nil {
			return
		}
		if !t.hasTargetSRF(n) {
			d.liftReads(n)
			return
		}
		switch x := n.Node.(type) {
		case *pg.Node_FuncCall:
			for _, a := range x.FuncCall.Args {
				visit(d, a)
			}
		case *pg.Node_AExpr:
			visit(d, x.AExpr.Lexpr)
			visit(d, x.AExpr.Rexpr)
		case *pg.Node_TypeCast:
			visit(d, x.TypeCast.Arg)
		case *pg.Node_AIndirection:
			visit(d, x.AIndirection.Arg)
		}
	}
	return t.splitDerived(s, windowedSRFAlias,
		"* together with window functions and set-returning functions in the SELECT list is not supported yet", visit, nil)
}

// derivedSplit is a query's FROM and WHERE moved into a derived table
// (inner, named alias in the outer query), and the expressions lifted
// into that table's SELECT list.
type derivedSplit struct {
	inner  *pg.SelectStmt
	alias  string
	lifted []*pg.Node
}

// lift computes n in the derived table (once, as "?cN") and makes n a
// reference to that column.
func (d *derivedSplit) lift(n *pg.Node) {
	k := indexOfExpr(d.lifted, n)
	if k < 0 {
		d.lifted = append(d.lifted, pgtree.Clone(n))
		k = len(d.lifted) - 1
		d.inner.TargetList = append(d.inner.TargetList, &pg.Node{Node: &pg.Node_ResTarget{ResTarget: &pg.ResTarget{
			Val: d.lifted[k], Name: "?c" + itoa(int64(k+1)), Location: -1}}})
	}
	str := func(v string) *pg.Node { return &pg.Node{Node: &pg.Node_String_{String_: &pg.String{Sval: v}}} }
	n.Node = &pg.Node_ColumnRef{ColumnRef: &pg.ColumnRef{Fields: []*pg.Node{str(d.alias), str("?c" + itoa(int64(k+1)))}, Location: -1}}
}

// liftReads lifts n when it reads the input rows; constants stay in the
// outer query, where an untyped literal still takes its type from its
// use (an INSERT's column).
func (d *derivedSplit) liftReads(n *pg.Node) {
	if n != nil && readsInput(n) {
		d.lift(n)
	}
}

// splitDerived rewrites an ungrouped SELECT as a query over a derived
// table holding its FROM and WHERE: visit lifts, from each SELECT-list
// entry, ORDER BY item (other than output names and positions) and
// DISTINCT ON item, what the derived table computes. Named windows (the
// WINDOW clause) stay in the outer query with windowDef lifting their
// expressions, or, with windowDef nil, move to the derived table. *
// entries are expanded first (0A000 with star when their columns are
// unknown).
func (t *Translator) splitDerived(s *pg.SelectStmt, alias, star string, visit func(d *derivedSplit, n *pg.Node), windowDef func(d *derivedSplit, wd *pg.WindowDef)) *pg.SelectStmt {
	s = t.expandStars(s, t.scopeCTEs(s), star) // select_star.go
	outer := pgtree.Clone(s)
	d := &derivedSplit{alias: alias, inner: &pg.SelectStmt{Op: pg.SetOperation_SETOP_NONE, FromClause: s.FromClause, WhereClause: s.WhereClause}}
	outer.WhereClause = nil
	if windowDef == nil {
		d.inner.WindowClause, outer.WindowClause = s.WindowClause, nil
	}
	for _, w := range outer.WindowClause {
		if wd := w.GetWindowDef(); wd != nil && windowDef != nil {
			windowDef(d, wd)
		}
	}
	outputs := map[string]bool{}
	for _, tn := range outer.TargetList {
		rt := tn.GetResTarget()
		if rt == nil || rt.Val == nil {
			continue
		}
		if rt.Name == "" {
			rt.Name = columnName(rt.Val)
		}
		outputs[rt.Name] = true
		visit(d, rt.Val)
	}
	for _, o := range outer.SortClause {
		sb := o.GetSortBy()
		if sb == nil || sb.Node.GetAConst() != nil {
			continue
		}
		if cr := sb.Node.GetColumnRef(); cr != nil && len(cr.Fields) == 1 && outputs[strVal(cr.Fields[0])] {
			continue // ORDER BY an output column
		}
		visit(d, sb.Node)
	}
	for _, n := range outer.DistinctClause {
		visit(d, n)
	}
	outer.FromClause = []*pg.Node{{Node: &pg.Node_RangeSubselect{RangeSubselect: &pg.RangeSubselect{
		Subquery: &pg.Node{Node: &pg.Node_SelectStmt{SelectStmt: d.inner}},
		Alias:    &pg.Alias{Aliasname: alias},
	}}}}
	return outer
}

// readsInput reports whether an expression depends on the query's input
// rows: it names a column, calls a window function or holds a subquery
// (which may be correlated).
func readsInput(n *pg.Node) bool {
	return hasNode(n, func(m any) bool {
		switch x := m.(type) {
		case *pg.ColumnRef, *pg.SubLink:
			return true
		case *pg.FuncCall:
			return x.Over != nil
		}
		return false
	})
}
