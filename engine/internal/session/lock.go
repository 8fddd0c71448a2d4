package session

import (
	"context"

	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// lockCommand runs LOCK TABLE, only inside a transaction block, as in
// PostgreSQL. A reader's lock is its snapshot: a transaction keeps
// reading the table versions it started with whatever commits meanwhile,
// which is what ACCESS SHARE up to SHARE UPDATE EXCLUSIVE guard. A mode
// that conflicts with writers (SHARE and stronger) takes the store's
// single writer lock until the transaction ends: no other transaction
// writes any table meanwhile, a superset of PostgreSQL's guarantee for
// the locked tables. Readers are not kept out by ACCESS EXCLUSIVE; they
// read the committed state, as they would have before the lock.
func (s *Session) lockCommand(ctx context.Context, res translate.Result, c *translate.Lock) (*Rows, error) {
	if !s.inBlock() {
		return s.sqlPreparedFailed(pgerror.New(pgerror.NoActiveSQLTransaction, "LOCK TABLE can only be used in transaction blocks"))
	}
	if c.Mode >= translate.LockShare {
		txn := s.StorageTxn()
		if c.NoWait {
			if !txn.TryLock() {
				name := ""
				if len(c.Tables) > 0 {
					name = c.Tables[0].Name
				}
				return s.sqlPreparedFailed(pgerror.New(pgerror.LockNotAvailable, "could not obtain lock on relation %q", name))
			}
		} else if err := txn.Lock(ctx); err != nil {
			return s.sqlPreparedFailed(lockError(err))
		}
	}
	return &Rows{tag: res.Tag, done: true, notices: s.takeNotices()}, nil
}
