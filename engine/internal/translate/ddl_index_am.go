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
func (t *Translator) checkAccessMethod(s *pg.IndexStmt, ti *TableInfo) {
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
		if el == nil {
			continue
		}
		if len(el.Opclass) == 0 {
			// A plain column needs its type's default class (pgvector
			// has one for ivfflat on vector, none for hnsw); an
			// expression's type is known only once it is resolved.
			if col, ok := ti.Column(el.Name); ok && el.Name != "" && !extensions.HasDefaultOpClass(cat, s.AccessMethod, col.Type.Name) {
				fail(pgerror.New(pgerror.UndefinedObject, "data type %s has no default operator class for access method %q", col.Type.SQLName, s.AccessMethod).
					WithHint("You must specify an operator class for the index or define a default operator class for the data type."))
			}
			continue
		}
		name := names(el.Opclass)
		if _, _, ok := extensions.InstalledOpClass(cat, s.AccessMethod, name[len(name)-1]); !ok {
			fail(pgerror.New(pgerror.UndefinedObject, "operator class %q does not exist for access method %q", name[len(name)-1], s.AccessMethod))
		}
	}
}
