package session

import (
	"bytes"
	"encoding/json"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// Change capture for Supabase Realtime's postgres_changes, shaped like
// NOTIFY (notify.go): committed row changes reach in-process subscribers
// (Engine.SubscribeChanges) after the commit, on the committing
// goroutine, in commit order; nothing from a rolled-back transaction or
// from work undone by ROLLBACK TO SAVEPOINT. Storage records the row
// images (storage/capture.go) only while someone subscribes and queues
// each commit under the writer lock; endStorageTxn (txn_end.go) then
// drains the queue, one drainer at a time, so order is kept even when
// the committing sessions race after the lock is released.

// Change is one committed row change. Old and New hold each column's
// value as to_json renders it (nil: SQL NULL); Old is nil for an
// INSERT, New for a DELETE, both for a TRUNCATE. PK lists the ordinals of
// the primary key columns (none without a primary key).
type Change struct {
	Schema, Table string
	Op            string // INSERT, UPDATE, DELETE or TRUNCATE
	Columns       []Column
	PK            []int
	Old, New      []json.RawMessage
}

// CommittedChanges is one committed transaction's row changes, in the
// order they were made.
type CommittedChanges struct {
	Time    time.Time
	Changes []Change
}

// changeHub is an engine's change subscribers and the queue of commits
// not yet delivered. The zero value is ready.
type changeHub struct {
	mu   sync.Mutex
	next uint64
	subs map[uint64]func(CommittedChanges)
	// visible is the store's VisibleSeq, set by the first subscription
	// (before any commit is queued, and never again).
	visible func() uint64

	qmu     sync.Mutex
	queue   []queuedCommit
	pending atomic.Bool // queue is not empty: a cheap check for every commit

	deliver sync.Mutex // one drainer at a time keeps commit order
}

type queuedCommit struct {
	seq     uint64 // the commit's number (storage's SetCapture)
	at      time.Time
	changes []storage.RowChange
}

// SubscribeChanges calls fn with every committed transaction's row
// changes, in commit order, on a committing goroutine, after the commit;
// fn must not block or run statements. cancel removes the subscription;
// with none left the engine stops recording row images.
func (e *Engine) SubscribeChanges(fn func(CommittedChanges)) (cancel func()) {
	h := &e.changes
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.subs == nil {
		h.subs = map[uint64]func(CommittedChanges){}
	}
	h.next++
	id := h.next
	h.subs[id] = fn
	if len(h.subs) == 1 {
		if h.visible == nil {
			h.visible = e.store.VisibleSeq
		}
		e.store.SetCapture(h.enqueue)
	}
	return func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		if _, ok := h.subs[id]; !ok {
			return
		}
		delete(h.subs, id)
		if len(h.subs) == 0 {
			e.store.SetCapture(nil)
		}
	}
}

// enqueue is storage's capture hook: it runs under the writer lock, so
// the queue is in commit order.
func (h *changeHub) enqueue(seq uint64, rc []storage.RowChange) {
	h.qmu.Lock()
	h.queue = append(h.queue, queuedCommit{seq: seq, at: time.Now(), changes: rc})
	h.pending.Store(true)
	h.qmu.Unlock()
}

// flush delivers every queued commit to the subscribers, converting row
// images with env (the flushing session's settings, e.g. TimeZone). A
// committer never waits for another's delivery: while one drains the
// queue, the others leave their commits to it (it checks the queue
// again after letting go, so none is stranded). A commit is delivered
// once it is durable (storage's VisibleSeq): its committer flushes after
// that, so it is never left behind.
func (h *changeHub) flush(env *types.Env) {
	for h.pending.Load() && h.deliver.TryLock() {
		upTo := h.drain(env)
		h.deliver.Unlock()
		if h.pending.Load() && h.visible() == upTo {
			return // the rest is not durable yet: its committers flush
		}
	}
}

// drain delivers the queued commits up to the latest durable one, whose
// number it returns; the caller holds h.deliver.
func (h *changeHub) drain(env *types.Env) (upTo uint64) {
	for {
		upTo = h.visible()
		h.qmu.Lock()
		n := 0
		for n < len(h.queue) && h.queue[n].seq <= upTo {
			n++
		}
		q := h.queue[:n:n]
		h.queue = h.queue[n:]
		if len(h.queue) == 0 {
			h.queue = nil
		}
		h.pending.Store(len(h.queue) > 0)
		h.qmu.Unlock()
		if len(q) == 0 {
			return upTo
		}
		h.mu.Lock()
		ids := make([]uint64, 0, len(h.subs))
		for id := range h.subs {
			ids = append(ids, id)
		}
		sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
		fns := make([]func(CommittedChanges), 0, len(ids))
		for _, id := range ids {
			fns = append(fns, h.subs[id])
		}
		h.mu.Unlock()
		if len(fns) == 0 {
			continue
		}
		for _, qc := range q {
			cc := CommittedChanges{Time: qc.at, Changes: convertChanges(qc.changes, env)}
			for _, fn := range fns {
				fn(cc)
			}
		}
	}
}

var changeOps = [...]string{storage.ChangeInsert: "INSERT", storage.ChangeUpdate: "UPDATE", storage.ChangeDelete: "DELETE", storage.ChangeTruncate: "TRUNCATE"}

func convertChanges(rcs []storage.RowChange, env *types.Env) []Change {
	out := make([]Change, len(rcs))
	// Consecutive changes usually share a table: describe it once.
	var lastCols sql.Schema
	var cols []Column
	var ts []*types.Type
	var b bytes.Buffer
	for i, rc := range rcs {
		if len(rc.Columns) != len(lastCols) || (len(lastCols) > 0 && &rc.Columns[0] != &lastCols[0]) {
			lastCols = rc.Columns
			cols = make([]Column, len(rc.Columns))
			ts = make([]*types.Type, len(rc.Columns))
			for j, c := range rc.Columns {
				t := expr.FromGMSType(c.Type)
				ts[j] = t
				cols[j] = Column{Name: c.Name, TypeOID: t.OID, TypeMod: t.Mod, TypeName: t.Name}
			}
		}
		out[i] = Change{Schema: rc.Schema, Table: rc.Table, Op: changeOps[rc.Op], Columns: cols, PK: rc.PKOrds,
			Old: rowJSON(&b, ts, rc.Old, env), New: rowJSON(&b, ts, rc.New, env)}
	}
	return out
}

func rowJSON(b *bytes.Buffer, ts []*types.Type, row sql.Row, env *types.Env) []json.RawMessage {
	if row == nil {
		return nil
	}
	out := make([]json.RawMessage, len(ts))
	for i, t := range ts {
		if i >= len(row) || row[i] == nil {
			continue
		}
		b.Reset()
		expr.AppendJSONValue(b, t, row[i], env)
		out[i] = append(json.RawMessage(nil), b.Bytes()...)
	}
	return out
}
