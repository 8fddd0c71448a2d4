package mcp

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/migrations"
)

// Migration is one migration, as list_migrations returns it: the version
// and name of a file in supabase/migrations or a row of the history
// table, and whether the database has applied it.
type Migration struct {
	Version string `json:"version"`
	Name    string `json:"name,omitempty"`
	// File is the path under the project directory ("" when only the
	// history has it).
	File    string `json:"file,omitempty"`
	Applied bool   `json:"applied"`
}

// ListMigrationsResult is list_migrations' result.
type ListMigrationsResult struct {
	Migrations []Migration `json:"migrations"`
}

// ListMigrations lists supabase/migrations and the history table, in
// version order.
func (t *Tools) ListMigrations(ctx context.Context) (*ListMigrationsResult, error) {
	d, err := migrations.Discover(migrations.MigrationsDir(t.cfg.Dir), true)
	if err != nil {
		return nil, errorf(err.Error())
	}
	s, err := t.session()
	if err != nil {
		return nil, err
	}
	defer s.Close()
	hist, err := migrations.History(ctx, migrations.OnEngine(s))
	if err != nil {
		return nil, catalogError(err)
	}
	applied := map[string]migrations.Applied{}
	for _, a := range hist {
		applied[a.Version] = a
	}
	res := &ListMigrationsResult{Migrations: []Migration{}}
	for _, f := range d.Files {
		_, ok := applied[f.Version]
		delete(applied, f.Version)
		res.Migrations = append(res.Migrations, Migration{Version: f.Version, Name: f.Name, File: t.rel(f.Path), Applied: ok})
	}
	for _, a := range hist {
		if _, left := applied[a.Version]; left {
			res.Migrations = append(res.Migrations, Migration{Version: a.Version, Name: a.Name, Applied: true})
		}
	}
	sortMigrations(res.Migrations)
	return res, nil
}

func sortMigrations(ms []Migration) {
	for i := 1; i < len(ms); i++ {
		for j := i; j > 0 && ms[j].Version < ms[j-1].Version; j-- {
			ms[j], ms[j-1] = ms[j-1], ms[j]
		}
	}
}

// rel is path relative to the project directory, with forward slashes.
func (t *Tools) rel(path string) string {
	if r, err := filepath.Rel(t.cfg.Dir, path); err == nil {
		return filepath.ToSlash(r)
	}
	return filepath.ToSlash(path)
}

// ApplyMigrationResult is apply_migration's result: Supabase's
// {"success": true} plus what was written and where it was applied.
type ApplyMigrationResult struct {
	Success bool   `json:"success"`
	Version string `json:"version"`
	Name    string `json:"name"`
	File    string `json:"file"`
	// AppliedTo names the databases the migration now runs in.
	AppliedTo []string `json:"applied_to"`
	// RemoteError is why a running `tinybase start` did not get it (the
	// file is written; `tinybase migration up` retries).
	RemoteError string               `json:"remote_error,omitempty"`
	Warnings    []migrations.Warning `json:"warnings"`
}

// ValidateMigrationResult is validate_migration's result.
type ValidateMigrationResult struct {
	Valid bool `json:"valid"`
	// Priors is how many migration files the query was validated on top of.
	Priors   int                  `json:"priors"`
	Warnings []migrations.Warning `json:"warnings"`
	// LiveSchema is set when the query was validated on top of a live
	// database's schema (tinybase mcp --db-url) rather than the files;
	// Unreproduced lists that schema's statements tinybase could not apply.
	LiveSchema   bool                      `json:"live_schema,omitempty"`
	Unreproduced []migrations.Unreproduced `json:"unreproduced,omitempty"`
}

