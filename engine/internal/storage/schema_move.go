package storage

import (
	"context"
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
)

// MoveTable moves a table to another schema (ALTER TABLE ... SET SCHEMA)
// and records the new schema in foreign keys that name the table.
func (t *Txn) MoveTable(schema, name, newSchema string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, err := t.lockWriter(context.Background()); err != nil {
		return err
	}
	from, ok := t.root.schemas[schema]
	if !ok {
		return fmt.Errorf("%w: %q", ErrSchemaNotFound, schema)
	}
	id, ok := from.tables[name]
	if !ok {
		return sql.ErrTableNotFound.New(name)
	}
	to, ok := t.root.schemas[newSchema]
	if !ok {
		return fmt.Errorf("%w: %q", ErrSchemaNotFound, newSchema)
	}
	if _, ok := to.tables[name]; ok {
		return sql.ErrTableAlreadyExists.New(name)
	}
	schemas := t.mutSchemas()
	schemas[schema] = from.with(name, 0)
	schemas[newSchema] = to.with(name, id)
	return t.relocate(id, schema, name, newSchema, name)
}
