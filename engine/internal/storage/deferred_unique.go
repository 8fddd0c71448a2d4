package storage

import (
	"github.com/dolthub/go-mysql-server/sql"
)

// Deferred uniqueness (PostgreSQL docs: CREATE TABLE, DEFERRABLE). A
// unique index behind a DEFERRABLE constraint takes duplicate keys while
// the engine defers its check (to the end of the statement, or to
// COMMIT): its entries are key plus primary key, so duplicates fit. The
// transaction notes each key it let through; CheckDeferredUnique looks
// at those keys again. Primary keys are the row tree's own key, so they
// are always checked at once.

// UniqueDeferral says whether the unique index of a table is checked
// later than each row; meta is the transaction's Meta.
type UniqueDeferral func(meta any, schema, table, index string) bool

// deferredKey is a key written to a unique index while its check was
// deferred.
type deferredKey struct {
	schema, table, index string
	key                  sql.Row
}

// SetUniqueDeferral sets which unique indexes the transaction's writes
// check later (nil: none).
func (t *Txn) SetUniqueDeferral(f UniqueDeferral) {
	t.mu.Lock()
	t.deferUnique = f
	t.mu.Unlock()
}

// deferredUnique reports whether writes to unique index ix of def skip the
// check for now, noting key when they do. The caller holds t.mu.
func (t *Txn) deferredUnique(def *tableDef, ix *indexDef, key sql.Row) bool {
	if t == nil || t.deferUnique == nil || !t.deferUnique(t.root.meta, def.schema, def.name, ix.name) {
		return false
	}
	t.deferredKeys = append(t.deferredKeys, deferredKey{def.schema, def.name, ix.name, key.Copy()})
	return true
}

// HasDeferredUnique reports whether keys wait for a deferred check.
func (t *Txn) HasDeferredUnique() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.deferredKeys) > 0
}

// CheckDeferredUnique checks the noted keys of the indexes whose check is
// no longer deferred (all when later is nil) and forgets them: a key two
// rows hold fails with the unique-key error.
func (t *Txn) CheckDeferredUnique(later UniqueDeferral) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	var keep []deferredKey
	var failure error
	for _, d := range t.deferredKeys {
		if failure != nil || (later != nil && later(t.root.meta, d.schema, d.table, d.index)) {
			keep = append(keep, d)
			continue
		}
		failure = t.checkUniqueKey(d)
	}
	t.deferredKeys = keep
	return failure
}

// checkUniqueKey fails when two entries of the index hold d's key. The
// caller holds t.mu.
func (t *Txn) checkUniqueKey(d deferredKey) error {
	sd, ok := t.root.schemas[d.schema]
	if !ok {
		return nil
	}
	id, ok := sd.tables[d.table]
	if !ok {
		return nil
	}
	td, ok := t.root.tables.get(id)
	if !ok {
		return nil
	}
	for i, ix := range td.def.indexes {
		if ix.name != d.index {
			continue
		}
		o, n := ix.order, len(d.key)
		var first sql.Row
		var dup error
		td.idx[i].AscendGreaterOrEqual(pivot(d.key, -1), func(e *entry) bool {
			ek, pk := o.split(e, n)
			if o.comparePrefix(ek, d.key, n) != 0 {
				return false
			}
			if first == nil {
				first = pk
				return true
			}
			if row, ok := td.stored(first); ok {
				dup = uniqueViolation(td.def, ix, d.key, row.row())
			}
			return false
		})
		return dup
	}
	return nil
}
