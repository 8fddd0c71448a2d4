package session

import (
	"context"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
)

var _ translate.TableLookup = (*Session)(nil)

func (s *Session) sqlContext() *sql.Context {
	return sql.NewContext(context.Background(), sql.WithSession(s))
}

// table finds a table by schema (or the search path when schema is "").
func (s *Session) table(ctx *sql.Context, schema, name string) (*storage.Table, bool) {
	db := s.eng.provider.DB()
	if schema != "" {
		t, ok, err := db.Table(ctx, schema, name)
		return t, ok && err == nil
	}
	for _, sc := range s.SearchPath() {
		if t, ok, err := db.Table(ctx, sc, name); err == nil && ok {
			return t, true
		}
	}
	return nil, false
}

// LookupTable implements translate.TableLookup.
func (s *Session) LookupTable(schema, name string) (*translate.TableInfo, bool) {
	ctx := s.sqlContext()
	t, ok := s.table(ctx, schema, name)
	if !ok {
		return nil, false
	}
	ti := tableInfo(ctx, t)
	ti.HasNull = func(col string) bool { return hasNull(ctx, t, col) }
	ti.Violated = func(check sqlparser.Expr) (bool, bool) { return violated(ctx, t, check) }
	return ti, true
}

// LookupColumns implements translate.ColumnLookup: LookupTable without
// the indexes and constraints, for queries.
func (s *Session) LookupColumns(schema, name string) (*translate.TableInfo, bool) {
	t, ok := s.table(s.sqlContext(), schema, name)
	if !ok {
		return nil, false
	}
	return tableColumns(t), true
}

// HasSchema implements translate.SchemaLookup.
func (s *Session) HasSchema(name string) bool { return s.StorageTxn().HasSchema(name) }

// violated scans t for a row that makes check false.
func violated(ctx *sql.Context, t *storage.Table, check sqlparser.Expr) (bad, ok bool) {
	e, err := resolveOver(t.Schema(), check)
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

// hasNull scans t for a NULL in col, or for any row when col is "".
func hasNull(ctx *sql.Context, t *storage.Table, col string) bool {
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

// tableColumns describes t's schema, name, columns and primary key.
func tableColumns(t *storage.Table) *translate.TableInfo {
	ti := &translate.TableInfo{Schema: t.SchemaName(), Name: t.Name()}
	sch := t.Schema()
	ti.Columns = make([]translate.ColumnInfo, 0, len(sch))
	for _, c := range sch {
		ti.Columns = append(ti.Columns, translate.ColumnInfo{Name: c.Name, Type: expr.FromGMSType(c.Type), Nullable: c.Nullable})
	}
	pks := t.PrimaryKeySchema()
	for _, o := range pks.PkOrdinals {
		ti.PrimaryKey = append(ti.PrimaryKey, pks.Schema[o].Name)
	}
	return ti
}

// tableInfo describes t for DDL: tableColumns plus its constraints and
// indexes.
func tableInfo(ctx *sql.Context, t *storage.Table) *translate.TableInfo {
	ti := tableColumns(t)
	ti.Constraints, ti.Indexes, ti.Checks = map[string]byte{}, map[string]bool{}, map[string]string{}
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
			if !ix.ForFK { // GMS's own support index, not a PostgreSQL object
				ti.Indexes[ix.Name] = true
			}
		}
	}
	if checks, err := t.GetChecks(ctx); err == nil {
		for _, c := range checks {
			ti.Constraints[c.Name] = 'c'
			ti.Checks[c.Name] = c.CheckExpression
		}
	}
	if fks, err := t.GetDeclaredForeignKeys(ctx); err == nil {
		for _, fk := range fks {
			ti.Constraints[fk.Name] = 'f'
		}
	}
	return ti
}
