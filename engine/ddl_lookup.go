package engine

import (
	"context"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/storage"
	"github.com/tinybase/tinybase/engine/translate"
)

var _ translate.TableLookup = (*Session)(nil)

// table finds a table by schema (or the search path when schema is "").
func (s *Session) table(schema, name string) (*storage.Table, bool) {
	ctx := sql.NewContext(context.Background(), sql.WithSession(s))
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

// PrimaryKeyColumns implements translate.TableLookup.
func (s *Session) PrimaryKeyColumns(schema, name string) ([]string, bool) {
	t, ok := s.table(schema, name)
	if !ok {
		return nil, false
	}
	pks := t.PrimaryKeySchema()
	cols := make([]string, 0, len(pks.PkOrdinals))
	for _, o := range pks.PkOrdinals {
		cols = append(cols, pks.Schema[o].Name)
	}
	return cols, true
}
