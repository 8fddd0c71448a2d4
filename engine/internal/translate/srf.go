package translate

import (
	"fmt"
	"github.com/tinybase/tinybase/internal/pgtree"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// rangeFunction translates a function in FROM (PostgreSQL docs 7.2.1.4)
// into the tinybase table function. Functions in FROM may refer to
// earlier FROM items (they are implicitly LATERAL); such calls are
// wrapped in a LATERAL subquery, where GMS resolves outer references.
func (t *Translator) rangeFunction(rf *pg.RangeFunction) sqlparser.TableExpr {
	spec := expr.SRFSpec{Ordinality: rf.Ordinality, Env: t.Env}
	spec.Whole = rf.Alias != nil && rf.Alias.Aliasname == srfTargetAlias
	for _, cd := range rf.Coldeflist {
		c := cd.GetColumnDef()
		if c == nil {
			failAt(-1, pgerror.FeatureNotSupported, "column definition list entry not supported yet: %s", nodeName(cd))
		}
		spec.ColDefs = append(spec.ColDefs, expr.SRFColumn{Name: c.Colname, Type: t.typeName(c.TypeName)})
	}
	var args []sqlparser.Expr
	lateral := false
	for _, item := range rf.Functions {
		list := item.GetList().GetItems()
		fc := list[0].GetFuncCall()
		if fc == nil {
			failAt(-1, pgerror.FeatureNotSupported, "FROM function item not supported yet: %s", nodeName(list[0]))
		}
		if len(list) > 1 && list[1] != nil && len(list[1].GetList().GetItems()) > 0 {
			failAt(fc.Location, pgerror.FeatureNotSupported, "column definition lists for functions in FROM are not supported yet")
		}
		if fc.AggStar || fc.Over != nil || fc.AggFilter != nil || len(fc.AggOrder) > 0 || fc.AggDistinct {
			failAt(fc.Location, pgerror.FeatureNotSupported, "aggregate and window functions in FROM are not supported")
		}
		parts := names(fc.Funcname)
		name := strings.ToLower(parts[len(parts)-1])
		if aggregateNames[name] || windowNames[name] || len(t.userAggregates(parts)) > 0 {
			failAt(fc.Location, pgerror.GroupingError, "aggregate functions are not allowed in functions in FROM")
		}
		if hasColumnRef(item) {
			lateral = true
		}
		// unnest(a, b, ...) in FROM is ROWS FROM (unnest(a), unnest(b), ...)
		if name == "unnest" && len(fc.Args) > 1 && !rf.IsRowsfrom {
			for _, a := range fc.Args {
				spec.Funcs = append(spec.Funcs, expr.SRFFunc{Name: name, NArgs: 1})
				args = append(args, t.scalar(a))
			}
			continue
		}
		if to, cols, arg, ok := t.populateAsToRecord(name, fc); ok && len(rf.Functions) == 1 && len(spec.ColDefs) == 0 {
			spec.ColDefs = cols
			spec.Funcs = append(spec.Funcs, expr.SRFFunc{Name: to, NArgs: 1})
			args = append(args, t.scalar(arg))
			continue
		}
		if cands := t.userCandidates(parts); len(cands) > 0 && !expr.IsSRF(name) {
			spec.Funcs = append(spec.Funcs, expr.SRFFunc{Name: name, NArgs: 1, Rows: true})
			args = append(args, t.userFuncCall(strings.Join(parts, "."), "", fc, cands, fromClause))
			continue
		}
		spec.Funcs = append(spec.Funcs, expr.SRFFunc{Name: name, NArgs: len(fc.Args)})
		for _, a := range fc.Args {
			args = append(args, t.scalar(a))
		}
	}
	alias := spec.Funcs[0].Name
	if rf.Alias != nil {
		spec.Alias = rf.Alias.Aliasname
		alias = spec.Alias
		for _, c := range rf.Alias.Colnames {
			spec.ColAliases = append(spec.ColAliases, strVal(c))
		}
	}
	specLit := t.inject("srfspec "+srfSpecText(&spec), -1, nil, func([]sql.Expression) (sql.Expression, error) {
		return expr.NewSRFSpec(spec), nil
	})
	exprs := sqlparser.SelectExprs{&sqlparser.AliasedExpr{Expr: specLit}}
	for _, a := range args {
		exprs = append(exprs, &sqlparser.AliasedExpr{Expr: a})
	}
	tf := &sqlparser.TableFuncExpr{Name: expr.SRFCarrier, Exprs: exprs, Alias: sqlparser.NewTableIdent(alias)}
	// a first FROM item can only refer to outer queries, which GMS
	// resolves in table function arguments directly
	if t.q.firstFrom && lateral && t.q.parent != nil && !t.q.derived {
		return outerRefTableFunc(tf, alias) // srf_outer.go
	}
	if t.q.firstFrom || (!lateral && !rf.Lateral) {
		return tf
	}
	sub := &sqlparser.Select{SelectExprs: sqlparser.SelectExprs{&sqlparser.StarExpr{}}, From: sqlparser.TableExprs{tf}}
	return &sqlparser.AliasedTableExpr{Expr: &sqlparser.Subquery{Select: sub}, As: sqlparser.NewTableIdent(alias), Lateral: true}
}

// hasColumnRef reports whether a parse tree refers to any column.
func hasColumnRef(n *pg.Node) bool {
	return hasNode(n, func(m any) bool {
		_, ok := m.(*pg.ColumnRef)
		return ok
	})
}

// hasWindowCall reports whether a parse tree calls a window function.
func hasWindowCall(n *pg.Node) bool {
	return hasNode(n, func(m any) bool {
		f, ok := m.(*pg.FuncCall)
		return ok && f.Over != nil
	})
}

// hasNode reports whether any message in a parse tree satisfies match.
func hasNode(n *pg.Node, match func(any) bool) bool {
	return !pgtree.Walk(n, func(m any) bool { return !match(m) })
}

// srfTargetAlias names the FROM item that SELECT-list set-returning
// functions move to.
const srfTargetAlias = "?srf?"

// hoistTargetSRFs rewrites set-returning functions at the top of SELECT
// list entries into a LATERAL ROWS FROM item appended to FROM, which
// zips them as PostgreSQL 10+ evaluates SELECT-list SRFs. Queries with
// GROUP BY go to hoistGroupedSRFs (srf_grouped.go).
func (t *Translator) hoistTargetSRFs(s *pg.SelectStmt) {
	if len(s.GroupClause) > 0 {
		t.hoistGroupedSRFs(s)
		return
	}
	var funcs []*pg.Node
	// hoist replaces *n, when it is a single-column set-returning
	// function call, with a reference to its column of the ROWS FROM
	// item; otherwise it looks into operators, casts and scalar function
	// arguments (generate_subscripts(a, 1) + 1), not into subqueries.
	var hoist func(n **pg.Node) bool
	hoist = func(n **pg.Node) bool {
		if *n == nil {
			return false
		}
		switch x := (*n).Node.(type) {
		case *pg.Node_FuncCall:
			fc := x.FuncCall
			if fc.Over != nil || fc.AggStar || len(fc.AggOrder) > 0 || fc.AggFilter != nil {
				return false
			}
			parts := names(fc.Funcname)
			name := strings.ToLower(parts[len(parts)-1])
			if (!expr.IsSRF(name) || expr.SRFIsMultiColumn(name)) && !t.isUserSRF(parts) {
				found := false
				for i := range fc.Args {
					if hoist(&fc.Args[i]) {
						found = true
					}
				}
				return found
			}
			funcs = append(funcs, &pg.Node{Node: &pg.Node_List{List: &pg.List{Items: []*pg.Node{*n}}}})
			col := "c" + itoa(int64(len(funcs)))
			*n = &pg.Node{Node: &pg.Node_ColumnRef{ColumnRef: &pg.ColumnRef{Fields: []*pg.Node{
				{Node: &pg.Node_String_{String_: &pg.String{Sval: srfTargetAlias}}},
				{Node: &pg.Node_String_{String_: &pg.String{Sval: col}}},
			}}}}
			return true
		case *pg.Node_AExpr:
			l := hoist(&x.AExpr.Lexpr)
			r := hoist(&x.AExpr.Rexpr)
			return l || r
		case *pg.Node_TypeCast:
			return hoist(&x.TypeCast.Arg)
		case *pg.Node_AIndirection:
			// (unnest(array of t)).field: the hoisted column keeps the
			// element type the translator saw, for rowExpansion
			var elem *pg.TypeName
			if fc := x.AIndirection.Arg.GetFuncCall(); fc != nil && len(fc.Args) == 1 && strings.EqualFold(strVal(fc.Funcname[len(fc.Funcname)-1]), "unnest") {
				elem = t.arrayElemTypeName(fc.Args[0])
			}
			if elem == nil || !hoist(&x.AIndirection.Arg) {
				return false
			}
			x.AIndirection.Arg = &pg.Node{Node: &pg.Node_TypeCast{TypeCast: &pg.TypeCast{Arg: x.AIndirection.Arg, TypeName: elem, Location: -1}}}
			return true
		}
		return false
	}
	// widths holds, per hoisted function, its column count when it is a
	// multi-column built-in (jsonb_each) standing alone as a target: the
	// target becomes ROW(its columns), PostgreSQL's record result.
	widths := map[int]int{}
	colRef := func(col string) *pg.Node {
		return &pg.Node{Node: &pg.Node_ColumnRef{ColumnRef: &pg.ColumnRef{Fields: []*pg.Node{
			{Node: &pg.Node_String_{String_: &pg.String{Sval: srfTargetAlias}}},
			{Node: &pg.Node_String_{String_: &pg.String{Sval: col}}},
		}}}}
	}
	for _, n := range s.TargetList {
		rt := n.GetResTarget()
		if rt == nil {
			continue
		}
		name := rt.Name
		if name == "" {
			name = columnName(rt.Val)
		}
		if fc := rt.Val.GetFuncCall(); fc != nil && fc.Over == nil && len(fc.Funcname) > 0 {
			parts := names(fc.Funcname)
			fname := strings.ToLower(parts[len(parts)-1])
			if w := expr.SRFColumnCount(fname); w > 1 && expr.IsSRF(fname) && !t.isUserSRF(parts) {
				funcs = append(funcs, &pg.Node{Node: &pg.Node_List{List: &pg.List{Items: []*pg.Node{rt.Val}}}})
				k := len(funcs)
				widths[k] = w
				row := &pg.RowExpr{RowFormat: pg.CoercionForm_COERCE_IMPLICIT_CAST}
				for j := 1; j <= w; j++ {
					row.Args = append(row.Args, colRef("c"+itoa(int64(k))+"_"+itoa(int64(j))))
				}
				rt.Val = &pg.Node{Node: &pg.Node_RowExpr{RowExpr: row}}
				rt.Name = name
				continue
			}
			// a user function returning a set of rows (RETURNS TABLE,
			// SETOF a composite): the target is the whole row
			if cand, fields := t.userSRFCall(parts, fc); len(fields) > 1 {
				funcs = append(funcs, &pg.Node{Node: &pg.Node_List{List: &pg.List{Items: []*pg.Node{rt.Val}}}})
				k := len(funcs)
				widths[k] = len(fields)
				row := &pg.RowExpr{RowFormat: pg.CoercionForm_COERCE_IMPLICIT_CAST}
				for j := range fields {
					row.Args = append(row.Args, colRef("c"+itoa(int64(k))+"_"+itoa(int64(j+1))))
				}
				rt.Val = &pg.Node{Node: &pg.Node_RowExpr{RowExpr: row}}
				if res := cand.Result; res != nil && res.Base().IsComposite() {
					// SETOF a named type: the row is of that type, not record
					tn := &pg.TypeName{Names: []*pg.Node{
						{Node: &pg.Node_String_{String_: &pg.String{Sval: res.Base().Schema}}},
						{Node: &pg.Node_String_{String_: &pg.String{Sval: res.Base().Name}}}}, Location: -1}
					rt.Val = &pg.Node{Node: &pg.Node_TypeCast{TypeCast: &pg.TypeCast{Arg: rt.Val, TypeName: tn, Location: -1}}}
				}
				rt.Name = name
				continue
			}
		}
		// (user_srf()).field: that column of the hoisted function
		if ai := rt.Val.GetAIndirection(); ai != nil && len(ai.Indirection) == 1 && ai.Indirection[0].GetString_() != nil {
			if fc := ai.Arg.GetFuncCall(); fc != nil && fc.Over == nil {
				field := ai.Indirection[0].GetString_().Sval
				fields := t.srfFieldNames(names(fc.Funcname))
				if fields == nil {
					if _, fs := t.userSRFCall(names(fc.Funcname), fc); len(fs) > 1 {
						for _, f := range fs {
							fields = append(fields, f.Name)
						}
					}
				}
				for j, f := range fields {
					if f != field || len(fields) < 2 {
						continue
					}
					funcs = append(funcs, &pg.Node{Node: &pg.Node_List{List: &pg.List{Items: []*pg.Node{ai.Arg}}}})
					k := len(funcs)
					widths[k] = len(fields)
					rt.Val = colRef("c" + itoa(int64(k)) + "_" + itoa(int64(j+1)))
					rt.Name = name
					break
				}
				if rt.Val.GetColumnRef() != nil {
					continue
				}
			}
		}
		if hoist(&rt.Val) {
			rt.Name = name
		}
	}
	if len(funcs) == 0 {
		return
	}
	alias := &pg.Alias{Aliasname: srfTargetAlias}
	for i := range funcs {
		if w := widths[i+1]; w > 1 {
			for j := 1; j <= w; j++ {
				alias.Colnames = append(alias.Colnames, &pg.Node{Node: &pg.Node_String_{String_: &pg.String{Sval: "c" + itoa(int64(i+1)) + "_" + itoa(int64(j))}}})
			}
			continue
		}
		alias.Colnames = append(alias.Colnames, &pg.Node{Node: &pg.Node_String_{String_: &pg.String{Sval: "c" + itoa(int64(i+1))}}})
	}
	rf := &pg.RangeFunction{Lateral: true, IsRowsfrom: true, Functions: funcs, Alias: alias}
	s.FromClause = append(s.FromClause, &pg.Node{Node: &pg.Node_RangeFunction{RangeFunction: rf}})
}

// srfFieldNames are the result columns of a set-returning function, a
// user's or a built-in one with several columns ((aclexplode(acl)).grantee).
func (t *Translator) srfFieldNames(parts []string) []string {
	var out []string
	if t.isUserSRF(parts) {
		for _, f := range t.userSRFFields(parts) {
			out = append(out, f.Name)
		}
		return out
	}
	if len(parts) > 2 || len(parts) == 2 && !strings.EqualFold(parts[0], "pg_catalog") {
		return nil
	}
	fname := strings.ToLower(parts[len(parts)-1])
	if expr.SRFColumnCount(fname) < 2 {
		return nil
	}
	cols, _, _ := expr.SRFColumnNames(fname)
	return cols
}

// userSRFFields are the result columns of a set-returning user function
// the call may name, when every candidate returns a set of the same rows.
func (t *Translator) userSRFFields(parts []string) []types.Field {
	if !t.isUserSRF(parts) {
		return nil
	}
	for _, f := range t.userCandidates(parts) {
		if !f.ReturnsSet {
			return nil
		}
	}
	return t.userResultFields(parts) // indirection.go
}

// srfSpecText prints what spec holds for the set-returning function's
// InjectedExpr (expr.Pending's Name); its arguments print after it.
func srfSpecText(spec *expr.SRFSpec) string {
	var b strings.Builder
	for _, f := range spec.Funcs {
		fmt.Fprintf(&b, "%s/%d/%t ", f.Name, f.NArgs, f.Rows)
	}
	fmt.Fprintf(&b, "ordinality %t as %q %q whole %t", spec.Ordinality, spec.Alias, spec.ColAliases, spec.Whole)
	for _, c := range spec.ColDefs {
		b.WriteString(" " + c.Name + " " + c.Type.FormatType())
	}
	return b.String()
}
