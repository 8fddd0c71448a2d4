package migrations

import (
	"context"
	"fmt"
	"strings"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Applied is one row of supabase_migrations.schema_migrations.
type Applied struct {
	Version    string
	Name       string
	Statements []string
}

// History reads the applied migrations in version order. A database
// without the history table has an empty history.
func History(ctx context.Context, db DB) ([]Applied, error) {
	applied, _, err := history(ctx, db)
	return applied, err
}

// history is History, and whether the history table exists.
func history(ctx context.Context, db DB) ([]Applied, bool, error) {
	rows, err := db.QueryText(ctx, `SELECT count(*) FROM pg_catalog.pg_tables WHERE schemaname = 'supabase_migrations' AND tablename = 'schema_migrations'`)
	if err != nil {
		return nil, false, err
	}
	if len(rows) == 0 || rows[0][0] == nil || *rows[0][0] == "0" {
		return nil, false, nil
	}
	return readHistory(ctx, db)
}

// readHistory reads the history table, exists false when it (or its
// schema) is missing. Up reads it so, without History's pg_tables
// lookup: a restarted engine computes pg_tables for every table while
// its big tables still load, ~1 ms on an idle machine and several times
// that beside the load, on the path to `tinybase start` being ready.
func readHistory(ctx context.Context, db DB) ([]Applied, bool, error) {
	rows, err := db.QueryText(ctx, `SELECT version, coalesce(name, ''), array_to_json(coalesce(statements, '{}'::text[]))::text FROM supabase_migrations.schema_migrations ORDER BY version`)
	if pe, ok := pgerror.As(err); ok && (pe.Code == pgerror.UndefinedTable || pe.Code == pgerror.InvalidSchemaName) {
		return nil, false, nil
	}
	if err != nil {
		return nil, true, err
	}
	var out []Applied
	for _, row := range rows {
		a := Applied{Version: deref(row[0]), Name: deref(row[1])}
		stmts, err := decodeJSONStrings(deref(row[2]))
		if err != nil {
			return nil, true, err
		}
		a.Statements = stmts
		out = append(out, a)
	}
	return out, true, nil
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// DriftKind says how an applied migration differs from the files.
type DriftKind string

const (
	// DriftChanged: the file exists but its statements are not the ones applied.
	DriftChanged DriftKind = "changed"
	// DriftVanished: the migration was applied but its file is gone.
	DriftVanished DriftKind = "vanished"
)

// Drift is one applied migration that no longer matches the files.
type Drift struct {
	Version string    `json:"version"`
	Name    string    `json:"name"`
	Kind    DriftKind `json:"kind"`
}

// DriftError lists the drifted migrations.
type DriftError struct{ Drifts []Drift }

func (e *DriftError) Error() string {
	parts := make([]string, len(e.Drifts))
	for i, d := range e.Drifts {
		parts[i] = fmt.Sprintf("%s_%s.sql %s", d.Version, d.Name, d.Kind)
	}
	return "applied migrations do not match local files: " + strings.Join(parts, ", ")
}

// Pending compares the history with files: it returns the files not yet
// applied (in order) and the applied migrations whose file changed or
// vanished.
func Pending(applied []Applied, files []File) (pending []File, drift []Drift, err error) {
	byVersion := map[string]File{}
	for _, f := range files {
		byVersion[f.Version] = f
	}
	done := map[string]bool{}
	for _, a := range applied {
		done[a.Version] = true
		f, ok := byVersion[a.Version]
		if !ok {
			drift = append(drift, Drift{Version: a.Version, Name: a.Name, Kind: DriftVanished})
			continue
		}
		stmts, err := engine.SplitStatements(f.SQL)
		if err != nil || f.Name != a.Name || !sameStatements(stmts, a.Statements) {
			drift = append(drift, Drift{Version: a.Version, Name: a.Name, Kind: DriftChanged})
		}
	}
	for _, f := range files {
		if !done[f.Version] {
			pending = append(pending, f)
		}
	}
	return pending, drift, nil
}

func sameStatements(stmts []engine.Statement, applied []string) bool {
	if len(stmts) != len(applied) {
		return false
	}
	for i := range stmts {
		if stmts[i].SQL != applied[i] {
			return false
		}
	}
	return true
}

// Up applies the files db has not applied yet, in order, as `supabase
// migration up` does: it creates the history table if missing, stops with
// a *DriftError before anything runs when an applied migration's file
// changed or vanished, and applies each pending file (with its history
// row) as one transaction. progress, when not nil, is called before each
// file. It returns the files applied, up to the one that failed.
func Up(ctx context.Context, db DB, files []File, progress func(File)) ([]File, error) {
	// The history first: on a restart the table is there, and the
	// statements creating it (IF NOT EXISTS, no-ops then) need not be
	// planned on the critical path of `tinybase start`.
	applied, exists, err := readHistory(ctx, db)
	if err != nil {
		return nil, err
	}
	if !exists {
		if err := EnsureHistory(ctx, db); err != nil {
			return nil, err
		}
	}
	pending, drift, err := Pending(applied, files)
	if err != nil {
		return nil, err
	}
	if len(drift) > 0 {
		return nil, &DriftError{Drifts: drift}
	}
	for i, f := range pending {
		if progress != nil {
			progress(f)
		}
		if err := Apply(ctx, db, f); err != nil {
			return pending[:i], err
		}
	}
	return pending, nil
}
