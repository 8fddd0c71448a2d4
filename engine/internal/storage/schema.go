package storage

import (
	"context"
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
)

// CreateSchema creates an empty schema (transactional: part of the root).
func (t *Txn) CreateSchema(name string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, err := t.lockWriter(context.Background()); err != nil {
		return err
	}
	if _, ok := t.root.schemas[name]; ok {
		return fmt.Errorf("%w: %q", ErrSchemaExists, name)
	}
	t.mutSchemas()[name] = &schemaData{name: name, tables: map[string]tableID{}, seq: t.nextSeq()}
	return nil
}

// DropSchema drops an empty schema. The engine drops the tables first for
// DROP SCHEMA ... CASCADE.
func (t *Txn) DropSchema(name string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, err := t.lockWriter(context.Background()); err != nil {
		return err
	}
	sd, ok := t.root.schemas[name]
	if !ok {
		return fmt.Errorf("%w: %q", ErrSchemaNotFound, name)
	}
	if len(sd.tables) > 0 {
		return fmt.Errorf("%w: %q", ErrSchemaNotEmpty, name)
	}
	delete(t.mutSchemas(), name)
	return nil
}

// RenameSchema renames a schema and records the new schema name in its
// tables and in foreign keys that name it.
func (t *Txn) RenameSchema(oldName, newName string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, err := t.lockWriter(context.Background()); err != nil {
		return err
	}
	sd, ok := t.root.schemas[oldName]
	if !ok {
		return fmt.Errorf("%w: %q", ErrSchemaNotFound, oldName)
	}
	if _, ok := t.root.schemas[newName]; ok {
		return fmt.Errorf("%w: %q", ErrSchemaExists, newName)
	}
	schemas := t.mutSchemas()
	delete(schemas, oldName)
	schemas[newName] = &schemaData{name: newName, tables: sd.tables, seq: t.nextSeq()}
	r := t.mutRoot()
	for id, td := range r.tables.all() {
		if err := t.rewriteDef(id, td, func(d *tableDef) bool {
			changed := false
			if d.schema == oldName {
				d.schema = newName
				changed = true
			}
			fks := make([]sql.ForeignKeyConstraint, len(d.fks))
			for i, fk := range d.fks {
				if fk.SchemaName == oldName {
					fk.SchemaName = newName
					changed = true
				}
				if fk.ParentSchema == oldName {
					fk.ParentSchema = newName
					changed = true
				}
				fks[i] = fk
			}
			d.fks = fks
			return changed
		}); err != nil {
			return err
		}
	}
	return nil
}

// rewriteDef applies change to a copy of table id's definition and installs
// it if change reports a change. Called with t.mu and the writer lock held.
func (t *Txn) rewriteDef(id tableID, td *tableData, change func(d *tableDef) bool) error {
	d := td.def.clone()
	if !change(d) {
		return nil
	}
	if err := d.finish(); err != nil {
		return err
	}
	if err := td.readyFor(t); err != nil {
		return err
	}
	w, _ := t.writable(id)
	w.def = d
	return nil
}

// SchemaNames returns the schema names, sorted.
func (t *Txn) SchemaNames() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.root.schemaNames()
}

// HasSchema reports whether the schema exists.
func (t *Txn) HasSchema(name string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	_, ok := t.root.schemas[name]
	return ok
}

// TableNames returns the names of the tables of a schema, sorted.
func (t *Txn) TableNames(schema string) ([]string, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	sd, ok := t.root.schemas[schema]
	if !ok {
		return nil, fmt.Errorf("%w: %q", ErrSchemaNotFound, schema)
	}
	return sd.tableNames(), nil
}

// DBSchema is one PostgreSQL schema of the database, as GMS sees it: a
// sql.DatabaseSchema whose table names match exactly.
type DBSchema struct {
	db   *Database
	name string
}

var (
	_ sql.DatabaseSchema      = (*DBSchema)(nil)
	_ sql.TableCreator        = (*DBSchema)(nil)
	_ sql.IndexedTableCreator = (*DBSchema)(nil)
	_ sql.TableDropper        = (*DBSchema)(nil)
	_ sql.TableRenamer        = (*DBSchema)(nil)
)

// Name returns the database name: GMS looks databases up by this name.
func (s *DBSchema) Name() string { return s.db.name }

// SchemaName returns the PostgreSQL schema name.
func (s *DBSchema) SchemaName() string { return s.name }

// GetTableInsensitive implements sql.Database with an exact-name match.
func (s *DBSchema) GetTableInsensitive(ctx *sql.Context, name string) (sql.Table, bool, error) {
	return s.db.tableIn(ctx, s.name, name)
}

// GetTableNames implements sql.Database.
func (s *DBSchema) GetTableNames(ctx *sql.Context) ([]string, error) {
	if IsSystemSchema(s.name) {
		return nil, nil // computed relations are looked up by name only
	}
	t, err := txnOf(ctx)
	if err != nil {
		return nil, err
	}
	return t.TableNames(s.name)
}

// CreateTable implements sql.TableCreator.
func (s *DBSchema) CreateTable(ctx *sql.Context, name string, sch sql.PrimaryKeySchema, collation sql.CollationID, comment string) error {
	return s.db.createIn(ctx, s.name, name, sch, collation, comment, "")
}

// CreateIndexedTable implements sql.IndexedTableCreator.
func (s *DBSchema) CreateIndexedTable(ctx *sql.Context, name string, sch sql.PrimaryKeySchema, idx sql.IndexDef, collation sql.CollationID) error {
	return s.db.createIndexedIn(ctx, s.name, name, sch, idx, collation)
}

// DropTable implements sql.TableDropper.
func (s *DBSchema) DropTable(ctx *sql.Context, name string) error {
	return s.db.dropIn(ctx, s.name, name)
}

// RenameTable implements sql.TableRenamer.
func (s *DBSchema) RenameTable(ctx *sql.Context, oldName, newName string) error {
	return s.db.renameIn(ctx, s.name, oldName, newName)
}
