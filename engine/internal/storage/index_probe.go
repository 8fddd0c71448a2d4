package storage

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
)

// HasIndexKey reports whether the transaction sees a row of the table
// whose leading columns of index (GMS's PRIMARY: the primary key) equal
// key, each value already of its column's type and none NULL. It is a
// semi or anti join's probe per outer row, which needs only the answer
// (PostgreSQL's Index Only Scan stopping at its first row): one descent of
// the index, without the range, the cursor and the row a lookup builds.
func (h *Table) HasIndexKey(ctx *sql.Context, index string, key sql.Row) (found bool, err error) {
	t, td, err := h.current(ctx)
	if err != nil {
		return false, err
	}
	defer t.mu.Unlock()
	defer guard(&err)
	tr, ncols := td.rows, len(td.def.pkOrds)
	if index != pkIndexID || td.def.keyless() {
		i, ix := td.def.indexByName(index)
		if ix == nil || !ix.visibleToGMS() {
			return false, fmt.Errorf("storage: table %q has no index %q", td.def.name, index)
		}
		tr, ncols = td.idx[i], len(ix.columns)
	}
	if len(key) == 0 || len(key) > ncols || hasNull(key) {
		return false, fmt.Errorf("storage: probe of index %q with %d key values", index, len(key))
	}
	// the entries with key as their prefix lie between these pivots
	lo, hi := &t.probe[0], &t.probe[1]
	lo.setKey(key)
	lo.bias = -1
	hi.setKey(key)
	hi.bias = 1
	tr.AscendRange(lo, hi, func(*entry) bool {
		found = true
		return false
	})
	t.probe = [2]entry{} // the key is the caller's
	return found, nil
}
