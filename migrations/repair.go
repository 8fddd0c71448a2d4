package migrations

import (
	"context"
	"fmt"
	"strings"

	"github.com/tinybase/tinybase/engine"
)

// Repair statuses, as `supabase migration repair --status` names them.
const (
	RepairApplied  = "applied"
	RepairReverted = "reverted"
)

// RepairError is a repair refused before the database was touched: a bad
// version, status, or an applied version with no local file.
type RepairError struct{ Msg string }

func (e *RepairError) Error() string { return e.Msg }

// Repair is an edit of the history table that runs no migration, as
// `supabase migration repair` makes: status applied inserts each version's
// row (version, name and statements of its local file, as Apply records
// them), reverted deletes the rows.
type Repair struct{ stmts []string }

// NewRepair checks the versions against the local files before any
// database is touched (a *RepairError when they do not fit).
func NewRepair(files []File, versions []string, status string) (*Repair, error) {
	if status != RepairApplied && status != RepairReverted {
		return nil, &RepairError{fmt.Sprintf("invalid --status %q: must be applied or reverted", status)}
	}
	if len(versions) == 0 {
		return nil, &RepairError{"no version given"}
	}
	byVersion := make(map[string]File, len(files))
	for _, f := range files {
		byVersion[f.Version] = f
	}
	var stmts []string
	for _, v := range versions {
		if v == "" || strings.Trim(v, "0123456789") != "" {
			return nil, &RepairError{fmt.Sprintf("failed to parse %s: invalid version number", v)}
		}
		if status == RepairReverted {
			continue
		}
		f, ok := byVersion[v]
		if !ok {
			return nil, &RepairError{fmt.Sprintf("no local migration with version %s in supabase/migrations", v)}
		}
		split, err := engine.SplitStatements(f.SQL)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.Base(), err)
		}
		stmts = append(stmts, historyInsert(f, split))
	}
	if status == RepairReverted {
		quoted := make([]string, len(versions))
		for i, v := range versions {
			quoted[i] = quote(v)
		}
		stmts = append(stmts, "DELETE FROM supabase_migrations.schema_migrations WHERE version IN ("+strings.Join(quoted, ", ")+")")
	}
	return &Repair{stmts}, nil
}

// NewRepairAll is `supabase migration repair --status S` with no
// version: the whole history is rewritten to match the local files —
// emptied, then (status applied) one row per file, as Apply records them.
func NewRepairAll(files []File, status string) (*Repair, error) {
	if status != RepairApplied && status != RepairReverted {
		return nil, &RepairError{fmt.Sprintf("invalid --status %q: must be applied or reverted", status)}
	}
	stmts := []string{"TRUNCATE supabase_migrations.schema_migrations"}
	if status == RepairApplied {
		for _, f := range files {
			split, err := engine.SplitStatements(f.SQL)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", f.Base(), err)
			}
			stmts = append(stmts, historyInsert(f, split))
		}
	}
	return &Repair{stmts}, nil
}

// Run makes the edit on db in one transaction (creating the history table
// if missing), so a failure changes nothing.
func (r *Repair) Run(ctx context.Context, db DB) error {
	if err := db.Run(ctx, "BEGIN"); err != nil {
		return err
	}
	err := EnsureHistory(ctx, db)
	for _, q := range r.stmts {
		if err != nil {
			break
		}
		err = db.Run(ctx, q)
	}
	if err != nil {
		_ = db.Run(context.WithoutCancel(ctx), "ROLLBACK")
		return fmt.Errorf("failed to update migration table: %w", err)
	}
	return db.Run(ctx, "COMMIT")
}
