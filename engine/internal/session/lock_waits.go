package session

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"
	"weak"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Lock views (PostgreSQL docs 54.12 pg_locks, 28.2.3 wait events, 9.26
// pg_blocking_pids) and deadlock detection (docs 13.3.4). The engine's
// advisory lock table also records its sessions, what each one waits for
// (an advisory lock, or the writer lock LOCK TABLE takes) and the tables
// each one locked, so pg_locks, pg_stat_activity and pg_blocking_pids can
// show other sessions' waits, and a wait that lasts deadlock_timeout can
// look for a cycle of waits through itself, as PostgreSQL's does.

// lockEntry is one session as the lock views see it.
type lockEntry struct {
	pid    int32
	user   string
	start  time.Time
	wait   *lockWait   // nil while not waiting
	tables []tableLock // LOCK TABLE's locks, until the transaction ends
}

// lockWait is what a blocked session waits for.
type lockWait struct {
	advisory bool
	key      advisoryKey // advisory
	shared   bool        // advisory
	rel      uint32      // relation
	mode     int         // relation: translate.Lock's mode
	since    time.Time
	query    string // the waiting statement's text (pg_stat_activity.query)
}

// tableLock is a relation LOCK TABLE locked.
type tableLock struct {
	rel  uint32
	mode int
}

// relationLockModes names the table lock modes as pg_locks does, by
// PostgreSQL's lock level (1 ACCESS SHARE ... 8 ACCESS EXCLUSIVE).
var relationLockModes = [...]string{"", "AccessShareLock", "RowShareLock", "RowExclusiveLock",
	"ShareUpdateExclusiveLock", "ShareLock", "ShareRowExclusiveLock", "ExclusiveLock", "AccessExclusiveLock"}

func relationLockMode(mode int) string {
	if mode > 0 && mode < len(relationLockModes) {
		return relationLockModes[mode]
	}
	return "AccessExclusiveLock"
}

// advisoryTag is an advisory key's classid, objid and objsubid: a bigint
// key split into its high and low words (objsubid 1), a pair of integer
// keys as given (objsubid 2).
func advisoryTag(k advisoryKey) (class, obj uint32, sub int16) {
	sub = 1
	if k.pair {
		sub = 2
	}
	return uint32(uint64(k.key) >> 32), uint32(k.key), sub
}

// entry is s's record, made on first use; m.mu is held.
func (m *advisoryLocks) entry(s *Session) *lockEntry {
	if m.sessions == nil {
		m.sessions = map[weak.Pointer[Session]]*lockEntry{}
	}
	e := m.sessions[weak.Make(s)]
	if e == nil {
		e = &lockEntry{pid: s.PID(), user: s.user, start: time.Now()}
		m.sessions[weak.Make(s)] = e
	}
	return e
}

// live lists the sessions not yet collected, forgetting the others (a
// session dropped without Close). m.mu is held.
func (m *advisoryLocks) live() map[*Session]*lockEntry {
	out := make(map[*Session]*lockEntry, len(m.sessions))
	for p, e := range m.sessions {
		if s := p.Value(); s != nil {
			out[s] = e
		} else {
			delete(m.sessions, p)
		}
	}
	return out
}

// register records a new session.
func (m *advisoryLocks) register(s *Session) {
	m.mu.Lock()
	m.entry(s)
	m.mu.Unlock()
}

// unregister forgets a closed session.
func (m *advisoryLocks) unregister(s *Session) {
	m.mu.Lock()
	delete(m.sessions, weak.Make(s))
	m.mu.Unlock()
}

// setWait records (w) or clears (nil) what s waits for.
func (m *advisoryLocks) setWait(s *Session, w *lockWait) {
	m.mu.Lock()
	m.entry(s).wait = w
	m.mu.Unlock()
}

// lockTables records the tables s's LOCK TABLE locked.
func (m *advisoryLocks) lockTables(s *Session, rels []uint32, mode int) {
	m.mu.Lock()
	e := m.entry(s)
	for _, r := range rels {
		e.tables = append(e.tables, tableLock{rel: r, mode: mode})
	}
	m.mu.Unlock()
}

// unlockTables forgets s's table locks when its transaction ends.
func (m *advisoryLocks) unlockTables(s *Session) {
	m.mu.Lock()
	if e := m.sessions[weak.Make(s)]; e != nil {
		e.tables = nil
	}
	m.mu.Unlock()
}

// blockers lists the sessions whose locks keep s waiting; m.mu is held.
func (m *advisoryLocks) blockers(s *Session, store interface{ WriterOwner() any }) []*Session {
	e := m.sessions[weak.Make(s)]
	if e == nil || e.wait == nil {
		return nil
	}
	w := e.wait
	var out []*Session
	if w.advisory {
		for o, h := range m.held[w.key] {
			if o != s && (h.excl+h.xactExcl > 0 || (!w.shared && h.shared+h.xactShared > 0)) {
				out = append(out, o)
			}
		}
	} else if o, ok := store.WriterOwner().(*Session); ok && o != s {
		out = append(out, o)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].PID() < out[j].PID() })
	return out
}