// ValidateMigration checks that query applies as the next migration on
// top of every file in supabase/migrations, writing nothing. A failure is
// an *Error with the SQLSTATE, message, detail, hint, line and column.
func (t *Tools) ValidateMigration(ctx context.Context, query string) (*ValidateMigrationResult, error) {
	if t.cfg.LiveDBURL != "" {
		return t.validateOnLive(ctx, query)
	}
	d, err := migrations.Discover(migrations.MigrationsDir(t.cfg.Dir), true)
	if err != nil {
		return nil, errorf(err.Error())
	}
	return t.validateOn(ctx, d.Files, query)
}

// validateOn validates query on top of priors, writing nothing.
func (t *Tools) validateOn(ctx context.Context, priors []migrations.File, query string) (*ValidateMigrationResult, error) {
	res, err := t.cfg.Validator.Validate(ctx, priors, migrations.File{Version: "99999999999999", Name: "candidate", SQL: query}, false)
	if err != nil {
		return nil, errorf(err.Error())
	}
	if !res.OK {
		e := problemError(res)
		e.Written = nil
		return nil, e
	}
	return &ValidateMigrationResult{Valid: true, Priors: len(priors), Warnings: res.Warnings}, nil
}

// validateOnLive is ValidateMigration on top of the schema of the
// database at Config.LiveDBURL, read again on each call (it may change).
func (t *Tools) validateOnLive(ctx context.Context, query string) (*ValidateMigrationResult, error) {
	live, missing, err := migrations.LiveSchema(ctx, t.cfg.LiveDBURL, nil)
	if err != nil {
		return nil, errorf(err.Error())
	}
	res, err := t.validateOn(ctx, []migrations.File{live}, query)
	if err != nil {
		return nil, err
	}
	res.LiveSchema, res.Unreproduced = true, missing
	return res, nil
}

// ApplyMigration validates query on top of every prior migration, applies
// it (and any earlier file the database lacks) to the project's database
// with its history row, and only then writes
// supabase/migrations/<version>_<name>.sql. On failure nothing is written
// and the error is an *Error with PostgreSQL's fields and line/column.
// With Config.Remote set, a running `tinybase start` gets it too.
func (t *Tools) ApplyMigration(ctx context.Context, name, query string) (*ApplyMigrationResult, error) {
	if t.cfg.ReadOnly {
		return nil, errorf("cannot apply a migration in read-only mode")
	}
	if err := migrations.ValidName(name); err != nil {
		return nil, errorf(err.Error() + "; use snake_case, like create_profiles")
	}
	t.migrate.Lock()
	defer t.migrate.Unlock()
	dir := migrations.MigrationsDir(t.cfg.Dir)
	d, err := migrations.Discover(dir, true)
	if err != nil {
		return nil, errorf(err.Error())
	}
	f := migrations.File{Version: migrations.NextVersion(t.cfg.Now(), d.Files), Name: name, SQL: query}
	f.Path = filepath.Join(dir, f.Base())
	// The findings before the migration are computed beside the
	// validation (another CPU) when not cached.
	before := make(chan lintResult, 1)
	if t.cfg.Lint == nil {
		before <- lintResult{}
	} else if t.lintBefore != nil && t.lintVersion == t.cfg.Engine.DDLVersion() {
		before <- lintResult{keys: t.lintBefore}
	} else {
		// On a snapshot: the migration may commit before this lint reads.
		snap := t.cfg.Engine.Snapshot()
		go func() {
			keys, _, err := t.lintKeys(ctx, snap)
			before <- lintResult{keys: keys, err: err}
		}()
	}
	res, err := t.cfg.Check.Validate(ctx, d.Files, f, false)
	if err != nil {
		return nil, errorf(err.Error())
	}
	if !res.OK {
		return nil, problemError(res)
	}
	// Apply before writing: the database may hold rows (the seed, the
	// agent's inserts) the validator's replay does not, and a migration
	// that fails on them must not leave a file behind either.
	s, err := t.session()
	if err != nil {
		return nil, err
	}
	if sum := filesSum(d.Files); sum == t.synced {
		// The database's history is these files (the last apply checked
		// it): skip re-reading and comparing the whole history.
		err = migrations.Apply(ctx, migrations.OnEngine(s), f)
	} else {
		_, err = migrations.Up(ctx, migrations.OnEngine(s), append(d.Files, f), nil)
	}
	s.Close()
	if err == nil {
		t.synced = filesSum(append(d.Files, f))
	}
	if err != nil {
		no := false
		var fe *migrations.FileError
		if errors.As(err, &fe) {
			p := fe.Problem
			return nil, &Error{SQLState: p.SQLState, Message: p.Message, Detail: p.Detail, Hint: p.Hint, Statement: p.Statement,
				Position: p.Position, Line: p.Line, Column: p.Column, Outcome: "apply_failed", Prior: priorName(fe, f), Written: &no}
		}
		return nil, &Error{Message: err.Error(), Outcome: "apply_failed", Written: &no}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, errorf("cannot create " + t.rel(dir) + ": " + err.Error())
	}
	if err := migrations.WriteAtomic(f.Path, []byte(query)); err != nil {
		return nil, errorf("applied to the project's database but cannot write " + t.rel(f.Path) + ": " + err.Error())
	}
	out := &ApplyMigrationResult{Success: true, Version: f.Version, Name: name, File: t.rel(f.Path), AppliedTo: []string{"project database"}, Warnings: res.Warnings}
	if lw, err := t.lintIntroduced(ctx, <-before); err == nil {
		out.Warnings = append(out.Warnings, lw...)
	}
	if t.cfg.Remote != nil {
		where, _, err := t.cfg.Remote(ctx)
		switch {
		case err != nil:
			out.RemoteError = err.Error()
		case where != "":
			out.AppliedTo = append(out.AppliedTo, where)
		}
	}
	return out, nil
}

