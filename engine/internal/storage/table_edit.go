package storage

import (
	"github.com/dolthub/go-mysql-server/sql"
)

// editor applies GMS's row writes to the transaction of each call's context.
// Every write is atomic on its own (constraints are checked before any tree
// changes); the statement bracket rolls a failed statement back entirely.
type editor struct {
	h *Table
}

var (
	_ sql.TableEditor       = (*editor)(nil)
	_ sql.ForeignKeyEditor  = (*editor)(nil)
	_ sql.IndexAddressable  = (*editor)(nil)
	_ sql.EditOpenerCloser  = (*editor)(nil)
	_ sql.RowReplacer       = (*editor)(nil)
	_ sql.RowUpdater        = (*editor)(nil)
	_ sql.RowDeleter        = (*editor)(nil)
	_ sql.RowInserter       = (*editor)(nil)
	_ sql.InsertableTable   = (*Table)(nil)
	_ sql.TruncateableTable = (*Table)(nil)
)

// Inserter implements sql.InsertableTable.
func (h *Table) Inserter(*sql.Context) sql.RowInserter { return &editor{h: h} }

// Updater implements sql.UpdatableTable.
func (h *Table) Updater(*sql.Context) sql.RowUpdater { return &editor{h: h} }

// Deleter implements sql.DeletableTable.
func (h *Table) Deleter(*sql.Context) sql.RowDeleter { return &editor{h: h} }

// Replacer implements sql.ReplaceableTable.
func (h *Table) Replacer(*sql.Context) sql.RowReplacer { return &editor{h: h} }

// GetForeignKeyEditor implements sql.ForeignKeyTable.
func (h *Table) GetForeignKeyEditor(*sql.Context) sql.ForeignKeyEditor { return &editor{h: h} }

// Truncate implements sql.TruncateableTable, which go-mysql-server also
// runs for a DELETE without WHERE: change capture sees deleted rows.
func (h *Table) Truncate(ctx *sql.Context) (int, error) { return h.truncate(ctx, false) }

// TruncateStatement empties the table for TRUNCATE: change capture sees
// one TRUNCATE.
func (h *Table) TruncateStatement(ctx *sql.Context) (int, error) { return h.truncate(ctx, true) }

func (h *Table) truncate(ctx *sql.Context, stmt bool) (int, error) {
	var n int
	err := h.writeRows(ctx, false, func(_ *Txn, td *tableData) error {
		n = td.truncate(stmt)
		return nil
	})
	return n, err
}

// Insert implements sql.RowInserter.
func (e *editor) Insert(ctx *sql.Context, row sql.Row) error {
	if err := e.h.write(ctx, func(_ *Txn, td *tableData) error { return td.insert(ctx, row) }); err != nil {
		return err
	}
	return e.h.checkExclusion(ctx, row) // checks.go
}

// Update implements sql.RowUpdater.
func (e *editor) Update(ctx *sql.Context, old, new sql.Row) error {
	if err := e.h.write(ctx, func(_ *Txn, td *tableData) error { return td.update(ctx, old, new) }); err != nil {
		return err
	}
	return e.h.checkExclusion(ctx, new) // checks.go
}

// Delete implements sql.RowDeleter.
func (e *editor) Delete(ctx *sql.Context, row sql.Row) error {
	return e.h.write(ctx, func(_ *Txn, td *tableData) error { return td.delete(ctx, row) })
}

// StatementBegin implements sql.EditOpenerCloser. It takes the writer lock
// before the statement reads (see Txn.Lock) and marks the statement start.
func (e *editor) StatementBegin(ctx *sql.Context) {
	if t, err := txnOf(ctx); err == nil {
		t.stmtBegin(ctx)
	}
}

// DiscardChanges implements sql.EditOpenerCloser: the statement's writes,
// to every table, are rolled back.
func (e *editor) DiscardChanges(ctx *sql.Context, _ error) error {
	if t, err := txnOf(ctx); err == nil {
		t.stmtEnd(true)
	}
	return nil
}

// StatementComplete implements sql.EditOpenerCloser.
func (e *editor) StatementComplete(ctx *sql.Context) error {
	if t, err := txnOf(ctx); err == nil {
		t.stmtEnd(false)
	}
	return nil
}

// Close implements sql.Closer.
func (e *editor) Close(*sql.Context) error { return nil }

// IndexedAccess implements sql.IndexAddressable for foreign key checks.
func (e *editor) IndexedAccess(ctx *sql.Context, lookup sql.IndexLookup) sql.IndexedTable {
	return e.h.IndexedAccess(ctx, lookup)
}

// GetIndexes implements sql.IndexAddressable.
func (e *editor) GetIndexes(ctx *sql.Context) ([]sql.Index, error) { return e.h.GetIndexes(ctx) }

// PreciseMatch implements sql.IndexAddressable.
func (e *editor) PreciseMatch() bool { return true }
