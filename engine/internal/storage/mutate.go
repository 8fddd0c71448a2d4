package storage

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
)

// This file holds the row-level writes on a writable tableData. Each one
// checks every constraint it enforces (primary key, unique indexes) before it
// changes any tree, so a failing write leaves the table exactly as it was.

// indexKey computes the key of row in index ix. ok is false when the row is
// outside a partial index.
func indexKey(ctx *sql.Context, t *Txn, ix *indexDef, row sql.Row) (key sql.Row, ok bool, err error) {
	if ix.where != nil {
		var in bool
		err := t.callOut(func() (err error) {
			in, err = ix.where(ctx, row)
			return err
		})
		if err != nil {
			return nil, false, fmt.Errorf("storage: evaluating the predicate of index %q: %w", ix.name, err)
		}
		if !in {
			return nil, false, nil
		}
	}
	if ix.key != nil {
		err := t.callOut(func() (err error) {
			key, err = ix.key(ctx, row)
			return err
		})
		if err != nil {
			return nil, false, fmt.Errorf("storage: computing the key of index %q: %w", ix.name, err)
		}
		if len(key) != len(ix.keyTypes) {
			return nil, false, fmt.Errorf("storage: index %q: key function returned %d values, want %d", ix.name, len(key), len(ix.keyTypes))
		}
		return key, true, nil
	}
	if ix.run {
		// the columns in a run: the row's own values, as ownKey
		first := ix.ords[0]
		end := first + len(ix.ords)
		return row[first:end:end], true, nil
	}
	key = make(sql.Row, len(ix.ords))
	for i, o := range ix.ords {
		key[i] = row[o]
	}
	return key, true, nil
}

// stored looks up the primary tree entry with primary key pk.
func (td *tableData) stored(pk sql.Row) (*entry, bool) {
	return td.rows.Get(pivot(pk, 0))
}

// storedVia is stored with p, which the caller owns, as the search pivot
// instead of a new one.
func (td *tableData) storedVia(p *entry, pk sql.Row) (*entry, bool) {
	*p = entry{}
	p.setKey(pk)
	e, ok := td.rows.Get(p)
	*p = entry{}
	return e, ok
}

// indexEntry is the entry of index key key in index ix for the row of
// primary entry p: p itself when the index's key is a run of the row's
// columns (keyOrder.self), else a tail entry, whose primary key is p's
// own. Either way a write that replaces p replaces the entry too.
func indexEntry(ix *indexDef, key sql.Row, p *entry) *entry {
	if ix.order.self {
		return p
	}
	return tailEntry(key, p)
}

// tailEntry is an index entry of key whose primary key is p's.
func tailEntry(key sql.Row, p *entry) *entry {
	e := pivot(key, 0)
	e.ref, e.tail = p, true
	return e
}

// fetch returns the primary entry of index entry e, whose first keyLen
// values are the index key.
func (td *tableData) fetch(e *entry, keyLen int) (*entry, bool) {
	if e.rowp != nil { // a self index's entry is the row's (keyOrder.self)
		return e, true
	}
	if e.ref != nil {
		return e.ref, true
	}
	return td.stored(e.key()[keyLen:])
}

// locate finds the stored entry of row: by primary key, or by value for a
// keyless table.
func (td *tableData) locate(row sql.Row) (*entry, bool) {
	if !td.def.keyless() {
		return td.stored(td.def.pkKey(row))
	}
	var found *entry
	from := pivot(row, -1)
	n := len(row)
	td.loc.AscendGreaterOrEqual(from, func(e *entry) bool {
		if td.def.locOrder.comparePrefix(e.key(), row, n) == 0 {
			found = e
		}
		return false
	})
	if found == nil {
		return nil, false
	}
	return td.stored(found.key()[n:])
}