// cycle finds a chain of waits from s back to s: s, then the session s
// waits for, and so on; nil when there is none. m.mu is held.
func (m *advisoryLocks) cycle(s *Session, store interface{ WriterOwner() any }) []*Session {
	seen := map[*Session]bool{}
	var path []*Session
	var visit func(x *Session) bool
	visit = func(x *Session) bool {
		path = append(path, x)
		for _, b := range m.blockers(x, store) {
			if b == s {
				return true
			}
			if !seen[b] {
				seen[b] = true
				if visit(b) {
					return true
				}
			}
		}
		path = path[:len(path)-1]
		return false
	}
	seen[s] = true
	if visit(s) {
		return path
	}
	return nil
}

// describe is a wait as PostgreSQL's deadlock report names it.
func (w *lockWait) describe() string {
	if w.advisory {
		class, obj, sub := advisoryTag(w.key)
		mode := "ExclusiveLock"
		if w.shared {
			mode = "ShareLock"
		}
		return fmt.Sprintf("%s on advisory lock [%d,%d,%d,%d]", mode, pgcatalog.DatabaseOID, class, obj, sub)
	}
	return fmt.Sprintf("%s on relation %d of database %d", relationLockMode(w.mode), w.rel, pgcatalog.DatabaseOID)
}

// deadlock is the error ending s's wait when it closes a cycle of waits,
// nil when it does not (or no longer waits).
func (m *advisoryLocks) deadlock(s *Session) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	path := m.cycle(s, s.eng.store)
	if path == nil {
		return nil
	}
	s.eng.dbStats.deadlocks.Add(1) // database_stats.go
	var detail strings.Builder
	for i, p := range path {
		if i > 0 {
			detail.WriteByte('\n')
		}
		next := path[(i+1)%len(path)]
		fmt.Fprintf(&detail, "Process %d waits for %s; blocked by process %d.", p.PID(), m.sessions[weak.Make(p)].wait.describe(), next.PID())
	}
	return pgerror.New(pgerror.DeadlockDetected, "deadlock detected").WithDetail("%s", detail.String()).
		WithHint("See server log for query details.")
}

// lockWaitContext is ctx for a lock wait of s: after deadlock_timeout it
// checks once for a deadlock through s, ending the wait with 40P01 when
// there is one, as PostgreSQL's check does. Call stop when the wait ends.
func (s *Session) lockWaitContext(ctx context.Context) (_ context.Context, stop func()) {
	timeout := time.Second
	if v, ok := s.Setting("deadlock_timeout"); ok {
		if ms, _, ok := parseGUCInt(v, "ms"); ok && ms > 0 {
			timeout = time.Duration(ms) * time.Millisecond
		}
	}
	ctx, cancel := context.WithCancelCause(ctx)
	t := time.AfterFunc(timeout, func() {
		if err := s.eng.advisory.deadlock(s); err != nil {
			cancel(err)
		}
	})
	return ctx, func() { t.Stop(); cancel(nil) }
}

