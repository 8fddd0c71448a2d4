package ddl

import (
	"fmt"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// CreateExtension is CREATE EXTENSION: only the extensions in
// catalog.Available, whose functions are built in.
func CreateExtension(h Host, c *translate.CreateExtension) error {
	cat := h.Catalog()
	version, ok := catalog.Available[c.Name]
	if !ok {
		return pgerror.New(pgerror.FeatureNotSupported, "extension %q is not available", c.Name).
			WithHint("The extension must first be installed on the system where PostgreSQL is running.")
	}
	if _, ok := cat.Extension(c.Name); ok {
		if c.IfNotExists {
			h.Notice("NOTICE", pgerror.DuplicateObject, fmt.Sprintf("extension %q already exists, skipping", c.Name))
			return nil
		}
		return pgerror.New(pgerror.DuplicateObject, "extension %q already exists", c.Name)
	}
	schema, err := CreationSchema(h, c.Schema)
	if err != nil {
		return err
	}
	h.SetCatalog(cat.PutExtension(catalog.Extension{Name: c.Name, Schema: schema, Version: version}))
	return nil
}
