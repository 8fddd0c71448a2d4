package gmsadapter

import (
	"slices"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// ruleSetOpTypes gives UNION / INTERSECT / EXCEPT columns PostgreSQL's
// result types (docs 10.5, "UNION, CASE, and Related Constructs").
const ruleSetOpTypes analyzer.RuleId = 10010

// setOpTypes replaces the MySQL conversions GMS's planbuilder puts on both
// sides of a set operation whose column types differ (mergeSetOpSchemas
// converts them to CHAR or a MySQL number) with PostgreSQL casts of each
// side to the columns' common type: integer UNION numeric is numeric,
// varchar(10) UNION text is text, integer UNION text is an error.
func setOpTypes(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	var fix transform.NodeFunc
	fix = func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		so, ok := n.(*plan.SetOp)
		if !ok {
			return n, transform.SameTree, nil
		}
		// a set operation is opaque to transform.Node: the ones inside
		// its sides (a UNION b UNION c) are typed first, here
		l, lsame, err := transform.Node(so.Left(), fix)
		if err != nil {
			return nil, transform.SameTree, err
		}
		r, rsame, err := transform.Node(so.Right(), fix)
		if err != nil {
			return nil, transform.SameTree, err
		}
		if !lsame || !rsame {
			c, err := so.WithChildren(l, r)
			if err != nil {
				return nil, transform.SameTree, err
			}
			so = c.(*plan.SetOp)
		}
		out, same, err := setOpSides(ctx, so)
		return out, same && lsame && rsame, err
	}
	return transform.Node(n, fix)
}

// setOpSides gives the columns of set operation so's sides their common
// type.
func setOpSides(ctx *sql.Context, so *plan.SetOp) (sql.Node, transform.TreeIdentity, error) {
	lp, lok := so.Left().(*plan.Project)
	rp, rok := so.Right().(*plan.Project)
	if !lok || !rok || len(lp.Projections) != len(rp.Projections) {
		return so, transform.SameTree, nil
	}
	var lproj, rproj []sql.Expression
	env := expr.EnvOf(ctx)
	for i := range lp.Projections {
		ln, lc, lt, ok1 := setOpConvert(lp, i)
		rn, rc, rt, ok2 := setOpConvert(rp, i)
		if !ok1 || !ok2 || lc == lp.Projections[i] && rc == rp.Projections[i] {
			continue
		}
		ct := translate.SelectCommonType(lt, rt)
		if ct == nil {
			return nil, transform.SameTree, pgerror.New(pgerror.DatatypeMismatch, "%s types %s and %s cannot be matched",
				setOpName(so), lt.FormatType(), rt.FormatType())
		}
		le, err := expr.Coerce(env, lc, ct, types.CastImplicit)
		if err != nil {
			return nil, transform.SameTree, err
		}
		re, err := expr.Coerce(env, rc, ct, types.CastImplicit)
		if err != nil {
			return nil, transform.SameTree, err
		}
		le, re = relabel(le, ct), relabel(re, ct)
		if lproj == nil {
			lproj, rproj = slices.Clone(lp.Projections), slices.Clone(rp.Projections)
		}
		lproj[i] = expression.NewAlias(ln, le)
		rproj[i] = expression.NewAlias(rn, re)
	}
	if lproj == nil {
		return so, transform.SameTree, nil
	}
	out, err := so.WithChildren(plan.NewProject(lproj, lp.Child), plan.NewProject(rproj, rp.Child))
	if err != nil {
		return nil, transform.SameTree, err
	}
	return out, transform.NewTree, nil
}

// setOpConvert recognises, as column i of one side p of a set
// operation, mergeSetOpSchemas' Alias(Convert(column)) over a
// tinybase-typed column, returning the alias name, the column and its
// type; or a column of a set operation under p (a UNION b UNION c is (a
// UNION b) UNION c), which this rule has typed since GMS built p: the
// column, retyped, in place of the alias (a column already of a tinybase
// type is returned as it is).
func setOpConvert(p *plan.Project, i int) (string, sql.Expression, *types.Type, bool) {
	e := p.Projections[i]
	if gf, ok := e.(*expression.GetField); ok {
		if t, ok := gf.Type().(*types.Type); ok {
			return gf.Name(), e, t, true
		}
		if _, ok := p.Child.(*plan.SetOp); !ok || i >= len(p.Child.Schema()) {
			return "", nil, nil, false
		}
		t, ok := p.Child.Schema()[i].Type.(*types.Type)
		if !ok {
			return "", nil, nil, false
		}
		retyped := expression.NewGetFieldWithTable(gf.Index(), int(gf.TableId()), t, gf.Database(), gf.Table(), gf.Name(), gf.IsNullable()).WithId(gf.Id())
		return gf.Name(), retyped.(sql.Expression), t, true
	}
	a, ok := e.(*expression.Alias)
	if !ok {
		return "", nil, nil, false
	}
	if gf, ok := a.Child.(*expression.GetField); ok {
		if _, t, ct, ok := setOpConvert(plan.NewProject([]sql.Expression{gf}, p.Child), 0); ok {
			if t == gf {
				return a.Name(), e, ct, true
			}
			return a.Name(), t, ct, true
		}
		return "", nil, nil, false
	}
	c, ok := a.Child.(*expression.Convert)
	if !ok {
		return "", nil, nil, false
	}
	t, ok := c.Child.Type().(*types.Type)
	if !ok {
		return "", nil, nil, false
	}
	return a.Name(), c.Child, t, true
}

func setOpName(so *plan.SetOp) string {
	switch so.SetOpType {
	case plan.IntersectType:
		return "INTERSECT"
	case plan.ExceptType:
		return "EXCEPT"
	}
	return "UNION"
}

// relabel gives e exactly type t (a typmod dropped, as PostgreSQL's
// RelabelType does) when coercion left it with another typmod.
func relabel(e sql.Expression, t *types.Type) sql.Expression {
	if et, ok := e.Type().(*types.Type); ok && et.OID == t.OID && et.Mod == t.Mod {
		return e
	}
	return &relabelExpr{Child: e, typ: t}
}

// relabelExpr is a value of Child's type seen with typmod-free type typ.
type relabelExpr struct {
	Child sql.Expression
	typ   *types.Type
}

var _ sql.Expression = (*relabelExpr)(nil)

func (r *relabelExpr) Resolved() bool                                  { return r.Child.Resolved() }
func (r *relabelExpr) String() string                                  { return r.Child.String() }
func (r *relabelExpr) Type() sql.Type                                  { return r.typ }
func (r *relabelExpr) PGType() *types.Type                             { return r.typ }
func (r *relabelExpr) IsNullable() bool                                { return r.Child.IsNullable() }
func (r *relabelExpr) Children() []sql.Expression                      { return []sql.Expression{r.Child} }
func (r *relabelExpr) Eval(ctx *sql.Context, row sql.Row) (any, error) { return r.Child.Eval(ctx, row) }
func (r *relabelExpr) WithChildren(c ...sql.Expression) (sql.Expression, error) {
	return &relabelExpr{Child: c[0], typ: r.typ}, nil
}
