package dml

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// materializeCTE runs a data-modifying WITH item and makes its RETURNING
// rows the CTE's body, a VALUES list of typed constants. The main statement
// is planned afterwards, so it reads the rows the item returned; unlike
// PostgreSQL it also sees the item's changes in the tables themselves.
func materializeCTE(h Host, gctx *sql.Context, c *translate.ModifyingCTE) error {
	res, err := RunResult(h, gctx, c.Stmt)
	if err != nil {
		return err
	}
	if !c.Stmt.Returning {
		// Referencing it fails in GMS's planner; PostgreSQL says 42P19.
		c.Slot.Select = emptySelect(nil, nil)
		return nil
	}
	names := make([]string, len(res.Schema))
	for i, col := range res.Schema {
		names[i] = col.Name
	}
	if len(c.Columns) > len(names) {
		return pgerror.New(pgerror.InvalidColumnReference, "WITH query %q has %d columns available but %d columns specified", c.Name, len(names), len(c.Columns))
	}
	copy(names, c.Columns)
	c.Slot.Select = valuesSelect(names, res.Types, res.Rows)
	return nil
}

// openCTE starts a materialized WITH query (cte_materialize.go) and makes
// the CTE's body a scan of its rows, which the query yields only as far
// as the statement reads them: PostgreSQL's CTE Scan over a tuplestore
// filled on demand. The statement's data-modifying items, if any, run
// first and to completion, so a program with them materializes its
// queries whole (materializeCTE) before the savepoint juggling of Run.
func openCTE(h Host, gctx *sql.Context, c *translate.ModifyingCTE) (*expr.CTEBuffer, error) {
	if err := Prepare(h, gctx, c.Stmt.Stmt); err != nil {
		return nil, err
	}
	schema, iter, err := h.ExecGMS(gctx, c.Stmt.Stmt)
	if err != nil {
		return nil, err
	}
	names := make([]string, len(schema))
	typs := make([]*types.Type, len(schema))
	foreign := make([]bool, len(schema))
	for i, col := range schema {
		names[i], typs[i] = col.Name, expr.FromGMSType(col.Type)
		if typs[i].Kind == types.KindUnknown {
			typs[i] = types.Text
		}
		_, ours := col.Type.(*types.Type)
		foreign[i] = !ours
	}
	if len(c.Columns) > len(names) {
		_ = iter.Close(gctx)
		return nil, pgerror.New(pgerror.InvalidColumnReference, "WITH query %q has %d columns available but %d columns specified", c.Name, len(names), len(c.Columns))
	}
	copy(names, c.Columns)
	buf := expr.NewCTEBuffer(iter, func(row sql.Row) (sql.Row, error) {
		if err := expr.DeferredError(gctx); err != nil { // a window function's
			return nil, err
		}
		for i, v := range row {
			if i < len(foreign) && foreign[i] && v != nil {
				var err error
				if row[i], err = expr.FromGMSValue(typs[i], v); err != nil {
					return nil, err
				}
			}
		}
		return row, nil
	})
	spec := expr.NewCTESpec(expr.CTESpec{Name: c.Name, Buf: buf, Names: names, Types: typs})
	arg := sqlparser.InjectedExpr{Expression: &expr.Pending{Name: "cte " + c.Name, Build: func([]sql.Expression) (sql.Expression, error) {
		return spec, nil
	}}}
	c.Slot.Select = &sqlparser.Select{
		SelectExprs: sqlparser.SelectExprs{&sqlparser.StarExpr{}},
		From: sqlparser.TableExprs{&sqlparser.TableFuncExpr{Name: expr.CTECarrier,
			Exprs: sqlparser.SelectExprs{&sqlparser.AliasedExpr{Expr: arg}}, Alias: sqlparser.NewTableIdent(c.Name)}},
	}
	return buf, nil
}

// PlannedCTE makes a data-modifying WITH item's body an empty result of
// the columns its RETURNING list has (schema, as planned), without running
// it: describing a statement plans it only, as PostgreSQL does.
func PlannedCTE(c *translate.ModifyingCTE, schema sql.Schema) error {
	if !c.Stmt.Returning {
		c.Slot.Select = emptySelect(nil, nil)
		return nil
	}
	names := make([]string, len(schema))
	typs := make([]*types.Type, len(schema))
	for i, col := range schema {
		names[i], typs[i] = col.Name, expr.FromGMSType(col.Type)
	}
	if len(c.Columns) > len(names) {
		return pgerror.New(pgerror.InvalidColumnReference, "WITH query %q has %d columns available but %d columns specified", c.Name, len(names), len(c.Columns))
	}
	copy(names, c.Columns)
	c.Slot.Select = emptySelect(names, typs)
	return nil
}

// valuesSelect is SELECT * FROM (VALUES ...) with the given column names
// and types; with no rows it selects a row of NULLs under WHERE false.
func valuesSelect(names []string, typs []*types.Type, rows []sql.Row) sqlparser.SelectStatement {
	if len(rows) == 0 {
		return emptySelect(names, typs)
	}
	vals := &sqlparser.ValuesStatement{}
	for _, n := range names {
		vals.Columns = append(vals.Columns, sqlparser.NewColIdent(n))
	}
	for _, row := range rows {
		tuple := make(sqlparser.ValTuple, len(names))
		for i := range names {
			tuple[i] = literal(typs[i], row[i])
		}
		vals.Rows = append(vals.Rows, tuple)
	}
	return &sqlparser.Select{
		SelectExprs: sqlparser.SelectExprs{&sqlparser.StarExpr{}},
		From:        sqlparser.TableExprs{&sqlparser.AliasedTableExpr{Expr: vals, As: sqlparser.NewTableIdent("*values*")}},
	}
}

func emptySelect(names []string, typs []*types.Type) sqlparser.SelectStatement {
	if len(names) == 0 {
		names, typs = []string{"?column?"}, []*types.Type{types.Unknown}
	}
	sel := valuesSelect(names, typs, []sql.Row{make(sql.Row, len(names))}).(*sqlparser.Select)
	sel.Where = &sqlparser.Where{Type: sqlparser.WhereStr, Expr: sqlparser.InjectedExpr{Expression: &expr.Pending{Name: "false", Build: func([]sql.Expression) (sql.Expression, error) {
		return expr.NewLiteral(types.Bool, false), nil
	}}}}
	return sel
}
