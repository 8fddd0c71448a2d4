package engine

import (
	"context"

	"github.com/tinybase/tinybase/engine/internal/session"
)

// Options configures an Engine. The zero value is valid: a new Supabase
// project's database, with internal errors discarded.
type Options = session.Options

// DefaultAutoanalyzeNaptime is PostgreSQL's autovacuum_naptime, for
// Options.AutoanalyzeNaptime.
const DefaultAutoanalyzeNaptime = session.DefaultAutoanalyzeNaptime

// Engine is one database: its committed state and the planner that runs
// statements on it. Several engines live in one process; each is a value
// with its own roles, settings and caches.
type Engine struct {
	e *session.Engine
}

// Open creates an engine: by default a new Supabase project's database
// (roles, the auth, storage and extensions schemas, GoTrue's tables,
// auth.uid()), with Options.NoBootstrap an empty one with the schemas
// every PostgreSQL database has (public).
func Open(opts Options) (*Engine, error) {
	e, err := session.Open(opts)
	if err != nil {
		return nil, err
	}
	return &Engine{e}, nil
}

// SetNetAllowExternal lets HTTP requests made by SQL (the http
// extension) reach hosts other than loopback; off by default.
func (e *Engine) SetNetAllowExternal(allow bool) { e.e.SetNetAllowExternal(allow) }

// Connect opens a session as opts.User (postgres when empty), optionally
// switched to a role with JWT claims as PostgREST runs a request.
func (e *Engine) Connect(opts SessionOptions) (*Session, error) {
	s, err := e.e.Connect(opts)
	if err != nil {
		return nil, err
	}
	return &Session{s}, nil
}

// Snapshot clones the engine's committed state in O(tables): writes to
// either engine are not seen by the other.
func (e *Engine) Snapshot() *Engine { return &Engine{e.e.Snapshot()} }

// Subscribe calls fn for every notification committed on channel (NOTIFY,
// pg_notify) until cancel is called.
func (e *Engine) Subscribe(channel string, fn func(Notification)) (cancel func()) {
	return e.e.Subscribe(channel, fn)
}

// SubscribeChanges calls fn with each committed transaction's row
// changes (inserts, updates, deletes, truncates; the before and after
// images as to_json values), in commit order, until cancel is called:
// Realtime's postgres_changes. Nothing from a rolled-back transaction or
// savepoint is delivered. fn runs on the committing goroutine and must
// not block; with no subscriber the engine records nothing.
func (e *Engine) SubscribeChanges(fn func(CommittedChanges)) (cancel func()) {
	return e.e.SubscribeChanges(fn)
}

// DDLVersion moves whenever a transaction that ran DDL commits: schema
// caches outside the engine (PostgREST's) compare it.
func (e *Engine) DDLVersion() uint64 { return e.e.DDLVersion() }

// RolePassword returns a login role's SCRAM-SHA-256 verifier (empty when
// it has no password), whether it may log in, and whether it exists.
func (e *Engine) RolePassword(name string) (verifier string, canLogin bool, ok bool) {
	return e.e.RolePassword(name)
}

// PlanCacheStats counts plan-cache hits and plannings since Open.
type PlanCacheStats = session.PlanCacheStats

// PlanCacheStats reports the engine's plan-cache counters.
func (e *Engine) PlanCacheStats() PlanCacheStats { return e.e.PlanCacheStats() }

// Close ends an engine opened with Options.DataDir: it writes a final
// checkpoint (so the next Open replays no log) and releases the data
// directory; commits after it fail. For an in-memory engine it does
// nothing.
func (e *Engine) Close() error { return e.e.Close() }

// Checkpoint writes the committed state to the data directory now,
// compacting its log (an in-memory engine: nothing).
func (e *Engine) Checkpoint(ctx context.Context) error { return e.e.Checkpoint(ctx) }

// Restore makes from's committed state this engine's, as one commit (a
// checkpoint in a data directory): from is typically an earlier Snapshot,
// so restoring costs O(tables), like taking it. Running transactions are
// waited for; cached plans are dropped as after DDL.
func (e *Engine) Restore(ctx context.Context, from *Engine) error { return e.e.Restore(ctx, from.e) }
