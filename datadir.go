package tinybase

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/migrations"
)

// openDataDir opens a project whose database lives in opts.DataDir, as
// `supabase start` treats its volume: a new directory is built from every
// migration and the seed (and removed again if that fails, so the next
// start begins anew); an existing one gets only the migration files it has
// not applied, and none if an applied one changed or vanished.
func openDataDir(ctx context.Context, opts Options, cfg Config, d *migrations.Discovery) (*Project, error) {
	existed, err := hasDatabase(opts.DataDir)
	if err != nil {
		return nil, err
	}
	_, statErr := os.Stat(opts.DataDir)
	created := errors.Is(statErr, fs.ErrNotExist)
	eng, err := engine.Open(engine.Options{DataDir: opts.DataDir, AutoanalyzeNaptime: engine.DefaultAutoanalyzeNaptime})
	if err != nil {
		return nil, &DataDirError{Err: err}
	}
	if err := writeGitignore(opts.DataDir); err != nil {
		eng.Close()
		return nil, err
	}
	if !existed {
		p, err := build(ctx, opts, cfg, d, eng)
		if err == nil {
			err = p.seed(ctx, opts)
		}
		if err != nil {
			eng.Close()
			if created {
				os.RemoveAll(opts.DataDir)
			}
			return nil, err
		}
		p.validator = NewValidator(0)
		p.DataDir = opts.DataDir
		return p, nil
	}
	s, err := eng.Connect(engine.SessionOptions{})
	if err != nil {
		eng.Close()
		return nil, err
	}
	applied, err := migrations.Up(ctx, migrations.OnEngine(s), d.Files, opts.Applying)
	s.Close()
	if err != nil {
		eng.Close()
		return nil, err
	}
	return &Project{Config: cfg, Engine: eng, Migrations: d.Files, Warnings: d.Warnings, Applied: applied, DataDir: opts.DataDir, validator: NewValidator(0)}, nil
}

// hasDatabase reports whether dir holds a tinybase database (its format
// file is written when the directory is first opened).
func hasDatabase(dir string) (bool, error) {
	_, err := os.Stat(filepath.Join(dir, "format"))
	if err == nil {
		return true, nil
	}
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	return false, fmt.Errorf("data directory %s: %w", dir, err)
}

// writeGitignore keeps the data directory out of git.
func writeGitignore(dir string) error {
	p := filepath.Join(dir, ".gitignore")
	if _, err := os.Stat(p); err == nil {
		return nil
	}
	if err := os.WriteFile(p, []byte("*\n"), 0o644); err != nil {
		return fmt.Errorf("data directory %s: %w", dir, err)
	}
	return nil
}

// Close ends the project: for a data directory, a final checkpoint (the
// next Open replays no log) and the directory is released. An in-memory
// project has nothing to close.
func (p *Project) Close() error {
	if p.pool != nil {
		p.pool.Close()
		return nil
	}
	return p.Engine.Close()
}

// ResetDataDir removes the database in dir (the data directory files
// tinybase wrote; its snapshots stay), so the next Open rebuilds it from
// the migrations and the seed. It fails when another process holds the
// directory.
func ResetDataDir(dir string) error {
	ok, err := hasDatabase(dir)
	if err != nil || !ok {
		return err
	}
	// The engine's lock protocol: a running tinybase refuses the reset.
	unlock, err := lockDataDir(dir)
	if err != nil {
		return err
	}
	defer unlock()
	ents, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range ents {
		switch n := e.Name(); {
		case n == ".gitignore", n == "lock", n == snapshotsDir: // snapshots outlive a reset
		default:
			if err := os.RemoveAll(filepath.Join(dir, n)); err != nil {
				return fmt.Errorf("resetting data directory %s: %w", dir, err)
			}
		}
	}
	return nil
}

// Snapshot is a point in a project's database to return to.
type Snapshot struct{ e *engine.Engine }

// Snapshot takes a copy-on-write snapshot of the project's committed
// database in O(tables): a point to come back to with Restore, before a
// destructive migration for example. It lives in memory only.
func (p *Project) Snapshot() *Snapshot { return &Snapshot{p.Engine.Snapshot()} }

// Restore returns the project's database to snap, durably when the project
// has a data directory (the restored state is checkpointed).
func (p *Project) Restore(ctx context.Context, snap *Snapshot) error {
	return p.Engine.Restore(ctx, snap.e)
}

// DataDirError is a data directory that cannot be opened: locked by
// another process, of a newer format, damaged, not writable.
type DataDirError struct{ Err error }

func (e *DataDirError) Error() string { return e.Err.Error() }
func (e *DataDirError) Unwrap() error { return e.Err }
