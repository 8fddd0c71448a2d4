package storage

import (
	"context"
	"fmt"
	"maps"
	"sync"
)

// Txn is one session's working view of the store: a root that starts as the
// committed root and accumulates the transaction's own writes.
//
// Readers never block. The first write takes the store's single-writer lock,
// held until Commit or Rollback; because the transaction has not written
// yet, its root then moves to the latest committed root, so no committed
// write is lost. Commit publishes the root.
type Txn struct {
	store *Store

	mu        sync.Mutex // serializes operations on this transaction
	root      *root
	rootOwned bool   // root's maps belong to this txn and may change in place
	gen       uint64 // tables this txn created in this generation are writable
	locked    bool   // holds the store's writer lock
	lockBase  *root  // the committed root taken with the writer lock
	// baseSeq is lockBase's commit number; basePending waits until
	// lockBase is durable (nil: it is). See ReportAtEnd.
	baseSeq     uint64
	basePending func() error
	reportAtEnd bool
	done        bool
	xid         uint32 // 0 until assigned (xid.go)
	// owner names the transaction's session to lock views (pg_locks,
	// pg_blocking_pids); set once, before the transaction is shared.
	owner any

	// GMS table editors bracket each statement (StatementBegin,
	// DiscardChanges, StatementComplete); the outermost bracket holds a mark.
	stmtDepth int
	stmtMark  Mark

	// logged is the commit record of a transaction that wrote, when the
	// store logs commits (commitlog.go); nil until its first write, so
	// that a statement that only reads, or a store without a log, does
	// not allocate it with every transaction
	logged *txnLog

	// probe is HasIndexKey's and KeyRows' pair of search pivots, used
	// under mu: a probe per outer row of a semi or anti join allocated
	// both
	probe [2]entry

	captured []capturedWrite // row writes, while the store captures (capture.go)
	quiet    bool            // writes that are not row changes (rebuild, recovery)
	ddl      bool            // the same, for the engine's DDL (CaptureOff)

	deferUnique  UniqueDeferral // unique indexes checked later (deferred_unique.go)
	deferredKeys []deferredKey  // keys those let through, to check

	// callOutOK marks a row write or index build holding mu that may
	// release it around an index's key or predicate function (callOut).
	callOutOK bool
}

// allowCallOut lets index functions run without mu while the caller,
// holding it, runs the returned function's caller (defer t.allowCallOut()()).
func (t *Txn) allowCallOut() func() {
	t.callOutOK = true
	return func() { t.callOutOK = false }
}

// callOut runs fn, an expression or partial index's key or predicate
// function, with mu released when the operation holding it allows that:
// the function may call a routine (a PL/pgSQL function in the key),
// which reads the catalog and tables of this same transaction and would
// otherwise wait for mu forever. The row being written is not in any
// tree yet, so the routine sees the table as it was before the write.
func (t *Txn) callOut(fn func() error) error {
	if t == nil || !t.callOutOK {
		return fn()
	}
	t.callOutOK = false
	t.mu.Unlock()
	defer func() {
		t.mu.Lock()
		t.callOutOK = true
	}()
	return fn()
}

// Mark is a point in a transaction to roll back to. It holds the root as it
// was, so taking one is O(1) and the first write after it pays O(number of
// tables) to copy the root's maps.
type Mark struct {
	root   *root
	locked bool
	// captured is Txn.captured at the mark, capacity capped so later
	// appends never overwrite it: a mark can be returned to after
	// rolling back to an earlier one (capture.go).
	captured []capturedWrite
}

// Begin starts a transaction reading the latest committed state.
func (s *Store) Begin() *Txn {
	return &Txn{store: s, root: s.latest(), gen: 1}
}

// Commit publishes the transaction's root, if it wrote, and releases the
// writer lock. With a CommitLog it then waits, without the lock, until the
// commit is durable, and only then shows it to readers (Store): the next
// writer's statement overlaps this one's fsync, and commits waiting
// together share one. The transaction cannot be used afterwards.
func (t *Txn) Commit() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.done {
		return ErrTxnDone
	}
	t.done = true
	if !t.locked {
		t.forget()
		return nil
	}
	wait, err := t.logCommit()
	if err != nil {
		t.unlock()
		t.forget()
		return err
	}
	if wait == nil {
		// No record (nothing to log, or a checkpoint, which made
		// everything before it durable): durable once the base is.
		wait = t.basePending
	}
	r := t.root
	seq := t.store.publish(r, wait)
	t.deliverCaptured(seq)
	t.unlock()
	t.forget()
	if wait == nil {
		return nil
	}
	if err := wait(); err != nil {
		return err
	}
	t.store.reveal(r, seq)
	return nil
}

