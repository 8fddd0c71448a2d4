package session

import "github.com/tinybase/tinybase/engine/internal/catalog"

// The functions below keep the catalog in step with DDL that other parts
// of the engine run on tables and schemas. They change the session
// transaction's catalog, so they roll back with the statement.

// catalogTableRenamed follows ALTER TABLE ... RENAME TO: owned sequences,
// view dependencies and comments name the table by its new name.
func (s *Session) catalogTableRenamed(schema, oldName, newName string) {
	s.setCatalog(s.catalog().RenameTable(catalog.QName{Schema: schema, Name: oldName}, catalog.QName{Schema: schema, Name: newName}))
}

// catalogColumnRenamed follows ALTER TABLE ... RENAME COLUMN.
func (s *Session) catalogColumnRenamed(schema, table, oldName, newName string) {
	s.setCatalog(s.catalog().RenameColumn(catalog.QName{Schema: schema, Name: table}, oldName, newName))
}

// dropSchemaObjects runs before DROP SCHEMA: the schema's types,
// sequences, views and comments go with it under CASCADE; without it
// their presence is 2BP01.
func (s *Session) dropSchemaObjects(schema string, cascade bool) error {
	cat := s.catalog()
	if cat.SchemaInUse(schema) && !cascade {
		return dependError("schema", schema)
	}
	s.setCatalog(cat.DropSchema(schema))
	return nil
}

// RestartIdentity is in catalog_sequences.go (TRUNCATE ... RESTART IDENTITY).

// The rename hooks are for the ALTER TABLE code to call.
var (
	_ = (*Session).catalogTableRenamed
	_ = (*Session).catalogColumnRenamed
)
