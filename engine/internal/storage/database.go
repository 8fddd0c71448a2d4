package storage

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/pgident"
)

// Database is the one GMS database. Unqualified names resolve through the
// session's search path, matching exactly: a lookup finds the first schema on
// the path holding the table, a create uses the first schema on the path
// that exists. Schema-qualified access goes through GetSchema.
type Database struct {
	name string
}

var (
	_ sql.Database            = (*Database)(nil)
	_ sql.SchemaDatabase      = (*Database)(nil)
	_ sql.TableCreator        = (*Database)(nil)
	_ sql.IndexedTableCreator = (*Database)(nil)
	_ sql.TableDropper        = (*Database)(nil)
	_ sql.TableRenamer        = (*Database)(nil)
)

// Name implements sql.Nameable.
func (d *Database) Name() string { return d.name }

// Schema returns the handle of a schema, whether or not it exists yet.
func (d *Database) Schema(name string) *DBSchema { return &DBSchema{db: d, name: name} }

// GetTableInsensitive implements sql.Database: despite GMS's name, the match
// is exact, through the search path.
func (d *Database) GetTableInsensitive(ctx *sql.Context, name string) (sql.Table, bool, error) {
	s, t, err := sessionOf(ctx)
	if err != nil {
		return nil, false, err
	}
	if et, ok := s.(EphemeralTables); ok {
		if t, ok := et.EphemeralTable(name); ok {
			return t, true, nil
		}
	}
	path := s.SearchPath()
	if !contains(path, "pg_catalog") {
		path = append([]string{"pg_catalog"}, path...)
	}
	for _, schema := range path {
		if st, ok := systemTable(ctx, s, schema, name); ok {
			return st, true, nil
		}
		t.mu.Lock()
		td, ok := t.root.table(schema, name)
		t.mu.Unlock()
		if ok {
			return d.handle(td), true, nil
		}
		if st, ok := sequenceTable(ctx, s, schema, name); ok {
			return st, true, nil
		}
	}
	return nil, false, nil
}

// EphemeralTables is implemented by sessions that have relations visible
// by unqualified name ahead of the search path, such as a running
// trigger's transition tables.
type EphemeralTables interface {
	EphemeralTable(name string) (sql.Table, bool)
}

// Table returns the table name in schema, as seen by ctx's transaction.
func (d *Database) Table(ctx *sql.Context, schema, name string) (*Table, bool, error) {
	tbl, ok, err := d.tableIn(ctx, schema, name)
	if !ok || err != nil {
		return nil, ok, err
	}
	st, ok := tbl.(*Table)
	return st, ok, nil
}

func (d *Database) tableIn(ctx *sql.Context, schema, name string) (sql.Table, bool, error) {
	s, t, err := sessionOf(ctx)
	if err != nil {
		return nil, false, err
	}
	if st, ok := systemTable(ctx, s, schema, name); ok {
		return st, true, nil
	}
	t.mu.Lock()
	td, ok := t.root.table(schema, name)
	t.mu.Unlock()
	if ok {
		return d.handle(td), true, nil
	}
	if st, ok := sequenceTable(ctx, s, schema, name); ok {
		return st, true, nil
	}
	return nil, false, nil
}

func (d *Database) handle(td *tableData) *Table {
	return &Table{db: d, id: td.id, def: td.def.resolved()}
}

