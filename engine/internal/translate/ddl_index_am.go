package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/extensions"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// checkAccessMethod refuses CREATE INDEX ... USING an access method that
// neither PostgreSQL nor an installed extension has (pgvector's hnsw and
// ivfflat exist once it is installed), and an extension method's key
// naming an operator class it does not have.
func (t *Translator) checkAccessMethod(s *pg.IndexStmt) {
	r := t.reader()
	if r == nil || s.AccessMethod == "" {
		return
	}
	cat := r.Current()
	if !extensions.AccessMethodExists(cat, s.AccessMethod) {
		fail(pgerror.New(pgerror.UndefinedObject, "access method %q does not exist", s.AccessMethod))
	}
	switch s.AccessMethod {
	case "btree", "hash", "gist", "gin", "spgist", "brin":
		return
	}
	for _, p := range s.IndexParams {
		el := p.GetIndexElem()
		if el == nil || len(el.Opclass) == 0 {
			continue
		}
		name := names(el.Opclass)
		if _, _, ok := extensions.InstalledOpClass(cat, s.AccessMethod, name[len(name)-1]); !ok {
			fail(pgerror.New(pgerror.UndefinedObject, "operator class %q does not exist for access method %q", name[len(name)-1], s.AccessMethod))
		}
	}
}
