package translate

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/expr"
	"github.com/tinybase/tinybase/engine/pgerror"
	"github.com/tinybase/tinybase/engine/types"
)

func (t *Translator) selectStmt(s *pg.SelectStmt) sqlparser.SelectStatement {
	var out sqlparser.SelectStatement
	switch {
	case s.Op != pg.SetOperation_SETOP_NONE:
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
		so.OrderBy = t.orderBy(s.SortClause)
		so.Limit = t.limit(s)
		so.With = t.with(s.WithClause)
		out = so
	case len(s.ValuesLists) > 0:
		return t.valuesSelect(s)
	default:
		sel := &sqlparser.Select{}
		if len(s.DistinctClause) > 0 {
			if s.DistinctClause[0] != nil && s.DistinctClause[0].Node != nil {
				failAt(-1, pgerror.FeatureNotSupported, "SELECT DISTINCT ON is not supported yet")
			}
			sel.QueryOpts.Distinct = true
		}
		sel.With = t.with(s.WithClause)
		sel.SelectExprs = t.targetList(s.TargetList)
		for _, f := range s.FromClause {
			sel.From = append(sel.From, t.fromItem(f))
		}
		if s.WhereClause != nil {
			sel.Where = &sqlparser.Where{Type: sqlparser.WhereStr, Expr: t.boolCond(s.WhereClause, "WHERE")}
		}
		for _, g := range s.GroupClause {
			sel.GroupBy = append(sel.GroupBy, t.scalar(g))
		}
		if s.HavingClause != nil {
			sel.Having = &sqlparser.Where{Type: sqlparser.HavingStr, Expr: t.boolCond(s.HavingClause, "HAVING")}
		}
		sel.OrderBy = t.orderBy(s.SortClause)
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
	for _, c := range w.Ctes {
		cte := c.GetCommonTableExpr()
		q := cte.Ctequery.GetSelectStmt()
		if q == nil {
			failAt(cte.Location, pgerror.FeatureNotSupported, "data-modifying statements in WITH are not supported yet")
		}
		ate := &sqlparser.AliasedTableExpr{Expr: &sqlparser.Subquery{Select: t.selectStmt(q)}, As: sqlparser.NewTableIdent(cte.Ctename)}
		var cols sqlparser.Columns
		for _, cn := range cte.Aliascolnames {
			cols = append(cols, sqlparser.NewColIdent(strVal(cn)))
		}
		out.Ctes = append(out.Ctes, &sqlparser.CommonTableExpr{AliasedTableExpr: ate, Columns: cols})
	}
	return out
}

func (t *Translator) targetList(list []*pg.Node) sqlparser.SelectExprs {
	var out sqlparser.SelectExprs
	for _, n := range list {
		rt := n.GetResTarget()
		if cr := rt.Val.GetColumnRef(); cr != nil {
			last := cr.Fields[len(cr.Fields)-1]
			if last.GetAStar() != nil {
				star := &sqlparser.StarExpr{}
				if len(cr.Fields) >= 2 {
					star.TableName = sqlparser.TableName{Name: sqlparser.NewTableIdent(strVal(cr.Fields[len(cr.Fields)-2]))}
				}
				out = append(out, star)
				continue
			}
		}
		name := rt.Name
		if name == "" {
			name = columnName(rt.Val)
		}
		out = append(out, &sqlparser.AliasedExpr{Expr: t.scalar(rt.Val), As: sqlparser.NewColIdent(name)})
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
		// a name from an inner cast is weak: the outer cast's type wins
		if c := columnName(x.TypeCast.Arg); c != "?column?" && x.TypeCast.Arg.GetTypeCast() == nil {
			return c
		}
		p := names(x.TypeCast.TypeName.Names)
		n := p[len(p)-1]
		if pn, ok := map[string]string{"int4": "int4", "bool": "bool"}[n]; ok {
			return pn
		}
		return n
	case *pg.Node_CaseExpr:
		return "case"
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

// orderBy rewrites ORDER BY into GMS's form. GMS sorts NULLs first
// ascending, PostgreSQL last; tinybase's types compare NULL as greatest, so
// the default order already matches PostgreSQL and only explicit NULLS
// FIRST/LAST that disagree with the direction need an extra IS NULL key.
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
		if nullsFirst != (dir == sqlparser.DescScr) {
			isNull := t.inject("nulls", -1, []sqlparser.Expr{t.orderExpr(sb.Node)}, func(c []sql.Expression) (sql.Expression, error) {
				return expr.NewIsNull(c[0], nullsFirst), nil
			})
			out = append(out, &sqlparser.Order{Expr: isNull, Direction: sqlparser.AscScr})
		}
		out = append(out, &sqlparser.Order{Expr: e, Direction: dir})
	}
	return out
}

// orderExpr keeps ORDER BY 1 / ORDER BY alias as GMS understands them.
func (t *Translator) orderExpr(n *pg.Node) sqlparser.Expr {
	if c := n.GetAConst(); c != nil {
		if iv := c.GetIval(); iv != nil {
			return sqlparser.NewIntVal([]byte(itoa(int64(iv.Ival))))
		}
	}
	return t.scalar(n)
}

func (t *Translator) limit(s *pg.SelectStmt) *sqlparser.Limit {
	if s.LimitCount == nil && s.LimitOffset == nil {
		return nil
	}
	l := &sqlparser.Limit{}
	if s.LimitCount != nil {
		if c := s.LimitCount.GetAConst(); c != nil && c.Isnull {
			l.Rowcount = nil
		} else {
			l.Rowcount = t.limitValue(s.LimitCount)
		}
	}
	if s.LimitOffset != nil {
		l.Offset = t.limitValue(s.LimitOffset)
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
func (t *Translator) limitValue(n *pg.Node) sqlparser.Expr {
	if c := n.GetAConst(); c != nil {
		if iv := c.GetIval(); iv != nil {
			if iv.Ival < 0 {
				failAt(c.Location, pgerror.InvalidParameterValue, "LIMIT must not be negative")
			}
			return sqlparser.NewIntVal([]byte(itoa(int64(iv.Ival))))
		}
	}
	if p := n.GetParamRef(); p != nil && int(p.Number) <= len(t.Params) {
		return sqlparser.NewIntVal([]byte(types.Output(nil, t.Params[p.Number-1], t.Env)))
	}
	failAt(-1, pgerror.FeatureNotSupported, "LIMIT/OFFSET must be a constant")
	return nil
}

func (t *Translator) valuesSelect(s *pg.SelectStmt) sqlparser.SelectStatement {
	var rows sqlparser.Values
	for _, l := range s.ValuesLists {
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
	sel.OrderBy = t.orderBy(s.SortClause)
	sel.Limit = t.limit(s)
	return sel
}

func (t *Translator) fromItem(n *pg.Node) sqlparser.TableExpr {
	switch x := n.Node.(type) {
	case *pg.Node_RangeVar:
		return t.rangeVar(x.RangeVar)
	case *pg.Node_JoinExpr:
		j := x.JoinExpr
		je := &sqlparser.JoinTableExpr{LeftExpr: t.fromItem(j.Larg), RightExpr: t.fromItem(j.Rarg)}
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
			je.Condition.On = t.boolCond(j.Quals, "JOIN/ON")
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
		sub := &sqlparser.Subquery{Select: t.selectStmt(rs.Subquery.GetSelectStmt())}
		ate := &sqlparser.AliasedTableExpr{Expr: sub, Lateral: rs.Lateral}
		if rs.Alias != nil {
			ate.As = sqlparser.NewTableIdent(rs.Alias.Aliasname)
			for _, c := range rs.Alias.Colnames {
				sub.Columns = append(sub.Columns, sqlparser.NewColIdent(strVal(c)))
			}
		}
		return ate
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
	ate := &sqlparser.AliasedTableExpr{Expr: t.tableName(rv)}
	if rv.Alias != nil {
		ate.As = sqlparser.NewTableIdent(rv.Alias.Aliasname)
	}
	return ate
}
