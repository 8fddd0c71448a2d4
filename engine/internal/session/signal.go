package session

import (
	"fmt"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Server signaling functions (PostgreSQL docs 9.27.2):
// pg_cancel_backend cancels another session's running statement and
// pg_terminate_backend ends its connection. The engine cannot interrupt a
// connection itself: the wire protocol, which owns the statement's context
// and the socket, installs the hook (OnSignal) that does it. A session
// opened in process has none and, like a process that is not a backend,
// cannot be signalled.

// Signal is what pg_cancel_backend or pg_terminate_backend asks of a
// session's connection.
type Signal uint8

const (
	SignalCancel    Signal = iota // cancel the running statement (57014)
	SignalTerminate               // end the connection (FATAL 57P01)
)

// OnSignal installs the hook that cancels the session's statement or ends
// its connection; nil removes it.
func (s *Session) OnSignal(fn func(Signal)) {
	s.act.mu.Lock()
	s.act.signal = fn
	s.act.mu.Unlock()
}

// signalBackend signals the session with that pid, checking the caller's
// privileges as PostgreSQL's pg_signal_backend does; false (with a
// WARNING) when no session with a connection has it.
func (s *Session) signalBackend(pid int32, sig Signal) (bool, error) {
	m := &s.eng.advisory
	m.mu.Lock()
	var target *Session
	var user string
	for o, e := range m.live() {
		if e.pid == pid {
			target, user = o, e.user
		}
	}
	m.mu.Unlock()
	if target == nil {
		return s.notBackend(pid)
	}
	cat, me := s.catalog(), s.CurrentUser()
	mine, _ := cat.Role(me)
	if theirs, ok := cat.Role(user); ok && theirs.Super && (mine == nil || !mine.Super) {
		if sig == SignalCancel {
			return false, pgerror.New(pgerror.InsufficientPrivilege, "must be a superuser to cancel superuser query")
		}
		return false, pgerror.New(pgerror.InsufficientPrivilege, "must be a superuser to terminate superuser process")
	}
	if (mine == nil || !mine.Super) && !cat.HasPrivsOf(me, user) && !cat.HasPrivsOf(me, "pg_signal_backend") {
		if sig == SignalCancel {
			return false, pgerror.New(pgerror.InsufficientPrivilege, "must be a member of the role whose query is being canceled or member of pg_signal_backend")
		}
		return false, pgerror.New(pgerror.InsufficientPrivilege, "must be a member of the role whose process is being terminated or member of pg_signal_backend")
	}
	target.act.mu.Lock()
	hook := target.act.signal
	target.act.mu.Unlock()
	if hook == nil {
		return s.notBackend(pid)
	}
	hook(sig)
	return true, nil
}

// notBackend is the answer for a process ID no session with a connection has.
func (s *Session) notBackend(pid int32) (bool, error) {
	s.Notice("WARNING", "01000", fmt.Sprintf("PID %d is not a PostgreSQL backend process", pid))
	return false, nil
}

// waitTerminated waits up to timeout for the session with that pid to
// end, as pg_terminate_backend's timeout does.
func (s *Session) waitTerminated(ctx *sql.Context, pid int32, timeout time.Duration) (bool, error) {
	deadline := time.Now().Add(timeout)
	for {
		m := &s.eng.advisory
		m.mu.Lock()
		alive := false
		for _, e := range m.live() {
			alive = alive || e.pid == pid
		}
		m.mu.Unlock()
		if !alive {
			return true, nil
		}
		if !time.Now().Before(deadline) {
			s.Notice("WARNING", "01000", fmt.Sprintf("backend with PID %d did not terminate within %d milliseconds", pid, timeout.Milliseconds()))
			return false, nil
		}
		select {
		case <-ctx.Done():
			return false, ctx.Err()
		case <-time.After(min(10*time.Millisecond, time.Until(deadline))):
		}
	}
}

// addSignalFuncs registers pg_cancel_backend and pg_terminate_backend.
func addSignalFuncs(r *expr.Registry) {
	call := func(sig Signal) func(ctx *sql.Context, _ *types.Env, a []any) (any, error) {
		return func(ctx *sql.Context, _ *types.Env, a []any) (any, error) {
			s, ok := fromContext(ctx)
			if !ok {
				return nil, pgerror.New(pgerror.FeatureNotSupported, "this function needs a session")
			}
			var timeout int64
			if len(a) > 1 { // pg_terminate_backend's, 0 by default (translate's funcs_named.go)
				timeout = a[1].(int64)
				if timeout < 0 {
					return nil, pgerror.New(pgerror.NumericValueOutOfRange, "\"timeout\" must not be negative")
				}
			}
			pid := a[0].(int32)
			sent, err := s.signalBackend(pid, sig)
			if err != nil || !sent || timeout == 0 {
				return sent, err
			}
			return s.waitTerminated(ctx, pid, time.Duration(timeout)*time.Millisecond)
		}
	}
	r.Add("pg_cancel_backend", expr.FuncImpl{Args: []*types.Type{types.Int4}, Result: expr.Fixed(types.Bool), Volatile: true, Fn: call(SignalCancel)})
	r.Add("pg_terminate_backend", expr.FuncImpl{Args: []*types.Type{types.Int4, types.Int8}, Result: expr.Fixed(types.Bool), Volatile: true, Fn: call(SignalTerminate)})
}
