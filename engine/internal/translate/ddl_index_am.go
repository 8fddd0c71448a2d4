package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/extensions"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// checkAccessMethod refuses CREATE INDEX ... USING an access method that
// neither PostgreSQL nor an installed extension has (pgvector's hnsw and
// ivfflat exist once it is installed). The key parts' operator classes
// are resolved once their types are known (ddl/index_opclass.go).
func (t *Translator) checkAccessMethod(s *pg.IndexStmt) {
	r := t.reader()
	if r == nil || s.AccessMethod == "" {
		return
	}
	cat := r.Current()
	if !extensions.AccessMethodExists(cat, s.AccessMethod) {
		fail(pgerror.New(pgerror.UndefinedObject, "access method %q does not exist", s.AccessMethod))
	}
}