// conflict returns the stored row of another entry of unique index i whose
// key equals key, ignoring the row with primary key self (nil: none).
func (td *tableData) conflict(i int, key, self sql.Row) (sql.Row, bool) {
	ix := td.def.indexes[i]
	o := ix.order
	n := len(key)
	var other sql.Row
	td.idx[i].AscendGreaterOrEqual(pivot(key, -1), func(e *entry) bool {
		ek, pk := o.split(e, n)
		if o.comparePrefix(ek, key, n) != 0 {
			return false
		}
		if self != nil && td.def.pkOrder.comparePrefix(pk, self, len(self)) == 0 {
			return true
		}
		other = pk
		return false
	})
	if other == nil {
		return nil, false
	}
	e, ok := td.stored(other)
	if !ok {
		return nil, false
	}
	return e.row(), true
}

// indexKeys computes the key of row in every index (nil: not indexed) and
// checks unique indexes, ignoring the row with primary key self.
func (td *tableData) indexKeys(ctx *sql.Context, row, self sql.Row) ([]sql.Row, error) {
	keys := make([]sql.Row, len(td.def.indexes))
	for i, ix := range td.def.indexes {
		key, ok, err := indexKey(ctx, td.owner, ix, row)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		if ix.unique && !hasNull(key) {
			if existing, dup := td.conflict(i, key, self); dup && !td.owner.deferredUnique(td.def, ix, key) {
				return nil, uniqueViolation(td.def, ix, key, existing)
			}
		}
		keys[i] = key
	}
	return keys, nil
}

// insert adds a row at the end of the heap. The row is copied.
func (td *tableData) insert(ctx *sql.Context, row sql.Row) (err error) {
	return td.insertAt(ctx, row, td.nextTID, td.owner.xidLocked())
}

// insertAt adds a row as tuple number tid written by transaction xmin
// (images keep their rows' tuple numbers).
func (td *tableData) insertAt(ctx *sql.Context, row sql.Row, tid int64, xmin uint32) (err error) {
	defer guard(&err)
	def := td.def
	if len(row) != len(def.cols) {
		return fmt.Errorf("storage: table %q has %d columns, row has %d", def.name, len(def.cols), len(row))
	}
	if !td.owner.quiet {
		// a rewrite's rows were checked (ALTER COLUMN TYPE converts with the
		// new type), but for ADD COLUMN's NULLs, which GMS then fills
		// with the default
		if err := def.checkNulls(row); err != nil {
			return err
		}
	}
	key := def.ownKey
	if def.keyless() {
		id := sql.Row{td.nextRowID + 1}
		key = func(sql.Row) sql.Row { return id }
	}
	// the new entry is its own search pivot (same key, bias 0): the
	// duplicate check costs no allocation
	e := storedEntry(row, key, tid, xmin)
	row, pk := e.row(), e.key()
	if !def.keyless() {
		if old, dup := td.rows.Get(e); dup {
			return uniqueViolation(def, nil, pk, old.row())
		}
	}
	keys, err := td.indexKeys(ctx, row, nil)
	if err != nil {
		return err
	}

	if def.keyless() {
		td.nextRowID++
		td.loc.ReplaceOrInsert(pivot(concat(row, pk), 0))
	}
	if td.heapNeeds(e) {
		td.heap.ReplaceOrInsert(e)
	}
	td.rows.ReplaceOrInsert(e)
	td.nextTID = max(td.nextTID, tid+1)
	td.owner.touch(td, pk)
	td.owner.record(td, ChangeInsert, nil, row)
	td.modified(&td.counts.ins)
	for i, key := range keys {
		if key != nil {
			td.idx[i].ReplaceOrInsert(indexEntry(def.indexes[i], key, e))
		}
	}
	return nil
}

// delete removes the stored row equal to row (by primary key, or by value
// for a keyless table).
func (td *tableData) delete(ctx *sql.Context, row sql.Row) (err error) {
	defer guard(&err)
	e, ok := td.locate(row)
	if !ok {
		return sql.ErrDeleteRowNotFound.New()
	}
	return td.remove(ctx, e)
}

