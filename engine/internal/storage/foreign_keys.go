package storage

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
)

// Foreign keys are stored on the declaring (child) table as GMS defines
// them; GMS enforces them through its foreign key handler, looking parent
// and child rows up through this package's indexes. Names are normalized
// when added: the database and both schemas are always set.

// GetDeclaredForeignKeys implements sql.ForeignKeyTable.
func (h *Table) GetDeclaredForeignKeys(ctx *sql.Context) ([]sql.ForeignKeyConstraint, error) {
	t, td, err := h.currentDef(ctx)
	if err != nil {
		return nil, err
	}
	defer t.mu.Unlock()
	return copyFKs(td.def.fks), nil
}

// GetReferencedForeignKeys implements sql.ForeignKeyTable: foreign keys of
// any table whose parent is this table.
func (h *Table) GetReferencedForeignKeys(ctx *sql.Context) ([]sql.ForeignKeyConstraint, error) {
	t, td, err := h.currentDef(ctx)
	if err != nil {
		return nil, err
	}
	defer t.mu.Unlock()
	var out []sql.ForeignKeyConstraint
	for _, other := range t.root.tables.all() {
		for _, fk := range other.def.fks {
			if fk.ParentSchema == td.def.schema && fk.ParentTable == td.def.name {
				out = append(out, copyFK(fk))
			}
		}
	}
	sortFKs(out)
	return out, nil
}

// AddForeignKey implements sql.ForeignKeyTable.
func (h *Table) AddForeignKey(ctx *sql.Context, fk sql.ForeignKeyConstraint) error {
	fk, err := h.normalizeFK(ctx, fk)
	if err != nil {
		return err
	}
	return h.alter(ctx, func(t *Txn, td *tableData) error {
		for _, existing := range td.def.fks {
			if existing.Name == fk.Name {
				return sql.ErrForeignKeyDuplicateName.New(fk.Name)
			}
		}
		// the constraint's triggers set relhastriggers in both tables'
		// pg_class rows, the referenced table's first, when not yet set
		if parent, ok := t.root.table(fk.ParentSchema, fk.ParentTable); ok && parent.id != td.id && !t.hasFKTriggers(parent) {
			if err := t.rewriteDef(parent.id, parent, func(d *tableDef) bool {
				d.seq = t.nextSeq()
				return true
			}); err != nil {
				return err
			}
		}
		d := td.def.clone()
		if !t.hasFKTriggers(td) {
			d.seq = t.nextSeq()
		}
		d.fks = append(copyFKs(d.fks), fk)
		td.def = d
		return nil
	})
}

// DropForeignKey implements sql.ForeignKeyTable.
func (h *Table) DropForeignKey(ctx *sql.Context, name string) error {
	return h.alter(ctx, func(t *Txn, td *tableData) error {
		d := td.def.clone()
		d.fks = nil
		found := false
		for _, fk := range td.def.fks {
			if fk.Name == name {
				found = true
				continue
			}
			d.fks = append(d.fks, copyFK(fk))
		}
		if !found {
			return sql.ErrForeignKeyNotFound.New(name, td.def.name)
		}
		if i, ix := d.indexByName(name); i >= 0 && ix.forFK {
			// the hidden index made for this key is named after it, and a
			// key of that name added again (db diff drops and re-adds a
			// changed key) makes its own: PostgreSQL has no such index.
			// It goes unless a remaining key has no other index, and then
			// it keeps serving that key under a free name.
			others := [][]string{}
			if !d.keyless() {
				others = append(others, d.pkColumns())
			}
			for j, o := range d.indexes {
				if j != i && o.key == nil && o.where == nil {
					others = append(others, o.columns)
				}
			}
			if !needsIndex(ix.columns, others, d.fks) {
				d.indexes = append(append([]*indexDef(nil), d.indexes[:i]...), d.indexes[i+1:]...)
				if err := d.finish(); err != nil {
					return err
				}
				td.idx = append(append([]*tree(nil), td.idx[:i]...), td.idx[i+1:]...)
			} else {
				kept := *ix
				kept.name = d.freeIndexName(name + "_kept")
				d.indexes = append([]*indexDef(nil), d.indexes...)
				d.indexes[i] = &kept
				if err := d.finish(); err != nil {
					return err
				}
			}
		}
		td.def = d
		return nil
	})
}

