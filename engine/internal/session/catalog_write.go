package session

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/ddl"
	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
)

var _ pgcatalog.CatalogWriter = catalogWriter{}

// catalogWriter applies a statement's writes of the system catalogs in
// the session's transaction (pgcatalog/pg_enum_write.go).
type catalogWriter struct{ s *Session }

// UpdateEnumRows implements pgcatalog.CatalogWriter.
func (w catalogWriter) UpdateEnumRows(_ *sql.Context, changes [][2]pgcatalog.EnumRow) error {
	// a catalog change, as DDL's: cached translations may hold the old type
	w.s.txnCatalogChanged()
	err := ddl.UpdateEnumRows(ddlHost{w.s}, changes)
	w.s.txnCatalogChanged()
	return err
}
