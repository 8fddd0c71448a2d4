package migrations_test

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/migrations"
)

var (
	recordFlag = flag.Bool("record", false, "record the validation cases' expected.json from PostgreSQL at $TINYBASE_PG_URL")
	liveFlag   = flag.Bool("live", false, "check that PostgreSQL at $TINYBASE_PG_URL still answers as expected.json says")
)

// validationDir holds one sample project per case: supabase/migrations
// (the priors), candidate.sql, and expected.json recorded from PostgreSQL.
const validationDir = "../testdata/projects/validation"

// expectation is what PostgreSQL said about a case's candidate.
type expectation struct {
	OK       bool   `json:"ok"`
	Prior    string `json:"prior,omitempty"`
	SQLState string `json:"sqlstate,omitempty"`
	Message  string `json:"message,omitempty"`
	Detail   string `json:"detail,omitempty"`
	Hint     string `json:"hint,omitempty"`
	Context  string `json:"context,omitempty"`
	// InternalQuery / InternalPosition: the statement inside a function
	// that failed to parse or plan (psql's QUERY line).
	InternalQuery    string `json:"internal_query,omitempty"`
	InternalPosition int    `json:"internal_position,omitempty"`
	Line             int    `json:"line,omitempty"`
	Column           int    `json:"column,omitempty"`
}

// needsBranch lists cases whose engine support lands with another branch;
// until it is merged a mismatch there is a skip that names the branch, not
// a failure.
var needsBranch = map[string]string{}

type validationCase struct {
	name      string
	priors    []migrations.File
	candidate migrations.File
}

func loadCases(t *testing.T) []validationCase {
	t.Helper()
	ents, err := os.ReadDir(validationDir)
	if err != nil {
		t.Fatal(err)
	}
	var out []validationCase
	for _, ent := range ents {
		if !ent.IsDir() {
			continue
		}
		dir := filepath.Join(validationDir, ent.Name())
		d, err := migrations.Discover(migrations.MigrationsDir(dir), false)
		if err != nil {
			t.Fatal(err)
		}
		cand, err := os.ReadFile(filepath.Join(dir, "candidate.sql"))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, validationCase{name: ent.Name(), priors: d.Files, candidate: migrations.File{Version: "99990101000000", Name: "candidate", SQL: string(cand)}})
	}
	return out
}

func TestValidationCases(t *testing.T) {
	if *recordFlag || *liveFlag {
		recordCases(t, *recordFlag)
	}
	known := knownDifferences(t)
	v := migrations.NewValidator(migrations.Options{})
	for _, c := range loadCases(t) {
		t.Run(c.name, func(t *testing.T) {
			raw, err := os.ReadFile(filepath.Join(validationDir, c.name, "expected.json"))
			if err != nil {
				t.Fatal(err)
			}
			var want expectation
			if err := json.Unmarshal(raw, &want); err != nil {
				t.Fatal(err)
			}
			res, err := v.Validate(context.Background(), c.priors, c.candidate, false)
			if err != nil {
				t.Fatal(err)
			}
			got := expectation{OK: res.OK, Prior: res.Prior}
			if p := res.Problem; p != nil {
				got.SQLState, got.Message, got.Detail, got.Hint, got.Line, got.Column = p.SQLState, p.Message, p.Detail, p.Hint, p.Line, p.Column
				got.Context, got.InternalQuery, got.InternalPosition = p.Context, p.InternalQuery, p.InternalPosition
			}
			diff := cmp.Diff(want, got)
			if reason, ok := known[c.name]; ok {
				if diff == "" {
					t.Errorf("%s now matches PostgreSQL: remove it from known_differences.txt", c.name)
				}
				if strings.HasPrefix(reason, "outcome:") {
					t.Logf("known engine gap (%s) (-want +got):\n%s", reason, diff)
					return
				}
				if want.OK != got.OK || want.Prior != got.Prior || want.SQLState != got.SQLState {
					t.Errorf("known difference (%s) grew: outcome or SQLSTATE differs (-want +got):\n%s", reason, diff)
				}
				return
			}
			if diff != "" {
				if b, ok := needsBranch[c.name]; ok {
					t.Skipf("needs the %s branch; differs from PostgreSQL (-want +got):\n%s", b, diff)
				}
				t.Errorf("validation differs from PostgreSQL (-want +got):\n%s", diff)
			}
		})
	}
}

