package session

import (
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/stmtstats"

	sqle "github.com/dolthub/go-mysql-server"
	"github.com/tinybase/tinybase/engine/internal/gmsadapter"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/storage"
)

// Options configures an Engine. The zero value is valid.
type Options struct {
	// Logger receives internal errors (recovered panics with their
	// statement). Nil discards them.
	Logger *slog.Logger
	// NoBootstrap opens an empty database instead of one with the
	// Supabase bootstrap (roles, auth/storage/extensions schemas, GoTrue
	// tables, auth.uid(), grants; see engine/internal/bootstrap).
	NoBootstrap bool
	// DataDir, when set, keeps the database in this directory: opened
	// (recovered) if it holds one, created otherwise (durable.go). Close
	// the engine to write a final checkpoint and release the directory.
	DataDir string
	// AutoanalyzeNaptime, when positive, turns on the automatic ANALYZE
	// worker (autoanalyze.go): how long it waits after a write before it
	// looks for tables to analyze, and between rounds while writes go on
	// (autovacuum_naptime; DefaultAutoanalyzeNaptime is PostgreSQL's).
	// Off by default, so an embedded engine's estimates change only when
	// its user runs ANALYZE; tinybase start turns it on. Close the engine
	// to stop the worker.
	AutoanalyzeNaptime time.Duration
}

// Engine is one database: committed state plus the planner that runs
// statements on it.
type Engine struct {
	store    *storage.Store
	provider *storage.Provider
	gms      *sqle.Engine
	connIDs  atomic.Uint32
	logger   *slog.Logger
	// ddlVersion moves whenever a transaction that ran DDL ends; sessions'
	// statement caches are keyed by it.
	ddlVersion atomic.Uint64
	// commentVersion moves whenever a transaction that ran COMMENT ON but
	// no other DDL ends: comments are part of the schema clients cache
	// (DDLVersion), not of what statement caches hold (isDDL).
	commentVersion atomic.Uint64
	// txnCacheVersions numbers the cache versions of transactions' own
	// catalog states (Session.cacheVersion).
	txnCacheVersions atomic.Uint64
	seqs             *sequenceValues // sequence counters: not transactional
	// advisory holds the advisory locks (advisory_locks.go).
	advisory advisoryLocks
	// loading counts the goroutines loading a restart's big tables
	// (loadRows); Close waits for them.
	loading sync.WaitGroup
	// languages are the procedural language handlers (routine_ddl.go).
	languages map[string]routine.Handler
	// routineCache holds prepared trigger conditions (trigger_fire.go).
	routineCache routineCache
	// parses caches statement parses engine-wide (plancache.go).
	parses parseCache
	// notify routes NOTIFY to listeners (notify.go).
	notify notifyHub
	// changes delivers committed row changes to subscribers (changes.go).
	changes changeHub
	// planStats counts plan-cache hits and plannings (plan_cache.go).
	planStats planStats
	// dbStats are pg_stat_database's counters (database_stats.go).
	dbStats databaseCounts
	// stmtStats are pg_stat_statements' numbers (stmtstats.go).
	stmtStats stmtstats.Store
	// autoanalyze is the automatic ANALYZE worker (autoanalyze.go).
	autoanalyze autoanalyzer
	// durable is the data directory of an engine opened with DataDir.
	durable *durableState
	// netAllowExternal lets the http extension reach non-loopback hosts
	// (internal/netguard); off by default.
	netAllowExternal atomic.Bool
}

// SetNetAllowExternal sets whether HTTP requests made by SQL (the http
// extension) may reach hosts other than loopback.
func (e *Engine) SetNetAllowExternal(allow bool) { e.netAllowExternal.Store(allow) }

// NetAllowExternal reports the session's engine's SetNetAllowExternal.
func (s *Session) NetAllowExternal() bool { return s.eng.netAllowExternal.Load() }

// dbName is the single database every session connects to.
const dbName = "postgres"

// Open creates an engine: by default a new Supabase project's database
// (the bootstrap), with Options.NoBootstrap an empty one with the schemas
// every PostgreSQL database has (public).
func Open(opts Options) (*Engine, error) {
	e, err := open(opts)
	if err != nil {
		return nil, err
	}
	// only now: bootstrap and recovery commits are not writes to analyze
	e.autoanalyze.mu.Lock()
	e.autoanalyze.naptime = opts.AutoanalyzeNaptime
	e.autoanalyze.enabled = opts.AutoanalyzeNaptime > 0
	e.autoanalyze.mu.Unlock()
	return e, nil
}

func open(opts Options) (*Engine, error) {
	if opts.DataDir != "" {
		return openDurable(opts) // durable.go
	}
	if !opts.NoBootstrap {
		return openBootstrapped(opts) // bootstrap.go
	}
	e := newEngine(storage.NewStore(), newSequenceValues())
	e.logger = opts.Logger
	if e.logger == nil {
		e.logger = slog.New(slog.DiscardHandler)
	}
	txn := e.store.Begin()
	if err := txn.CreateSchema("public"); err != nil {
		return nil, err
	}
	if err := txn.Commit(); err != nil {
		return nil, err
	}
	return e, nil
}

func newEngine(store *storage.Store, seqs *sequenceValues) *Engine {
	expr.UseBuiltins(Builtins())
	prov := storage.NewProvider(dbName)
	a := newAnalyzer(gmsadapter.NewProvider(prov))
	g := newGMS(a)
	e := &Engine{store: store, provider: prov, gms: g, seqs: seqs, languages: builtinLanguages()}
	e.limitCaches()
	return e
}

// limitCaches gives the engine's caches their bounds (engine/internal/cache).
func (e *Engine) limitCaches() {
	e.parses.entries.SetLimits(parseCacheLimits)
	e.routineCache.when.SetLimits(whenLimits)
}

// Snapshot returns an independent engine holding this engine's committed
// state. It copies the storage root and the sequence counters; the planner
// is shared, since it keeps no data (every lookup reaches storage through
// the session), so a snapshot costs the same at 10 rows as at 10 million.
func (e *Engine) Snapshot() *Engine {
	c := &Engine{store: e.store.Snapshot(), provider: e.provider, gms: e.gms, seqs: e.seqs.clone(), logger: e.logger, languages: e.languages}
	c.netAllowExternal.Store(e.netAllowExternal.Load())
	// the snapshot holds the temporary schemas (pg_temp_<PID>) of e's
	// live sessions: its own sessions' PIDs continue after theirs, so none
	// takes one of those schemas for its own
	c.connIDs.Store(e.connIDs.Load())
	c.limitCaches()
	return c
}
