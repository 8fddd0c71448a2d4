package storage

import (
	"io"

	"github.com/dolthub/go-mysql-server/sql"
)

// Table is a handle on a table, as GMS holds it in plans. It keeps the
// table's identity and the definition it was looked up with (GMS asks for
// Schema() without a context); rows are always read from and written to the
// transaction of the *sql.Context each call receives.
type Table struct {
	db  *Database
	id  tableID
	def *tableDef
}

var (
	_ sql.Table                    = (*Table)(nil)
	_ sql.DatabaseSchemaTable      = (*Table)(nil)
	_ sql.Databaseable             = (*Table)(nil)
	_ sql.CommentedTable           = (*Table)(nil)
	_ sql.PrimaryKeyTable          = (*Table)(nil)
	_ sql.StatisticsTable          = (*Table)(nil)
	_ sql.InsertableTable          = (*Table)(nil)
	_ sql.UpdatableTable           = (*Table)(nil)
	_ sql.DeletableTable           = (*Table)(nil)
	_ sql.ReplaceableTable         = (*Table)(nil)
	_ sql.TruncateableTable        = (*Table)(nil)
	_ sql.IndexAddressableTable    = (*Table)(nil)
	_ sql.IndexAlterableTable      = (*Table)(nil)
	_ sql.ForeignKeyTable          = (*Table)(nil)
	_ sql.CheckTable               = (*Table)(nil)
	_ sql.CheckAlterableTable      = (*Table)(nil)
	_ sql.AlterableTable           = (*Table)(nil)
	_ sql.PrimaryKeyAlterableTable = (*Table)(nil)
)

// Name implements sql.Nameable.
func (h *Table) Name() string { return h.def.name }

// String implements fmt.Stringer.
func (h *Table) String() string { return h.def.name }

// SchemaName returns the PostgreSQL schema the table belongs to.
func (h *Table) SchemaName() string { return h.def.schema }

// Schema implements sql.Table: the columns as of the lookup (or this
// handle's last DDL).
func (h *Table) Schema() sql.Schema { return h.def.cols }

// PrimaryKeySchema implements sql.PrimaryKeyTable.
func (h *Table) PrimaryKeySchema() sql.PrimaryKeySchema {
	return sql.NewPrimaryKeySchema(h.def.cols, h.def.pkOrds...)
}

// PrimaryKeyName returns the PostgreSQL name of the primary key constraint
// (default "<table>_pkey"); empty when the table has no primary key.
func (h *Table) PrimaryKeyName() string {
	if h.def.keyless() {
		return ""
	}
	return h.def.pkName
}

// Collation implements sql.Table.
func (h *Table) Collation() sql.CollationID { return h.def.collation }

// Comment implements sql.CommentedTable.
func (h *Table) Comment() string { return h.def.comment }

// Database implements sql.Databaseable.
func (h *Table) Database() string { return h.db.name }

// DatabaseSchema implements sql.DatabaseSchemaTable.
func (h *Table) DatabaseSchema() sql.DatabaseSchema { return h.db.Schema(h.def.schema) }

// current returns the table's version in ctx's transaction, checking that
// its columns are the ones this handle was planned with, once its rows are
// all there (load.go). The returned transaction is locked; the caller
// unlocks it.
func (h *Table) current(ctx *sql.Context) (*Txn, *tableData, error) {
	t, td, err := h.currentDef(ctx)
	if err != nil {
		return nil, nil, err
	}
	if err := td.readyFor(t); err != nil {
		t.mu.Unlock()
		return nil, nil, err
	}
	return t, td, nil
}

// currentDef is current for a caller that reads only the version's
// definition (constraints, indexes: the catalog's questions), which a
// pending load does not change: it does not wait for the rows.
func (h *Table) currentDef(ctx *sql.Context) (*Txn, *tableData, error) {
	t, err := txnOf(ctx)
	if err != nil {
		return nil, nil, err
	}
	t.mu.Lock()
	if t.done {
		t.mu.Unlock()
		return nil, nil, ErrTxnDone
	}
	td, ok := t.root.tables.get(h.id)
	if !ok {
		t.mu.Unlock()
		return nil, nil, sql.ErrTableNotFound.New(h.def.name)
	}
	if td.def.shape != h.def.shape {
		t.mu.Unlock()
		return nil, nil, ErrTableChanged
	}
	return t, td, nil
}

