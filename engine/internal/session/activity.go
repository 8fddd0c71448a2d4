package session

import (
	"sync"
	"time"
)

// Session activity (PostgreSQL docs 28.2.3, pg_stat_activity): what a
// session is doing as the other sessions see it — PostgreSQL's backend
// status entry. The session writes it when a statement the client sent
// starts and ends (and around pg_sleep's wait); any session reads it under
// mu when it scans pg_stat_activity.

// activity is one session's entry.
type activity struct {
	mu sync.Mutex
	// state is "active", "idle", "idle in transaction" or "idle in
	// transaction (aborted)"; query is the running or last statement's
	// text, as the client sent it.
	state, query string
	app          string // application_name
	// queryStart is the running or last statement's start, stateChange
	// when state last changed, xactStart the transaction's start (zero
	// outside one, and in an aborted one, as PostgreSQL shows it).
	queryStart, stateChange, xactStart time.Time
	// waitType and waitEvent name what an active session waits for
	// (pg_sleep's Timeout/PgSleep); an idle one waits for its client.
	waitType, waitEvent string
	// signal cancels the session's statement or ends its connection
	// (signal.go); nil without a connection.
	signal func(Signal)
}

// activityStart records that a statement the client sent starts: the
// session is active, running clientQuery since statement_timestamp().
func (s *Session) activityStart() {
	app, _ := s.Setting("application_name")
	a := &s.act
	a.mu.Lock()
	a.state, a.query, a.app = "active", s.clientQuery, app
	a.queryStart, a.stateChange = s.env.StmtNow, time.Now()
	switch {
	case s.state == txnIdle:
		a.xactStart = a.queryStart // its own transaction's start, or BEGIN's
	case a.xactStart.IsZero():
		a.xactStart = s.env.Now // an implicit block's
	}
	a.waitType, a.waitEvent = "", ""
	a.mu.Unlock()
}

// activityEnd records that a statement ended. Inside a message's
// statements (a multi-statement Query, a pipeline until Sync) the session
// stays active, as PostgreSQL reports idle only with ReadyForQuery
// (Idle); otherwise it is idle now.
func (s *Session) activityEnd() {
	if s.implicit == notImplicit && !s.clientQueryPinned {
		s.Idle()
	}
}

// Idle records that the session waits for its client — in a transaction
// block or not — until the next statement: the wire protocol calls it as
// it sends ReadyForQuery.
func (s *Session) Idle() {
	app, _ := s.Setting("application_name")
	a := &s.act
	a.mu.Lock()
	a.app, a.stateChange = app, time.Now()
	a.waitType, a.waitEvent = "Client", "ClientRead"
	switch s.state {
	case txnActive:
		a.state = "idle in transaction"
	case txnFailed:
		a.state, a.xactStart = "idle in transaction (aborted)", time.Time{}
	default:
		a.state, a.xactStart = "idle", time.Time{}
	}
	a.mu.Unlock()
}

// endActivityWith ends the statement's activity when its rows finish, or
// now if it failed or finished already.
func (s *Session) endActivityWith(rows *Rows, err error) {
	if err != nil || rows == nil || rows.done {
		s.activityEnd()
		return
	}
	rows.act = s
}

// reportWait names what the running statement waits for until the
// returned function is called (expr.WaitReporter).
func (s *Session) reportWait(typ, event string) func() {
	a := &s.act
	a.mu.Lock()
	a.waitType, a.waitEvent = typ, event
	a.mu.Unlock()
	return func() {
		a.mu.Lock()
		a.waitType, a.waitEvent = "", ""
		a.mu.Unlock()
	}
}

// snapshot copies the entry for pg_stat_activity.
func (a *activity) snapshot() activity {
	a.mu.Lock()
	defer a.mu.Unlock()
	return activity{state: a.state, query: a.query, app: a.app, queryStart: a.queryStart,
		stateChange: a.stateChange, xactStart: a.xactStart, waitType: a.waitType, waitEvent: a.waitEvent}
}