// Rollback abandons the transaction's writes and releases the writer lock.
// A transaction that reports at its end (ReportAtEnd) and built on a
// commit not yet durable waits for it, after releasing the lock: its
// statement's outcome (a unique violation, say) may reflect that commit.
func (t *Txn) Rollback() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.done {
		return
	}
	t.done = true
	if !t.locked {
		t.forget()
		return
	}
	wait, base, seq := t.basePending, t.lockBase, t.baseSeq
	t.unlock()
	t.forget()
	if wait != nil && wait() == nil {
		t.store.reveal(base, seq)
	}
}

// ReportAtEnd declares that nothing the transaction reads reaches a client
// before it commits or rolls back (an autocommit statement without
// RETURNING: its tag or error is sent after the commit). Such a
// transaction may take the writer lock and build on a commit whose record
// is not durable yet; its own commit's fsync covers that record (the log
// is in commit order), and its rollback waits for it. Any other writer
// waits, with the lock, until the commit it builds on is durable, so that
// no row it returns before its commit shows a commit a crash could lose.
// Call it before the transaction takes the lock.
func (t *Txn) ReportAtEnd() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.reportAtEnd = true
}

// forget drops a finished transaction's older roots. The table versions a
// transaction wrote keep pointing at it (owner), and a published version
// lives as long as any later state shares it: if the transaction kept the
// root it started from and its statement mark, every committed state would
// hold the one before it, and memory would grow with every write
// transaction ever committed.
func (t *Txn) forget() {
	t.lockBase, t.stmtMark, t.logged, t.captured = nil, Mark{}, nil, nil
	t.basePending = nil
}

func (t *Txn) unlock() {
	t.locked = false
	t.store.holder.CompareAndSwap(t, nil)
	<-t.store.writer
}

// SetOwner names the transaction's session for WriterOwner.
func (t *Txn) SetOwner(v any) { t.owner = v }

// WriterOwner is the owner (SetOwner) of the transaction holding the
// writer lock, nil when none does.
func (s *Store) WriterOwner() any {
	if t := s.holder.Load(); t != nil {
		return t.owner
	}
	return nil
}

// Lock takes the store's writer lock now, waiting while another transaction
// holds it; it returns an error wrapping ctx.Err() if ctx ends first. Every
// write takes the lock implicitly; methods without a context (SetMeta,
// CreateSchema, ...) wait without a deadline, so call Lock first to make that
// wait cancellable.
//
// The engine should call Lock before running any statement that writes:
// taking the lock moves the transaction to the latest committed state, and
// the statement must read that state, not an older one, or its updates
// could overwrite a concurrent commit. GMS's table editors take the lock in
// StatementBegin, before the statement reads; a row write that still has to
// take the lock itself fails with ErrWriteConflict if the committed state
// moved, since the statement read the older state.
func (t *Txn) Lock(ctx context.Context) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	_, err := t.lockWriter(ctx)
	return err
}

// TryLock takes the store's writer lock if it is free now (LOCK ... NOWAIT),
// reporting whether the transaction holds it.
func (t *Txn) TryLock() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.done {
		return false
	}
	if t.locked {
		return true
	}
	select {
	case t.store.writer <- struct{}{}:
	default:
		return false
	}
	t.locked = true
	t.store.holder.Store(t)
	base := t.store.latest()
	t.root, t.rootOwned, t.lockBase = base, false, base
	return true
}

// lockWriter takes the writer lock if not held and reports whether taking
// it moved the transaction to a newer committed root. Called with t.mu held.
func (t *Txn) lockWriter(ctx context.Context) (moved bool, err error) {
	if t.done {
		return false, ErrTxnDone
	}
	if t.locked {
		return false, nil
	}
	if err := ctx.Err(); err != nil {
		return false, fmt.Errorf("storage: waiting for the writer lock: %w", err)
	}
	select {
	case t.store.writer <- struct{}{}:
	case <-ctx.Done():
		return false, fmt.Errorf("storage: waiting for the writer lock: %w", ctx.Err())
	}
	t.locked = true
	t.store.holder.Store(t)
	// Nothing has been written yet, so moving to the latest committed root
	// loses nothing and guarantees no committed write is overwritten.
	base, seq, pending := t.store.writerBase()
	moved = base != t.root
	t.root, t.rootOwned, t.lockBase = base, false, base
	t.baseSeq, t.basePending = seq, pending
	if pending != nil && !t.reportAtEnd {
		if err := pending(); err != nil {
			return moved, err
		}
		t.store.reveal(base, seq)
		t.basePending = nil
	}
	return moved, nil
}

