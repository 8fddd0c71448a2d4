package lint

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

var update = flag.Bool("update", false, "rewrite testdata/lint/*/*.json from the engine (or, for cases the engine cannot load, from TINYBASE_PG_URL)")

// engineGaps are lint cases whose SQL the engine cannot express yet; they
// run against real PostgreSQL in TestLintOracle.
var engineGaps = map[string]string{}

type lintCase struct{ lint, kind, dir string }

func (c lintCase) name() string { return c.lint + "/" + c.kind }

func lintCases(t *testing.T) []lintCase {
	t.Helper()
	files, err := filepath.Glob("../testdata/lint/*/*.sql")
	if err != nil {
		t.Fatal(err)
	}
	var out []lintCase
	for _, f := range files {
		out = append(out, lintCase{filepath.Base(filepath.Dir(f)), strings.TrimSuffix(filepath.Base(f), ".sql"), filepath.Dir(f)})
	}
	if len(out) < 2*len(rules) {
		t.Fatalf("%d lint cases for %d lints: each lint needs a positive and a negative case", len(out), len(rules))
	}
	return out
}

func (c lintCase) gap() (string, bool) {
	if why, ok := engineGaps[c.name()]; ok {
		return why, true
	}
	why, ok := engineGaps[c.lint]
	return why, ok
}

// only keeps the findings of the case's lint, as indented JSON.
func only(t *testing.T, c lintCase, fs []Finding) string {
	t.Helper()
	var keep []Finding
	for _, f := range fs {
		if f.Name == c.lint {
			keep = append(keep, f)
		}
	}
	var b bytes.Buffer
	if err := FormatJSON(&b, keep); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func checkGolden(t *testing.T, c lintCase, got string) {
	t.Helper()
	path := filepath.Join(c.dir, c.kind+".json")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("%s (-want +got):\n%s", path, diff)
	}
	if c.kind == "positive" && got == "[]\n" {
		t.Errorf("%s: the positive case finds nothing", path)
	}
	if c.kind == "negative" && got != "[]\n" {
		t.Errorf("%s: the negative case finds something", path)
	}
}

func newSession(t testing.TB) *engine.Session {
	t.Helper()
	e := enginetest.New(t)
	s, err := e.Connect(engine.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}

func TestLints(t *testing.T) {
	for _, c := range lintCases(t) {
		t.Run(c.name(), func(t *testing.T) {
			if why, ok := c.gap(); ok {
				t.Skip(why)
			}
			sql, err := os.ReadFile(filepath.Join(c.dir, c.kind+".sql"))
			if err != nil {
				t.Fatal(err)
			}
			s := newSession(t)
			if _, err := s.Exec(context.Background(), string(sql)); err != nil {
				t.Fatalf("loading %s.sql: %v", c.kind, err)
			}
			fs, err := Run(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, c, only(t, c, fs))
		})
	}
}

type pgxQuerier struct{ conn *pgx.Conn }

func (q pgxQuerier) query(ctx context.Context, sql string) ([][]*string, error) {
	rows, err := q.conn.Query(ctx, sql, pgx.QueryExecModeSimpleProtocol)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out [][]*string
	for rows.Next() {
		var r []*string
		for _, v := range rows.RawValues() {
			if v == nil {
				r = append(r, nil)
			} else {
				s := string(v)
				r = append(r, &s)
			}
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// TestLintOracle runs every case on real PostgreSQL (TINYBASE_PG_URL) with
// Supabase's default grants on public to anon and authenticated, and
// checks the same goldens: the lints read PostgreSQL's catalog as they
// read the engine's.
func TestLintOracle(t *testing.T) {
	pgURL := os.Getenv("TINYBASE_PG_URL")
	if pgURL == "" {
		t.Skip("TINYBASE_PG_URL not set")
	}
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, pgURL)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close(ctx)
	// Supabase's API roles (cluster-wide; created only when missing)
	for _, r := range []string{"anon", "authenticated"} {
		if _, err := admin.Exec(ctx, fmt.Sprintf(`do $$ begin if not exists (select from pg_roles where rolname = '%s') then create role %s nologin; end if; end $$`, r, r)); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range lintCases(t) {
		t.Run(c.name(), func(t *testing.T) {
			sql, err := os.ReadFile(filepath.Join(c.dir, c.kind+".sql"))
			if err != nil {
				t.Fatal(err)
			}
			db := "lint_oracle_" + c.lint + "_" + c.kind
			admin.Exec(ctx, "drop database if exists "+db)
			if _, err := admin.Exec(ctx, "create database "+db); err != nil {
				t.Fatal(err)
			}
			defer admin.Exec(ctx, "drop database "+db)
			u, _ := url.Parse(pgURL)
			u.Path = "/" + db
			conn, err := pgx.Connect(ctx, u.String())
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close(ctx)
			script := string(sql) + "\ngrant usage on schema public to anon, authenticated;\ngrant select on all tables in schema public to anon, authenticated;\n"
			if _, err := conn.Exec(ctx, script, pgx.QueryExecModeSimpleProtocol); err != nil {
				t.Fatal(err)
			}
			rep, err := check(ctx, pgxQuerier{conn}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if len(rep.Skipped) > 0 {
				t.Fatalf("skipped on PostgreSQL: %v", rep.Skipped)
			}
			got := only(t, c, rep.Findings)
			if _, gap := c.gap(); *update && !gap {
				return // the engine wrote this golden
			}
			checkGolden(t, c, got)
		})
	}
}

func TestFormatText(t *testing.T) {
	s := newSession(t)
	if _, err := s.Exec(context.Background(), "create table a (x int); create table b (id int primary key)"); err != nil {
		t.Fatal(err)
	}
	fs, err := Run(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := FormatText(&b, fs); err != nil {
		t.Fatal(err)
	}
	want := strings.Join([]string{
		"ERROR (2)",
		"  rls_disabled_in_public  public.a  Table `public.a` is public, but RLS has not been enabled.",
		"  rls_disabled_in_public  public.b  Table `public.b` is public, but RLS has not been enabled.",
		"INFO (1)",
		"  no_primary_key  public.a  Table `public.a` does not have a primary key",
		"2 errors, 0 warnings, 1 info",
	}, "\n") + "\n"
	if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	b.Reset()
	if err := FormatText(&b, Filter(fs, LevelWarn)); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "no_primary_key") {
		t.Errorf("--level warn kept an INFO finding:\n%s", b.String())
	}
	if !HasErrors(fs) || HasErrors(Filter(fs, LevelError)[:0]) {
		t.Error("HasErrors")
	}
}

// TestFreshProjectIsClean: a new Supabase project (the engine's bootstrap)
// has no findings and every lint can run, as on hosted Supabase.
func TestFreshProjectIsClean(t *testing.T) {
	rep, err := Check(context.Background(), newSession(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Findings) != 0 || len(rep.Skipped) != 0 {
		t.Errorf("findings %+v, skipped %+v", rep.Findings, rep.Skipped)
	}
}

func TestParseLevel(t *testing.T) {
	for in, want := range map[string]Level{"error": LevelError, "WARN": LevelWarn, "warning": LevelWarn, "info": LevelInfo} {
		if got, err := ParseLevel(in); err != nil || got != want {
			t.Errorf("ParseLevel(%q) = %q, %v", in, got, err)
		}
	}
	if _, err := ParseLevel("fatal"); err == nil {
		t.Error("ParseLevel(fatal) succeeded")
	}
}
