package storage

// RootID identifies a frozen state of the store: two equal RootIDs see the
// same schemas, tables, rows and Meta. Holding one keeps that state alive.
type RootID struct{ r *root }

// FrozenRoot returns the identity of the transaction's current root when
// nothing can change it in place any more (the transaction has not
// written since it started, its last savepoint or rollback); ok is false
// while the transaction owns a root it is writing to.
func (t *Txn) FrozenRoot() (id RootID, ok bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.rootOwned {
		return RootID{}, false
	}
	return RootID{t.root}, true
}
