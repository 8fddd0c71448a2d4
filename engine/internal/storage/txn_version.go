package storage

// Version identifies the state of the transaction's root: it changes
// whenever the transaction writes after a savepoint (every statement takes
// one) or rolls back to one. Caches of values derived from the schema
// (the engine's system catalog rows) compare it to know they are current.
func (t *Txn) Version() any {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.root
}
