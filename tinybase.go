package tinybase

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/migrations"
	"github.com/tinybase/tinybase/studio"
)

// Version is the tinybase release; the CLI prints it for --version.
const Version = "0.1.0-dev"

// Options says which project to open and how.
type Options struct {
	// Dir is the project directory (the one holding supabase/); "" is
	// the current directory. A missing supabase/ is an empty project.
	Dir string
	// Config, when set, is used as is; otherwise LoadConfig(Dir, nil).
	Config *Config
	// NoSeed skips supabase/seed.sql.
	NoSeed bool
	// Timeout bounds the whole migration replay; 0 is none.
	Timeout time.Duration
	// DataDir, when set, keeps the database in this directory
	// (DefaultDataDir is where `tinybase start` keeps it): a new
	// directory gets every migration and the seed; an existing one only
	// the migration files it has not applied (after a drift check, a
	// *migrations.DriftError), and no seed. "" keeps the database in
	// memory. Close the project to checkpoint and release it.
	DataDir string
	// Applying, when set, is called before each migration file is
	// applied.
	Applying func(migrations.File)
	// DBURL, when set, opens the project over this existing PostgreSQL
	// instead of an engine (`tinybase start --db-url`): the Supabase
	// bootstrap where the database lacks it, the migrations it has not
	// applied, the seed when it had no migration history (postgres.go).
	// The project's Engine is nil; DataDir only holds Storage's bytes.
	DBURL string
}

// DefaultDataDir is where a project keeps its database:
// <dir>/supabase/.tinybase.
func DefaultDataDir(dir string) string { return filepath.Join(dir, "supabase", ".tinybase") }

// Project is an opened tinybase project: its configuration and an engine
// holding its migrations (and seed).
type Project struct {
	Config Config
	Engine *engine.Engine
	// Migrations are the files applied, in order; Warnings the files
	// skipped for not following the naming pattern.
	Migrations []migrations.File
	Warnings   []string
	// Seeded reports that supabase/seed.sql existed and ran.
	Seeded bool
	// Applied are the migrations applied by this Open: all of them for a
	// new database, the new files for an existing data directory.
	Applied   []migrations.File
	validator *migrations.Validator
	// Mailbox, when set before Serve, is the dashboard's Inbox page: the
	// auth emails the local mail catcher kept.
	Mailbox studio.Mailbox

	// DataDir is Options.DataDir ("" for an in-memory project): where
	// /storage/v1 keeps object bytes, next to the database.
	DataDir string

	// Over PostgreSQL (Options.DBURL): the pool the APIs run on, the
	// database's URL without its password, and whether this Open applied
	// (part of) the Supabase bootstrap.
	pool         *pgxpool.Pool
	dbURL        string
	Bootstrapped bool
}

// OnPostgres reports whether the project runs over an existing
// PostgreSQL (Options.DBURL) rather than an engine.
func (p *Project) OnPostgres() bool { return p.pool != nil }

// NewEngine returns a fresh database for a project. Every tinybase
// database starts here, including the validator's; when the Supabase
// bootstrap lands in the engine (rls branch), this is where it is asked for.
func NewEngine() (*engine.Engine, error) {
	return engine.Open(engine.Options{})
}

// Open opens the project: discovers supabase/migrations, applies each file
// in its own transaction on a fresh engine, then runs supabase/seed.sql.
// A failing file is a *migrations.FileError (Seed set for the seed file);
// an unreadable folder a *migrations.DirError; two files with one version
// a *migrations.DuplicateVersionError.
func Open(ctx context.Context, opts Options) (*Project, error) {
	dir := opts.Dir
	if dir == "" {
		dir = "."
	}
	var cfg Config
	if opts.Config != nil {
		cfg = *opts.Config
		cfg.Dir = dir
	} else {
		c, err := LoadConfig(dir, nil)
		if err != nil {
			return nil, err
		}
		cfg = c
	}
	if opts.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opts.Timeout)
		defer cancel()
	}
	d, err := migrations.Discover(migrations.MigrationsDir(dir), true)
	if err != nil {
		return nil, err
	}
	if opts.DBURL != "" {
		return openPostgres(ctx, opts, cfg, d)
	}
	if opts.DataDir != "" {
		return openDataDir(ctx, opts, cfg, d)
	}
	// the served database analyzes itself as PostgreSQL's autovacuum does
	eng, err := engine.Open(engine.Options{AutoanalyzeNaptime: engine.DefaultAutoanalyzeNaptime})
	if err != nil {
		return nil, err
	}
	p, err := build(ctx, opts, cfg, d, eng)
	if err != nil {
		return nil, err
	}
	p.validator = NewValidator(0)
	p.validator.Prime(d.Files, eng) // before the seed: Prime's state is the migrations'
	if err := p.seed(ctx, opts); err != nil {
		return nil, err
	}
	return p, nil
}