// recordCases applies each case to a scratch database on the PostgreSQL at
// $TINYBASE_PG_URL the way the Supabase CLI applies migrations (one
// transaction per file, statement by statement) and writes expected.json
// (write) or checks that it still says the same (live).
func recordCases(t *testing.T, write bool) {
	url := os.Getenv("TINYBASE_PG_URL")
	if url == "" {
		t.Fatal("-record needs TINYBASE_PG_URL")
	}
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	_, err = admin.Exec(ctx, "create database cli_validation_scratch")
	var pe *pgconn.PgError
	if err != nil && !(errors.As(err, &pe) && pe.Code == "42P04") {
		t.Fatal(err)
	}
	admin.Close(ctx)
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Database = "cli_validation_scratch"
	cfg.DefaultQueryExecMode = pgx.QueryExecModeSimpleProtocol
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	for _, c := range loadCases(t) {
		if _, err := conn.Exec(ctx, "drop schema if exists public cascade; create schema public"); err != nil {
			t.Fatal(err)
		}
		var exp expectation
		failed := false
		for _, f := range c.priors {
			if e := runOnPG(ctx, t, conn, f.SQL, true); e != nil {
				*e = expectation{Prior: f.Base(), SQLState: e.SQLState, Message: e.Message, Detail: e.Detail, Hint: e.Hint,
					Context: e.Context, InternalQuery: e.InternalQuery, InternalPosition: e.InternalPosition, Line: e.Line, Column: e.Column}
				exp, failed = *e, true
				break
			}
		}
		if !failed {
			if e := runOnPG(ctx, t, conn, c.candidate.SQL, false); e != nil {
				exp = *e
			} else {
				exp = expectation{OK: true}
			}
		}
		b, _ := json.MarshalIndent(exp, "", "  ")
		if !write {
			old, _ := os.ReadFile(filepath.Join(validationDir, c.name, "expected.json"))
			if string(old) != string(b)+"\n" {
				t.Errorf("%s: PostgreSQL now says %s, expected.json says %s", c.name, b, old)
			}
			continue
		}
		if err := os.WriteFile(filepath.Join(validationDir, c.name, "expected.json"), append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func runOnPG(ctx context.Context, t *testing.T, conn *pgx.Conn, script string, commit bool) *expectation {
	t.Helper()
	if _, err := conn.Exec(ctx, "begin"); err != nil {
		t.Fatal(err)
	}
	defer func() {
		end := "rollback"
		if commit {
			end = "commit"
		}
		if _, err := conn.Exec(ctx, end); err != nil {
			t.Fatal(err)
		}
	}()
	stmts, err := engine.SplitStatements(script)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range stmts {
		_, err := conn.Exec(ctx, st.SQL)
		if err == nil {
			continue
		}
		var pe *pgconn.PgError
		if !errors.As(err, &pe) {
			t.Fatal(err)
		}
		e := &expectation{SQLState: pe.Code, Message: pe.Message, Detail: pe.Detail, Hint: pe.Hint,
			Context: pe.Where, InternalQuery: pe.InternalQuery, InternalPosition: int(pe.InternalPosition)}
		pos := int(pe.Position)
		if pos == 0 {
			pos = 1 // PostgreSQL gave no position: the statement's start
		}
		pos += len([]rune(script[:st.Offset]))
		e.Line, e.Column = 1, 1
		n := 1
		for _, r := range script {
			if n >= pos {
				break
			}
			if r == '\n' {
				e.Line++
				e.Column = 1
			} else {
				e.Column++
			}
			n++
		}
		commit = false
		return e
	}
	return nil
}

// knownDifferences reads known_differences.txt: case name → reason.
func knownDifferences(t *testing.T) map[string]string {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(validationDir, "known_differences.txt"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, line := range strings.Split(string(raw), "\n") {
		if line = strings.TrimSpace(line); line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, reason, _ := strings.Cut(line, ":")
		out[strings.TrimSpace(name)] = strings.TrimSpace(reason)
	}
	return out
}
