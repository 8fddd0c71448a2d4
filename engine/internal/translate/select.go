package translate

import (
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

func (t *Translator) selectStmt(s *pg.SelectStmt) sqlparser.SelectStatement {
	if t.InlinedView != nil && t.InlinedView(s) {
		t.viewQuery(s) // cte_materialize.go
		if t.Vars != nil {
			defer t.withoutVars()()
		}
	}
	t.checkSelectLocking(s)          // select_locking.go
	defer t.pushWith(s.WithClause)() // with_names.go
	var out sqlparser.SelectStatement
	switch {
	case s.Op != pg.SetOperation_SETOP_NONE:
		s = t.unifySetOpTypes(s)                            // setop_types.go
		t.markOutputDuplicates(leafSelect(s), s.WithClause) // dup_columns.go
		defer t.enterSelect(&pg.SelectStmt{})()
		if leaf := leafSelect(s); leaf != nil && !targetsHaveStar(leaf.TargetList) {
			t.q.setOpTargets = leaf.TargetList
		} else if leaf != nil && len(leaf.ValuesLists) == 0 {
			// ORDER BY names the columns * stands for (setOpOrderByNames)
			ctes := map[string]*rowSource{}
			for k, v := range t.q.ctes {
				ctes[k] = v
			}
			t.addCTEs(s.WithClause, ctes) // wholerow.go
			t.addCTEs(leaf.WithClause, ctes)
			if x, _ := t.tryExpandStars(leaf, ctes); x != nil { // select_star.go
				t.q.setOpTargets = x.TargetList
			}
		}
		if l, r := leafSelect(s.Larg), leafSelect(s.Rarg); l != nil && r != nil && len(l.TargetList) != len(r.TargetList) &&
			!targetsHaveStar(l.TargetList) && !targetsHaveStar(r.TargetList) && len(l.ValuesLists) == 0 && len(r.ValuesLists) == 0 {
			op := map[pg.SetOperation]string{pg.SetOperation_SETOP_UNION: "UNION", pg.SetOperation_SETOP_INTERSECT: "INTERSECT", pg.SetOperation_SETOP_EXCEPT: "EXCEPT"}[s.Op]
			failAt(nodeLocation(r.TargetList[0]), pgerror.SyntaxError, "each %s query must have the same number of columns", op)
		}
		typ := map[pg.SetOperation]string{
			pg.SetOperation_SETOP_UNION:     sqlparser.UnionStr,
			pg.SetOperation_SETOP_INTERSECT: sqlparser.IntersectStr,
			pg.SetOperation_SETOP_EXCEPT:    sqlparser.ExceptStr,
		}[s.Op]
		if s.All {
			typ += " all"
		} else {
			typ += " distinct"
		}
		so := &sqlparser.SetOp{Type: typ, Left: t.selectStmt(s.Larg), Right: t.selectStmt(s.Rarg)}
		refuseConstantKeys(s.SortClause, "ORDER BY")
		so.OrderBy = t.orderBy(t.setOpOrderByNames(s.SortClause)) // dup_columns.go
		so.Limit = t.limit(s)
		so.With = t.with(s.WithClause)
		out = so
	case len(s.ValuesLists) > 0:
		return t.valuesSelect(s)
	default:
		if hasGroupingSets(s) {
			return t.selectStmt(t.expandGroupingSets(s))
		}
		if s.HavingClause != nil && t.ungroupedGroup(s) {
			s = pgtree.Clone(s)
			t.oneGroup(s) // grouping_sets.go
		}
		if !t.nextDerived { // a FROM subquery's are markDuplicateTargets'
			t.markOutputDuplicates(s, nil) // dup_columns.go
		}
		if s.LimitOption == pg.LimitOption_LIMIT_OPTION_WITH_TIES {
			if targetsHaveStar(s.TargetList) {
				if x, _ := t.tryExpandStars(s, t.scopeCTEs(s)); x != nil { // select_star.go
					s = x
				}
			}
			if r := t.withTies(s); r != nil {
				return t.selectStmt(r)
			}
		}
		if x := t.liftSublinkGroupKeys(s); x != nil { // group_sublinks.go
			return t.selectStmt(x)
		}
		if t.groupedWindows(s) || t.srfsAfterGrouping(s) {
			return t.selectStmt(t.splitGroupedWindows(s))
		}
		if t.splitHaving(s) { // window_grouped.go
			return t.selectStmt(t.splitGrouped(s, true))
		}
		if t.windowsWithSRFs(s) { // srf_window.go
			return t.selectStmt(t.splitWindowSRFs(s))
		}
		if t.windowsWithSublinks(s) { // window_sublinks.go
			return t.selectStmt(t.splitWindowSublinks(s))
		}
		s = t.tableoidScans(s) // inherit_tableoid.go
		defer t.enterSelect(s)()
		distinctOn := len(s.DistinctClause) > 0 && s.DistinctClause[0] != nil && s.DistinctClause[0].Node != nil
		if distinctOn {
			if err := t.distinctOnError(s); err != nil {
				return t.failingAfter(s, err) // distinct_on.go
			}
		}
		t.checkGrouping(s)
		dependents, held := t.groupDependents(s) // group_dependents.go
		t.q.held = held
		sel := &sqlparser.Select{}
		if len(s.DistinctClause) > 0 {
			if distinctOn {
				return t.selectStmt(t.distinctOn(s))
			}
			sel.QueryOpts.Distinct = true
			t.q.distinct = true
			t.checkDistinctOrder(s)
		}
		sel.With = t.with(s.WithClause)
		t.hoistTargetSRFs(s)
		t.q.targets = s.TargetList
		t.q.argsHere = true // sublink_args.go
		sel.SelectExprs = t.targetList(s.TargetList)
		t.q.argsHere = false
		for i, f := range t.lateralFromList(s.FromClause) {
			t.q.firstFrom = i == 0
			sel.From = append(sel.From, t.fromItem(f))
		}
		t.q.firstFrom = false
		if s.WhereClause != nil {
			t.inClause("WHERE", func() {
				sel.Where = &sqlparser.Where{Type: sqlparser.WhereStr, Expr: t.boolCond(s.WhereClause, "WHERE")}
			})
		}
		refuseConstantKeys(s.GroupClause, "GROUP BY")
		refuseConstantKeys(s.SortClause, "ORDER BY")
		t.inClause("GROUP BY", func() {
			for _, g := range s.GroupClause {
				sel.GroupBy = append(sel.GroupBy, t.orderExpr(g))
			}
			for _, g := range dependents {
				sel.GroupBy = append(sel.GroupBy, t.orderExpr(g))
			}
		})
		if s.HavingClause != nil {
			t.inClause("HAVING", func() {
				t.q.argsHere = true
				sel.Having = &sqlparser.Where{Type: sqlparser.HavingStr, Expr: t.boolCond(s.HavingClause, "HAVING")}
				t.q.argsHere = false
			})
		}
		t.q.argsHere = true
		sel.OrderBy = t.orderBy(s.SortClause)
		t.q.argsHere = false
		t.checkHoistedGrouping(s) // sublink_args.go
		sel.Limit = t.limit(s)
		if len(s.LockingClause) > 0 {
			sel.Lock = "" // row locks are no-ops for a single-writer engine
		}
		out = sel
	}
	return out
}

// boolCond coerces a WHERE/HAVING condition to boolean.
func (t *Translator) boolCond(n *pg.Node, clause string) sqlparser.Expr {
	return t.inject(clause, -1, []sqlparser.Expr{t.scalar(n)}, func(c []sql.Expression) (sql.Expression, error) {
		typ := expr.TypeOf(c[0])
		if typ.Kind != types.KindBool && typ.Kind != types.KindUnknown {
			return nil, pgerror.New(pgerror.DatatypeMismatch, "argument of %s must be type boolean, not type %s", clause, typ.FormatType())
		}
		return expr.Coerce(t.Env, c[0], types.Bool, types.CastImplicit)
	})
}

func (t *Translator) with(w *pg.WithClause) *sqlparser.With {
	if w == nil {
		return nil
	}
	out := &sqlparser.With{Recursive: w.Recursive}
	for i, c := range w.Ctes {
		cte := c.GetCommonTableExpr()
		q := cte.Ctequery.GetSelectStmt()
		if !w.Recursive {
			textOutputs(q) // with_names.go
		}
		if q == nil {
			out.Ctes = append(out.Ctes, t.declareWithItem(w, t.modifyingCTE(cte, out)))
			continue
		}
		if t.materializes(w, i) {
			out.Ctes = append(out.Ctes, t.declareWithItem(w, t.materializedCTE(w, i, out))) // cte_materialize.go
			continue
		}
		out.Ctes = append(out.Ctes, t.inlinedWithItem(w, i))
	}
	return out
}

// inlinedWithItem translates item i of w, a SELECT, into a CTE GMS
// plans into every reference.
func (t *Translator) inlinedWithItem(w *pg.WithClause, i int) *sqlparser.CommonTableExpr {
	cte := w.Ctes[i].GetCommonTableExpr()
	show := func() {}
	if !w.Recursive {
		show = t.hideWithItems(withItemNames(w.Ctes)[i:]) // with_names.go
	}
	body := t.selectStmt(cte.Ctequery.GetSelectStmt())
	show()
	ate := &sqlparser.AliasedTableExpr{Expr: &sqlparser.Subquery{Select: body}, As: sqlparser.NewTableIdent(cte.Ctename)}
	var cols sqlparser.Columns
	for _, cn := range cte.Aliascolnames {
		cols = append(cols, sqlparser.NewColIdent(strVal(cn)))
	}
	return t.declareWithItem(w, &sqlparser.CommonTableExpr{AliasedTableExpr: ate, Columns: cols})
}

func (t *Translator) targetList(list []*pg.Node) sqlparser.SelectExprs {
	var out sqlparser.SelectExprs
	defer func(saved int) { t.q.target = saved }(t.q.target)
	for i, n := range list {
		t.q.target = i + 1
		rt := n.GetResTarget()
		if cr := rt.Val.GetColumnRef(); cr != nil {
			last := cr.Fields[len(cr.Fields)-1]
			if last.GetAStar() != nil {
				if len(cr.Fields) == 1 {
					if cols, ok := t.rightUsingStar(); ok { // join_alias.go
						out = append(out, cols...)
						continue
					}
				}
				star := &sqlparser.StarExpr{}
				if len(cr.Fields) >= 2 {
					rel := strVal(cr.Fields[len(cr.Fields)-2])
					t.checkHiddenTable([]string{rel, "*"}, cr.Location) // join_alias.go
					star.TableName = sqlparser.TableName{Name: sqlparser.NewTableIdent(rel)}
				}
				out = append(out, star)
				continue
			}
		}
		if fields := t.rowExpansion(rt.Val); fields != nil {
			out = append(out, fields...)
			continue
		}
		name := rt.Name
		if name == "" {
			name = columnName(rt.Val)
		}
		e := t.scalar
		if t.isUnread(rt) {
			e = func(*pg.Node) sqlparser.Expr { return t.unreadTarget(rt) } // prune_outputs.go
		}
		out = append(out, &sqlparser.AliasedExpr{Expr: e(rt.Val), As: sqlparser.NewColIdent(name)})
	}
	return out
}

// columnName is the output name PostgreSQL gives an unaliased expression
// (FigureColname in the parser).
func columnName(n *pg.Node) string {
	switch x := n.Node.(type) {
	case *pg.Node_ColumnRef:
		f := x.ColumnRef.Fields
		return strVal(f[len(f)-1])
	case *pg.Node_FuncCall:
		p := names(x.FuncCall.Funcname)
		return p[len(p)-1]
	case *pg.Node_TypeCast:
		// a weak name (a type's, "case") gives way to the cast's type
		if c, strong := strongColumnName(x.TypeCast.Arg); strong {
			return c
		}
		p := names(x.TypeCast.TypeName.Names)
		n := p[len(p)-1]
		if pn, ok := map[string]string{"int4": "int4", "bool": "bool"}[n]; ok {
			return pn
		}
		return n
	case *pg.Node_CaseExpr:
		// named after its ELSE when that has a strong name (a column)
		if d := x.CaseExpr.Defresult; d != nil {
			if c, strong := strongColumnName(d); strong {
				return c
			}
		}
		return "case"
	case *pg.Node_AIndirection:
		for i := len(x.AIndirection.Indirection) - 1; i >= 0; i-- {
			if s := x.AIndirection.Indirection[i].GetString_(); s != nil {
				return s.Sval
			}
		}
		return columnName(x.AIndirection.Arg)
	case *pg.Node_RowExpr:
		return "row"
	case *pg.Node_GroupingFunc:
		return "grouping"
	case *pg.Node_CoalesceExpr:
		return "coalesce"
	case *pg.Node_MinMaxExpr:
		if x.MinMaxExpr.Op == pg.MinMaxOp_IS_LEAST {
			return "least"
		}
		return "greatest"
	case *pg.Node_AExpr:
		if x.AExpr.Kind == pg.A_Expr_Kind_AEXPR_NULLIF {
			return "nullif"
		}
	case *pg.Node_SubLink:
		switch x.SubLink.SubLinkType {
		case pg.SubLinkType_EXISTS_SUBLINK:
			return "exists"
		case pg.SubLinkType_ARRAY_SUBLINK:
			return "array"
		case pg.SubLinkType_EXPR_SUBLINK:
			if s := x.SubLink.Subselect.GetSelectStmt(); s != nil && len(s.TargetList) == 1 {
				rt := s.TargetList[0].GetResTarget()
				if rt.Name != "" {
					return rt.Name
				}
				return columnName(rt.Val)
			}
		}
	case *pg.Node_AArrayExpr:
		return "array"
	case *pg.Node_SqlvalueFunction:
		return map[pg.SQLValueFunctionOp]string{
			pg.SQLValueFunctionOp_SVFOP_CURRENT_DATE:      "current_date",
			pg.SQLValueFunctionOp_SVFOP_CURRENT_TIMESTAMP: "current_timestamp",
			pg.SQLValueFunctionOp_SVFOP_CURRENT_USER:      "current_user",
			pg.SQLValueFunctionOp_SVFOP_SESSION_USER:      "session_user",
			pg.SQLValueFunctionOp_SVFOP_CURRENT_ROLE:      "current_role",
			pg.SQLValueFunctionOp_SVFOP_USER:              "current_user",
			pg.SQLValueFunctionOp_SVFOP_CURRENT_SCHEMA:    "current_schema",
			pg.SQLValueFunctionOp_SVFOP_CURRENT_CATALOG:   "current_catalog",
			pg.SQLValueFunctionOp_SVFOP_LOCALTIMESTAMP:    "localtimestamp",
			pg.SQLValueFunctionOp_SVFOP_CURRENT_TIME:      "current_time",
			pg.SQLValueFunctionOp_SVFOP_LOCALTIME:         "localtime",
		}[x.SqlvalueFunction.Op]
	}
	return "?column?"
}

// strongColumnName is columnName with FigureColname's strength: a
// cast's type name and "case" are weak names, which an enclosing cast or
// CASE replaces (ARRAY[] and ROW() count as function calls).
func strongColumnName(n *pg.Node) (string, bool) {
	c := columnName(n)
	switch x := n.Node.(type) {
	case *pg.Node_TypeCast:
		_, strong := strongColumnName(x.TypeCast.Arg)
		return c, strong
	case *pg.Node_CaseExpr:
		if d := x.CaseExpr.Defresult; d != nil {
			_, strong := strongColumnName(d)
			return c, strong
		}
		return c, false
	}
	return c, c != "?column?"
}

// orderBy rewrites ORDER BY into GMS's form. GMS's sorter puts NULLs
// first ascending and last descending, PostgreSQL the other way round by
// default (docs 7.5), so a key whose NULL placement differs from GMS's gets
// an IS [NOT] NULL key in front.
func (t *Translator) orderBy(list []*pg.Node) sqlparser.OrderBy {
	var out sqlparser.OrderBy
	for _, n := range list {
		sb := n.GetSortBy()
		dir := sqlparser.AscScr
		if sb.SortbyDir == pg.SortByDir_SORTBY_DESC {
			dir = sqlparser.DescScr
		}
		e := t.orderExpr(sb.Node)
		nullsFirst := dir == sqlparser.DescScr
		switch sb.SortbyNulls {
		case pg.SortByNulls_SORTBY_NULLS_FIRST:
			nullsFirst = true
		case pg.SortByNulls_SORTBY_NULLS_LAST:
			nullsFirst = false
		}
		if nullsFirst != (dir == sqlparser.AscScr) {
			if key := t.nullsKey(sb.Node, nullsFirst); key != nil {
				out = append(out, &sqlparser.Order{Expr: key, Direction: sqlparser.AscScr})
			}
		}
		out = append(out, &sqlparser.Order{Expr: e, Direction: dir})
	}
	return out
}

// nullsKey is the extra sort key placing NULLs of n first or last; nil when
// n is an output-column ordinal tinybase cannot see through (set operations).
func (t *Translator) nullsKey(n *pg.Node, nullsFirst bool) sqlparser.Expr {
	if c := n.GetAConst(); c != nil {
		iv := c.GetIval()
		if iv == nil {
			return nil
		}
		k := int(iv.Ival)
		if k >= 1 && k <= len(t.q.setOpTargets) {
			// a set operation's ORDER BY sees only its output columns
			rt := t.q.setOpTargets[k-1].GetResTarget()
			name := rt.Name
			if name == "" {
				name = columnName(rt.Val)
			}
			for i, o := range t.q.setOpTargets {
				ort := o.GetResTarget()
				if i != k-1 && (ort.Name == name || (ort.Name == "" && columnName(ort.Val) == name)) {
					return nil // ambiguous by name
				}
			}
			return t.inject("nulls "+strconv.FormatBool(nullsFirst), -1, []sqlparser.Expr{&sqlparser.ColName{Name: sqlparser.NewColIdent(name)}}, func(c []sql.Expression) (sql.Expression, error) {
				return expr.NewIsNull(c[0], nullsFirst), nil
			})
		}
		targets := t.q.targets
		if targetsHaveStar(targets) {
			// the ordinal counts the columns a * stands for
			s, _ := t.tryExpandStars(&pg.SelectStmt{TargetList: targets, FromClause: t.q.from}, t.q.ctes)
			if s == nil {
				// a join's merged USING / NATURAL columns (select_star_using.go)
				s = t.expandStarsMerged(&pg.SelectStmt{TargetList: targets, FromClause: t.q.from}, t.q.ctes)
			}
			if s == nil {
				return nil
			}
			targets = s.TargetList
		}
		if k < 1 || k > len(targets) {
			return nil
		}
		n = targets[k-1].GetResTarget().Val
		if ambiguousStarColumn(targets, k-1) {
			return nil // a source's two columns of one name: no reference tells them apart
		}
	} else if cr := n.GetColumnRef(); cr != nil && len(cr.Fields) == 1 && cr.Fields[0].GetString_() != nil {
		name := cr.Fields[0].GetString_().Sval
		for _, tn := range t.q.targets {
			if rt := tn.GetResTarget(); rt.Name == name {
				n = rt.Val
				break
			}
		}
		if v := qualifiedOutput(t.q.targets, name); v != nil && n.GetColumnRef() == cr {
			n = v
		}
	}
	if hasWindowCall(n) {
		return nil // re-translating would plan a second, clashing window column
	}
	return t.inject("nulls "+strconv.FormatBool(nullsFirst), -1, []sqlparser.Expr{t.scalar(n)}, func(c []sql.Expression) (sql.Expression, error) {
		return expr.NewIsNull(c[0], nullsFirst), nil
	})
}

// ambiguousStarColumn reports whether the column reference targets[i], of
// a * expanded, names a column its source has twice (a subquery's
// duplicate output names, which the source lists apart as name\x00n).
func ambiguousStarColumn(targets []*pg.Node, i int) bool {
	key := func(n *pg.Node) string {
		cr := n.GetResTarget().GetVal().GetColumnRef()
		if cr == nil {
			return ""
		}
		var b strings.Builder
		for _, f := range cr.Fields {
			name, _, _ := strings.Cut(strVal(f), "\x00")
			b.WriteString(name + ".")
		}
		return b.String()
	}
	k := key(targets[i])
	for j, o := range targets {
		if j != i && k != "" && key(o) == k {
			return true
		}
	}
	return false
}

// uniqueOutput is the name of output column targets[i]; ok is false when
// another output column has it too, or a * hides the columns.
func uniqueOutput(targets []*pg.Node, i int) (string, bool) {
	if targetsHaveStar(targets) || i < 0 || i >= len(targets) {
		return "", false
	}
	name := outputName(targets[i].GetResTarget())
	for j, o := range targets {
		if j != i && outputName(o.GetResTarget()) == name {
			return "", false
		}
	}
	return name, true
}

// outputName is an output column's name: its alias, or the name
// PostgreSQL gives the expression.
func outputName(rt *pg.ResTarget) string {
	if rt.Name != "" {
		return rt.Name
	}
	return columnName(rt.Val)
}

// orderExpr keeps ORDER BY 1 / ORDER BY alias as GMS understands them.
// refuseConstantKeys fails, as PostgreSQL's parser does, for a constant
// other than an integer (an ordinal) as a GROUP BY, ORDER BY or DISTINCT
// ON key: ORDER BY 'x' or GROUP BY true is a mistake, not a no-op.
func refuseConstantKeys(list []*pg.Node, clause string) {
	for _, n := range list {
		if sb := n.GetSortBy(); sb != nil {
			n = sb.Node
		}
		if c := n.GetAConst(); c != nil && c.GetIval() == nil {
			failAt(c.Location, pgerror.SyntaxError, "non-integer constant in %s", clause)
		}
	}
}

func (t *Translator) orderExpr(n *pg.Node) sqlparser.Expr {
	if c := n.GetAConst(); c != nil {
		if iv := c.GetIval(); iv != nil {
			if t.q.targets != nil && !targetsHaveStar(t.q.targets) && (iv.Ival < 1 || int(iv.Ival) > len(t.q.targets)) {
				failAt(c.Location, pgerror.InvalidColumnReference, "%s position %d is not in select list", t.q.clauseOr("ORDER BY"), iv.Ival)
			}
			if t.q.distinct && t.q.clause != "GROUP BY" {
				// by name: GMS loses an ordinal's column under a DISTINCT
				// of computed columns (XX000 "unable to find field")
				if name, ok := uniqueOutput(t.q.targets, int(iv.Ival)-1); ok {
					return &sqlparser.ColName{Name: sqlparser.NewColIdent(name)}
				}
			}
			return sqlparser.NewIntVal([]byte(itoa(int64(iv.Ival))))
		}
	}
	if cr := n.GetColumnRef(); cr != nil && len(cr.Fields) == 1 && cr.Fields[0].GetString_() != nil && t.q.targets != nil {
		name := cr.Fields[0].GetString_().Sval
		t.checkOrderByName(name, cr.Location) // dup_columns.go
		if e := t.foldedOrderName(name); e != nil {
			return e
		}
		if v := qualifiedOutput(t.q.targets, name); v != nil {
			// ORDER BY n names the output column u.n before any input
			// column n (another FROM item may have one too)
			return t.scalar(v)
		}
	}
	return t.scalar(n)
}

// qualifiedOutput is the SELECT-list entry x.name, not renamed, that an
// ORDER BY name refers to; nil when there is none.
func qualifiedOutput(targets []*pg.Node, name string) *pg.Node {
	for _, tn := range targets {
		rt := tn.GetResTarget()
		if rt == nil || rt.Name != "" {
			continue
		}
		if cr := rt.Val.GetColumnRef(); cr != nil && len(cr.Fields) == 2 && cr.Fields[1].GetString_().GetSval() == name {
			return rt.Val
		}
	}
	return nil
}

func (t *Translator) limit(s *pg.SelectStmt) *sqlparser.Limit {
	if s.LimitCount == nil && s.LimitOffset == nil {
		return nil
	}
	if s.LimitOption == pg.LimitOption_LIMIT_OPTION_WITH_TIES {
		if c := s.LimitCount.GetAConst(); c != nil && c.Isnull {
			failAt(-1, "2201W", "row count cannot be null in FETCH FIRST ... WITH TIES clause") // PostgreSQL gives no position
		}
		failAt(nodeLocation(s.LimitCount), pgerror.FeatureNotSupported, "FETCH ... WITH TIES is not supported yet")
	}
	l := &sqlparser.Limit{}
	t.checkLimitVariables(s) // limit_vars.go
	if s.LimitCount != nil {
		if c := s.LimitCount.GetAConst(); c != nil && c.Isnull {
			l.Rowcount = nil
		} else {
			l.Rowcount = t.limitValue(s.LimitCount, "LIMIT")
		}
	}
	if s.LimitOffset != nil {
		l.Offset = t.limitValue(s.LimitOffset, "OFFSET")
	}
	if l.Rowcount == nil && l.Offset == nil {
		return nil
	}
	if l.Rowcount == nil {
		l.Rowcount = sqlparser.NewIntVal([]byte("9223372036854775807"))
	}
	return l
}

// limitValue folds LIMIT/OFFSET to an integer literal, as GMS requires.
func (t *Translator) limitValue(n *pg.Node, what string) sqlparser.Expr {
	check := func(v int64) sqlparser.Expr {
		if v < 0 {
			code := "2201W" // invalid_row_count_in_limit_clause
			if what == "OFFSET" {
				code = "2201X" // invalid_row_count_in_result_offset_clause
			}
			failAt(-1, code, "%s must not be negative", what)
		}
		return sqlparser.NewIntVal([]byte(itoa(v)))
	}
	if c := n.GetAConst(); c != nil {
		if iv := c.GetIval(); iv != nil {
			return check(int64(iv.Ival))
		}
		if sv := c.GetSval(); sv != nil {
			v, err := strconv.ParseInt(strings.TrimSpace(sv.Sval), 10, 64)
			if err != nil {
				failAt(c.Location, pgerror.InvalidTextRepresentation, "invalid input syntax for type bigint: \"%s\"", sv.Sval)
			}
			return check(v)
		}
		if fv := c.GetFval(); fv != nil {
			if v, err := strconv.ParseInt(fv.Fval, 10, 64); err == nil {
				return check(v)
			}
		}
	}
	if p := n.GetParamRef(); p != nil && int(p.Number) <= len(t.Params) {
		if tp, ok := t.Params[p.Number-1].(TypedParam); ok && tp.Value == nil {
			if what == "OFFSET" {
				return check(0)
			}
			return check(9223372036854775807) // NULL: no limit (and describing)
		}
		v, err := strconv.ParseInt(limitParamText(t.Params[p.Number-1], t.Env), 10, 64)
		if err != nil {
			failAt(p.Location, pgerror.InvalidTextRepresentation, "invalid input syntax for type bigint: \"%s\"", limitParamText(t.Params[p.Number-1], t.Env))
		}
		return check(v)
	}
	return t.heldLimit(n, what)
}

// heldLimit translates a LIMIT or OFFSET expression other than a constant
// or a bound parameter (a routine's argument, a PL/pgSQL variable, an
// expression, an enclosing query's column): coerced to bigint as
// transformLimitClause does, and read when the statement runs
// (expr.HoldLimit). Like PostgreSQL, it may not read the query's own
// columns: the analyzer, which knows which columns those are, refuses
// them (gmsadapter's exposeHeldLimits).
func (t *Translator) heldLimit(n *pg.Node, what string) sqlparser.Expr {
	pos := int(nodeLocation(n)) + 1
	refs := limitRefs(n)
	return t.limitExpr(n, what, func(v sql.Expression) sql.Expression {
		return expr.HoldLimit(v, what == "OFFSET", pos, refs)
	})
}

// limitExpr translates a LIMIT or OFFSET expression coerced to bigint as
// transformLimitClause does, handing it to wrap.
func (t *Translator) limitExpr(n *pg.Node, what string, wrap func(sql.Expression) sql.Expression) sqlparser.Expr {
	env := t.Env
	var val sqlparser.Expr
	t.inClause(what, func() { val = t.scalar(n) }) // aggregates are 42803 there
	return t.inject(what, nodeLocation(n), []sqlparser.Expr{val}, func(c []sql.Expression) (sql.Expression, error) {
		// a held LIMIT's subqueries are prepared by the analyzer's
		// heldLimitSubqueries rule (gmsadapter); text has no assignment
		// cast to bigint (transformLimitClause)
		ct := expr.TypeOf(c[0])
		if ct != nil && ct.Kind == types.KindUnknown && n.GetSubLink() != nil {
			ct = types.Text // a sub-select's literal column is text
		}
		if ct != nil && (ct.Kind == types.KindText || ct.Kind == types.KindVarchar || ct.Kind == types.KindBpchar) {
			return nil, pgerror.New(pgerror.DatatypeMismatch, "argument of %s must be type bigint, not type %s", what, ct.FormatType())
		}
		v, err := expr.Coerce(env, c[0], types.Int8, types.CastAssignment)
		if pe, ok := pgerror.As(err); ok && pe.Code == pgerror.DatatypeMismatch {
			return nil, pgerror.New(pgerror.DatatypeMismatch, "argument of %s must be type bigint, not type %s", what, expr.TypeOf(c[0]).FormatType())
		}
		if err != nil {
			return nil, err
		}
		return wrap(v), nil
	})
}

// limitRefs lists the column references of a LIMIT or OFFSET expression
// outside its sub-selects, for the position of the analyzer's 42P10.
func limitRefs(n *pg.Node) []expr.LimitRef {
	var refs []expr.LimitRef
	visit := func(x *pg.Node) bool {
		if x.GetSubLink() != nil {
			return true
		}
		cr := x.GetColumnRef()
		if cr == nil {
			return false
		}
		var parts []string
		for _, f := range cr.Fields {
			if s := f.GetString_(); s != nil {
				parts = append(parts, s.Sval)
			}
		}
		if len(parts) > 0 {
			r := expr.LimitRef{Name: parts[len(parts)-1], Pos: int(cr.Location) + 1}
			if len(parts) > 1 {
				r.Table = parts[len(parts)-2]
			}
			refs = append(refs, r)
		}
		return true
	}
	if !visit(n) {
		walkNodes(n, visit)
	}
	return refs
}

func (t *Translator) valuesSelect(s *pg.SelectStmt) sqlparser.SelectStatement {
	var rows sqlparser.Values
	for _, l := range s.ValuesLists {
		if items := l.GetList().Items; len(items) != len(s.ValuesLists[0].GetList().Items) && len(items) > 0 {
			failAt(nodeLocation(items[0]), pgerror.SyntaxError, "VALUES lists must all be the same length")
		}
		rows = append(rows, t.scalars(l.GetList().Items))
	}
	var cols sqlparser.Columns
	if len(rows) > 0 {
		for i := range rows[0] {
			cols = append(cols, sqlparser.NewColIdent("column"+itoa(int64(i+1))))
		}
	}
	sel := &sqlparser.Select{
		SelectExprs: sqlparser.SelectExprs{&sqlparser.StarExpr{}},
		From: sqlparser.TableExprs{&sqlparser.AliasedTableExpr{
			Expr: &sqlparser.ValuesStatement{Rows: rows, Columns: cols},
			As:   sqlparser.NewTableIdent("*values*"),
		}},
	}
	refuseConstantKeys(s.SortClause, "ORDER BY")
	sel.OrderBy = t.orderBy(s.SortClause)
	sel.Limit = t.limit(s)
	return sel
}

// fromHidden is what a FROM subquery cannot see of its level's FROM
// items as whole rows: its own columns never shadow an outer name, and a
// subquery that is not LATERAL sees none of its siblings.
func (t *Translator) fromHidden(rs *pg.RangeSubselect) map[string]bool {
	hidden := map[string]bool{rs.Alias.Aliasname: true}
	if !rs.Lateral {
		for name := range t.q.rowCols {
			hidden[name] = true
		}
	}
	return hidden
}

func (t *Translator) fromItem(n *pg.Node) sqlparser.TableExpr {
	switch x := n.Node.(type) {
	case *pg.Node_RangeVar:
		if sub := t.inheritanceScan(x.RangeVar); sub != nil { // inherit_scan.go
			return t.fromItem(sub)
		}
		if a := x.RangeVar.Alias; a != nil && len(a.Colnames) > 0 {
			if sub := t.relationAliasSubquery(x.RangeVar); sub != nil { // join_alias.go
				return t.fromItem(sub)
			}
		}
		return t.rangeVar(x.RangeVar)
	case *pg.Node_JoinExpr:
		j := x.JoinExpr
		if j.Alias != nil {
			return t.fromItem(t.joinAliasSubquery(j)) // join_alias.go
		}
		if fullUsing(j) { // join_alias.go
			// GMS has no merged columns for FULL JOIN (it fails on USING
			// and cross joins NATURAL): join ON, with the merged columns
			// read as COALESCE through the level's scope
			on := t.fullUsingOn(j)
			if on == nil {
				failAt(-1, pgerror.FeatureNotSupported, "FULL JOIN with USING or NATURAL is not supported yet when the columns of its inputs are not known")
			}
			j = on
		}
		first := t.q.firstFrom
		left := t.fromItem(j.Larg)
		t.q.firstFrom = false
		right := t.fromItem(j.Rarg)
		t.q.firstFrom = first
		je := &sqlparser.JoinTableExpr{LeftExpr: left, RightExpr: right}
		switch j.Jointype {
		case pg.JoinType_JOIN_INNER:
			je.Join = sqlparser.JoinStr
			if j.Quals == nil && len(j.UsingClause) == 0 && !j.IsNatural {
				je.Join = sqlparser.JoinStr
			}
		case pg.JoinType_JOIN_LEFT:
			je.Join = sqlparser.LeftJoinStr
		case pg.JoinType_JOIN_RIGHT:
			je.Join = sqlparser.RightJoinStr
		case pg.JoinType_JOIN_FULL:
			je.Join = sqlparser.FullOuterJoinStr
		}
		if j.IsNatural {
			je.Join = "natural " + je.Join
		}
		if j.Quals != nil {
			t.inClause("JOIN conditions", func() { je.Condition.On = t.boolCond(j.Quals, "JOIN/ON") })
		}
		for _, u := range j.UsingClause {
			je.Condition.Using = append(je.Condition.Using, sqlparser.NewColIdent(strVal(u)))
		}
		if je.Condition.On == nil && je.Condition.Using == nil && !j.IsNatural && je.Join == sqlparser.JoinStr {
			je.Join = sqlparser.JoinStr
			je.Condition.On = t.literal(types.Bool, true)
		}
		return je
	case *pg.Node_RangeSubselect:
		rs := x.RangeSubselect
		if rs.Alias == nil {
			failAt(nodeLocation(rs.Subquery)-1, pgerror.SyntaxError, "subquery in FROM must have an alias")
		}
		t.nextDerived = true // srf_outer.go
		savedHidden := t.q.hiddenRows
		t.q.hiddenRows = t.fromHidden(rs)
		textOutputs(rs.Subquery.GetSelectStmt()) // with_names.go
		sub := &sqlparser.Subquery{Select: t.selectStmt(rs.Subquery.GetSelectStmt())}
		t.q.hiddenRows = savedHidden
		ate := &sqlparser.AliasedTableExpr{Expr: sub, Lateral: rs.Lateral}
		if rs.Alias != nil {
			ate.As = sqlparser.NewTableIdent(rs.Alias.Aliasname)
			for _, c := range t.subqueryAliasList(rs) { // join_alias.go
				sub.Columns = append(sub.Columns, sqlparser.NewColIdent(strVal(c)))
			}
		}
		return ate
	case *pg.Node_RangeFunction:
		return t.rangeFunction(x.RangeFunction)
	case *pg.Node_RangeTableSample:
		return t.tableSample(x.RangeTableSample) // tablesample.go
	}
	failAt(-1, pgerror.FeatureNotSupported, "FROM item not supported yet: %s", nodeName(n))
	return nil
}

func (t *Translator) tableName(rv *pg.RangeVar) sqlparser.TableName {
	tn := sqlparser.TableName{Name: sqlparser.NewTableIdent(rv.Relname)}
	if rv.Schemaname != "" {
		tn.SchemaQualifier = sqlparser.NewTableIdent(rv.Schemaname)
	}
	return tn
}

func (t *Translator) rangeVar(rv *pg.RangeVar) *sqlparser.AliasedTableExpr {
	if v := t.viewRef(rv); v != nil {
		return v
	}
	t.checkRelationSchema(rv)
	t.refuseForeign(rv, "read") // foreign.go
	ate := &sqlparser.AliasedTableExpr{Expr: t.tableName(rv)}
	if rv.Alias != nil {
		ate.As = sqlparser.NewTableIdent(rv.Alias.Aliasname)
	}
	if n := t.withItemRef(rv); n != "" && n != rv.Relname { // with_names.go
		ate.Expr = sqlparser.TableName{Name: sqlparser.NewTableIdent(n)}
		if rv.Alias == nil {
			ate.As = sqlparser.NewTableIdent(rv.Relname)
		}
	}
	return ate
}
