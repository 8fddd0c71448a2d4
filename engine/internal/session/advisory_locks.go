package session

import (
	"context"
	"errors"
	"sync"
	"time"
	"weak"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Advisory locks (PostgreSQL docs 9.27.10, "Advisory Lock Functions"):
// locks on application-defined keys, held at session level until
// unlocked or the session ends, or at transaction level until the
// transaction ends. A bigint key and a pair of integer keys are separate
// key spaces. Exclusive holds conflict with any other session's hold,
// shared ones only with exclusive ones; a session never conflicts with
// itself, and every lock call needs its own unlock. Migration tools
// (Kysely, TypeORM, knex, graphile-migrate) serialise runs with them.

// advisoryKey is one lock's key.
type advisoryKey struct {
	key  int64
	pair bool // (int4, int4): key is the high word then the low word
}

// advisoryHold counts one session's holds on one key.
type advisoryHold struct {
	excl, shared         int // session level
	xactExcl, xactShared int // transaction level
}

func (h *advisoryHold) empty() bool {
	return h.excl == 0 && h.shared == 0 && h.xactExcl == 0 && h.xactShared == 0
}

// advisoryLocks is one engine's advisory lock table.
type advisoryLocks struct {
	mu   sync.Mutex
	held map[advisoryKey]map[*Session]*advisoryHold
	// released is closed (and replaced) when a hold goes away, waking the
	// sessions waiting for one.
	released chan struct{}
	// sessions are the engine's sessions with their waits and table
	// locks (lock_waits.go), held weakly: a session dropped without
	// Close leaves, as it would have before.
	sessions map[weak.Pointer[Session]]*lockEntry
}

// conflicts reports whether another session's hold keeps s from k.
func (m *advisoryLocks) conflicts(k advisoryKey, s *Session, shared bool) bool {
	for o, h := range m.held[k] {
		if o == s {
			continue
		}
		if h.excl+h.xactExcl > 0 || (!shared && h.shared+h.xactShared > 0) {
			return true
		}
	}
	return false
}

// acquire takes k for s, waiting while wait is set (until ctx ends);
// it reports whether s holds it.
func (m *advisoryLocks) acquire(ctx context.Context, s *Session, k advisoryKey, shared, xact, wait bool) (bool, error) {
	waiting := false
	defer func() {
		if waiting {
			m.setWait(s, nil)
		}
	}()
	for {
		m.mu.Lock()
		if !m.conflicts(k, s, shared) {
			if m.held == nil {
				m.held = map[advisoryKey]map[*Session]*advisoryHold{}
			}
			hs := m.held[k]
			if hs == nil {
				hs = map[*Session]*advisoryHold{}
				m.held[k] = hs
			}
			h := hs[s]
			if h == nil {
				h = &advisoryHold{}
				hs[s] = h
			}
			switch {
			case xact && shared:
				h.xactShared++
			case xact:
				h.xactExcl++
			case shared:
				h.shared++
			default:
				h.excl++
			}
			m.mu.Unlock()
			if xact {
				s.advisoryXact = true
				s.advisoryXactLog = append(s.advisoryXactLog, advisoryTaken{k, shared})
			}
			s.advisoryHeld = true
			return true, nil
		}
		if !wait {
			m.mu.Unlock()
			return false, nil
		}
		if !waiting {
			// the wait shows in pg_locks and pg_stat_activity
			m.entry(s).wait = &lockWait{advisory: true, key: k, shared: shared, since: time.Now(), query: s.clientQuery}
			waiting = true
		}
		if m.released == nil {
			m.released = make(chan struct{})
		}
		ch := m.released
		m.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return false, context.Cause(ctx)
		}
	}
}

// release drops one session-level hold of s on k; false when s has none.
func (m *advisoryLocks) release(s *Session, k advisoryKey, shared bool) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	h := m.held[k][s]
	switch {
	case h == nil:
		return false
	case shared && h.shared > 0:
		h.shared--
	case !shared && h.excl > 0:
		h.excl--
	default:
		return false
	}
	m.forget(k, s, h)
	return true
}

// releaseSession drops every hold of s at transaction level (xact), at
// session level (session), or both.
func (m *advisoryLocks) releaseSession(s *Session, xact, session bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for k, hs := range m.held {
		h := hs[s]
		if h == nil {
			continue
		}
		if xact {
			h.xactExcl, h.xactShared = 0, 0
		}
		if session {
			h.excl, h.shared = 0, 0
		}
		m.forget(k, s, h)
	}
}

// forget removes an empty hold and wakes the waiters; m.mu is held.
func (m *advisoryLocks) forget(k advisoryKey, s *Session, h *advisoryHold) {
	if !h.empty() {
		return
	}
	delete(m.held[k], s)
	if len(m.held[k]) == 0 {
		delete(m.held, k)
	}
	if m.released != nil {
		close(m.released)
		m.released = nil
	}
}

// advisoryTaken is one transaction-level advisory lock call.
type advisoryTaken struct {
	key    advisoryKey
	shared bool
}

// releaseXact drops the transaction-level holds of s that calls took.
func (m *advisoryLocks) releaseXact(s *Session, taken []advisoryTaken) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, t := range taken {
		h := m.held[t.key][s]
		if h == nil {
			continue
		}
		if t.shared && h.xactShared > 0 {
			h.xactShared--
		} else if !t.shared && h.xactExcl > 0 {
			h.xactExcl--
		}
		m.forget(t.key, s, h)
	}
}

