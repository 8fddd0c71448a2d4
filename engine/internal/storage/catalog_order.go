package storage

import (
	"cmp"
	"maps"
	"slices"

	"github.com/dolthub/go-mysql-server/sql"
)

// Catalog order: PostgreSQL's catalogs are heaps, so a scan of pg_class
// or pg_namespace without ORDER BY lists rows in the order they were
// written: a relation's row is appended when it is created, and an
// UPDATE of the row (a column added, a rename, a constraint that changes
// relchecks) writes its new version at the end. ORMs list tables that way
// (GORM's GetTables, SQLAlchemy's get_table_names). The store numbers
// schemas and tables from one counter, bumped on creation and on each
// such change, and keeps the numbers in its images so a reopened data
// directory lists them as before.

// nextSeq returns the next catalog-order number. Called with t.mu and the
// writer lock held. Numbers go up by two, leaving the one before free for
// the sequence of a serial column, which PostgreSQL creates just before
// its table (TouchRelation's before).
func (t *Txn) nextSeq() uint64 {
	r := t.mutRoot()
	r.seq += 2
	return r.seq
}

// RelationSeq is one non-table relation's catalog-order number (Image).
type RelationSeq struct {
	Schema, Name string
	Seq          uint64
}

// relationSeqs lists m sorted by schema and name.
func relationSeqs(m map[QualifiedName]uint64) []RelationSeq {
	out := make([]RelationSeq, 0, len(m))
	for q, n := range m {
		out = append(out, RelationSeq{q.Schema, q.Name, n})
	}
	slices.SortFunc(out, func(a, b RelationSeq) int {
		return cmp.Or(cmp.Compare(a.Schema, b.Schema), cmp.Compare(a.Name, b.Name))
	})
	return out
}

// setRelSeq records a non-table relation's number. Called with t.mu and
// the writer lock held.
func (t *Txn) setRelSeq(q QualifiedName, n uint64) {
	r := t.mutRoot()
	m := make(map[QualifiedName]uint64, len(r.relSeqs)+1)
	maps.Copy(m, r.relSeqs)
	m[q] = n
	r.relSeqs = m
}

// TouchRelation records that relation schema.name's pg_class row was
// written now (created or updated): it moves to the end of the catalog
// order. A table's own number changes; another relation's (a view,
// sequence, composite type or index) is kept by name. before, for a
// relation that is not a table, places it just before table beforeTable
// instead (a serial column's sequence, created before its table).
func (t *Txn) TouchRelation(ctx *sql.Context, schema, name string, beforeTable string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, err := t.lockWriter(ctx); err != nil {
		return err
	}
	q := QualifiedName{schema, name}
	if td, ok := t.root.table(schema, name); ok {
		if err := t.readyLocked(td.id); err != nil {
			return err
		}
		defer t.allowCallOut()()
		td, ok = t.writable(td.id)
		if !ok {
			return sql.ErrTableNotFound.New(name)
		}
		d := td.def.clone()
		d.seq = t.nextSeq()
		td.def = d
		return nil
	}
	if beforeTable != "" {
		// only when nothing was written after the table (the statement
		// creating it, or adding the column, which moved it)
		if td, ok := t.root.table(schema, beforeTable); ok && td.def.seq > 0 && td.def.seq == t.root.seq {
			t.setRelSeq(q, td.def.seq-1)
			return nil
		}
	}
	t.setRelSeq(q, t.nextSeq())
	return nil
}

// TouchIndexes moves a table's indexes to the end of the catalog order,
// the primary key's first, as an owner change rewrites their rows after
// the table's.
func (t *Txn) TouchIndexes(ctx *sql.Context, schema, table string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, err := t.lockWriter(ctx); err != nil {
		return err
	}
	td, ok := t.root.table(schema, table)
	if !ok {
		return nil
	}
	if err := t.readyLocked(td.id); err != nil {
		return err
	}
	if !td.def.keyless() {
		t.setRelSeq(QualifiedName{schema, td.def.pkName}, t.nextSeq())
	}
	for _, ix := range td.def.indexes {
		if !ix.forFK {
			t.setRelSeq(QualifiedName{schema, ix.name}, t.nextSeq())
		}
	}
	return nil
}

// TableHasFKTriggers reports whether a table has foreign-key triggers
// (hasFKTriggers), which set relhastriggers before any user trigger.
func (t *Txn) TableHasFKTriggers(schema, name string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	td, ok := t.root.table(schema, name)
	return ok && t.hasFKTriggers(td)
}

// RelationOrder returns the catalog-order number of a relation that is
// not a table, if it has one.
func (t *Txn) RelationOrder(schema, name string) (uint64, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	n, ok := t.root.relSeqs[QualifiedName{schema, name}]
	return n, ok
}

// TableOrder returns a table's catalog-order number.
func (t *Txn) TableOrder(schema, name string) uint64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	if td, ok := t.root.table(schema, name); ok {
		return td.def.seq
	}
	return 0
}

// QualifiedName is one table's schema and name.
type QualifiedName struct{ Schema, Name string }

// TablesInCatalogOrder returns every table of every schema in pg_class's
// physical order (oldest row first); tables without a number (an image
// written before the store kept them) come first, by schema and name.
func (t *Txn) TablesInCatalogOrder() []QualifiedName {
	t.mu.Lock()
	defer t.mu.Unlock()
	type ordered struct {
		QualifiedName
		seq uint64
	}
	var all []ordered
	for sn, sd := range t.root.schemas {
		for tn, id := range sd.tables {
			var seq uint64
			if td, ok := t.root.tables.get(id); ok {
				seq = td.def.seq
			}
			all = append(all, ordered{QualifiedName{sn, tn}, seq})
		}
	}
	slices.SortFunc(all, func(a, b ordered) int {
		return cmp.Or(cmp.Compare(a.seq, b.seq), cmp.Compare(a.Schema, b.Schema), cmp.Compare(a.Name, b.Name))
	})
	out := make([]QualifiedName, len(all))
	for i, o := range all {
		out[i] = o.QualifiedName
	}
	return out
}

// SchemasInCatalogOrder returns the schema names in pg_namespace's
// physical order, as TablesInCatalogOrder orders tables.
func (t *Txn) SchemasInCatalogOrder() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := t.root.schemaNames()
	slices.SortStableFunc(out, func(a, b string) int {
		return cmp.Compare(t.root.schemas[a].seq, t.root.schemas[b].seq)
	})
	return out
}

// hasFKTriggers reports whether td has foreign-key triggers, as its own
// constraints' or as a referenced table's: PostgreSQL's relhastriggers,
// as far as storage knows (user triggers live in the engine's catalog).
// Called with t.mu and the writer lock held.
func (t *Txn) hasFKTriggers(td *tableData) bool {
	d := td.def
	if len(d.fks) > 0 {
		return true
	}
	for _, o := range t.root.tables.all() {
		for _, fk := range o.def.fks {
			if fk.ParentSchema == d.schema && fk.ParentTable == d.name {
				return true
			}
		}
	}
	return false
}
