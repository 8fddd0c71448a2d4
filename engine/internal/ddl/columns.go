package ddl

import (
	"io"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// renameColumn renames a column; storage renames it in indexes and foreign
// keys, the CHECK constraints using it are stored again with the
// rewritten text, and so are generated columns and index expressions.
func renameColumn(h Host, ctx *sql.Context, c *translate.TableDDL) error {
	t, err := mustTable(h, ctx, c.Schema, c.Table)
	if err != nil {
		return err
	}
	sch := t.Schema()
	i := sch.IndexOfColName(c.From)
	if i < 0 {
		return pgerror.New(pgerror.UndefinedColumn, "column %q does not exist", c.From)
	}
	col := sch[i].Copy()
	col.Name = c.To
	if err := t.ModifyColumn(ctx, c.From, col, nil); err != nil {
		return err
	}
	if t, err = mustTable(h, ctx, c.Schema, c.Table); err != nil {
		return err
	}
	checks, err := t.StoredChecks(ctx)
	if err != nil {
		return err
	}
	for _, ch := range checks {
		text, ok := c.Checks[ch.Name]
		if !ok {
			continue
		}
		if err := t.DropCheck(ctx, ch.Name); err != nil {
			return err
		}
		ch.CheckExpression = text
		if err := t.CreateCheck(ctx, &ch); err != nil {
			return err
		}
	}
	if err := renamePartitionKeyColumn(h, catalog.QName{Schema: t.SchemaName(), Name: t.Name()}, c.From, c.To); err != nil {
		return err
	}
	return renameInStoredExprs(h, ctx, t, c.From, c.To)
}

// renamePartitionKeyColumn follows a column rename in the expressions of
// table q's partition key (the catalog renames a column part itself).
func renamePartitionKeyColumn(h Host, q catalog.QName, from, to string) error {
	k, ok := h.Catalog().Partitioned(q)
	if !ok || !k.HasExprs() {
		return nil
	}
	nk := *k
	nk.Exprs = append([]string(nil), k.Exprs...)
	for i, e := range nk.Exprs {
		if e == "" {
			continue
		}
		text, err := renamedText(e, from, to, "")
		if err != nil {
			return err
		}
		nk.Exprs[i] = text
	}
	h.SetCatalog(h.Catalog().PutPartitionKey(nk))
	return nil
}

// createAs runs CREATE TABLE AS: the query's columns (unknown-typed ones
// become text, as in PostgreSQL) and its rows.
func createAs(h Host, ctx *sql.Context, c *translate.TableDDL) (int, error) {
	var sch sql.Schema
	var iter sql.RowIter // nil WITH NO DATA: the query is planned, not run
	var err error
	if c.NoData {
		sch, err = h.PlanGMS(ctx, sqlparser.String(c.Query), c.Query)
	} else {
		sch, iter, err = h.QueryGMS(ctx, sqlparser.String(c.Query), c.Query)
	}
	if err != nil {
		return 0, err
	}
	var rows []sql.Row
	colTypes := make([]*types.Type, len(sch))
	for i, col := range sch {
		colTypes[i] = expr.FromGMSType(col.Type)
	}
	if len(c.Columns) > len(sch) {
		closeUnstarted(ctx, iter)
		return 0, pgerror.New(pgerror.SyntaxError, "too many column names were specified")
	}
	cols := make(sql.Schema, len(sch))
	seen := make(map[string]bool, len(sch))
	for i, col := range sch {
		name := translate.DisplayName(col.Name) // a duplicate is marked inside the query only
		if i < len(c.Columns) {
			name = c.Columns[i]
		}
		if seen[name] {
			closeUnstarted(ctx, iter)
			return 0, pgerror.New(pgerror.DuplicateColumn, "column %q specified more than once", name)
		}
		seen[name] = true
		typ := colTypes[i]
		if typ == types.Unknown {
			typ = types.Text
		}
		cols[i] = &sql.Column{Name: name, Type: typ, Nullable: true, Source: c.Table}
	}
	for !c.NoData {
		r, err := iter.Next(ctx)
		if err == io.EOF {
			break
		}
		if err != nil {
			iter.Close(ctx)
			return 0, err
		}
		row := make(sql.Row, len(r))
		for i, v := range r {
			if row[i], err = expr.FromGMSValue(colTypes[i], v); err != nil {
				iter.Close(ctx)
				return 0, err
			}
		}
		rows = append(rows, row)
	}
	if iter != nil {
		if err := iter.Close(ctx); err != nil {
			return 0, err
		}
	}
	db := h.Database()
	pks := sql.NewPrimaryKeySchema(cols)
	if c.Schema != "" {
		err = db.Schema(c.Schema).CreateTable(ctx, c.Table, pks, sql.Collation_Default, "")
	} else {
		err = db.CreateTable(ctx, c.Table, pks, sql.Collation_Default, "")
	}
	if err != nil {
		return 0, err
	}
	t, err := mustTable(h, ctx, c.Schema, c.Table)
	if err != nil {
		return 0, err
	}
	ins := t.Inserter(ctx)
	for _, r := range rows {
		if err := ins.Insert(ctx, r); err != nil {
			return 0, err
		}
	}
	return len(rows), ins.Close(ctx)
}

// alterType is ALTER COLUMN TYPE: every value is cast with PostgreSQL's
// cast rules (assignment, or explicit under USING col::type). Storage's own
// retyping converts Go values, not PostgreSQL casts, so the rows are taken
// out, the column retyped on the empty table, and the cast rows put back.
func alterType(h Host, ctx *sql.Context, c *translate.TableDDL) error {
	t, err := mustTable(h, ctx, c.Schema, c.Table)
	if err != nil {
		return err
	}
	rows, usingVals, err := retypeRows(h, ctx, t, c)
	if err != nil {
		return err
	}
	for k, rt := range c.Retypes {
		sch := t.Schema()
		i := sch.IndexOfColName(rt.Column)
		if i < 0 {
			return pgerror.New(pgerror.UndefinedColumn, "column %q of relation %q does not exist", rt.Column, c.Table)
		}
		from := expr.FromGMSType(sch[i].Type)
		for j, r := range rows {
			if rt.Using != "" {
				r[i] = usingVals[j][k]
				continue
			}
			if r[i] == nil {
				continue
			}
			if r[i], err = castValue(h, ctx, r[i], from, rt.Type, rt.Explicit); err != nil {
				return err
			}
		}
		if _, err := t.Truncate(ctx); err != nil {
			return err
		}
		col := sch[i].Copy()
		col.Type = rt.Type
		if err := t.ModifyColumn(ctx, sch[i].Name, col, nil); err != nil {
			return err
		}
		if t, err = mustTable(h, ctx, c.Schema, c.Table); err != nil {
			return err
		}
	}
	ins := t.Inserter(ctx)
	for _, r := range rows {
		if err := ins.Insert(ctx, r); err != nil {
			return err
		}
	}
	return ins.Close(ctx)
}

// retypeRows reads the table's rows before ALTER COLUMN TYPE changes
// them, and when a USING expression is more than a cast of the column,
// evaluates those expressions over the same (old) rows: one query
// returning each row followed by its USING values (usingVals[row][k] for
// c.Retypes[k]).
func retypeRows(h Host, ctx *sql.Context, t *storage.Table, c *translate.TableDDL) ([]sql.Row, [][]any, error) {
	var casts []string
	for _, rt := range c.Retypes {
		if rt.Using != "" {
			casts = append(casts, rt.Using)
		} else {
			casts = append(casts, "NULL")
		}
	}
	if len(casts) == 0 || strings.Join(casts, "") == strings.Repeat("NULL", len(casts)) {
		rows, err := allRows(ctx, t)
		return rows, nil, err
	}
	query := "SELECT *, " + strings.Join(casts, ", ") + " FROM " + quoteIdent(c.Schema) + "." + quoteIdent(c.Table)
	tree, err := pgtree.Parse(query)
	if err != nil {
		return nil, nil, h.SyntaxError(err, query)
	}
	tr := &translate.Translator{Env: h.Env(), Tables: h.TableLookup(), Catalog: h.TranslatorCatalog()}
	res, err := tr.Statement(tree.Stmts[0].Stmt)
	if err != nil {
		return nil, nil, err
	}
	_, iter, err := h.QueryGMS(ctx, query, res.Stmt)
	if err != nil {
		return nil, nil, h.MapError(err)
	}
	defer iter.Close(ctx)
	n := len(t.Schema())
	var rows []sql.Row
	var vals [][]any
	for {
		r, err := iter.Next(ctx)
		if err == io.EOF {
			return rows, vals, nil
		}
		if err != nil {
			return nil, nil, h.MapError(err)
		}
		if len(r) != n+len(casts) {
			return nil, nil, pgerror.New(pgerror.FeatureNotSupported, "ALTER COLUMN TYPE ... USING on a table with hidden columns is not supported yet")
		}
		rows = append(rows, r[:n].Copy())
		vals = append(vals, append([]any(nil), r[n:]...))
	}
}

func allRows(ctx *sql.Context, t *storage.Table) ([]sql.Row, error) {
	it, err := t.Rows(ctx)
	if err != nil {
		return nil, err
	}
	defer it.Close(ctx)
	var out []sql.Row
	for {
		r, err := it.Next(ctx)
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		out = append(out, r.Copy())
	}
}

// castValue converts a stored value to a column's new type: through a
// cast CREATE CAST made when one applies (its function runs as an
// expression on the session), else the built-in conversion.
func castValue(h Host, ctx *sql.Context, v any, from, to *types.Type, explicit bool) (any, error) {
	env := h.Env()
	_, user := types.LookupUserCast(env, from, to)
	if _, elems := types.LookupUserArrayCast(env, from, to); user || elems {
		cc := types.CastAssignment
		if explicit {
			cc = types.CastExplicit
		}
		e, err := expr.Coerce(env, expr.NewLiteral(from, v), to, cc)
		if err != nil {
			return nil, err
		}
		return e.Eval(ctx, nil)
	}
	return types.Cast(v, from, to, explicit, env)
}
