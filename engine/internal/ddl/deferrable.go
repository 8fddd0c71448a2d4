package ddl

import (
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/translate"
)

// SetDeferrable records the DEFERRABLE constraints a CREATE or ALTER
// TABLE declares (PostgreSQL docs: CREATE TABLE, DEFERRABLE), for
// pg_constraint and for when the engine checks them.
func SetDeferrable(h Host, c *translate.SetDeferrable) error {
	schema := c.Table.Schema
	if c.Create {
		var err error
		if schema, err = CreationSchema(h, schema); err != nil {
			return err
		}
		if _, exists := FindTable(h, schema, c.Table.Name); exists {
			return nil // CREATE TABLE IF NOT EXISTS skips, or CREATE TABLE fails
		}
	} else if t, ok := FindTable(h, schema, c.Table.Name); ok {
		schema = t.SchemaName() // a constraint trigger's table, as named
	} else {
		return nil // CREATE CONSTRAINT TRIGGER fails on the missing table
	}
	q := catalog.QName{Schema: schema, Name: c.Table.Name}
	cat := h.Catalog()
	for _, d := range c.Constraints {
		cat = cat.SetDeferrable(q, d.Name, d.Deferrable, d.Initially)
	}
	h.SetCatalog(cat)
	return nil
}
