package translate

import (
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// hoistGroupedSRFs handles set-returning functions in a grouped query.
// PostgreSQL evaluates a set-returning call that is (part of) a grouping
// expression below the aggregation (ProjectSet under Agg): `SELECT
// unnest(tags) AS tag, count(*) FROM t GROUP BY tag` groups the unnested
// elements. Such calls move into a LATERAL ROWS FROM item appended to
// FROM, and every occurrence of the call in the SELECT list, GROUP BY
// and ORDER BY becomes a reference to its column. A grouping item
// refers to a SELECT-list entry by position (GROUP BY 1) or by output
// name when no FROM column has that name (PostgreSQL prefers the input
// column). Set-returning calls left in the SELECT list are evaluated
// after grouping in PostgreSQL (srfsAfterGrouping sends those queries
// to splitGroupedWindows first); HAVING allows none (0A000, as in
// PostgreSQL).
func (t *Translator) hoistGroupedSRFs(s *pg.SelectStmt) {
	t.collectSRFCalls(s.HavingClause, func(n *pg.Node) {
		failAt(n.GetFuncCall().Location, pgerror.FeatureNotSupported, "set-returning functions are not allowed in HAVING")
	})
	inputs, known := t.fromColumnNames(s)
	var calls []*pg.Node
	for _, g := range s.GroupClause {
		e := g
		if cr := g.GetColumnRef(); cr != nil && len(cr.Fields) == 1 && cr.Fields[0].GetString_() != nil {
			name := strVal(cr.Fields[0])
			if known && !inputs[name] {
				if rt := targetNamed(s.TargetList, name); rt != nil {
					e = rt.Val
				}
			}
		} else if c := g.GetAConst(); c != nil {
			if iv := c.GetIval(); iv != nil && iv.Ival >= 1 && int(iv.Ival) <= len(s.TargetList) {
				if rt := s.TargetList[iv.Ival-1].GetResTarget(); rt != nil {
					e = rt.Val
				}
			}
		}
		t.collectSRFCalls(e, func(n *pg.Node) {
			for _, c := range calls {
				if sameExpr(c, n) {
					return
				}
			}
			calls = append(calls, n)
		})
	}
	if len(calls) > 0 {
		cols := make([]string, len(calls))
		for i := range calls {
			cols[i] = "c" + itoa(int64(i+1))
		}
		var replace func(n **pg.Node) bool
		replace = func(n **pg.Node) bool {
			if *n == nil {
				return false
			}
			for i, c := range calls {
				if sameExpr(*n, c) {
					*n = &pg.Node{Node: &pg.Node_ColumnRef{ColumnRef: &pg.ColumnRef{Fields: []*pg.Node{
						{Node: &pg.Node_String_{String_: &pg.String{Sval: srfTargetAlias}}},
						{Node: &pg.Node_String_{String_: &pg.String{Sval: cols[i]}}},
					}}}}
					return true
				}
			}
			found := false
			switch x := (*n).Node.(type) {
			case *pg.Node_FuncCall:
				for i := range x.FuncCall.Args {
					found = replace(&x.FuncCall.Args[i]) || found
				}
			case *pg.Node_AExpr:
				found = replace(&x.AExpr.Lexpr) || found
				found = replace(&x.AExpr.Rexpr) || found
			case *pg.Node_TypeCast:
				found = replace(&x.TypeCast.Arg)
			case *pg.Node_BoolExpr:
				for i := range x.BoolExpr.Args {
					found = replace(&x.BoolExpr.Args[i]) || found
				}
			case *pg.Node_NullTest:
				found = replace(&x.NullTest.Arg)
			}
			return found
		}
		for _, n := range s.TargetList {
			rt := n.GetResTarget()
			if rt == nil || rt.Val == nil {
				continue
			}
			name := rt.Name
			if name == "" {
				name = columnName(rt.Val)
			}
			if replace(&rt.Val) {
				rt.Name = name
			}
		}
		for i := range s.GroupClause {
			replace(&s.GroupClause[i])
		}
		for _, n := range s.SortClause {
			if sb := n.GetSortBy(); sb != nil {
				replace(&sb.Node)
			}
		}
		alias := &pg.Alias{Aliasname: srfTargetAlias}
		funcs := make([]*pg.Node, len(calls))
		for i, c := range calls {
			funcs[i] = &pg.Node{Node: &pg.Node_List{List: &pg.List{Items: []*pg.Node{c}}}}
			alias.Colnames = append(alias.Colnames, &pg.Node{Node: &pg.Node_String_{String_: &pg.String{Sval: cols[i]}}})
		}
		rf := &pg.RangeFunction{Lateral: true, IsRowsfrom: true, Functions: funcs, Alias: alias}
		s.FromClause = append(s.FromClause, &pg.Node{Node: &pg.Node_RangeFunction{RangeFunction: rf}})
	}
	for _, n := range s.TargetList {
		if rt := n.GetResTarget(); rt != nil {
			t.collectSRFCalls(rt.Val, func(n *pg.Node) {
				failAt(n.GetFuncCall().Location, pgerror.FeatureNotSupported,
					"set-returning functions in the SELECT list of a grouped query are only supported as grouping expressions")
			})
		}
	}
}

// srfsAfterGrouping reports whether a grouped SELECT (GROUP BY, HAVING
// or an aggregate in its SELECT list) has set-returning calls in its
// SELECT list that are not (within) grouping expressions: PostgreSQL
// runs those on each group's result row (ProjectSet above Agg), several
// in lockstep, so `SELECT k, unnest(array_agg(v)) FROM t GROUP BY k`
// and `SELECT generate_series(1, count(*)) FROM t` return a row per
// element.
func (t *Translator) srfsAfterGrouping(s *pg.SelectStmt) bool {
	grouped := len(s.GroupClause) > 0 || s.HavingClause != nil
	var keys []*pg.Node
	for _, g := range s.GroupClause {
		keys = append(keys, t.resolvedGroupKey(s, g)) // window_grouped.go
	}
	after := false
	for _, tn := range s.TargetList {
		rt := tn.GetResTarget()
		if rt == nil || rt.Val == nil {
			continue
		}
		// PostgreSQL refuses a call inside an aggregate's arguments
		inAgg := map[*pg.Node]bool{}
		walkNodes(rt, func(n *pg.Node) bool {
			if fc := n.GetFuncCall(); fc != nil && fc.Over == nil && t.isAggregateName(names(fc.Funcname)) {
				walkNodes(n, func(m *pg.Node) bool {
					inAgg[m] = true
					return false
				})
				return true
			}
			return n.GetSubLink() != nil
		})
		t.collectSRFCalls(rt.Val, func(n *pg.Node) {
			if inAgg[n] {
				e := pgerror.New(pgerror.FeatureNotSupported, "aggregate function calls cannot contain set-returning function calls").
					WithHint("You might be able to move the set-returning function into a LATERAL FROM item.")
				e.Position = int(n.GetFuncCall().Location) + 1
				panic(e)
			}
			for _, k := range keys {
				within := sameExpr(k, n)
				walkNodes(k, func(m *pg.Node) bool {
					within = within || sameExpr(m, n)
					return within
				})
				if within {
					return
				}
			}
			after = true
		})
		if !grouped {
			walkNodes(rt, func(n *pg.Node) bool {
				if n.GetSubLink() != nil {
					return true
				}
				if fc := n.GetFuncCall(); fc != nil && fc.Over == nil && t.isAggregateName(names(fc.Funcname)) {
					grouped = true
					return true
				}
				return false
			})
		}
	}
	return grouped && after
}

// collectSRFCalls calls f for each single-column set-returning function
// call in an expression where hoistTargetSRFs finds them: at the top and
// inside operators, casts and scalar function arguments.
func (t *Translator) collectSRFCalls(n *pg.Node, f func(*pg.Node)) {
	if n == nil {
		return
	}
	switch x := n.Node.(type) {
	case *pg.Node_FuncCall:
		fc := x.FuncCall
		if fc.Over != nil || fc.AggStar || len(fc.AggOrder) > 0 || fc.AggFilter != nil || len(fc.Funcname) == 0 {
			return
		}
		parts := names(fc.Funcname)
		name := strings.ToLower(parts[len(parts)-1])
		if (expr.IsSRF(name) && !expr.SRFIsMultiColumn(name)) || t.isUserSRF(parts) {
			f(n)
			return
		}
		for _, a := range fc.Args {
			t.collectSRFCalls(a, f)
		}
	case *pg.Node_AExpr:
		t.collectSRFCalls(x.AExpr.Lexpr, f)
		t.collectSRFCalls(x.AExpr.Rexpr, f)
	case *pg.Node_TypeCast:
		t.collectSRFCalls(x.TypeCast.Arg, f)
	}
}

// targetNamed returns the SELECT-list entry whose output name is name.
func targetNamed(list []*pg.Node, name string) *pg.ResTarget {
	for _, n := range list {
		rt := n.GetResTarget()
		if rt == nil || rt.Val == nil {
			continue
		}
		out := rt.Name
		if out == "" {
			out = columnName(rt.Val)
		}
		if out == name {
			return rt
		}
	}
	return nil
}

// fromColumnNames returns the column names of a query's FROM items and
// whether they are all known: tables (not WITH items), subqueries
// without `*` in their SELECT lists and joins of those.
func (t *Translator) fromColumnNames(s *pg.SelectStmt) (map[string]bool, bool) {
	out := map[string]bool{}
	var add func(n *pg.Node) bool
	add = func(n *pg.Node) bool {
		switch x := n.Node.(type) {
		case *pg.Node_RangeVar:
			rv := x.RangeVar
			if rv.Schemaname == "" && t.shadowedByCTE(s, rv) {
				return false
			}
			ti, ok := t.lookupColumns(rv.Schemaname, rv.Relname)
			if !ok {
				return false
			}
			for _, c := range ti.Columns {
				out[c.Name] = true
			}
			return true
		case *pg.Node_RangeSubselect:
			if a := x.RangeSubselect.Alias; a != nil && len(a.Colnames) > 0 {
				return false // partial renames: not worked out here
			}
			sub := x.RangeSubselect.Subquery.GetSelectStmt()
			if sub == nil || len(sub.TargetList) == 0 {
				return false
			}
			for _, tn := range sub.TargetList {
				rt := tn.GetResTarget()
				if rt == nil || rt.Val == nil {
					return false
				}
				if cr := rt.Val.GetColumnRef(); cr != nil && cr.Fields[len(cr.Fields)-1].GetAStar() != nil {
					return false
				}
				name := rt.Name
				if name == "" {
					name = columnName(rt.Val)
				}
				out[name] = true
			}
			return true
		case *pg.Node_JoinExpr:
			return add(x.JoinExpr.Larg) && add(x.JoinExpr.Rarg)
		}
		return false
	}
	for _, n := range s.FromClause {
		if !add(n) {
			return out, false
		}
	}
	return out, true
}
