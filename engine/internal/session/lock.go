package session

import (
	"context"
	"errors"
	"time"

	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
	"github.com/tinybase/tinybase/engine/internal/storage"

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
		} else if err := s.waitTableLock(ctx, txn, c); err != nil {
			return s.sqlPreparedFailed(err)
		}
		rels := make([]uint32, 0, len(c.Tables))
		for _, t := range c.Tables {
			rels = append(rels, pgcatalog.RelationOID(t.Schema, t.Name))
		}
		s.eng.advisory.lockTables(s, rels, c.Mode) // lock_waits.go
		s.tablesLocked = true
	}
	return &Rows{tag: res.Tag, done: true, notices: s.takeNotices()}, nil
}

// waitTableLock takes the writer lock for LOCK TABLE; while it waits the
// wait shows in pg_locks and pg_stat_activity and, after
// deadlock_timeout, is checked for a deadlock.
func (s *Session) waitTableLock(ctx context.Context, txn *storage.Txn, c *translate.Lock) error {
	if o := s.eng.store.WriterOwner(); o == nil || o == any(s) {
		// free (or ours) now: a wait, if the lock is taken meanwhile, is
		// brief and not worth showing
		if err := txn.Lock(ctx); err != nil {
			return lockError(err)
		}
		return nil
	}
	w := &lockWait{mode: c.Mode, since: time.Now(), query: s.clientQuery}
	if len(c.Tables) > 0 {
		w.rel = pgcatalog.RelationOID(c.Tables[0].Schema, c.Tables[0].Name)
	}
	s.eng.advisory.setWait(s, w)
	defer s.eng.advisory.setWait(s, nil)
	wctx, stop := s.lockWaitContext(ctx) // lock_waits.go
	defer stop()
	err := txn.Lock(wctx)
	if err == nil {
		return nil
	}
	var pe *pgerror.Error
	if cause := context.Cause(wctx); errors.As(cause, &pe) {
		return pe
	}
	return lockError(err)
}
