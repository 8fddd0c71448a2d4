package migrations

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// historyDDL creates the Supabase CLI's history table (pkg/migration/history.go).
// The Supabase bootstrap (rls branch) may create it too; IF NOT EXISTS keeps
// both paths working until then.
var historyDDL = []string{
	"CREATE SCHEMA IF NOT EXISTS supabase_migrations",
	"CREATE TABLE IF NOT EXISTS supabase_migrations.schema_migrations (version text NOT NULL PRIMARY KEY, statements text[], name text)",
}

// FileError is a migration (or seed) file that failed to apply: the file,
// the statement, and PostgreSQL's error with its line and column in the
// file.
type FileError struct {
	File    File
	Seed    bool // the file is the seed, not a migration
	Problem Problem
	Err     error // the underlying *pgerror.Error (or context error)
}

func (e *FileError) Error() string {
	name := e.File.Base()
	if e.Seed {
		name = filepath.Base(e.File.Path)
	}
	return fmt.Sprintf("%s: %s", name, e.Problem.String())
}
func (e *FileError) Unwrap() error { return e.Err }

// EnsureHistory creates supabase_migrations.schema_migrations if missing.
func EnsureHistory(ctx context.Context, db DB) error {
	for _, q := range historyDDL {
		if err := db.Run(ctx, q); err != nil {
			return err
		}
	}
	return nil
}

// Apply runs f as one transaction on db and records it in the history table
// (which EnsureHistory must have created) in the same transaction, as the
// Supabase CLI sends a file and its history insert as one batch. Settings
// are reset first (the CLI's RESET ALL). On failure nothing of f remains
// and the error is a *FileError.
func Apply(ctx context.Context, db DB, f File) error {
	return runFile(ctx, db, f, true)
}

// applyUnrecorded is Apply without the history row, for validation's
// replays, where only the schema the files build matters.
func applyUnrecorded(ctx context.Context, db DB, f File) error {
	return runFile(ctx, db, f, false)
}

// Seed runs the seed file as one transaction (no history row).
func Seed(ctx context.Context, db DB, f File) error {
	err := runFile(ctx, db, f, false)
	var fe *FileError
	if errors.As(err, &fe) {
		fe.Seed = true
	}
	return err
}

func runFile(ctx context.Context, db DB, f File, record bool) error {
	for _, q := range []string{"RESET ALL", "BEGIN"} {
		if err := db.Run(ctx, q); err != nil {
			return err
		}
	}
	stmts, err := execScript(ctx, db, f.SQL)
	if err == nil && record {
		err = db.Run(ctx, historyInsert(f, stmts))
	}
	if err != nil {
		_ = db.Run(context.WithoutCancel(ctx), "ROLLBACK")
		return &FileError{File: f, Problem: problemFrom(err, f.SQL, stmts), Err: err}
	}
	if err := db.Run(ctx, "COMMIT"); err != nil {
		return &FileError{File: f, Problem: problemFrom(err, f.SQL, nil), Err: err}
	}
	return nil
}

// execScript runs script statement by statement, returning the statements
// (split as PostgreSQL's scanner splits them). The error's Position is
// relative to the script.
func execScript(ctx context.Context, db DB, script string) ([]engine.Statement, error) {
	stmts, err := engine.SplitStatements(script)
	if err != nil {
		return nil, err
	}
	for i, st := range stmts {
		if err := db.Run(ctx, st.SQL); err != nil {
			if pe, ok := pgerror.As(err); ok && pe.Position > 0 {
				pe.Position += runeCount(script[:st.Offset])
			}
			return stmts[:i+1], &failedAt{index: i, err: err}
		}
		if err := ctx.Err(); err != nil {
			return stmts[:i+1], &failedAt{index: i, err: err}
		}
	}
	return stmts, nil
}

// failedAt carries the index of the failing statement with its error.
type failedAt struct {
	index int
	err   error
}

func (f *failedAt) Error() string { return f.err.Error() }
func (f *failedAt) Unwrap() error { return f.err }

func historyInsert(f File, stmts []engine.Statement) string {
	var b strings.Builder
	b.WriteString("INSERT INTO supabase_migrations.schema_migrations (version, name, statements) VALUES (")
	b.WriteString(quote(f.Version))
	b.WriteString(", ")
	b.WriteString(quote(f.Name))
	b.WriteString(", ARRAY[")
	for i, st := range stmts {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(quote(st.SQL))
	}
	b.WriteString("]::text[])")
	return b.String()
}

// quote is a standard-conforming string literal.
func quote(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

func runeCount(s string) int {
	n := 0
	for range s {
		n++
	}
	return n
}
