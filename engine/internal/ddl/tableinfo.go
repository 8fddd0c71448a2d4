package ddl

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
)

// Violated scans t for a row that makes check false.
func Violated(ctx *sql.Context, t *storage.Table, check sqlparser.Expr) (bad, ok bool) {
	e, err := ResolveOver(t.Schema(), check)
	if err != nil {
		return false, false
	}
	rows, err := allRows(ctx, t)
	if err != nil {
		return false, false
	}
	for _, r := range rows {
		v, err := e.Eval(ctx, r)
		if err != nil {
			return false, false
		}
		if b, isBool := v.(bool); isBool && !b {
			return true, true
		}
	}
	return false, true
}

// HasNull scans t for a NULL in col, or for any row when col is "".
func HasNull(ctx *sql.Context, t *storage.Table, col string) bool {
	i := -1
	if col != "" {
		if i = t.Schema().IndexOfColName(col); i < 0 {
			return false
		}
	}
	it, err := t.Rows(ctx)
	if err != nil {
		return false
	}
	defer it.Close(ctx)
	for {
		r, err := it.Next(ctx)
		if err != nil {
			return false
		}
		if i < 0 || r[i] == nil {
			return true
		}
	}
}

// TableColumns describes t's schema, name, columns and primary key.
func TableColumns(t *storage.Table) *translate.TableInfo {
	ti := &translate.TableInfo{Schema: t.SchemaName(), Name: t.Name()}
	sch := t.Schema()
	ti.Columns = make([]translate.ColumnInfo, 0, len(sch))
	for _, c := range sch {
		ci := translate.ColumnInfo{Name: c.Name, Type: expr.FromGMSType(c.Type), Nullable: c.Nullable, Default: c.Default != nil}
		if d := c.Default; d != nil {
			ci.DefaultExpr = d.Expr
			ci.DefaultText = func() string { return pgcatalog.DefaultText(d) }
		}
		ti.Columns = append(ti.Columns, ci)
	}
	pks := t.PrimaryKeySchema()
	for _, o := range pks.PkOrdinals {
		ti.PrimaryKey = append(ti.PrimaryKey, pks.Schema[o].Name)
	}
	return ti
}

// TableInfo describes t for DDL: TableColumns plus its constraints and
// indexes.
func TableInfo(ctx *sql.Context, t *storage.Table) *translate.TableInfo {
	ti := TableColumns(t)
	ti.Constraints, ti.Indexes, ti.Checks = map[string]byte{}, map[string]bool{}, map[string]string{}
	ti.UniqueKeys = [][]string{} // known: a table without one has none
	standalone := map[string]bool{}
	if gix, err := t.GetIndexes(ctx); err == nil {
		for _, ix := range gix {
			if ix.Comment() == createIndexComment {
				standalone[ix.ID()] = true
			}
		}
	}
	if ixs, err := t.Indexes(ctx); err == nil {
		for _, ix := range ixs {
			switch {
			case ix.PrimaryKey:
				ti.Constraints[ix.Name] = 'p'
			case ix.Unique && !ix.Expression && !ix.Partial && !standalone[ix.Name]:
				ti.Constraints[ix.Name] = 'u'
			}
			if (ix.PrimaryKey || ix.Unique) && !ix.Expression && !ix.Partial && len(ix.Columns) > 0 {
				ti.UniqueKeys = append(ti.UniqueKeys, ix.Columns)
			}
			if !ix.ForFK { // GMS's own support index, not a PostgreSQL object
				ti.Indexes[ix.Name] = true
			}
		}
	}
	if checks, err := t.StoredChecks(ctx); err == nil {
		for _, c := range checks {
			ti.Constraints[c.Name] = 'c'
			ti.Checks[c.Name] = c.CheckExpression
		}
	}
	if fks, err := t.GetDeclaredForeignKeys(ctx); err == nil {
		for _, fk := range fks {
			ti.Constraints[fk.Name] = 'f'
			if ti.ForeignKeyColumns == nil {
				ti.ForeignKeyColumns = map[string][]string{}
			}
			ti.ForeignKeyColumns[fk.Name] = fk.Columns
		}
	}
	return ti
}
