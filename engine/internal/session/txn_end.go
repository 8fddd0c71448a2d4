package session

// How a statement's transaction ends (PostgreSQL docs: 3.4 Transactions,
// and the implicit transaction of "53.2.2. Simple Query"). Outside a
// transaction block (state txnIdle) every statement is its own
// transaction: when it succeeds its SET LOCAL values are dropped
// (endImplicit) and it commits (commitImplicit); when it fails it rolls
// back (failed). Inside a block nothing commits before COMMIT, ROLLBACK
// or the end of an implicit block (endTxn); a failure aborts the block.
// Whichever way a transaction ends, it ends in endStorageTxn.

// endStorageTxn ends the session's storage transaction — commit or
// rollback — and what rides on it: a transaction that ran DDL moves the
// engine's DDL version, so other sessions drop cached translations
// (ddlDone); a commit delivers its notifications and LISTENs, a rollback
// or failed commit drops them (notifyEnd); a commit delivers the row
// changes storage captured, of this and any earlier commit not yet
// delivered, to change subscribers (changes.go).
func (s *Session) endStorageTxn(commit bool) error {
	var err error
	if commit {
		// ON COMMIT actions run in the committing transaction (temp_schema.go)
		if err = s.runOnCommit(); err != nil {
			commit = false
		}
	} else {
		s.forgetOnCommitDrops()
	}
	s.ddlDone()
	if commit {
		// deferred constraints are checked at COMMIT; a violation rolls
		// the transaction back
		if err = s.checkConstraints(true); err != nil {
			commit = false
		}
	}
	s.modes = constraintModes{}
	s.env.NewEnumLabels = nil // committed or gone: enum input may read them
	if s.txn != nil {
		if commit {
			wrote := s.txn.Wrote()
			if err = s.txn.Commit(); err == nil && wrote {
				s.eng.noteWrite() // autoanalyze.go
			}
		} else {
			s.txn.Rollback()
		}
		s.txn = nil
	}
	s.notifyEnd(commit && err == nil)
	s.eng.dbStats.transactionEnded(commit && err == nil) // database_stats.go
	s.advisoryXactEnd()                                  // advisory_locks.go
	if s.tablesLocked {
		s.eng.advisory.unlockTables(s) // lock_waits.go
		s.tablesLocked = false
	}
	s.cursorsTxnEnd(commit && err == nil) // cursor.go
	s.loTxnEnd()                          // largeobject.go
	s.eng.changes.flush(&s.env)
	if err != nil {
		return mapError(err)
	}
	return nil
}

// commitImplicit commits a successful statement's implicit transaction;
// inside a transaction block it does nothing.
func (s *Session) commitImplicit() error {
	if s.state != txnIdle {
		return nil
	}
	return s.endStorageTxn(true)
}

// commandDone ends a command's work in the statement's transaction
// (commitImplicit) and returns its tag.
func (s *Session) commandDone(tag string) (string, *Rows, error) {
	if err := s.commitImplicit(); err != nil {
		return "", nil, err
	}
	return tag, nil, nil
}

// endCommand ends a statement the engine ran itself: SET LOCAL values of
// an implicit transaction are dropped, and an error fails the statement;
// otherwise its rows, or a result with its tag and notices.
func (s *Session) endCommand(tag string, rows *Rows, err error) (*Rows, error) {
	if s.state == txnIdle {
		s.endImplicit()
	}
	if err != nil {
		s.failed()
		return nil, err
	}
	if rows != nil {
		return rows, nil
	}
	return &Rows{tag: tag, done: true, notices: s.takeNotices()}, nil
}
