package engine

import (
	"context"

	"github.com/tinybase/tinybase/engine/internal/session"
)

// SessionOptions says who connects: the user, and optionally a role and
// JWT claims (a JSON object) to run as, as PostgREST runs a request.
type SessionOptions = session.SessionOptions

// Session is one connection's state: its settings, role and transaction.
// A Session is used by one goroutine at a time.
type Session struct {
	s *session.Session
}

// Close ends the session, rolling back an open transaction.
func (s *Session) Close() { s.s.Close() }

// Query runs exactly one statement and streams its result. args bind $1,
// $2, ...: each is nil (NULL), a Param (typed), or a value of a Go type
// the engine converts (string, int64, float64, bool, []byte, time.Time).
func (s *Session) Query(ctx context.Context, sql string, args ...any) (*Rows, error) {
	return s.s.Query(ctx, sql, args...)
}

// SetClientQuery pins the text current_query() reports to a whole
// multi-statement message while its statements run one by one through
// Query; "" unpins it.
func (s *Session) SetClientQuery(text string) { s.s.SetClientQuery(text) }

// FailedNotices takes the notices the last statement raised before it
// failed, which PostgreSQL sends ahead of the error.
func (s *Session) FailedNotices() []Notice { return s.s.FailedNotices() }

// Exec runs every statement of script in order, materialising each
// result. It stops at the first error, returning the results so far and
// the *Error, whose Position is relative to script. Use Query to stream a
// large result instead.
func (s *Session) Exec(ctx context.Context, script string) ([]Result, error) {
	return s.s.Exec(ctx, script)
}

// Prepare parses sql (at most one statement), infers the types of its
// parameters from context — paramOIDs, when non-zero, fix them as the
// client's Parse message does — and describes its result columns without
// executing it.
func (s *Session) Prepare(ctx context.Context, sql string, paramOIDs []uint32) (*Prepared, error) {
	return s.s.Prepare(ctx, sql, paramOIDs)
}

// QueryPrepared runs a prepared statement: each argument is nil (NULL), a
// Param, or a string in the parameter type's text form.
func (s *Session) QueryPrepared(ctx context.Context, p *Prepared, args []any) (*Rows, error) {
	return s.s.QueryPrepared(ctx, p, args)
}

// BindParams converts arguments as the Bind message does: one that is not
// valid input for its parameter's type fails here (22P02 ...), before
// anything runs.
func (s *Session) BindParams(p *Prepared, args []any) ([]any, error) {
	return s.s.BindParams(p, args)
}

// QueryBound runs a prepared statement with the arguments BindParams
// returned.
func (s *Session) QueryBound(ctx context.Context, p *Prepared, bound []any) (*Rows, error) {
	return s.s.QueryBound(ctx, p, bound)
}

// Copy starts a COPY ... FROM STDIN or TO STDOUT statement.
func (s *Session) Copy(ctx context.Context, sql string) (*Copy, error) {
	return s.s.Copy(ctx, sql)
}

// BeginImplicitBlock starts the implicit transaction block PostgreSQL runs
// a multi-statement simple Query message in; it reports whether one was
// started (false inside an explicit transaction).
func (s *Session) BeginImplicitBlock() bool { return s.s.BeginImplicitBlock() }

// BeginPipeline starts the implicit transaction PostgreSQL runs
// extended-protocol messages in until Sync, unless one is running (an
// explicit block, or the pipeline's own); EndImplicitBlock ends it.
func (s *Session) BeginPipeline() bool { return s.s.BeginPipeline() }

// EndImplicitBlock commits the block BeginImplicitBlock or BeginPipeline
// started, or rolls it back when something in it failed; a block BEGIN
// made explicit is left alone.
func (s *Session) EndImplicitBlock() error { return s.s.EndImplicitBlock() }

// FailTransaction aborts the transaction for an error the session did
// not raise (a protocol error sent to the client), as any error does.
func (s *Session) FailTransaction() { s.s.FailTransaction() }

// TxStatus is the transaction status as ReadyForQuery reports it: 'I'
// idle, 'T' in a transaction block, 'E' in a failed block.
func (s *Session) TxStatus() byte { return s.s.TxStatus() }

// Signal is what pg_cancel_backend or pg_terminate_backend asks of a
// session's connection.
type Signal = session.Signal

const (
	SignalCancel    = session.SignalCancel
	SignalTerminate = session.SignalTerminate
)

// OnSignal installs the hook pg_cancel_backend and pg_terminate_backend
// call to cancel the session's statement or end its connection (the wire
// protocol's); nil removes it.
func (s *Session) OnSignal(fn func(Signal)) { s.s.OnSignal(fn) }

// Idle records that the session waits for its client (pg_stat_activity's
// idle states); the wire protocol calls it as it sends ReadyForQuery.
func (s *Session) Idle() { s.s.Idle() }

// StatementsEpoch changes whenever DEALLOCATE ALL or DISCARD ALL drops
// every prepared statement, the wire protocol's named ones included.
func (s *Session) StatementsEpoch() uint64 { return s.s.StatementsEpoch() }

// User is the user the session connected as.
func (s *Session) User() string { return s.s.User() }

// CurrentUser is the role privileges are checked against (SET ROLE).
func (s *Session) CurrentUser() string { return s.s.CurrentUser() }

// Setting returns a parameter's current value (SET LOCAL wins).
func (s *Session) Setting(name string) (string, bool) { return s.s.Setting(name) }

// Impersonate switches the session to role with JWT claims (JSON), as
// SessionOptions.Role and Claims do at connect time; inside a transaction
// block the change is transactional, like SET.
func (s *Session) Impersonate(role, claims string) error { return s.s.Impersonate(role, claims) }

// Notify queues a notification for delivery at commit (NOTIFY).
func (s *Session) Notify(channel, payload string) error { return s.s.Notify(channel, payload) }

// Notifications returns and clears the notifications delivered to this
// session's LISTENs since the last call.
func (s *Session) Notifications() []Notification { return s.s.Notifications() }

// OnNotification sets fn to be called, on the notifying goroutine, when a
// notification reaches this session's inbox; fn must not block.
func (s *Session) OnNotification(fn func()) { s.s.OnNotification(fn) }

// SetSetting sets a parameter as set_config(name, value, local) does,
// without running a statement (startup packet options, PostgREST's
// per-request settings).
func (s *Session) SetSetting(name, value string, local bool) error {
	return s.s.SetSetting(name, value, local)
}

// SetClientSetting applies a run-time parameter from the client's
// startup packet: checked as SET checks it, the session's reset value
// for the parameter, pg_settings.source client.
func (s *Session) SetClientSetting(name, value string) error {
	return s.s.SetClientSetting(name, value)
}

// PID is the session's backend process ID, as pg_backend_pid() and the
// notifications it sends report it.
func (s *Session) PID() int32 { return s.s.PID() }

// LockWrites takes the engine's single-writer lock for the session's
// transaction before its first read, so the transaction reads the latest
// committed state and concurrent writers run one after the other (what
// SELECT ... FOR UPDATE gives on PostgreSQL). It waits until ctx ends.
func (s *Session) LockWrites(ctx context.Context) error { return s.s.StorageTxn().Lock(ctx) }
