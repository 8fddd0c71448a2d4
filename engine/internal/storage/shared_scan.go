package storage

import "github.com/dolthub/go-mysql-server/sql"

// SharedRows is Rows for a consumer that only reads the rows it is
// given and never changes them (an aggregation, a filter, a
// projection): it returns the stored rows themselves instead of a copy
// of each. Stored rows are never modified in place (a write replaces a
// row; a scan seals the version it reads), so a consumer may even keep
// them. Copying each row of a large scan is most of an aggregate's time
// and garbage.
func (h *Table) SharedRows(ctx *sql.Context) (sql.RowIter, error) {
	t, td, err := h.current(ctx)
	if err != nil {
		return nil, err
	}
	defer t.mu.Unlock()
	it, err := newRowIter(t, td, "", td.rows, nil, td.scanHeap(), false, -1, 0)
	if err != nil {
		return nil, err
	}
	it.shared = true
	return it, nil
}

// ShareRows makes the cursor hand out the stored rows themselves from
// now on, as SharedRows does: for an index scan whose consumer only reads
// them.
func (it *rowIter) ShareRows() { it.shared = true }
