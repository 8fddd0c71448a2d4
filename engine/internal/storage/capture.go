package storage

import (
	"sync/atomic"

	"github.com/dolthub/go-mysql-server/sql"
)

// Change capture (Realtime's postgres_changes): while a store has a
// capture hook, a transaction records every row write at the same choke
// points the commit log uses (tableData insert, remove, update,
// truncate), in the order they happen, with the row images before and
// after. A savepoint remembers how many it had, so ROLLBACK TO (and the
// per-statement mark that undoes a failed statement) forgets the writes
// after it; Rollback forgets all. At Commit, under the writer lock and
// before the root is published, the hook receives the list — so hooks
// see commits in commit order. Table rewrites (rebuild) and recovery
// are not row changes and are not recorded. With no hook a write pays
// one atomic load.

// ChangeOp is the kind of a captured row change.
type ChangeOp uint8

const (
	ChangeInsert ChangeOp = iota + 1
	ChangeUpdate
	ChangeDelete
	ChangeTruncate
)

// RowChange is one captured row write. Old is nil for an insert, New
// for a delete; a truncate has neither. Columns and PKOrds describe the
// table as the write saw it (PKOrds is empty for a table without a
// primary key).
type RowChange struct {
	Schema, Table string
	Columns       sql.Schema
	PKOrds        []int
	Op            ChangeOp
	Old, New      sql.Row
}

// captureHook holds the installed hook (nil func: none).
type captureHook struct {
	fn atomic.Pointer[func(uint64, []RowChange)]
}

// SetCapture installs fn as the store's change-capture hook (nil
// removes it). fn is called by committing transactions with the writer
// lock held, with the commit's number and its changes: it must only queue
// the changes, never block or run statements. A commit's changes may be
// shown once VisibleSeq reaches its number (before, a crash could still
// lose it). A transaction already under way records only the writes it
// makes after the hook is installed.
func (s *Store) SetCapture(fn func(seq uint64, changes []RowChange)) {
	if fn == nil {
		s.capture.fn.Store(nil)
		return
	}
	s.capture.fn.Store(&fn)
}

// capturedWrite is a recorded write: the table by identity (names are
// resolved at commit, where a rename in the same transaction is seen).
type capturedWrite struct {
	td       *tableData
	op       ChangeOp
	old, new sql.Row
}

// capturing reports whether t records its row writes.
func (t *Txn) capturing() bool {
	return t != nil && !t.quiet && !t.ddl && t.store.capture.fn.Load() != nil
}

// record notes one row write of td when a capture hook is installed.
func (t *Txn) record(td *tableData, op ChangeOp, old, new sql.Row) {
	if !t.capturing() {
		return
	}
	t.captured = append(t.captured, capturedWrite{td: td, op: op, old: old, new: new})
}

// CaptureOff stops (or, with off false, resumes) recording this
// transaction's row writes: the engine brackets DDL with it, whose row
// writes (ALTER TABLE filling a new column) are not row changes.
func (t *Txn) CaptureOff(off bool) {
	t.mu.Lock()
	t.ddl = off
	t.mu.Unlock()
}

// deliverCaptured hands the transaction's recorded writes, of commit
// number seq, to the hook. Called from Commit with t.mu and the writer
// lock held.
func (t *Txn) deliverCaptured(seq uint64) {
	w := t.captured
	t.captured = nil
	fn := t.store.capture.fn.Load()
	if fn == nil || len(w) == 0 {
		return
	}
	// Names of the (usually one or two) tables written, found in one
	// pass over the schemas.
	names := map[tableID][2]string{}
	for _, c := range w {
		names[c.td.id] = [2]string{}
	}
	found := 0
	for sn, sd := range t.root.schemas {
		for tn, id := range sd.tables {
			if _, ok := names[id]; ok {
				names[id] = [2]string{sn, tn}
				found++
			}
		}
		if found == len(names) {
			break
		}
	}
	out := make([]RowChange, 0, len(w))
	for _, c := range w {
		n := names[c.td.id]
		if n[1] == "" {
			continue // dropped by the same transaction
		}
		d := c.td.def.resolved()
		out = append(out, RowChange{Schema: n[0], Table: n[1], Columns: d.cols, PKOrds: d.pkOrds, Op: c.op, Old: c.old, New: c.new})
	}
	if len(out) > 0 {
		(*fn)(seq, out)
	}
}