// Savepoint marks the current state. Used per statement for statement
// atomicity and for SQL SAVEPOINT.
func (t *Txn) Savepoint() Mark {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.stmtDepth = 0 // a bracket GMS left open belongs to an earlier statement
	return t.savepoint()
}

func (t *Txn) savepoint() Mark {
	if t.done {
		return Mark{}
	}
	n := len(t.captured)
	m := Mark{root: t.root, locked: t.locked, captured: t.captured[:n:n]}
	// From now on the marked root and its tables are shared with the mark.
	t.rootOwned = false
	t.gen++
	return m
}

// RollbackTo restores tables, schemas and Meta exactly as they were at m. A
// mark taken before the transaction's first write restores the committed
// state the transaction moved to when it took the writer lock (which it
// keeps). The mark stays usable.
func (t *Txn) RollbackTo(m Mark) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.rollbackTo(m)
}

func (t *Txn) rollbackTo(m Mark) {
	if t.done || m.root == nil {
		return
	}
	if t.locked && !m.locked {
		t.root = t.lockBase
	} else {
		t.root = m.root
	}
	t.rootOwned = false
	t.gen++
	t.captured = m.captured
}

// Meta returns the engine's catalog value as of this transaction's root.
func (t *Txn) Meta() any {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.root.meta
}

// MetaNoWait is Meta for code an operation of this transaction may call
// while holding mu without allowing call-outs (an expression index's key
// function while a checkpoint's rows are loaded, which resolves a text
// search configuration by name): a transaction runs on one goroutine, so
// when mu is taken it is this goroutine's operation, and its root is
// read as it stands.
func (t *Txn) MetaNoWait() any {
	if t.mu.TryLock() {
		defer t.mu.Unlock()
	}
	return t.root.meta
}

// SetMeta replaces the engine's catalog value; it counts as a write (see
// Lock about waiting). v must be immutable: marks and other transactions
// keep the previous value.
func (t *Txn) SetMeta(v any) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, err := t.lockWriter(context.Background()); err != nil {
		return
	}
	t.mutRoot().meta = v
}

// Refresh moves a transaction that has not written yet to the latest
// committed root (READ COMMITTED: the engine calls it per statement).
func (t *Txn) Refresh() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.done || t.locked {
		return
	}
	t.root, t.rootOwned = t.store.latest(), false
}

// Wrote reports whether the transaction holds the writer lock (it wrote, or
// called Lock).
func (t *Txn) Wrote() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.locked
}

// mutRoot returns the root, copying its maps first if they are shared.
// Called with t.mu and the writer lock held.
func (t *Txn) mutRoot() *root {
	if !t.rootOwned {
		t.root = t.root.copy()
		t.rootOwned = true
	}
	return t.root
}

// mutSchemas returns the root's schema map, copying it first if it is
// shared. Called with t.mu and the writer lock held.
func (t *Txn) mutSchemas() map[string]*schemaData {
	r := t.mutRoot()
	if r.schemasShared {
		r.schemas = maps.Clone(r.schemas)
		r.schemasShared = false
	}
	return r.schemas
}

// readyLocked waits for table id's pending load (load.go), if any, and
// returns its error. Called with t.mu held.
func (t *Txn) readyLocked(id tableID) error {
	if td, ok := t.root.tables.get(id); ok {
		return td.readyFor(t)
	}
	return nil
}

// writable returns a version of table id that t may modify in place,
// cloning the current one if needed. Called with t.mu and the writer lock
// held.
func (t *Txn) writable(id tableID) (*tableData, bool) {
	td, ok := t.root.tables.get(id)
	if !ok {
		return nil, false
	}
	if td.writableBy(t) {
		return td, true
	}
	if td.ready() != nil { // callers that report it check readyLocked first
		return nil, false
	}
	c := td.cloneFor(t)
	t.mutRoot().tables.set(id, c)
	return c, true
}

// put installs a new version of a table. Called with t.mu and the writer
// lock held.
func (t *Txn) put(td *tableData) {
	t.mutRoot().tables.set(td.id, td)
}

// stmtBegin, stmtEnd implement GMS's statement bracket for table editors.
// stmtBegin takes the writer lock before the statement reads anything (an
// error is left for the statement's first write to report).
func (t *Txn) stmtBegin(ctx context.Context) {
	t.mu.Lock()
	defer t.mu.Unlock()
	_, _ = t.lockWriter(ctx)
	if t.stmtDepth == 0 {
		t.stmtMark = t.savepoint()
	}
	t.stmtDepth++
}

func (t *Txn) stmtEnd(discard bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.stmtDepth == 0 {
		return
	}
	if discard {
		t.rollbackTo(t.stmtMark)
	}
	t.stmtDepth--
}
