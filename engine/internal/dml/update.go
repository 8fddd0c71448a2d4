package dml

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// updateSteps runs UPDATE ... FROM: read each target row once with its new
// values (and RETURNING values), then update exactly those rows by key
// through a single-table GMS UPDATE, so checks and foreign keys apply.
func updateSteps(h Host, gctx *sql.Context, u *translate.UpdateSteps) (Result, error) {
	tbl, err := lookupTable(h, gctx, u.Target)
	if err != nil {
		return Result{}, err
	}
	sch := tbl.Schema()
	n, k := len(sch), len(u.Columns)
	sel0, cols, err := updateSelect(h, u, tbl)
	if err != nil {
		return Result{}, err
	}
	sel, err := Step(h, gctx, sel0)
	if err != nil {
		return Result{}, err
	}
	ords := keyOrdinals(tbl)
	keys := map[string]bool{}
	values := map[string]sql.Row{}
	out := Result{Schema: sel.Schema[n+k:], Types: sel.Types[n+k:]}
	for _, row := range sel.Rows {
		key := rowKey(h, sch, ords, row[:n])
		if keys[key] {
			continue
		}
		keys[key] = true
		values[key] = row[n : n+k]
		out.Rows = append(out.Rows, row[n+k:])
	}
	if len(keys) > 0 {
		tn := sqlparser.TableName{Name: sqlparser.NewTableIdent(tbl.Name()), SchemaQualifier: sqlparser.NewTableIdent(tbl.SchemaName())}
		up := &sqlparser.Update{
			TableExprs: sqlparser.TableExprs{&sqlparser.AliasedTableExpr{Expr: tn}},
			Where:      &sqlparser.Where{Type: sqlparser.WhereStr, Expr: keyIn(h, sch, ords, "", keys)},
		}
		for i, c := range u.Columns {
			var e sqlparser.Expr = &sqlparser.Default{}
			if !u.Defaults[i] {
				e = keyValueExpr(h, sch, ords, values, i, sch[cols[i]])
			}
			up.Exprs = append(up.Exprs, &sqlparser.AssignmentExpr{Name: &sqlparser.ColName{Name: sqlparser.NewColIdent(c)}, Expr: e})
		}
		if _, err := Step(h, gctx, up); err != nil {
			return Result{}, err
		}
	}
	if !u.Returning {
		out.OK, out.Affected = true, int64(len(out.Rows))
		out.Rows = nil
	}
	return out, nil
}

// updateSelect is the select step of u: the target row, the SET values
// cast to their columns as storing them does, and the RETURNING list with
// * expanded; cols are the SET columns' ordinals. u's own select is left
// as translated.
func updateSelect(h Host, u *translate.UpdateSteps, tbl *storage.Table) (*sqlparser.Select, []int, error) {
	sch := tbl.Schema()
	sel := *u.Select
	sel.SelectExprs = append(sqlparser.SelectExprs(nil), u.Select.SelectExprs...)
	cols := make([]int, len(u.Columns))
	for i, c := range u.Columns {
		cols[i] = -1
		for j, col := range sch {
			if col.Name == c {
				cols[i] = j
			}
		}
		if cols[i] < 0 {
			return nil, nil, pgerror.New(pgerror.UndefinedColumn, "column %q of relation %q does not exist", c, tbl.Name())
		}
		if !u.Defaults[i] {
			ae := *sel.SelectExprs[1+i].(*sqlparser.AliasedExpr)
			ae.Expr = assign(h, ae.Expr, sch[cols[i]])
			sel.SelectExprs[1+i] = &ae
		}
	}
	u.ColumnTypes = map[string]*types.Type{}
	for _, c := range sch {
		u.ColumnTypes[c.Name] = expr.FromGMSType(c.Type)
	}
	sel.SelectExprs = updateReturningStars(u, sel.SelectExprs, sch)
	return &sel, cols, nil
}

// keyValueExpr is the value column i of values holds for the row with the
// current row's key: how the update step writes the values the select step
// computed.
func keyValueExpr(h Host, sch sql.Schema, ords []int, values map[string]sql.Row, i int, col *sql.Column) sqlparser.Expr {
	children := make(sqlparser.Exprs, len(ords))
	for j, o := range ords {
		children[j] = &sqlparser.ColName{Name: sqlparser.NewColIdent(sch[o].Name)}
	}
	return sqlparser.InjectedExpr{Expression: &keyLookup{h: h, sch: sch, ords: ords, values: values, i: i, col: col}, Children: children}
}

type keyLookup struct {
	h      Host
	sch    sql.Schema
	ords   []int
	values map[string]sql.Row
	i      int
	col    *sql.Column
}

func (k *keyLookup) WithResolvedChildren(children []any) (any, error) {
	v := &keyValue{k: k, children: make([]sql.Expression, len(children))}
	for i, c := range children {
		e, ok := c.(sql.Expression)
		if !ok {
			return nil, fmt.Errorf("engine: key column %d is %T", i, c)
		}
		v.children[i] = e
	}
	return v, nil
}

func (k *keyLookup) String() string { return "new value of " + k.col.Name }

type keyValue struct {
	k        *keyLookup
	children []sql.Expression
}

var _ sql.Expression = (*keyValue)(nil)

func (v *keyValue) Resolved() bool             { return true }
func (v *keyValue) String() string             { return v.k.String() }
func (v *keyValue) Type() sql.Type             { return v.k.col.Type }
func (v *keyValue) IsNullable() bool           { return true }
func (v *keyValue) Children() []sql.Expression { return v.children }
func (v *keyValue) WithChildren(c ...sql.Expression) (sql.Expression, error) {
	n := *v
	n.children = c
	return &n, nil
}
func (v *keyValue) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	vals := make(sql.Row, len(v.k.sch))
	for i, c := range v.children {
		x, err := c.Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		vals[v.k.ords[i]] = x
	}
	r, ok := v.k.values[rowKey(v.k.h, v.k.sch, v.k.ords, vals)]
	if !ok {
		return nil, nil
	}
	return r[v.k.i], nil
}

// updateReturningStars expands * and target.* in the RETURNING part of an
// UPDATE ... FROM select, so that target columns show their new values.
func updateReturningStars(u *translate.UpdateSteps, list sqlparser.SelectExprs, sch sql.Schema) sqlparser.SelectExprs {
	k := len(u.Columns)
	out := append(sqlparser.SelectExprs(nil), list[:1+k]...)
	for _, se := range list[1+k:] {
		star, ok := se.(*sqlparser.StarExpr)
		q := ""
		if ok {
			q = star.TableName.Name.String()
		}
		if !ok || (q != "" && q != u.Name) {
			out = append(out, se)
			continue
		}
		for _, c := range sch {
			var e sqlparser.Expr = &sqlparser.ColName{Name: sqlparser.NewColIdent(c.Name), Qualifier: sqlparser.TableName{Name: sqlparser.NewTableIdent(u.Name)}}
			for i, sc := range u.Columns {
				if sc == c.Name && !u.Defaults[i] {
					e = list[1+i].(*sqlparser.AliasedExpr).Expr
				}
			}
			out = append(out, &sqlparser.AliasedExpr{Expr: e, As: sqlparser.NewColIdent(c.Name)})
		}
		if q == "" {
			for _, name := range u.FromNames {
				out = append(out, &sqlparser.StarExpr{TableName: sqlparser.TableName{Name: sqlparser.NewTableIdent(name)}})
			}
		}
	}
	return out
}