// remove deletes a stored primary entry and its index entries.
func (td *tableData) remove(ctx *sql.Context, e *entry) error {
	keys := make([]sql.Row, len(td.def.indexes))
	for i, ix := range td.def.indexes {
		key, ok, err := indexKey(ctx, td.owner, ix, e.row())
		if err != nil {
			return err
		}
		if ok {
			keys[i] = key
		}
	}
	for i, key := range keys {
		if key != nil {
			td.idx[i].Delete(pivot(concat(key, e.key()), 0))
		}
	}
	if td.loc != nil {
		td.loc.Delete(pivot(concat(e.row(), e.key()), 0))
	}
	td.rows.Delete(e)
	td.heapDelete(e)
	td.owner.touch(td, e.key())
	td.owner.record(td, ChangeDelete, e.row(), nil)
	td.modified(&td.counts.del)
	return nil
}

// onePage reports whether the table's row versions fit one 8 kB heap
// page (by a rough width of 8 bytes a column), where PostgreSQL's updates
// find room on the row's own page and can be heap-only.
func (td *tableData) onePage() bool {
	return td.nextTID*int64(8*len(td.def.cols)+28) <= 8192-24
}

// update replaces the stored row equal to old with new, a new version at
// the end of the heap.
func (td *tableData) update(ctx *sql.Context, old, new sql.Row) (err error) {
	defer guard(&err)
	def := td.def
	if len(new) != len(def.cols) {
		return fmt.Errorf("storage: table %q has %d columns, row has %d", def.name, len(def.cols), len(new))
	}
	if err := def.checkNulls(new); err != nil {
		return err
	}
	e, ok := td.locate(old)
	if !ok {
		return fmt.Errorf("storage: updating table %q: %w", def.name, ErrRowNotFound)
	}
	oldPK, newPK := e.key(), e.key()
	key := def.ownKey
	if def.keyless() {
		key = func(sql.Row) sql.Row { return oldPK }
	}
	ne := storedEntry(new, key, td.nextTID, td.owner.xidLocked())
	new = ne.row()
	pkChanged := false
	if !def.keyless() {
		if k := ne.key(); def.pkOrder.comparePrefix(oldPK, k, len(k)) != 0 {
			if other, dup := td.stored(k); dup {
				return uniqueViolation(def, nil, k, other.row())
			}
			newPK, pkChanged = k, true
		}
	}
	newKeys, err := td.indexKeys(ctx, new, oldPK)
	if err != nil {
		return err
	}
	oldKeys := make([]sql.Row, len(def.indexes))
	for i, ix := range def.indexes {
		key, ok, err := indexKey(ctx, td.owner, ix, e.row())
		if err != nil {
			return err
		}
		if ok {
			oldKeys[i] = key
		}
	}

	if td.heap == nil {
		// the new version goes to the end of the heap: a table without
		// a tail needs one unless it goes to the end of the primary
		// tree too
		m, _ := td.rows.Max()
		if pkChanged && !def.pkOrder.less(m, ne) || !pkChanged && m != e {
			td.startTail(ne.tid)
		}
	}
	hot := !pkChanged
	same := make([]bool, len(def.indexes)) // the entry keeps its key
	for i, ix := range def.indexes {
		oldKey, newKey := oldKeys[i], newKeys[i]
		if !pkChanged && oldKey != nil && newKey != nil && ix.order.comparePrefix(oldKey, newKey, len(newKey)) == 0 {
			same[i] = true
			continue
		}
		if oldKey != nil || newKey != nil {
			hot = false
		}
		if oldKey != nil {
			td.idx[i].Delete(pivot(concat(oldKey, oldPK), 0))
		}
	}
	if td.loc != nil {
		td.loc.Delete(pivot(concat(e.row(), oldPK), 0))
		td.loc.ReplaceOrInsert(pivot(concat(new, oldPK), 0))
	}
	if pkChanged {
		td.rows.Delete(e)
	}
	td.heapDelete(e)
	if !pkChanged && !def.keyless() {
		// newPK is the old row's: the new version keeps its own
		newPK = ne.key()
	}
	if hot && td.onePage() {
		// a heap-only update (PostgreSQL's HOT, README.HOT): no index
		// changes, so index and bitmap fetches still find the row at its
		// chain's root, while a sequential scan meets the new version at
		// the end of the page
		ne.ref = e
		if e.ref != nil {
			ne.ref = e.ref
		}
	}
	td.nextTID++
	if td.heap != nil {
		td.heap.ReplaceOrInsert(ne)
	}
	td.rows.ReplaceOrInsert(ne)
	// a changed key gets an entry pointing at the new version; an
	// unchanged one is kept when it finds its row by primary key
	for i, newKey := range newKeys {
		if newKey == nil {
			continue
		}
		if same[i] {
			td.keepIndexEntry(i, newKey, newPK)
			continue
		}
		td.idx[i].ReplaceOrInsert(indexEntry(def.indexes[i], newKey, ne))
	}
	td.owner.touch(td, oldPK)
	td.owner.touch(td, newPK)
	td.owner.record(td, ChangeUpdate, e.row(), new)
	td.modified(&td.counts.upd)
	return nil
}