// build applies every migration file to a new database.
func build(ctx context.Context, opts Options, cfg Config, d *migrations.Discovery, eng *engine.Engine) (*Project, error) {
	s, err := eng.Connect(engine.SessionOptions{})
	if err != nil {
		return nil, err
	}
	defer s.Close()
	db := migrations.OnEngine(s)
	if err := migrations.EnsureHistory(ctx, db); err != nil {
		return nil, err
	}
	secrets, err := cfg.vaultSecrets()
	if err != nil {
		return nil, err
	}
	if err := putVaultSecrets(ctx, s, secrets); err != nil {
		return nil, err
	}
	for _, f := range d.Files {
		if opts.Applying != nil {
			opts.Applying(f)
		}
		if err := migrations.Apply(ctx, db, f); err != nil {
			return nil, err
		}
	}
	return &Project{Config: cfg, Engine: eng, Migrations: d.Files, Warnings: d.Warnings, Applied: d.Files}, nil
}

// seed runs the project's seed files, unless opts or the config say not to.
func (p *Project) seed(ctx context.Context, opts Options) error {
	if opts.NoSeed || !p.Config.SeedEnabled {
		return nil
	}
	seeds, err := SeedFiles(p.Config)
	if err != nil {
		return err
	}
	s, err := p.Engine.Connect(engine.SessionOptions{})
	if err != nil {
		return err
	}
	defer s.Close()
	for _, path := range seeds {
		b, err := os.ReadFile(path)
		if err != nil {
			return fmt.Errorf("reading seed %s: %w", path, err)
		}
		if err := migrations.Seed(ctx, migrations.OnEngine(s), migrations.File{Version: "seed", Path: path, SQL: string(b)}); err != nil {
			return err
		}
		p.Seeded = true
	}
	return nil
}

// SeedFiles lists the seed files of cfg's [db.seed] sql_paths, relative
// to supabase/, globs expanded (each pattern's matches sorted), in order
// and without repeats, as the Supabase CLI runs them. A pattern matching
// nothing is skipped.
func SeedFiles(cfg Config) ([]string, error) {
	base := filepath.Join(cfg.Dir, "supabase")
	seen := map[string]bool{}
	var out []string
	for _, pat := range cfg.SeedPaths {
		full := pat
		if !filepath.IsAbs(full) {
			full = filepath.Join(base, pat)
		}
		matches, err := filepath.Glob(full)
		if err != nil {
			return nil, fmt.Errorf("[db.seed] sql_paths: %q: %w", pat, err)
		}
		sort.Strings(matches)
		for _, m := range matches {
			if st, err := os.Stat(m); err == nil && !st.IsDir() && !seen[m] {
				seen[m] = true
				out = append(out, m)
			}
		}
	}
	return out, nil
}

// Session opens a session as role with JWT claims, as PostgREST runs a
// request: the session user is postgres, SET ROLE role, and
// request.jwt.claims holds the claims as JSON with request.jwt.claim.<name>
// for each top-level claim (auth.uid() reads either). An empty role stays
// postgres; nil claims set none. Privileges and RLS apply to role.
func (p *Project) Session(ctx context.Context, role string, claims map[string]any) (*engine.Session, error) {
	opts := engine.SessionOptions{Role: role}
	if claims != nil {
		raw, err := json.Marshal(claims)
		if err != nil {
			return nil, err
		}
		opts.Claims = string(raw)
	}
	return p.Engine.Connect(opts)
}

// Validate validates candidate SQL as the next migration on top of the
// project's migration files as they are on disk now (the state after them
// is cached, so repeated calls replay nothing).
func (p *Project) Validate(ctx context.Context, candidate string, strict bool) (*migrations.Result, error) {
	d, err := migrations.Discover(migrations.MigrationsDir(p.Config.Dir), true)
	if err != nil {
		return nil, err
	}
	return p.validator.Validate(ctx, d.Files, migrations.File{Version: "99999999999999", Name: "candidate", SQL: candidate}, strict)
}

// Up applies the migration files not yet applied to the project's engine,
// after checking that every applied migration still matches its file (a
// *migrations.DriftError otherwise). It returns the files applied.
func (p *Project) Up(ctx context.Context) ([]migrations.File, error) {
	d, err := migrations.Discover(migrations.MigrationsDir(p.Config.Dir), true)
	if err != nil {
		return nil, err
	}
	s, err := p.Engine.Connect(engine.SessionOptions{})
	if err != nil {
		return nil, err
	}
	defer s.Close()
	pending, err := migrations.Up(ctx, migrations.OnEngine(s), d.Files, nil)
	if err != nil {
		return pending, err
	}
	p.Migrations = d.Files
	return pending, nil
}
