package ddl

import (
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/extensions"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// createBaseTypes creates an extension's base types (Extension.BaseTypes)
// in its schema, as its script's CREATE TYPE would in PostgreSQL.
func createBaseTypes(h Host, e *extensions.Extension, schema string) error {
	for _, name := range e.BaseTypes {
		q := catalog.QName{Schema: schema, Name: name}
		if _, ok := h.Catalog().Type(q); ok {
			return pgerror.New(pgerror.DuplicateObject, "type %q already exists", name)
		}
		cat, _, ok := h.Catalog().NewExtType(q)
		if !ok {
			return pgerror.New(pgerror.FeatureNotSupported, "extension %q defines type %q, which tinybase cannot implement", e.Name, name)
		}
		h.SetCatalog(cat)
	}
	return nil
}