// keepIndexEntry leaves index i's entry of an updated row whose key and
// primary key did not change. An entry made by an insert points at the
// row's first version (entry.ref), which a fetch would return to every
// later snapshot, so it is replaced once by an entry without the pointer,
// which finds the row by its primary key in each snapshot's own tree;
// later updates of the row's other columns write nothing to the index
// (PostgreSQL's HOT updates skip index work for the same reason, by a
// chain from the indexed tuple instead of a stable key).
func (td *tableData) keepIndexEntry(i int, key, pk sql.Row) {
	k := concat(key, pk)
	if e, ok := td.idx[i].Get(pivot(k, 0)); ok && e.rowp == nil && e.ref == nil {
		return
	}
	td.idx[i].ReplaceOrInsert(pivot(k, 0))
}

// truncate empties the table and returns the number of rows removed. The
// heap starts again at tuple 0, as PostgreSQL's new relation file does.
// Change capture sees a TRUNCATE (stmt) or, for a DELETE without WHERE
// that go-mysql-server runs as a truncate, that DELETE's rows in heap
// order, as PostgreSQL's logical decoding sees them.
func (td *tableData) truncate(stmt bool) int {
	n := td.rows.Len()
	td.owner.touchAll(td)
	switch {
	case stmt:
		td.owner.record(td, ChangeTruncate, nil, nil)
	case td.owner.capturing():
		td.ascendHeap(func(e *entry) bool {
			td.owner.record(td, ChangeDelete, e.row(), nil)
			return true
		})
	}
	td.rows = newTree(td.def.pkOrder)
	td.heap, td.heapFrom = nil, 0 // an empty table's heap has no tail
	td.nextTID = 0
	for i, ix := range td.def.indexes {
		td.idx[i] = newTree(ix.order)
	}
	if td.loc != nil {
		td.loc = newTree(td.def.locOrder)
	}
	return n
}

// nullChecker is a column type that may refuse NULL on its own: a domain
// declared NOT NULL, whose error PostgreSQL reports rather than the
// column's not-null violation.
type nullChecker interface {
	CheckNull() error
}

// checkNulls asks the types of row's NULL values whether they allow one.
func (d *tableDef) checkNulls(row sql.Row) error {
	for i, v := range row {
		if v != nil {
			continue
		}
		if c, ok := d.cols[i].Type.(nullChecker); ok {
			if err := c.CheckNull(); err != nil {
				return err
			}
		}
	}
	return nil
}
