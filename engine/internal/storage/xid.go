package storage

// Transaction ids (PostgreSQL's xid, docs 74.1): a transaction takes the
// store's next id when it first writes a row or asks for its id
// (txid_current), as PostgreSQL assigns one lazily. Rows remember the id
// of the transaction that wrote their version (xmin). Ids only grow; a
// snapshot of the store continues from the id its origin had reached.

// Reserved ids: PostgreSQL's FrozenTransactionId marks rows older than
// every transaction (the rows of a store built from an image), and
// FirstNormalTransactionId is the first id a transaction takes.
const (
	FrozenXID      uint32 = 2
	firstNormalXID uint32 = 3
)

// nextXID hands out the store's next transaction id.
func (s *Store) nextXID() uint32 {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.xid < firstNormalXID {
		s.xid = firstNormalXID
	}
	id := s.xid
	s.xid++
	return id
}

// peekXID returns the id the next transaction would take.
func (s *Store) peekXID() uint32 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return max(s.xid, firstNormalXID)
}

// XID returns the transaction's id, assigning one if it has none yet.
func (t *Txn) XID() uint32 {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.xidLocked()
}

// xidLocked is XID with t.mu held. A nil transaction (a table version
// built outside one) writes frozen rows.
func (t *Txn) xidLocked() uint32 {
	if t == nil || t.store == nil {
		return FrozenXID
	}
	if t.xid == 0 {
		t.xid = t.store.nextXID()
	}
	return t.xid
}

// CurrentXID returns the transaction's id if it has one (0 if not), as
// pg_current_xact_id_if_assigned does.
func (t *Txn) CurrentXID() uint32 {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.xid
}