// advisoryXactEnd releases the transaction-level advisory locks when the
// session's transaction ends.
func (s *Session) advisoryXactEnd() {
	if s.advisoryXact {
		s.eng.advisory.releaseSession(s, true, false)
		s.advisoryXact = false
	}
	s.advisoryXactLog = s.advisoryXactLog[:0]
}

// advisoryMark is where a savepoint starts in the session's
// transaction-level advisory lock calls.
func (s *Session) advisoryMark() int { return len(s.advisoryXactLog) }

// advisoryRollbackTo releases the transaction-level advisory locks taken
// since mark: rolling back a subtransaction (ROLLBACK TO SAVEPOINT, a
// PL/pgSQL exception handler) releases its resources, so the locks it
// took go, while session-level ones stay until unlocked (PostgreSQL's
// resource owners).
func (s *Session) advisoryRollbackTo(mark int) {
	if mark >= len(s.advisoryXactLog) {
		return
	}
	s.eng.advisory.releaseXact(s, s.advisoryXactLog[mark:])
	s.advisoryXactLog = s.advisoryXactLog[:mark]
}

// advisoryClose releases every advisory lock of a closing session.
func (s *Session) advisoryClose() {
	if s.advisoryHeld {
		s.eng.advisory.releaseSession(s, true, true)
		s.advisoryHeld, s.advisoryXact = false, false
	}
}

// advisoryLock takes a lock for the pg_*advisory*lock functions; a
// waiting one honours lock_timeout (55P03) and cancellation (57014).
func (s *Session) advisoryLock(ctx context.Context, k advisoryKey, shared, xact, wait bool) (bool, error) {
	if wait {
		v, _ := s.Setting("lock_timeout")
		if ms, _, ok := parseGUCInt(v, "ms"); ok && ms > 0 {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeoutCause(ctx, time.Duration(ms)*time.Millisecond, errLockTimeout)
			defer cancel()
		}
	}
	if wait {
		var stop func()
		ctx, stop = s.lockWaitContext(ctx) // lock_waits.go
		defer stop()
	}
	ok, err := s.eng.advisory.acquire(ctx, s, k, shared, xact, wait)
	if errors.Is(err, errLockTimeout) {
		return false, pgerror.New(pgerror.LockNotAvailable, "canceling statement due to lock timeout")
	}
	return ok, err
}

// errLockTimeout is the cause of a lock_timeout deadline.
var errLockTimeout = errors.New("session: lock timeout")

// addAdvisoryLockFuncs registers the advisory lock functions, each for a
// bigint key and for a pair of integer keys.
func addAdvisoryLockFuncs(r *expr.Registry) {
	type variant struct {
		name               string
		shared, xact, wait bool
		unlock             bool
	}
	variants := []variant{
		{name: "pg_advisory_lock", wait: true},
		{name: "pg_advisory_lock_shared", shared: true, wait: true},
		{name: "pg_advisory_xact_lock", xact: true, wait: true},
		{name: "pg_advisory_xact_lock_shared", shared: true, xact: true, wait: true},
		{name: "pg_try_advisory_lock"},
		{name: "pg_try_advisory_lock_shared", shared: true},
		{name: "pg_try_advisory_xact_lock", xact: true},
		{name: "pg_try_advisory_xact_lock_shared", shared: true, xact: true},
		{name: "pg_advisory_unlock", unlock: true},
		{name: "pg_advisory_unlock_shared", shared: true, unlock: true},
	}
	for _, v := range variants {
		v := v
		result := types.Bool
		if v.wait {
			result = types.Void
		}
		run := func(ctx *sql.Context, k advisoryKey) (any, error) {
			s, ok := fromContext(ctx)
			if !ok {
				return nil, pgerror.New(pgerror.FeatureNotSupported, "this function needs a session")
			}
			if v.unlock {
				if s.eng.advisory.release(s, k, v.shared) {
					return true, nil
				}
				mode := "ExclusiveLock"
				if v.shared {
					mode = "ShareLock"
				}
				s.Notice("WARNING", "01000", "you don't own a lock of type "+mode)
				return false, nil
			}
			got, err := s.advisoryLock(ctx, k, v.shared, v.xact, v.wait)
			if err != nil {
				return nil, err
			}
			if v.wait {
				return "", nil // void_out prints nothing
			}
			return got, nil
		}
		r.Add(v.name, expr.FuncImpl{Args: []*types.Type{types.Int8}, Result: expr.Fixed(result), Volatile: true,
			Fn: func(ctx *sql.Context, _ *types.Env, a []any) (any, error) {
				return run(ctx, advisoryKey{key: a[0].(int64)})
			}})
		r.Add(v.name, expr.FuncImpl{Args: []*types.Type{types.Int4, types.Int4}, Result: expr.Fixed(result), Volatile: true,
			Fn: func(ctx *sql.Context, _ *types.Env, a []any) (any, error) {
				hi, lo := a[0].(int32), a[1].(int32)
				return run(ctx, advisoryKey{key: int64(hi)<<32 | int64(uint32(lo)), pair: true})
			}})
	}
	r.Add("pg_advisory_unlock_all", expr.FuncImpl{Result: expr.Fixed(types.Void), Volatile: true,
		Fn: func(ctx *sql.Context, _ *types.Env, _ []any) (any, error) {
			if s, ok := fromContext(ctx); ok {
				s.eng.advisory.releaseSession(s, false, true)
			}
			return "", nil
		}})
}

// AdvisoryMark implements routines.Host (a PL/pgSQL exception block).
func (s *Session) AdvisoryMark() int { return s.advisoryMark() }

// AdvisoryRollbackTo implements routines.Host.
func (s *Session) AdvisoryRollbackTo(mark int) { s.advisoryRollbackTo(mark) }