// priorName names the failing file when it is not the candidate.
func priorName(fe *migrations.FileError, candidate migrations.File) string {
	if fe.File.Version == candidate.Version {
		return ""
	}
	return fe.File.Base()
}

type lintResult struct {
	keys map[string]bool
	err  error
}

func (t *Tools) lintKeys(ctx context.Context, eng *engine.Engine) (map[string]bool, []migrations.Finding, error) {
	s, err := eng.Connect(engine.SessionOptions{})
	if err != nil {
		return nil, nil, err
	}
	defer s.Close()
	fs, err := t.cfg.Lint(ctx, s)
	if err != nil {
		return nil, nil, err
	}
	keys := make(map[string]bool, len(fs))
	for _, f := range fs {
		keys[f.Key] = true
	}
	return keys, fs, nil
}

// lintIntroduced lints the database after a migration and returns, as the
// validator words them, the findings it did not have before; the findings
// become the next migration's "before".
func (t *Tools) lintIntroduced(ctx context.Context, before lintResult) ([]migrations.Warning, error) {
	if t.cfg.Lint == nil || before.err != nil {
		return nil, before.err
	}
	version := t.cfg.Engine.DDLVersion()
	keys, fs, err := t.lintKeys(ctx, t.cfg.Engine)
	if err != nil {
		return nil, err
	}
	t.lintBefore, t.lintVersion = keys, version
	var out []migrations.Warning
	for _, f := range fs {
		if !before.keys[f.Key] {
			f := f
			out = append(out, migrations.Warning{Kind: "lint", Message: f.Level + " " + f.Name + ": " + f.Message, Lint: &f})
		}
	}
	return out, nil
}

// filesSum identifies a list of migration files by their versions, names
// and contents.
func filesSum(files []migrations.File) [32]byte {
	h := sha256.New()
	for _, f := range files {
		fmt.Fprintf(h, "%s\x00%s\x00%d\x00%s\x00", f.Version, f.Name, len(f.SQL), f.SQL)
	}
	var sum [32]byte
	copy(sum[:], h.Sum(nil))
	return sum
}
