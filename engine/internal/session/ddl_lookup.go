package session

import (
	"context"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/ddl"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
)

var _ translate.TableLookup = (*Session)(nil)

func (s *Session) sqlContext() *sql.Context {
	return sql.NewContext(context.Background(), sql.WithSession(s.gms))
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
	ti := ddl.TableInfo(ctx, t)
	for _, ex := range s.catalog().TableExclusions(catalog.QName{Schema: t.SchemaName(), Name: t.Name()}) {
		if ti.Indexes[ex.Key.Column] {
			ti.Constraints[ex.Key.Column] = 'x' // exclusion.go
		}
	}
	ti.HasNull = func(col string) bool { return ddl.HasNull(ctx, t, col) }
	ti.Violated = func(check sqlparser.Expr) (bool, bool) { return ddl.Violated(ctx, t, check) }
	return ti, true
}

// LookupColumns implements translate.ColumnLookup: LookupTable without
// the indexes and constraints, for queries.
func (s *Session) LookupColumns(schema, name string) (*translate.TableInfo, bool) {
	t, ok := s.table(s.sqlContext(), schema, name)
	if !ok {
		return nil, false
	}
	return ddl.TableColumns(t), true
}

// HasSchema implements translate.SchemaLookup.
func (s *Session) HasSchema(name string) bool { return s.StorageTxn().HasSchema(name) }
