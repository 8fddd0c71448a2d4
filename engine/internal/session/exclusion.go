package session

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/ddl"
	"github.com/tinybase/tinybase/engine/internal/storage"
)

var _ storage.ExclusionChecker = (*Session)(nil)

// CheckExclusion implements storage.ExclusionChecker: row, just written
// to t, must not conflict with another row under any of t's exclusion
// constraints (ddl/exclusion.go).
func (s *Session) CheckExclusion(ctx *sql.Context, t *storage.Table, row sql.Row) error {
	cat := s.catalog()
	exs := cat.TableExclusions(catalog.QName{Schema: t.SchemaName(), Name: t.Name()})
	for _, ex := range exs {
		chk, err := ddl.CompileExclusion(ddlHost{s}, ctx, t, cat, ex.Key.Column)
		if err != nil {
			return err
		}
		if chk == nil {
			continue
		}
		if err := chk.Check(ctx, t, row); err != nil {
			return err
		}
	}
	return nil
}