// write runs fn on a writable version of the table, taking the writer lock.
// Row writes depend on rows their statement read, so one that has to take
// the lock after the committed state moved fails with ErrWriteConflict.
func (h *Table) write(ctx *sql.Context, fn func(t *Txn, td *tableData) error) error {
	return h.writeRows(ctx, true, fn)
}

func (h *Table) writeRows(ctx *sql.Context, readDependent bool, fn func(t *Txn, td *tableData) error) error {
	t, _, err := h.current(ctx)
	if err != nil {
		return err
	}
	defer t.mu.Unlock()
	moved, err := t.lockWriter(ctx)
	if err != nil {
		return err
	}
	if moved && readDependent {
		return ErrWriteConflict
	}
	defer t.allowCallOut()()
	td, ok := t.writable(h.id)
	if !ok {
		return sql.ErrTableNotFound.New(h.def.name)
	}
	if td.def.shape != h.def.shape {
		return ErrTableChanged
	}
	return fn(t, td)
}

// alter runs a DDL function on the table's current version, ignoring the
// handle's column list, and makes the handle follow the new definition.
func (h *Table) alter(ctx *sql.Context, fn func(t *Txn, td *tableData) error) error {
	t, err := txnOf(ctx)
	if err != nil {
		return err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, err := t.lockWriter(ctx); err != nil {
		return err
	}
	if err := t.readyLocked(h.id); err != nil {
		return err
	}
	defer t.allowCallOut()()
	td, ok := t.writable(h.id)
	if !ok {
		return sql.ErrTableNotFound.New(h.def.name)
	}
	if err := fn(t, td); err != nil {
		return err
	}
	cur, _ := t.root.tables.get(h.id)
	h.def = cur.def.resolved()
	return nil
}

// RowCount implements sql.StatisticsTable: the exact number of rows, O(1).
func (h *Table) RowCount(ctx *sql.Context) (uint64, bool, error) {
	t, td, err := h.current(ctx)
	if err != nil {
		return 0, false, err
	}
	defer t.mu.Unlock()
	return uint64(td.rowCount()), true, nil
}

// DataLength implements sql.StatisticsTable with a rough estimate.
func (h *Table) DataLength(ctx *sql.Context) (uint64, error) {
	n, _, err := h.RowCount(ctx)
	return n * uint64(8*len(h.def.cols)+16), err
}

// Partitions implements sql.Table: one partition holding every row.
func (h *Table) Partitions(*sql.Context) (sql.PartitionIter, error) {
	return &partitionIter{parts: []sql.Partition{scanPartition{}}}, nil
}

// PartitionRows implements sql.Table: a full scan in heap order, or
// an index lookup for a partition from LookupPartitions.
func (h *Table) PartitionRows(ctx *sql.Context, p sql.Partition) (sql.RowIter, error) {
	if lp, ok := p.(*lookupPartition); ok {
		return h.lookupRows(ctx, lp.lookup, 0)
	}
	return h.Rows(ctx)
}

// Rows returns every row in heap order (PostgreSQL's physical order, see
// heap.go), as of the call.
func (h *Table) Rows(ctx *sql.Context) (sql.RowIter, error) {
	t, td, err := h.current(ctx)
	if err != nil {
		return nil, err
	}
	defer t.mu.Unlock()
	return newRowIter(t, td, "", td.rows, nil, td.scanHeap(), false, -1, 0)
}

type scanPartition struct{}

func (scanPartition) Key() []byte { return []byte("all") }

type partitionIter struct {
	parts []sql.Partition
	i     int
}

func (p *partitionIter) Next(*sql.Context) (sql.Partition, error) {
	if p.i >= len(p.parts) {
		return nil, io.EOF
	}
	p.i++
	return p.parts[p.i-1], nil
}

func (p *partitionIter) Close(*sql.Context) error { return nil }

// IsTable reports whether t is a tinybase storage table (system catalog
// relations and GMS's dual table are not).
func IsTable(t sql.Table) bool {
	switch t.(type) {
	case *Table, *IndexedTable:
		return true
	}
	return false
}
