package storage

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/pgident"
)

// Column and primary key changes rewrite every row and rebuild every tree
// (O(n log n)), producing a new table version with a new column shape.

// AddColumn implements sql.AlterableTable. Existing rows get NULL in the new
// column; GMS then fills in defaults through Updater.
func (h *Table) AddColumn(ctx *sql.Context, column *sql.Column, order *sql.ColumnOrder) error {
	return h.alter(ctx, func(t *Txn, td *tableData) error {
		old := td.def
		if old.hasColumn(column.Name) {
			return sql.ErrDuplicateColumn.New(column.Name)
		}
		pos, err := columnPosition(old, order, len(old.cols))
		if err != nil {
			return err
		}
		d := old.clone()
		cols := make(sql.Schema, 0, len(old.cols)+1)
		cols = append(cols, old.cols[:pos]...)
		cols = append(cols, column.Copy())
		cols = append(cols, old.cols[pos:]...)
		d.cols = cols
		d.pkOrds = shiftOrds(old.pkOrds, func(o int) int {
			if o >= pos {
				return o + 1
			}
			return o
		})
		rows := td.allRows()
		if c, ok := column.Type.(nullChecker); ok && len(rows) > 0 && column.Default == nil && column.Generated == nil {
			// the rows' NULL must pass the column's domain; a default
			// GMS fills next is checked as it is written
			if err := c.CheckNull(); err != nil {
				return err
			}
		}
		for i, r := range rows {
			nr := make(sql.Row, 0, len(r)+1)
			nr = append(nr, r[:pos]...)
			nr = append(nr, nil)
			rows[i] = append(nr, r[pos:]...)
		}
		d.seq = t.nextSeq() // PostgreSQL updates relnatts in the pg_class row
		return replaceTable(ctx, t, td, d, rows)
	})
}

// DropColumn implements sql.AlterableTable. As in PostgreSQL, indexes and
// foreign keys of this table using the column are dropped, and dropping a
// primary key column drops the primary key.
func (h *Table) DropColumn(ctx *sql.Context, name string) error {
	return h.alter(ctx, func(t *Txn, td *tableData) error {
		old := td.def
		pos := old.colIndex(name)
		if pos < 0 {
			return sql.ErrTableColumnNotFound.New(old.name, name)
		}
		colName := old.cols[pos].Name
		d := old.clone()
		d.cols = append(append(sql.Schema(nil), old.cols[:pos]...), old.cols[pos+1:]...)
		inPK := false
		for _, o := range old.pkOrds {
			inPK = inPK || o == pos
		}
		if inPK || contains(old.pkInclude, colName) {
			d.pkOrds, d.pkInclude = nil, nil
		} else {
			d.pkOrds = shiftOrds(old.pkOrds, func(o int) int {
				if o > pos {
					return o - 1
				}
				return o
			})
		}
		d.indexes = nil
		for _, ix := range old.indexes {
			if !contains(ix.columns, colName) && !contains(ix.am.Include, colName) {
				d.indexes = append(d.indexes, ix)
			}
		}
		d.fks = nil
		for _, fk := range old.fks {
			if !contains(fk.Columns, colName) {
				d.fks = append(d.fks, copyFK(fk))
			}
		}
		rows := td.allRows()
		for i, r := range rows {
			rows[i] = append(append(sql.Row(nil), r[:pos]...), r[pos+1:]...)
		}
		return replaceTable(ctx, t, td, d, rows)
	})
}

// ModifyColumn implements sql.AlterableTable: rename, retype (values are
// converted with the new type's Convert), change nullability or move.
// Index and foreign key column names follow a rename, including foreign keys
// of other tables referencing this column.
func (h *Table) ModifyColumn(ctx *sql.Context, name string, column *sql.Column, order *sql.ColumnOrder) error {
	return h.alter(ctx, func(t *Txn, td *tableData) error {
		old := td.def
		from := old.colIndex(name)
		if from < 0 {
			return sql.ErrTableColumnNotFound.New(old.name, name)
		}
		oldName := old.cols[from].Name
		if column.Name != oldName {
			if old.hasColumn(column.Name) {
				return sql.ErrDuplicateColumn.New(column.Name)
			}
		}
		// Position in the list without the column.
		rest := append(append(sql.Schema(nil), old.cols[:from]...), old.cols[from+1:]...)
		to := from
		if order != nil {
			restDef := &tableDef{cols: rest}
			var err error
			if to, err = columnPosition(restDef, order, len(rest)); err != nil {
				return err
			}
		}
		perm := make([]int, 0, len(old.cols)) // new position -> old position
		for i := range old.cols {
			if i != from {
				perm = append(perm, i)
			}
		}
		perm = append(perm[:to], append([]int{from}, perm[to:]...)...)
		newPos := make([]int, len(old.cols))
		for n, o := range perm {
			newPos[o] = n
		}

		d := old.clone()
		if !column.Type.Equals(old.cols[from].Type) {
			d.seq = t.nextSeq() // a rewrite: a new relfilenode in the pg_class row
		}
		d.cols = make(sql.Schema, len(perm))
		for n, o := range perm {
			d.cols[n] = old.cols[o]
		}
		nc := column.Copy()
		d.cols[to] = nc
		d.pkOrds = shiftOrds(old.pkOrds, func(o int) int { return newPos[o] })
		if oldName != nc.Name {
			d.pkInclude = renamed(old.pkInclude, oldName, nc.Name)
			d.indexes = make([]*indexDef, len(old.indexes))
			for i, ix := range old.indexes {
				c := *ix
				c.columns = renamed(ix.columns, oldName, nc.Name)
				c.am = ix.am.clone()
				c.am.Include = renamed(ix.am.Include, oldName, nc.Name)
				d.indexes[i] = &c
			}
			d.fks = copyFKs(old.fks)
			for i := range d.fks {
				d.fks[i].Columns = renamed(d.fks[i].Columns, oldName, nc.Name)
				if d.fks[i].ParentSchema == old.schema && d.fks[i].ParentTable == old.name {
					d.fks[i].ParentColumns = renamed(d.fks[i].ParentColumns, oldName, nc.Name)
				}
			}
		}

		retype := !nc.Type.Equals(old.cols[from].Type)
		rows := td.allRows()
		for i, r := range rows {
			nr := make(sql.Row, len(perm))
			for n, o := range perm {
				nr[n] = r[o]
			}
			v := nr[to]
			if retype && v != nil {
				cv, _, err := nc.Type.Convert(ctx, v)
				if err != nil {
					return fmt.Errorf("storage: converting column %q of table %q to %s: %w", nc.Name, old.name, nc.Type, err)
				}
				nr[to] = cv
			}
			if nr[to] == nil && !nc.Nullable {
				return sql.ErrInsertIntoNonNullableProvidedNull.New(nc.Name)
			}
			rows[i] = nr
		}
		if err := replaceTable(ctx, t, td, d, rows); err != nil {
			return err
		}
		if oldName != nc.Name {
			return t.renameReferencedColumn(td.id, old.schema, old.name, oldName, nc.Name)
		}
		return nil
	})
}

