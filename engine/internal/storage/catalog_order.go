package storage

import (
	"cmp"
	"slices"
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
// writer lock held.
func (t *Txn) nextSeq() uint64 {
	r := t.mutRoot()
	r.seq++
	return r.seq
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
