package translate

import (
	"math"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/shopspring/decimal"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// inject wraps a tinybase expression builder in a vitess InjectedExpr; GMS
// resolves children (columns, subqueries) first. Errors get loc as their
// position when they have none. name, with the children, prints the
// expression (expr.Pending): it names all build uses besides them.
func (t *Translator) inject(name string, loc int32, children []sqlparser.Expr, build func([]sql.Expression) (sql.Expression, error)) sqlparser.Expr {
	return sqlparser.InjectedExpr{
		Expression: &expr.Pending{Name: name, Build: func(c []sql.Expression) (sql.Expression, error) {
			e, err := build(c)
			if err != nil {
				if pe, ok := pgerror.As(err); ok && pe.Position == 0 && loc >= 0 {
					pe.Position = int(loc) + 1
				}
				return nil, err
			}
			return e, nil
		}, Args: children},
		Children: children,
	}
}

func (t *Translator) literal(typ *types.Type, v any) sqlparser.Expr {
	lit := expr.NewLiteral(typ, v)
	return t.inject("literal "+lit.String(), -1, nil, func([]sql.Expression) (sql.Expression, error) {
		return expr.NewLiteral(typ, v), nil
	})
}

// scalar translates a PostgreSQL expression.
func (t *Translator) scalar(n *pg.Node) sqlparser.Expr {
	if t.tiesCounts[n] {
		delete(t.tiesCounts, n) // limitExpr translates n itself
		defer func() { t.tiesCounts[n] = true }()
		return t.limitExpr(n, "LIMIT", func(v sql.Expression) sql.Expression { return expr.NewTiesCount(v) }) // select_ties.go
	}
	switch x := n.Node.(type) {
	case *pg.Node_ColumnRef:
		if t.Vars != nil {
			if v := t.plVar(x.ColumnRef); v != nil {
				return v
			}
		}
		if r := t.wholeRow(n); r != nil {
			return r
		}
		return t.columnRef(x.ColumnRef)
	case *pg.Node_AConst:
		return t.aconst(x.AConst)
	case *pg.Node_TypeCast:
		typ := t.typeName(x.TypeCast.TypeName)
		if ae := x.TypeCast.Arg.GetAArrayExpr(); ae != nil && len(ae.Elements) == 0 && typ.IsArray() {
			return t.literal(typ, &types.Array{Elem: typ.Base().Elem})
		}
		arg := t.scalar(x.TypeCast.Arg)
		stored := t.stored
		return t.inject("cast "+typ.FormatType(), x.TypeCast.Location, []sqlparser.Expr{arg}, func(c []sql.Expression) (sql.Expression, error) {
			e, err := expr.Coerce(t.Env, c[0], typ, types.CastExplicit)
			if stored {
				storedCast(c[0], e, typ)
			}
			return e, err
		})
	case *pg.Node_AExpr:
		return t.aexpr(x.AExpr)
	case *pg.Node_BoolExpr:
		return t.boolExpr(x.BoolExpr)
	case *pg.Node_NullTest:
		neg := x.NullTest.Nulltesttype == pg.NullTestType_IS_NOT_NULL
		if items, ok := rowItems(x.NullTest.Arg); ok {
			return t.rowNullTest(neg, x.NullTest.Location, items)
		}
		return t.inject("isnull "+strconv.FormatBool(neg), x.NullTest.Location, []sqlparser.Expr{t.scalar(x.NullTest.Arg)}, func(c []sql.Expression) (sql.Expression, error) {
			return expr.NewIsNull(c[0], neg), nil
		})
	case *pg.Node_BooleanTest:
		bt := x.BooleanTest
		return t.inject("booltest "+bt.Booltesttype.String(), bt.Location, []sqlparser.Expr{t.scalar(bt.Arg)}, func(c []sql.Expression) (sql.Expression, error) {
			tr, fa := true, false
			switch bt.Booltesttype {
			case pg.BoolTestType_IS_TRUE:
				return &expr.IsNull{Child: c[0], Test: &tr}, nil
			case pg.BoolTestType_IS_NOT_TRUE:
				return &expr.IsNull{Child: c[0], Test: &tr, Negate: true}, nil
			case pg.BoolTestType_IS_FALSE:
				return &expr.IsNull{Child: c[0], Test: &fa}, nil
			case pg.BoolTestType_IS_NOT_FALSE:
				return &expr.IsNull{Child: c[0], Test: &fa, Negate: true}, nil
			case pg.BoolTestType_IS_UNKNOWN:
				return expr.NewIsNull(c[0], false), nil
			}
			return expr.NewIsNull(c[0], true), nil
		})
	case *pg.Node_FuncCall:
		return t.funcCall(x.FuncCall)
	case *pg.Node_CaseExpr:
		return t.caseExpr(x.CaseExpr)
	case *pg.Node_CoalesceExpr:
		return t.variadic("coalesce", x.CoalesceExpr.Args, x.CoalesceExpr.Location)
	case *pg.Node_MinMaxExpr:
		kind := "greatest"
		if x.MinMaxExpr.Op == pg.MinMaxOp_IS_LEAST {
			kind = "least"
		}
		return t.variadic(kind, x.MinMaxExpr.Args, x.MinMaxExpr.Location)
	case *pg.Node_SubLink:
		return t.subLink(x.SubLink)
	case *pg.Node_ParamRef:
		return t.param(x.ParamRef)
	case *pg.Node_SqlvalueFunction:
		return t.sqlValueFunction(x.SqlvalueFunction)
	case *pg.Node_CollateClause:
		return t.collate(x.CollateClause)
	case *pg.Node_AArrayExpr:
		return t.arrayExpr(x.AArrayExpr)
	case *pg.Node_AIndirection:
		return t.indirection(x.AIndirection)
	case *pg.Node_RowExpr:
		return t.rowExpr(x.RowExpr)
	}
	failAt(-1, pgerror.FeatureNotSupported, "expression not supported yet: %s", nodeName(n))
	return nil
}

func (t *Translator) columnRef(c *pg.ColumnRef) sqlparser.Expr {
	parts := make([]string, 0, len(c.Fields))
	for _, f := range c.Fields {
		switch v := f.Node.(type) {
		case *pg.Node_String_:
			parts = append(parts, v.String_.Sval)
		case *pg.Node_AStar:
			parts = append(parts, "*")
		}
	}
	if e := t.dmlColumn(parts, c.Location); e != nil {
		return e
	}
	if e := t.systemColumnRef(parts, c.Location); e != nil { // system_columns.go
		return e
	}
	t.checkColumnCase(parts, c.Location)
	t.checkDuplicateColumn(parts, c.Location) // dup_columns.go
	t.checkAmbiguousColumn(parts, c.Location)

	if v := t.usingAliasColumn(parts, c.Location); v != nil { // join_alias.go
		return t.scalar(v)
	}
	if v := t.fullMergedColumn(parts); v != nil {
		return t.scalar(v)
	}
	t.checkHiddenTable(parts, c.Location)
	if e := t.aliasFunctionNotation(parts, c.Location); e != nil { // wholerow.go
		return e
	}
	switch len(parts) {
	case 1:
		return &sqlparser.ColName{Name: sqlparser.NewColIdent(parts[0])}
	case 2:
		return &sqlparser.ColName{Name: sqlparser.NewColIdent(parts[1]), Qualifier: sqlparser.TableName{Name: sqlparser.NewTableIdent(parts[0])}}
	case 3:
		return &sqlparser.ColName{Name: sqlparser.NewColIdent(parts[2]), Qualifier: sqlparser.TableName{Name: sqlparser.NewTableIdent(parts[1]), SchemaQualifier: sqlparser.NewTableIdent(parts[0])}}
	}
	failAt(c.Location, pgerror.SyntaxError, "improper qualified name (too many dotted names): %s", strings.Join(parts, "."))
	return nil
}

func (t *Translator) aconst(c *pg.A_Const) sqlparser.Expr {
	if c.Isnull {
		return t.literal(types.Unknown, nil)
	}
	if v, ok := c.Val.(*pg.A_Const_Sval); ok {
		// an untyped string keeps its location for input errors
		loc := int(c.Location)
		return t.inject("literal "+expr.NewLiteral(types.Unknown, v.Sval.Sval).String(), -1, nil, func([]sql.Expression) (sql.Expression, error) {
			l := expr.NewLiteral(types.Unknown, v.Sval.Sval)
			l.Loc = loc
			return l, nil
		})
	}
	switch v := c.Val.(type) {
	case *pg.A_Const_Ival:
		return t.literal(types.Int4, int32(v.Ival.Ival))
	case *pg.A_Const_Fval:
		s := v.Fval.Fval
		if n, err := strconv.ParseInt(s, 10, 64); err == nil {
			if n >= math.MinInt32 && n <= math.MaxInt32 {
				return t.literal(types.Int4, int32(n))
			}
			return t.literal(types.Int8, n)
		}
		d, err := decimal.NewFromString(s)
		if err != nil {
			failAt(c.Location, pgerror.InvalidTextRepresentation, "invalid numeric literal %s", s)
		}
		return t.literal(types.Numeric, d)
	case *pg.A_Const_Sval:
		return t.literal(types.Unknown, v.Sval.Sval)
	case *pg.A_Const_Boolval:
		return t.literal(types.Bool, v.Boolval.Boolval)
	case *pg.A_Const_Bsval:
		// B'…' and X'…' are bit constants (make_const's T_BitString)
		b, err := types.ParseBit(types.Bit, v.Bsval.Bsval)
		if err != nil {
			failAt(c.Location, pgerror.InvalidTextRepresentation, "%s", err.(*pgerror.Error).Message)
		}
		return t.literal(types.Bit, b)
	}
	return t.literal(types.Unknown, nil)
}

func (t *Translator) param(p *pg.ParamRef) sqlparser.Expr {
	if t.BoundParams != nil {
		if e, ok := t.BoundParams(int(p.Number)); ok {
			return t.inject("$"+itoa(int64(p.Number)), p.Location, nil, func([]sql.Expression) (sql.Expression, error) { return e, nil })
		}
	}
	i := int(p.Number) - 1
	if i < 0 || i >= len(t.Params) {
		failAt(p.Location, pgerror.UndefinedParameter, "there is no parameter $%d", p.Number)
	}
	v := t.Params[i]
	switch x := v.(type) {
	case TypedParam:
		return t.literal(x.Type, x.Value)
	case nil:
		return t.literal(types.Unknown, nil)
	case string:
		return t.literal(types.Unknown, x)
	case int:
		return t.literal(types.Int8, int64(x))
	case int32:
		return t.literal(types.Int4, x)
	case int64:
		return t.literal(types.Int8, x)
	case float64:
		return t.literal(types.Float8, x)
	case bool:
		return t.literal(types.Bool, x)
	case []byte:
		return t.literal(types.Bytea, x)
	}
	return t.literal(types.Unknown, types.Output(nil, v, t.Env))
}

func (t *Translator) scalars(ns []*pg.Node) []sqlparser.Expr {
	out := make([]sqlparser.Expr, len(ns))
	for i, n := range ns {
		out[i] = t.scalar(n)
	}
	return out
}

func (t *Translator) variadic(kind string, args []*pg.Node, loc int32) sqlparser.Expr {
	return t.inject(kind, loc, t.scalars(args), func(c []sql.Expression) (sql.Expression, error) {
		return expr.NewVariadic(t.Env, kind, c)
	})
}

func (t *Translator) boolExpr(b *pg.BoolExpr) sqlparser.Expr {
	args := t.scalars(b.Args)
	return t.inject(b.Boolop.String(), b.Location, args, func(c []sql.Expression) (sql.Expression, error) {
		switch b.Boolop {
		case pg.BoolExprType_NOT_EXPR:
			return expr.NewNot(t.Env, c[0])
		case pg.BoolExprType_AND_EXPR, pg.BoolExprType_OR_EXPR:
			and := b.Boolop == pg.BoolExprType_AND_EXPR
			acc := c[0]
			for _, e := range c[1:] {
				var err error
				if acc, err = expr.NewLogic(t.Env, and, acc, e); err != nil {
					return nil, err
				}
			}
			if len(c) == 1 {
				return expr.NewLogic(t.Env, and, acc, expr.NewLiteral(types.Bool, and))
			}
			return acc, nil
		}
		return nil, pgerror.New(pgerror.FeatureNotSupported, "boolean operator")
	})
}

func (t *Translator) binop(op string, loc int32, l, r sqlparser.Expr) sqlparser.Expr {
	return t.binopIn("", op, loc, l, r)
}

// binopIn is binop for OPERATOR(schema.op): a user operator is looked
// up in that schema only, not on the search path.
func (t *Translator) binopIn(schema, op string, loc int32, l, r sqlparser.Expr) sqlparser.Expr {
	return t.inject(op, loc, []sqlparser.Expr{l, r}, func(c []sql.Expression) (sql.Expression, error) {
		if ue, ok := t.userOperator(schema, op, c); ok { // extension.go
			return ue, nil
		}
		return expr.NewBinOp(t.Env, op, c[0], c[1])
	})
}

func (t *Translator) aexpr(a *pg.A_Expr) sqlparser.Expr {
	op, opSchema := "", ""
	if len(a.Name) > 0 {
		op = strVal(a.Name[len(a.Name)-1])
	}
	if len(a.Name) > 1 {
		opSchema = strVal(a.Name[len(a.Name)-2])
	}
	switch a.Kind {
	case pg.A_Expr_Kind_AEXPR_OP:
		if a.Lexpr == nil {
			r := t.scalar(a.Rexpr)
			switch op {
			case "-":
				return t.inject("neg", a.Location, []sqlparser.Expr{r}, func(c []sql.Expression) (sql.Expression, error) {
					if l, ok := c[0].(*expr.Literal); ok && l.Value != nil {
						switch v := l.Value.(type) {
						case int32:
							return expr.NewLiteral(types.Int4, -v), nil
						case int64:
							if v == math.MinInt32*-1 {
								return expr.NewLiteral(types.Int4, int32(-v)), nil
							}
							return expr.NewLiteral(types.Int8, -v), nil
						case decimal.Decimal:
							return expr.NewLiteral(types.Numeric, v.Neg()), nil
						}
					}
					return expr.NewUnaryOp(t.Env, "-", c[0])
				})
			case "+":
				return r
			}
			return t.inject(op, a.Location, []sqlparser.Expr{r}, func(c []sql.Expression) (sql.Expression, error) {
				if ue, ok := t.userPrefixOperator(opSchema, op, c[0]); ok { // extension.go
					return ue, nil
				}
				return expr.NewUnaryOp(t.Env, op, c[0])
			})
		}
		if l, ok := rowItems(a.Lexpr); ok {
			if r, ok := rowItems(a.Rexpr); ok {
				return t.rowComparison(op, a.Location, l, r)
			}
		}
		return t.binopIn(opSchema, op, a.Location, t.scalar(a.Lexpr), t.scalar(a.Rexpr))
	case pg.A_Expr_Kind_AEXPR_LIKE, pg.A_Expr_Kind_AEXPR_ILIKE:
		return t.binop(op, a.Location, t.scalar(a.Lexpr), t.scalar(a.Rexpr))
	case pg.A_Expr_Kind_AEXPR_DISTINCT, pg.A_Expr_Kind_AEXPR_NOT_DISTINCT:
		not := a.Kind == pg.A_Expr_Kind_AEXPR_NOT_DISTINCT
		if l, ok := rowItems(a.Lexpr); ok {
			if r, ok := rowItems(a.Rexpr); ok {
				return t.rowDistinct(not, a.Location, l, r)
			}
		}
		return t.inject("distinct "+strconv.FormatBool(not), a.Location, []sqlparser.Expr{t.scalar(a.Lexpr), t.scalar(a.Rexpr)}, func(c []sql.Expression) (sql.Expression, error) {
			eq, err := expr.NewBinOp(t.Env, "=", c[0], c[1])
			if err != nil {
				return nil, err
			}
			return expr.NewDistinct(eq, c[0], c[1], not), nil
		})
	case pg.A_Expr_Kind_AEXPR_NULLIF:
		return t.inject("nullif", a.Location, []sqlparser.Expr{t.scalar(a.Lexpr), t.scalar(a.Rexpr)}, func(c []sql.Expression) (sql.Expression, error) {
			return expr.NewVariadic(t.Env, "nullif", c)
		})
	case pg.A_Expr_Kind_AEXPR_IN:
		list := a.Rexpr.GetList()
		if l, ok := rowItems(a.Lexpr); ok {
			eqOp := "="
			if op == "<>" {
				eqOp = "<>"
			}
			var acc sqlparser.Expr
			for _, it := range list.GetItems() {
				r, ok := rowItems(it)
				if !ok {
					failAt(a.Location, pgerror.FeatureNotSupported, "row IN with a non-row item is not supported yet")
				}
				e := t.rowComparison(eqOp, a.Location, l, r)
				if acc == nil {
					acc = e
					continue
				}
				prev := acc
				acc = t.inject("rowin "+eqOp, a.Location, []sqlparser.Expr{prev, e}, func(c []sql.Expression) (sql.Expression, error) {
					return expr.NewLogic(t.Env, eqOp == "<>", c[0], c[1])
				})
			}
			return acc
		}
		items := []sqlparser.Expr{t.scalar(a.Lexpr)}
		for _, it := range list.GetItems() {
			items = append(items, t.scalar(it))
		}
		neg := op == "<>"
		return t.inject("in "+strconv.FormatBool(neg), a.Location, items, func(c []sql.Expression) (sql.Expression, error) {
			return expr.NewIn(t.Env, c[0], c[1:], neg)
		})
	case pg.A_Expr_Kind_AEXPR_OP_ANY, pg.A_Expr_Kind_AEXPR_OP_ALL:
		all := a.Kind == pg.A_Expr_Kind_AEXPR_OP_ALL
		return t.inject("any "+op+" "+strconv.FormatBool(all), a.Location, []sqlparser.Expr{t.scalar(a.Lexpr), t.scalar(a.Rexpr)}, func(c []sql.Expression) (sql.Expression, error) {
			return expr.NewAnyArray(t.Env, op, c[0], c[1], all)
		})
	case pg.A_Expr_Kind_AEXPR_BETWEEN, pg.A_Expr_Kind_AEXPR_NOT_BETWEEN, pg.A_Expr_Kind_AEXPR_BETWEEN_SYM, pg.A_Expr_Kind_AEXPR_NOT_BETWEEN_SYM:
		bounds := a.Rexpr.GetList().GetItems()
		l := t.scalar(a.Lexpr)
		lo, hi := t.scalar(bounds[0]), t.scalar(bounds[1])
		neg := a.Kind == pg.A_Expr_Kind_AEXPR_NOT_BETWEEN || a.Kind == pg.A_Expr_Kind_AEXPR_NOT_BETWEEN_SYM
		sym := a.Kind == pg.A_Expr_Kind_AEXPR_BETWEEN_SYM || a.Kind == pg.A_Expr_Kind_AEXPR_NOT_BETWEEN_SYM
		return t.inject(a.Kind.String(), a.Location, []sqlparser.Expr{l, lo, hi}, func(c []sql.Expression) (sql.Expression, error) {
			between := func(lo, hi sql.Expression) (sql.Expression, error) {
				ge, err := expr.NewBinOp(t.Env, ">=", c[0], lo)
				if err != nil {
					return nil, err
				}
				le, err := expr.NewBinOp(t.Env, "<=", c[0], hi)
				if err != nil {
					return nil, err
				}
				return expr.NewLogic(t.Env, true, ge, le)
			}
			res, err := between(c[1], c[2])
			if err == nil && sym {
				// BETWEEN SYMMETRIC also accepts the bounds swapped
				var swapped sql.Expression
				if swapped, err = between(c[2], c[1]); err == nil {
					res, err = expr.NewLogic(t.Env, false, res, swapped)
				}
			}
			if err != nil || !neg {
				return res, err
			}
			return expr.NewNot(t.Env, res)
		})
	case pg.A_Expr_Kind_AEXPR_SIMILAR:
		// SIMILAR TO: the grammar wraps the pattern in similar_to_escape()
		return t.binop(map[string]string{"~": "~", "!~": "!~"}[op], a.Location, t.scalar(a.Lexpr), t.scalar(a.Rexpr))
	}
	failAt(a.Location, pgerror.FeatureNotSupported, "operator form not supported yet: %s", a.Kind)
	return nil
}

func (t *Translator) caseExpr(c *pg.CaseExpr) sqlparser.Expr {
	if groupingSetNull(c) {
		// a grouping column outside a branch's set: NULL of the column's
		// type, typmod and all, as PostgreSQL's grouping-set NULLs are
		col := c.Args[0].GetCaseWhen().Result
		return t.inject("grouping set null", -1, []sqlparser.Expr{t.scalar(col)}, func(ch []sql.Expression) (sql.Expression, error) {
			return expr.NewLiteral(expr.TypeOf(ch[0]), nil), nil
		})
	}
	var children []sqlparser.Expr
	hasArg := c.Arg != nil
	if hasArg {
		children = append(children, t.scalar(c.Arg))
	}
	for _, w := range c.Args {
		cw := w.GetCaseWhen()
		children = append(children, t.scalar(cw.Expr), t.scalar(cw.Result))
	}
	hasElse := c.Defresult != nil
	if hasElse {
		children = append(children, t.scalar(c.Defresult))
	}
	n := len(c.Args)
	return t.inject("case "+strconv.FormatBool(hasArg)+" "+strconv.FormatBool(hasElse), c.Location, children, func(ch []sql.Expression) (sql.Expression, error) {
		i := 0
		var arg sql.Expression
		if hasArg {
			arg = ch[0]
			i = 1
		}
		conds := make([]sql.Expression, n)
		results := make([]sql.Expression, n)
		for k := 0; k < n; k++ {
			cond := ch[i+2*k]
			if arg != nil {
				eq, err := expr.NewBinOp(t.Env, "=", arg, cond)
				if err != nil {
					return nil, err
				}
				cond = eq
			}
			conds[k], results[k] = cond, ch[i+2*k+1]
		}
		var els sql.Expression
		if hasElse {
			els = ch[len(ch)-1]
		}
		return expr.NewCase(t.Env, conds, results, els)
	})
}

func (t *Translator) sqlValueFunction(f *pg.SQLValueFunction) sqlparser.Expr {
	name := map[pg.SQLValueFunctionOp]string{
		pg.SQLValueFunctionOp_SVFOP_CURRENT_DATE:        "current_date",
		pg.SQLValueFunctionOp_SVFOP_CURRENT_TIMESTAMP:   "now",
		pg.SQLValueFunctionOp_SVFOP_CURRENT_TIMESTAMP_N: "now",
		pg.SQLValueFunctionOp_SVFOP_LOCALTIMESTAMP:      "localtimestamp",
		pg.SQLValueFunctionOp_SVFOP_LOCALTIMESTAMP_N:    "localtimestamp",
		pg.SQLValueFunctionOp_SVFOP_CURRENT_TIME:        "current_time",
		pg.SQLValueFunctionOp_SVFOP_LOCALTIME:           "localtime",
		pg.SQLValueFunctionOp_SVFOP_CURRENT_USER:        "current_user",
		pg.SQLValueFunctionOp_SVFOP_CURRENT_ROLE:        "current_user",
		pg.SQLValueFunctionOp_SVFOP_SESSION_USER:        "session_user",
		pg.SQLValueFunctionOp_SVFOP_USER:                "current_user",
		pg.SQLValueFunctionOp_SVFOP_CURRENT_CATALOG:     "current_database",
		pg.SQLValueFunctionOp_SVFOP_CURRENT_SCHEMA:      "current_schema",
	}[f.Op]
	return t.inject(name, f.Location, nil, func([]sql.Expression) (sql.Expression, error) {
		e, err := expr.NewFuncCall(t.Env, name, nil)
		if fc, ok := e.(*expr.FuncCall); ok {
			fc.Keyword = svfKeyword(f)
		}
		return e, err
	})
}

// svfKeyword is the keyword a SQL value function prints as in a stored
// expression (CURRENT_TIMESTAMP, CURRENT_TIMESTAMP(3), CURRENT_USER).
func svfKeyword(f *pg.SQLValueFunction) string {
	k := strings.TrimPrefix(f.Op.String(), "SVFOP_")
	if base, ok := strings.CutSuffix(k, "_N"); ok {
		return base + "(" + strconv.Itoa(int(f.Typmod)) + ")"
	}
	return k
}

func (t *Translator) arrayExpr(a *pg.A_ArrayExpr) sqlparser.Expr {
	return t.inject("array", a.Location, t.scalars(a.Elements), func(c []sql.Expression) (sql.Expression, error) {
		return expr.NewArrayCtor(t.Env, c)
	})
}

// collate accepts the collations whose order is tinybase's (byte order):
// "C", "POSIX", "default" (the database's, which is C here) and
// "ucs_basic". Others do not exist here (42704).
func (t *Translator) collate(c *pg.CollateClause) sqlparser.Expr {
	coll := names(c.Collname)
	name := coll[len(coll)-1]
	switch name {
	case "C", "POSIX", "default", "ucs_basic":
		return t.scalar(c.Arg)
	}
	failAt(c.Location, pgerror.UndefinedObject, "collation %q for encoding \"UTF8\" does not exist", name)
	return nil
}