// renameReferencedColumn renames a parent column in other tables' foreign
// keys. Called with t.mu and the writer lock held.
func (t *Txn) renameReferencedColumn(self tableID, schema, table, oldName, newName string) error {
	for id, td := range t.root.tables.all() {
		if id == self {
			continue
		}
		if err := t.rewriteDef(id, td, func(d *tableDef) bool {
			changed := false
			fks := copyFKs(d.fks)
			for i := range fks {
				if fks[i].ParentSchema == schema && fks[i].ParentTable == table && contains(fks[i].ParentColumns, oldName) {
					fks[i].ParentColumns = renamed(fks[i].ParentColumns, oldName, newName)
					changed = true
				}
			}
			d.fks = fks
			return changed
		}); err != nil {
			return err
		}
	}
	return nil
}

// CreatePrimaryKey implements sql.PrimaryKeyAlterableTable.
func (h *Table) CreatePrimaryKey(ctx *sql.Context, columns []sql.IndexColumn) error {
	return h.alter(ctx, func(t *Txn, td *tableData) error {
		old := td.def
		if !old.keyless() {
			return sql.ErrMultiplePrimaryKeysDefined.New()
		}
		d := old.clone()
		d.pkOrds, d.pkInclude = nil, nil
		for _, c := range columns {
			if c.Length > 0 {
				return fmt.Errorf("%w: index prefix lengths (column %q)", ErrUnsupported, c.Name)
			}
			o := old.colIndex(c.Name)
			if o < 0 {
				return sql.ErrKeyColumnDoesNotExist.New(c.Name)
			}
			d.pkOrds = append(d.pkOrds, o)
		}
		d.cols = copyColumns(old.cols)
		for _, o := range d.pkOrds {
			d.cols[o].Nullable = false
		}
		rows := td.allRows()
		for _, r := range rows {
			for _, o := range d.pkOrds {
				if r[o] == nil {
					return sql.ErrInsertIntoNonNullableProvidedNull.New(d.cols[o].Name)
				}
			}
		}
		t.setRelSeq(QualifiedName{d.schema, d.pkName}, t.nextSeq()) // its index's pg_class row
		return replaceTable(ctx, t, td, d, rows)
	})
}

// DropPrimaryKey implements sql.PrimaryKeyAlterableTable; rows are then
// keyed by a hidden row id.
func (h *Table) DropPrimaryKey(ctx *sql.Context) error {
	return h.alter(ctx, func(t *Txn, td *tableData) error {
		if td.def.keyless() {
			return sql.ErrCantDropFieldOrKey.New(pkIndexID)
		}
		d := td.def.clone()
		d.pkOrds, d.pkInclude = nil, nil
		// the name goes with the constraint: a primary key added later
		// without one is <table>_pkey, not what a renamed table kept
		d.pkName = pgident.MakeObjectName(d.name, "", "pkey")
		return replaceTable(ctx, t, td, d, td.allRows())
	})
}

// replaceTable finishes def with a new shape, rebuilds the table from rows
// and installs it.
func replaceTable(ctx *sql.Context, t *Txn, old *tableData, def *tableDef, rows []sql.Row) error {
	def.shape = &shapeToken{}
	if err := def.finish(); err != nil {
		return err
	}
	td, err := rebuild(ctx, t, old, def, rows)
	if err != nil {
		return err
	}
	t.put(td)
	return nil
}

// columnPosition returns where a column goes: first, after a named column,
// or at end.
func columnPosition(d *tableDef, order *sql.ColumnOrder, end int) (int, error) {
	switch {
	case order == nil:
		return end, nil
	case order.First:
		return 0, nil
	default:
		i := d.colIndex(order.AfterColumn)
		if i < 0 {
			return 0, sql.ErrTableColumnNotFound.New(d.name, order.AfterColumn)
		}
		return i + 1, nil
	}
}

func shiftOrds(ords []int, f func(int) int) []int {
	if ords == nil {
		return nil
	}
	out := make([]int, len(ords))
	for i, o := range ords {
		out[i] = f(o)
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func renamed(list []string, from, to string) []string {
	out := make([]string, len(list))
	for i, x := range list {
		if x == from {
			x = to
		}
		out[i] = x
	}
	return out
}