// lockRows lists the engine's advisory and table locks for pg_locks.
func (s *Session) lockRows() []pgcatalog.LockRow {
	m := &s.eng.advisory
	m.mu.Lock()
	defer m.mu.Unlock()
	vxact := func(o *Session) string { return fmt.Sprintf("%d/1", o.PID()) }
	var out []pgcatalog.LockRow
	for k, hs := range m.held {
		class, obj, sub := advisoryTag(k)
		for o, h := range hs {
			row := pgcatalog.LockRow{LockType: "advisory", ClassID: class, ObjID: obj, ObjSubID: sub,
				VirtualXact: vxact(o), PID: o.PID(), Granted: true}
			if h.excl+h.xactExcl > 0 {
				row.Mode = "ExclusiveLock"
				out = append(out, row)
			}
			if h.shared+h.xactShared > 0 {
				row.Mode = "ShareLock"
				out = append(out, row)
			}
		}
	}
	for o, e := range m.live() {
		for _, t := range e.tables {
			out = append(out, pgcatalog.LockRow{LockType: "relation", Relation: t.rel, VirtualXact: vxact(o), PID: e.pid,
				Mode: relationLockMode(t.mode), Granted: true})
		}
		if w := e.wait; w != nil {
			row := pgcatalog.LockRow{VirtualXact: vxact(o), PID: e.pid, WaitStart: w.since}
			if w.advisory {
				row.LockType, row.Mode = "advisory", "ExclusiveLock"
				if w.shared {
					row.Mode = "ShareLock"
				}
				row.ClassID, row.ObjID, row.ObjSubID = advisoryTag(w.key)
			} else {
				row.LockType, row.Relation, row.Mode = "relation", w.rel, relationLockMode(w.mode)
			}
			out = append(out, row)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].PID != out[j].PID {
			return out[i].PID < out[j].PID
		}
		return out[i].Granted && !out[j].Granted
	})
	return out
}

// activityRows lists the engine's sessions for pg_stat_activity.
func (s *Session) activityRows() []pgcatalog.ActivityRow {
	m := &s.eng.advisory
	m.mu.Lock()
	defer m.mu.Unlock()
	m.entry(s)
	out := make([]pgcatalog.ActivityRow, 0, len(m.sessions))
	for o, e := range m.live() {
		a := o.act.snapshot() // activity.go
		row := pgcatalog.ActivityRow{PID: e.pid, User: e.user, ApplicationName: a.app, ClientAddr: o.clientAddr,
			BackendStart: e.start, XactStart: a.xactStart, QueryStart: a.queryStart, StateChange: a.stateChange,
			State: a.state, WaitEventType: a.waitType, WaitEvent: a.waitEvent, Query: a.query, Self: o == s}
		if o == s {
			// as now() and statement_timestamp() read them: an autocommit
			// statement's transaction starts after the statement does
			row.Query, row.XactStart, row.QueryStart = s.clientQuery, s.env.Now, s.env.Now
			if s.env.StmtNow.After(s.env.Now) {
				row.QueryStart = s.env.StmtNow
			}
		}
		if row.State == "" {
			row.State = "idle" // opened in process, nothing run yet
		}
		if w := e.wait; w != nil {
			row.State, row.WaitEventType, row.WaitEvent, row.Query = "active", "Lock", "advisory", w.query
			if !w.advisory {
				row.WaitEvent = "relation"
			}
		}
		out = append(out, row)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].PID < out[j].PID })
	return out
}

// addLockViewFuncs registers pg_blocking_pids.
func addLockViewFuncs(r *expr.Registry) {
	r.Add("pg_blocking_pids", expr.FuncImpl{Args: []*types.Type{types.Int4}, Result: expr.Fixed(types.ArrayOf(types.Int4)), Volatile: true,
		Fn: func(ctx *sql.Context, _ *types.Env, a []any) (any, error) {
			s, ok := fromContext(ctx)
			if !ok {
				return nil, pgerror.New(pgerror.FeatureNotSupported, "this function needs a session")
			}
			pid := a[0].(int32)
			m := &s.eng.advisory
			m.mu.Lock()
			defer m.mu.Unlock()
			vals := []any{}
			for o, e := range m.live() {
				if e.pid != pid {
					continue
				}
				for _, b := range m.blockers(o, s.eng.store) {
					vals = append(vals, b.PID())
				}
			}
			return types.NewArray(types.Int4, vals), nil
		}})
}