// GetTableNames implements sql.Database: the names visible unqualified.
func (d *Database) GetTableNames(ctx *sql.Context) ([]string, error) {
	s, t, err := sessionOf(ctx)
	if err != nil {
		return nil, err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	seen := map[string]bool{}
	var out []string
	for _, schema := range s.SearchPath() {
		sd, ok := t.root.schemas[schema]
		if !ok {
			continue
		}
		for _, name := range sd.tableNames() {
			if !seen[name] {
				seen[name] = true
				out = append(out, name)
			}
		}
	}
	return out, nil
}

// GetSchema implements sql.SchemaDatabase, matching the name exactly.
func (d *Database) GetSchema(ctx *sql.Context, name string) (sql.DatabaseSchema, bool, error) {
	t, err := txnOf(ctx)
	if err != nil {
		return nil, false, err
	}
	if !t.HasSchema(name) && !IsSystemSchema(name) {
		return nil, false, nil
	}
	return d.Schema(name), true, nil
}

// CreateSchema implements sql.SchemaDatabase.
func (d *Database) CreateSchema(ctx *sql.Context, name string) error {
	t, err := txnOf(ctx)
	if err != nil {
		return err
	}
	if err := t.Lock(ctx); err != nil {
		return err
	}
	return t.CreateSchema(name)
}

// AllSchemas implements sql.SchemaDatabase.
func (d *Database) AllSchemas(ctx *sql.Context) ([]sql.DatabaseSchema, error) {
	t, err := txnOf(ctx)
	if err != nil {
		return nil, err
	}
	names := t.SchemaNames()
	out := make([]sql.DatabaseSchema, len(names))
	for i, n := range names {
		out[i] = d.Schema(n)
	}
	return out, nil
}

// creationSchema returns the first schema on the search path that exists,
// skipping the session's temporary schema (see ddl.CreationSchema).
func (d *Database) creationSchema(ctx *sql.Context) (string, error) {
	s, t, err := sessionOf(ctx)
	if err != nil {
		return "", err
	}
	for _, schema := range s.SearchPath() {
		if !pgident.IsTempSchema(schema) && t.HasSchema(schema) {
			return schema, nil
		}
	}
	return "", ErrNoCreationSchema
}

// lookupSchema returns the first schema on the search path holding a table.
func (d *Database) lookupSchema(ctx *sql.Context, name string) (string, error) {
	s, t, err := sessionOf(ctx)
	if err != nil {
		return "", err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, schema := range s.SearchPath() {
		if _, ok := t.root.table(schema, name); ok {
			return schema, nil
		}
	}
	return "", sql.ErrTableNotFound.New(name)
}

// CreateTable implements sql.TableCreator in the first existing schema of
// the search path.
func (d *Database) CreateTable(ctx *sql.Context, name string, sch sql.PrimaryKeySchema, collation sql.CollationID, comment string) error {
	schema, err := d.creationSchema(ctx)
	if err != nil {
		return err
	}
	return d.createIn(ctx, schema, name, sch, collation, comment, "")
}

// CreateIndexedTable implements sql.IndexedTableCreator.
func (d *Database) CreateIndexedTable(ctx *sql.Context, name string, sch sql.PrimaryKeySchema, idx sql.IndexDef, collation sql.CollationID) error {
	schema, err := d.creationSchema(ctx)
	if err != nil {
		return err
	}
	return d.createIndexedIn(ctx, schema, name, sch, idx, collation)
}

// DropTable implements sql.TableDropper for the table the search path finds.
func (d *Database) DropTable(ctx *sql.Context, name string) error {
	schema, err := d.lookupSchema(ctx, name)
	if err != nil {
		return err
	}
	return d.dropIn(ctx, schema, name)
}

// RenameTable implements sql.TableRenamer for the table the search path
// finds; the table stays in its schema.
func (d *Database) RenameTable(ctx *sql.Context, oldName, newName string) error {
	schema, err := d.lookupSchema(ctx, oldName)
	if err != nil {
		return err
	}
	return d.renameIn(ctx, schema, oldName, newName)
}

func (d *Database) createIndexedIn(ctx *sql.Context, schema, name string, sch sql.PrimaryKeySchema, idx sql.IndexDef, collation sql.CollationID) error {
	for _, c := range idx.Columns {
		if c.Length > 0 {
			return fmt.Errorf("%w: index prefix lengths (column %q)", ErrUnsupported, c.Name)
		}
	}
	pkName := ""
	if idx.Name != "" && !strings.EqualFold(idx.Name, "PRIMARY") {
		pkName = idx.Name
	}
	return d.createIn(ctx, schema, name, sch, collation, "", pkName)
}

// createIn creates a table in a schema.
func (d *Database) createIn(ctx *sql.Context, schema, name string, sch sql.PrimaryKeySchema, collation sql.CollationID, comment, pkName string) error {
	t, err := txnOf(ctx)
	if err != nil {
		return err
	}
	def, err := newTableDef(d.name, schema, name, sch, collation, comment)
	if err != nil {
		return err
	}
	if pkName != "" {
		def.pkName = pkName
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, err := t.lockWriter(ctx); err != nil {
		return err
	}
	sd, ok := t.root.schemas[schema]
	if !ok {
		return sql.ErrDatabaseSchemaNotFound.New(schema)
	}
	if _, ok := sd.tables[name]; ok {
		return sql.ErrTableAlreadyExists.New(name)
	}
	def.seq = t.nextSeq()
	if !def.keyless() {
		// the primary key's index, created after the table
		t.setRelSeq(QualifiedName{schema, def.pkName}, t.nextSeq())
	}
	td := newTableData(newTableID(), def, t)
	t.mutSchemas()[schema] = sd.with(name, td.id)
	t.mutRoot().tables.set(td.id, td)
	return nil
}

func (d *Database) dropIn(ctx *sql.Context, schema, name string) error {
	t, err := txnOf(ctx)
	if err != nil {
		return err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, err := t.lockWriter(ctx); err != nil {
		return err
	}
	sd, ok := t.root.schemas[schema]
	if !ok {
		return sql.ErrDatabaseSchemaNotFound.New(schema)
	}
	id, ok := sd.tables[name]
	if !ok {
		return sql.ErrTableNotFound.New(name)
	}
	t.mutSchemas()[schema] = sd.with(name, 0)
	t.mutRoot().tables.del(id)
	return nil
}

func (d *Database) renameIn(ctx *sql.Context, schema, oldName, newName string) error {
	t, err := txnOf(ctx)
	if err != nil {
		return err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, err := t.lockWriter(ctx); err != nil {
		return err
	}
	sd, ok := t.root.schemas[schema]
	if !ok {
		return sql.ErrDatabaseSchemaNotFound.New(schema)
	}
	id, ok := sd.tables[oldName]
	if !ok {
		return sql.ErrTableNotFound.New(oldName)
	}
	if _, ok := sd.tables[newName]; ok {
		return sql.ErrTableAlreadyExists.New(newName)
	}
	t.mutSchemas()[schema] = sd.with(oldName, 0).with(newName, id)
	return t.relocate(id, schema, oldName, schema, newName)
}

// relocate gives table id the name newSchema.newName and rewrites every
// foreign key naming it by its old name (RENAME TO, SET SCHEMA).
func (t *Txn) relocate(id tableID, oldSchema, oldName, newSchema, newName string) error {
	for tid, td := range t.mutRoot().tables.all() {
		if err := t.rewriteDef(tid, td, func(def *tableDef) bool {
			changed := false
			if tid == id {
				def.schema, def.name = newSchema, newName
				def.seq = t.nextSeq() // PostgreSQL updates the pg_class row
				changed = true
			}
			fks := make([]sql.ForeignKeyConstraint, len(def.fks))
			for i, fk := range def.fks {
				if fk.SchemaName == oldSchema && fk.Table == oldName {
					fk.SchemaName, fk.Table = newSchema, newName
					changed = true
				}
				if fk.ParentSchema == oldSchema && fk.ParentTable == oldName {
					fk.ParentSchema, fk.ParentTable = newSchema, newName
					changed = true
				}
				fks[i] = fk
			}
			def.fks = fks
			return changed
		}); err != nil {
			return err
		}
	}
	return nil
}