// needsIndex reports whether one of fks has its columns as a prefix of
// cols (go-mysql-server's choice of an index for a key) and of none of
// others.
func needsIndex(cols []string, others [][]string, fks []sql.ForeignKeyConstraint) bool {
	for _, fk := range fks {
		if !columnPrefix(fk.Columns, cols) {
			continue
		}
		served := false
		for _, o := range others {
			if columnPrefix(fk.Columns, o) {
				served = true
				break
			}
		}
		if !served {
			return true
		}
	}
	return false
}

// columnPrefix reports whether want is a prefix of cols.
func columnPrefix(want, cols []string) bool {
	if len(want) > len(cols) {
		return false
	}
	for j, c := range want {
		if !strings.EqualFold(c, cols[j]) {
			return false
		}
	}
	return true
}

// UpdateForeignKey implements sql.ForeignKeyTable.
func (h *Table) UpdateForeignKey(ctx *sql.Context, name string, fk sql.ForeignKeyConstraint) error {
	fk, err := h.normalizeFK(ctx, fk)
	if err != nil {
		return err
	}
	return h.alter(ctx, func(t *Txn, td *tableData) error {
		d := td.def.clone()
		d.fks = copyFKs(d.fks)
		for i := range d.fks {
			if d.fks[i].Name == name {
				d.fks[i] = fk
				td.def = d
				return nil
			}
		}
		return sql.ErrForeignKeyNotFound.New(name, td.def.name)
	})
}

// SetNullUnchecked is how a foreign key's SET NULL reaches GMS's
// ResolveForeignKey (gmsadapter's exec builder renames it), which, as
// MySQL does, refuses SET NULL on a NOT NULL column. PostgreSQL accepts
// that key and fails only when the action writes the NULL (23502). A
// table stores the action as SET NULL, which GMS's editors carry out.
const SetNullUnchecked sql.ForeignKeyReferentialAction = "SET NULL UNCHECKED"

// declaredAction undoes SetNullUnchecked.
func declaredAction(a sql.ForeignKeyReferentialAction) sql.ForeignKeyReferentialAction {
	if a == SetNullUnchecked {
		return sql.ForeignKeyReferentialAction_SetNull
	}
	return a
}

// normalizeFK fills in database and schema names: the child's schema is
// this table's, a missing parent schema is the one the search path finds
// the parent table in. Actions are stored as declared.
func (h *Table) normalizeFK(ctx *sql.Context, fk sql.ForeignKeyConstraint) (sql.ForeignKeyConstraint, error) {
	fk = copyFK(fk)
	fk.OnDelete, fk.OnUpdate = declaredAction(fk.OnDelete), declaredAction(fk.OnUpdate)
	if fk.Database == "" {
		fk.Database = h.db.name
	}
	if fk.ParentDatabase == "" {
		fk.ParentDatabase = h.db.name
	}
	fk.SchemaName = h.def.schema
	if fk.Table == "" {
		fk.Table = h.def.name
	}
	if fk.ParentSchema == "" {
		if fk.ParentTable == fk.Table {
			fk.ParentSchema = h.def.schema
		} else {
			schema, err := h.db.lookupSchema(ctx, fk.ParentTable)
			if err != nil {
				return fk, err
			}
			fk.ParentSchema = schema
		}
	}
	return fk, nil
}

func copyFK(fk sql.ForeignKeyConstraint) sql.ForeignKeyConstraint {
	fk.Columns = append([]string(nil), fk.Columns...)
	fk.ParentColumns = append([]string(nil), fk.ParentColumns...)
	return fk
}

func copyFKs(fks []sql.ForeignKeyConstraint) []sql.ForeignKeyConstraint {
	if fks == nil {
		return nil
	}
	out := make([]sql.ForeignKeyConstraint, len(fks))
	for i, fk := range fks {
		out[i] = copyFK(fk)
	}
	return out
}

// sortFKs orders foreign keys by table, stably (an insertion sort).
func sortFKs(fks []sql.ForeignKeyConstraint) {
	for i := 1; i < len(fks); i++ {
		for j := i; j > 0 && fkLess(fks[j], fks[j-1]); j-- {
			fks[j], fks[j-1] = fks[j-1], fks[j]
		}
	}
}

func fkLess(a, b sql.ForeignKeyConstraint) bool {
	if a.SchemaName != b.SchemaName {
		return a.SchemaName < b.SchemaName
	}
	// one table's keys stay in the order declared, as PostgreSQL lists
	// them (by creation) in DROP's detail and fires their actions
	return a.Table < b.Table
}
