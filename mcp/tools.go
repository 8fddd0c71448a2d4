package mcp

import (
	"context"
	"sync"
	"time"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/logs"
	"github.com/tinybase/tinybase/migrations"
)

// Config is what the tools need from a project. The root package builds it
// from a tinybase.Project (Project.MCPConfig).
type Config struct {
	// Engine is the project's database.
	Engine *engine.Engine
	// Dir is the project directory (holding supabase/migrations).
	Dir string
	// Validator validates a candidate migration on top of the files before
	// it, lint warnings included (validate_migration); it caches the state
	// after them, so repeated calls are warm.
	Validator *migrations.Validator
	// Check is a validator without lint, for apply_migration, which lints
	// the database itself after applying (Lint): one lint run per
	// migration instead of two. Nil uses Validator.
	Check *migrations.Validator
	// Lint reports advisor findings keyed for comparison; apply_migration
	// returns the ones a migration introduced as warnings. Nil: none.
	Lint migrations.LintFunc
	// Remote, when set, also applies pending migrations to a database
	// outside this process (a running `tinybase start`); it returns where
	// it applied them ("" when nothing was reachable).
	Remote func(ctx context.Context) (where string, applied []migrations.File, err error)
	// Schemas are the schemas the API exposes ([api] schemas), for the
	// advisors.
	Schemas []string
	// APIURL is the project's API URL; AnonKey and ServiceRoleKey its keys.
	APIURL, AnonKey, ServiceRoleKey string
	// ReadOnly refuses writes: execute_sql and test_rls run read-only on a
	// snapshot and apply_migration is refused.
	ReadOnly bool
	// MaxRows and MaxBytes bound one execute_sql or test_rls result (0:
	// DefaultMaxRows, DefaultMaxBytes); a longer result is cut with a note.
	MaxRows, MaxBytes int
	// Timeout bounds one statement run by a tool (0: DefaultTimeout).
	Timeout time.Duration
	// Now is the clock for migration versions (nil: time.Now).
	Now func() time.Time
	// LiveDBURL, when set, makes validate_migration check candidates on
	// top of that PostgreSQL database's schema (migrations.LiveSchema)
	// instead of the project's migration files.
	LiveDBURL string
	// Logs reads the running instance's statement and request log
	// (package logs) for the given services; nil when no tinybase start
	// runs for the project (get_logs then says so).
	Logs func(ctx context.Context, services []string) ([]logs.Entry, error)
}

// Limits used when Config leaves them zero.
const (
	DefaultMaxRows  = 1000
	DefaultMaxBytes = 256 << 10
	DefaultTimeout  = 30 * time.Second
)

// Tools is the tool set over one project. Every method is safe for
// concurrent use; each opens its own session.
type Tools struct {
	cfg Config
	// snaps are the named snapshots the snapshot tool took (snapshots.go).
	snapMu sync.Mutex
	snaps  map[string]*engine.Engine
	// migrate serialises apply_migration: two agents must not both pick
	// the next version and write on top of the same priors.
	migrate sync.Mutex
	// lintBefore are the lint findings' keys of the database at DDL
	// version lintVersion: the last migration's "after" is the next one's
	// "before", unless other DDL ran in between.
	lintBefore  map[string]bool
	lintVersion uint64
	// synced identifies the migration files the database's history held
	// after the last apply_migration (filesSum).
	synced [32]byte
}

// New returns the tools over cfg.
func New(cfg Config) *Tools {
	if cfg.MaxRows <= 0 {
		cfg.MaxRows = DefaultMaxRows
	}
	if cfg.MaxBytes <= 0 {
		cfg.MaxBytes = DefaultMaxBytes
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.Check == nil {
		cfg.Check = cfg.Validator
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Tools{cfg: cfg}
}

// ReadOnly reports whether the tools refuse writes.
func (t *Tools) ReadOnly() bool { return t.cfg.ReadOnly }
