package ddl

import "github.com/tinybase/tinybase/engine/internal/catalog"

// The functions below keep the catalog in step with DDL that other parts
// of the engine run on tables and schemas. They change the session
// transaction's catalog, so they roll back with the statement.

// TableRenamed follows ALTER TABLE ... RENAME TO: owned sequences,
// view dependencies and comments name the table by its new name.
func TableRenamed(h Host, schema, oldName, newName string) {
	h.SetCatalog(h.Catalog().RenameTable(catalog.QName{Schema: schema, Name: oldName}, catalog.QName{Schema: schema, Name: newName}))
}

// ColumnRenamed follows ALTER TABLE ... RENAME COLUMN.
func ColumnRenamed(h Host, schema, table, oldName, newName string) {
	h.SetCatalog(h.Catalog().RenameColumn(catalog.QName{Schema: schema, Name: table}, oldName, newName))
}

// DropSchemaObjects runs before DROP SCHEMA: the schema's types,
// sequences, views and comments go with it under CASCADE; without it
// their presence is 2BP01.
func DropSchemaObjects(h Host, schema string, cascade bool) error {
	cat := h.Catalog()
	if cat.SchemaInUse(schema) && !cascade {
		return dependError("schema", schema)
	}
	h.SetCatalog(cat.DropSchema(schema))
	return nil
}

// RestartIdentity is in sequences.go (TRUNCATE ... RESTART IDENTITY).
