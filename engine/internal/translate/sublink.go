package translate

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

const sublinkCol = "?sublink?"

// subLinkExpr translates subquery expressions (PostgreSQL docs 9.23).
func (t *Translator) subLinkExpr(s *pg.SubLink) sqlparser.Expr {
	// a subquery's columns are its own tables', not the INSERT target's
	defer func(prev string, prevDML []*pg.Node) { t.insertSystem, t.dmlSystem = prev, prevDML }(t.insertSystem, t.dmlSystem)
	t.insertSystem = ""
	switch s.SubLinkType {
	case pg.SubLinkType_EXISTS_SUBLINK:
		sub := &sqlparser.Subquery{Select: t.selectStmt(s.Subselect.GetSelectStmt())}
		return t.gmsBool(s.Location, &sqlparser.ExistsExpr{Subquery: sub})
	case pg.SubLinkType_EXPR_SUBLINK:
		return &sqlparser.Subquery{Select: t.selectStmt(s.Subselect.GetSelectStmt())}
	case pg.SubLinkType_ANY_SUBLINK, pg.SubLinkType_ALL_SUBLINK:
		op := "="
		if len(s.OperName) > 0 {
			op = strVal(s.OperName[len(s.OperName)-1])
		}
		all := s.SubLinkType == pg.SubLinkType_ALL_SUBLINK
		if items, ok := rowItems(s.Testexpr); ok {
			if op != "=" || all {
				failAt(s.Location, pgerror.FeatureNotSupported, "row comparisons with %s ALL/ANY (subquery) are not supported yet", op)
			}
			sub := &sqlparser.Subquery{Select: t.selectStmt(s.Subselect.GetSelectStmt())}
			in := &sqlparser.ComparisonExpr{Operator: sqlparser.InStr, Left: sqlparser.ValTuple(t.scalars(items)), Right: sub}
			return t.inject("row in", s.Location, []sqlparser.Expr{in}, func(c []sql.Expression) (sql.Expression, error) {
				return expr.NewRowIn(c[0]), nil
			})
		}
		if op == "=" && !all {
			left := t.scalar(s.Testexpr)
			sub := &sqlparser.Subquery{Select: t.selectStmt(s.Subselect.GetSelectStmt())}
			return t.inject("in", s.Location, []sqlparser.Expr{left, sub}, func(c []sql.Expression) (sql.Expression, error) {
				l, err := oidInSubquery(t, c[0], c[1])
				if err != nil {
					return nil, err
				}
				return expr.NewGMSBool(plan.NewInSubquery(l, c[1])), nil
			})
		}
		name := "$any"
		if all {
			name = "$all"
		}
		left := t.scalar(s.Testexpr)
		cmp := t.binop(op, s.Location, left, &sqlparser.ColName{Name: sqlparser.NewColIdent(sublinkCol), Qualifier: sqlparser.TableName{Name: sqlparser.NewTableIdent(sublinkCol)}})
		return t.overSublink(s, name, cmp)
	case pg.SubLinkType_ARRAY_SUBLINK:
		col := &sqlparser.ColName{Name: sqlparser.NewColIdent(sublinkCol), Qualifier: sqlparser.TableName{Name: sqlparser.NewTableIdent(sublinkCol)}}
		return t.overSublink(s, "$array", col)
	}
	failAt(s.Location, pgerror.FeatureNotSupported, "subquery form not supported yet: %s", s.SubLinkType)
	return nil
}

// oidInSubquery casts the left side of x IN (subquery) to the subquery's
// type when both are of the OID family but differ (psql's confrelid IN
// (... VALUES ('16391'::regclass))): regclass values are relation names
// and oids are numbers, so they only compare after the cast PostgreSQL's
// operator resolution would add.
func oidInSubquery(t *Translator, left, sub sql.Expression) (sql.Expression, error) {
	lt, rt := expr.TypeOf(left), expr.TypeOf(sub)
	oidish := func(x *types.Type) bool {
		return x.Kind == types.KindOid || x.Kind == types.KindRegclass || x.Kind == types.KindRegtype || types.IsRegObject(x)
	}
	if lt == nil || rt == nil || lt.OID == rt.OID || !oidish(lt) || !oidish(rt) {
		return left, nil
	}
	return expr.Coerce(t.Env, left, rt, types.CastExplicit)
}

// overSublink aggregates arg over the subquery's single column: a scalar
// subquery SELECT agg(arg) FROM (subselect) AS "?sublink?"("?sublink?").
func (t *Translator) overSublink(s *pg.SubLink, agg string, arg sqlparser.Expr) sqlparser.Expr {
	t.nextDerived = true // srf_outer.go
	inner := &sqlparser.Subquery{Select: t.selectStmt(s.Subselect.GetSelectStmt()), Columns: sqlparser.Columns{sqlparser.NewColIdent(sublinkCol)}}
	// the wrapping SELECT is a level of its own (aggregate_level.go)
	spec := expr.AggSpec{Name: agg, NArgs: 1, Desc: agg, Level: t.q.depth + 1}
	specLit := t.inject("aggspec "+agg, -1, nil, func([]sql.Expression) (sql.Expression, error) {
		return expr.NewAggSpec(spec), nil
	})
	fe := &sqlparser.FuncExpr{Name: sqlparser.NewColIdent(expr.AggCarrier), Exprs: sqlparser.SelectExprs{
		&sqlparser.AliasedExpr{Expr: specLit}, &sqlparser.AliasedExpr{Expr: arg}}}
	sel := &sqlparser.Select{
		SelectExprs: sqlparser.SelectExprs{&sqlparser.AliasedExpr{Expr: fe, As: sqlparser.NewColIdent(agg)}},
		From:        sqlparser.TableExprs{&sqlparser.AliasedTableExpr{Expr: inner, As: sqlparser.NewTableIdent(sublinkCol)}},
	}
	return &sqlparser.Subquery{Select: sel}
}

// gmsBool types a GMS predicate as boolean.
func (t *Translator) gmsBool(loc int32, e sqlparser.Expr) sqlparser.Expr {
	return t.inject("bool", loc, []sqlparser.Expr{e}, func(c []sql.Expression) (sql.Expression, error) {
		return expr.NewGMSBool(c[0]), nil
	})
}
