package migrations

import (
	"context"
	"fmt"
	"strings"

	"github.com/tinybase/tinybase/engine"
)

// Applied is one row of supabase_migrations.schema_migrations.
type Applied struct {
	Version    string
	Name       string
	Statements []string
}

// History reads the applied migrations in version order. A database
// without the history table has an empty history.
func History(ctx context.Context, s *engine.Session) ([]Applied, error) {
	res, err := s.Exec(ctx, `SELECT count(*) FROM pg_catalog.pg_tables WHERE schemaname = 'supabase_migrations' AND tablename = 'schema_migrations'`)
	if err != nil {
		return nil, err
	}
	if len(res) == 0 || len(res[0].Rows) == 0 || res[0].Rows[0][0] == nil || *res[0].Rows[0][0] == "0" {
		return nil, nil
	}
	res, err = s.Exec(ctx, `SELECT version, coalesce(name, ''), array_to_json(coalesce(statements, '{}'::text[]))::text FROM supabase_migrations.schema_migrations ORDER BY version`)
	if err != nil {
		return nil, err
	}
	var out []Applied
	for _, row := range res[0].Rows {
		a := Applied{Version: deref(row[0]), Name: deref(row[1])}
		stmts, err := decodeJSONStrings(deref(row[2]))
		if err != nil {
			return nil, err
		}
		a.Statements = stmts
		out = append(out, a)
	}
	return out, nil
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
