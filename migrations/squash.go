package migrations

import (
	"context"
	"fmt"
	"strings"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/schemadiff"
)

// DiffFromFiles returns the statements that turn the database the files
// build (a fresh shadow from newEngine; nil: engine.Open) into db's
// schema, as `supabase db diff` computes them: the shadow is the "from"
// side, db the "to" side.
func DiffFromFiles(ctx context.Context, db DB, files []File, newEngine func() (*engine.Engine, error), f schemadiff.Filter) ([]string, error) {
	shadow, err := Shadow(ctx, newEngine, files)
	if err != nil {
		return nil, err
	}
	defer shadow.Close()
	from, err := inspectEngine(ctx, shadow, f)
	if err != nil {
		return nil, err
	}
	to, err := schemadiff.Inspect(ctx, db, f)
	if err != nil {
		return nil, err
	}
	return schemadiff.Diff(from, to), nil
}

func inspectEngine(ctx context.Context, e *engine.Engine, f schemadiff.Filter) (*schemadiff.Schema, error) {
	s, err := e.Connect(engine.SessionOptions{})
	if err != nil {
		return nil, err
	}
	defer s.Close()
	return schemadiff.Inspect(ctx, OnEngine(s), f)
}

// SquashFilter is what a squashed migration covers: the project's schemas
// and what migrations changed in auth and storage.
var SquashFilter = schemadiff.Filter{Also: []string{"auth", "storage"}}

// SquashError is a squash refused before anything was written.
type SquashError struct{ Msg string }

func (e *SquashError) Error() string { return e.Msg }

// Squash is `supabase migration squash`'s plan: the files up to and
// including a version (all when none is given) become one file with the
// last one's version and name, holding the schema they build (the diff
// from a fresh database to the shadow after them; data statements do not
// survive, as in the CLI). Removed are the files it replaces. A single
// file to squash gives Removed empty and File unchanged.
type Squash struct {
	File    File
	Removed []File
}

// PlanSquash builds the squashed file (a *SquashError for a version with
// no file; a *FileError for a file that does not apply).
func PlanSquash(ctx context.Context, files []File, version string, newEngine func() (*engine.Engine, error)) (*Squash, error) {
	upTo := len(files)
	if version != "" {
		if strings.Trim(version, "0123456789") != "" {
			return nil, &SquashError{fmt.Sprintf("failed to parse %s: invalid version number", version)}
		}
		upTo = -1
		for i, f := range files {
			if f.Version == version {
				upTo = i + 1
			}
		}
		if upTo < 0 {
			return nil, &SquashError{fmt.Sprintf("no local migration with version %s in supabase/migrations", version)}
		}
	}
	if upTo == 0 {
		return nil, &SquashError{"no migrations to squash in supabase/migrations"}
	}
	squashed := files[:upTo]
	last := squashed[len(squashed)-1]
	if len(squashed) == 1 {
		return &Squash{File: last}, nil
	}
	if newEngine == nil {
		newEngine = func() (*engine.Engine, error) { return engine.Open(engine.Options{}) }
	}
	empty, err := newEngine()
	if err != nil {
		return nil, err
	}
	defer empty.Close()
	from, err := inspectEngine(ctx, empty, SquashFilter)
	if err != nil {
		return nil, err
	}
	shadow, err := Shadow(ctx, newEngine, squashed)
	if err != nil {
		return nil, err
	}
	defer shadow.Close()
	to, err := inspectEngine(ctx, shadow, SquashFilter)
	if err != nil {
		return nil, err
	}
	out := last
	out.SQL = schemadiff.Format(schemadiff.Diff(from, to))
	return &Squash{File: out, Removed: squashed[:len(squashed)-1]}, nil
}

// Baseline rewrites db's history for a squash, as the Supabase CLI does
// for the database it squashes against: the rows up to f's version go
// and f's row (its new statements) takes their place, in one transaction.
func Baseline(ctx context.Context, db DB, f File) error {
	stmts, err := engine.SplitStatements(f.SQL)
	if err != nil {
		return fmt.Errorf("%s: %w", f.Base(), err)
	}
	if err := db.Run(ctx, "BEGIN"); err != nil {
		return err
	}
	err = EnsureHistory(ctx, db)
	for _, q := range []string{"DELETE FROM supabase_migrations.schema_migrations WHERE version <= " + quote(f.Version), historyInsert(f, stmts)} {
		if err != nil {
			break
		}
		err = db.Run(ctx, q)
	}
	if err != nil {
		_ = db.Run(context.WithoutCancel(ctx), "ROLLBACK")
		return fmt.Errorf("failed to update migration history: %w", err)
	}
	return db.Run(ctx, "COMMIT")
}
