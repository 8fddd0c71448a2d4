package migrations_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
	"github.com/tinybase/tinybase/migrations"
)

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestDiscover(t *testing.T) {
	tests := []struct {
		name     string
		files    map[string]string
		want     []string
		warnings int
		err      string
	}{
		{"ordered", map[string]string{"20240102000000_b.sql": "", "20240101000000_a.sql": "", "0_first.sql": ""}, []string{"0_first.sql", "20240101000000_a.sql", "20240102000000_b.sql"}, 0, ""},
		{"skips others", map[string]string{"20240101000000_a.sql": "", "notes.md": "", "a_b.sql": "", "20240101_x.txt": ""}, []string{"20240101000000_a.sql"}, 3, ""},
		{"legacy init", map[string]string{"20200101000000_init.sql": "", "20240101000000_a.sql": ""}, []string{"20240101000000_a.sql"}, 1, ""},
		{"duplicate", map[string]string{"20240101000000_a.sql": "", "20240101000000_b.sql": ""}, nil, 0, "duplicate migration version 20240101000000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, tt.files)
			d, err := migrations.Discover(dir, false)
			if tt.err != "" {
				var dup *migrations.DuplicateVersionError
				if err == nil || !strings.Contains(err.Error(), tt.err) || !errors.As(err, &dup) {
					t.Fatalf("got %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range d.Files {
				got = append(got, f.Base())
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Error(diff)
			}
			if len(d.Warnings) != tt.warnings {
				t.Errorf("warnings %q, want %d", d.Warnings, tt.warnings)
			}
		})
	}
	t.Run("missing", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "nope")
		if d, err := migrations.Discover(dir, true); err != nil || len(d.Files) != 0 {
			t.Fatalf("missingOK: %v %v", d, err)
		}
		var de *migrations.DirError
		if _, err := migrations.Discover(dir, false); !errors.As(err, &de) {
			t.Fatalf("got %v, want *DirError", err)
		}
	})
}

func TestValidName(t *testing.T) {
	for name, ok := range map[string]bool{"create_todos": true, "add-index-2": true, "A1": true, "": false, "has space": false, "a/b": false, "../x": false, "a.b": false, "_x": false, strings.Repeat("a", 101): false} {
		if err := migrations.ValidName(name); (err == nil) != ok {
			t.Errorf("ValidName(%q) = %v, want ok=%v", name, err, ok)
		}
	}
}

func TestNextVersion(t *testing.T) {
	now := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		last, want string
	}{
		{"", "20261130120000"},
		{"20240101000000", "20261130120000"},
		{"20261130120000", "20261130120001"},
		{"20300101000000", "20300101000001"},
		{"7", "20261130120000"},
	}
	for _, tt := range tests {
		var priors []migrations.File
		if tt.last != "" {
			priors = []migrations.File{{Version: tt.last}}
		}
		if got := migrations.NextVersion(now, priors); got != tt.want {
			t.Errorf("after %q: got %s, want %s", tt.last, got, tt.want)
		}
	}
}

func TestWriteAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "20240101000000_a.sql")
	if err := migrations.WriteAtomic(path, []byte("select 1;\n")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "select 1;\n" {
		t.Fatalf("content %q", b)
	}
	if err := migrations.WriteAtomic(path, []byte("x")); err == nil {
		t.Fatal("overwrote an existing file")
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Fatalf("left temp files: %v", ents)
	}
}

func TestLineColumn(t *testing.T) {
	script := "ab\ncdé\n\nf"
	tests := []struct{ pos, line, col int }{{1, 1, 1}, {2, 1, 2}, {4, 2, 1}, {6, 2, 3}, {8, 3, 1}, {9, 4, 1}}
	for _, tt := range tests {
		l, c := migrations.LineColumn(script, tt.pos)
		if l != tt.line || c != tt.col {
			t.Errorf("pos %d: got %d:%d, want %d:%d", tt.pos, l, c, tt.line, tt.col)
		}
	}
}

func candidate(sql string) migrations.File {
	return migrations.File{Version: "99990101000000", Name: "candidate", SQL: sql}
}

var priorTodos = []migrations.File{{Version: "20240101000000", Name: "todos", SQL: "create table public.todos (id bigint primary key, title text not null);"}}

func TestValidateOutcomes(t *testing.T) {
	tests := []struct {
		name     string
		sql      string
		strict   bool
		timeout  time.Duration
		outcome  migrations.Outcome
		sqlstate string
		line     int
		warnings int
	}{
		{"ok", "alter table public.todos add column done boolean not null default false;", false, 0, migrations.OutcomeOK, "", 0, 0},
		{"empty", "  -- nothing here\n/* at all */\n", false, 0, migrations.OutcomeEmpty, "", 0, 0},
		{"whitespace", " \n\t", false, 0, migrations.OutcomeEmpty, "", 0, 0},
		{"commit", "insert into public.todos values (1, 'a');\ncommit;\ndrop table public.todos;", false, 0, migrations.OutcomeTxnControl, "2D000", 2, 0},
		{"rollback", "rollback;", false, 0, migrations.OutcomeTxnControl, "2D000", 1, 0},
		{"begin", "begin;\ncreate table public.x (a int);\nend;", false, 0, migrations.OutcomeTxnControl, "2D000", 1, 0},
		{"savepoint", "savepoint s;", false, 0, migrations.OutcomeTxnControl, "2D000", 1, 0},
		{"not sql", "please add a column", false, 0, migrations.OutcomeFailed, "42601", 1, 0},
		{"truncated", "alter table public.todos add column done boolean;\ncreate table public.tags (\n  id bigint primary key,\n", false, 0, migrations.OutcomeFailed, "42601", 3, 0},
		{"second statement fails", "alter table public.todos add column done boolean;\n\nselect nope from public.todos;", false, 0, migrations.OutcomeFailed, "42703", 3, 0},
		{"reserved schema warns", "create schema if not exists storage;\ncreate table storage.buckets2 (id text primary key);", false, 0, migrations.OutcomeOK, "", 0, 1},
		{"reserved schema strict", "create schema if not exists storage;\ncreate table storage.buckets2 (id text primary key);", true, 0, migrations.OutcomeWarnings, "", 0, 1},
		{"reserved schema alter", "create schema if not exists storage;\ncreate table public.x (id int);\nalter table public.x add column y int;\ndrop table if exists storage.buckets_old;\ncreate schema if not exists auth;\ncreate table if not exists auth.users (id uuid);\nalter table auth.users add column plan text;", false, 0, migrations.OutcomeOK, "", 0, 3},
		{"exclusion constraint", "create extension if not exists btree_gist;\ncreate table public.bookings (id bigint generated always as identity primary key, room_id int not null, during tstzrange not null,\n  exclude using gist (room_id with =, during with &&));\ninsert into public.bookings (room_id, during) values (1, '[2024-01-01 10:00, 2024-01-01 11:00)');", false, 0, migrations.OutcomeOK, "", 0, 0},
		{"exclusion conflict", "create extension if not exists btree_gist;\ncreate table public.bookings (room_id int, during tstzrange, exclude using gist (room_id with =, during with &&));\ninsert into public.bookings values (1, '[2024-01-01 10:00, 2024-01-01 11:00)');\ninsert into public.bookings values (1, '[2024-01-01 10:30, 2024-01-01 12:00)');", false, 0, migrations.OutcomeFailed, "23P01", 4, 0},
		{"exclusion without btree_gist", "create table public.bookings (room_id int, exclude using gist (room_id with =));", false, 0, migrations.OutcomeFailed, "42704", 1, 0},
		{"timeout", "select count(*) from generate_series(1, 1000000000);", false, 200 * time.Millisecond, migrations.OutcomeTimeout, "57014", 1, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := migrations.NewValidator(migrations.Options{Timeout: tt.timeout})
			start := time.Now()
			res, err := v.Validate(context.Background(), priorTodos, candidate(tt.sql), tt.strict)
			if err != nil {
				t.Fatal(err)
			}
			if tt.timeout > 0 && time.Since(start) > 10*tt.timeout+2*time.Second {
				t.Errorf("timeout not honoured: took %v", time.Since(start))
			}
			if res.Outcome != tt.outcome || res.OK != (tt.outcome == migrations.OutcomeOK) {
				t.Fatalf("outcome %s ok=%v, want %s (%+v)", res.Outcome, res.OK, tt.outcome, res.Problem)
			}
			if tt.sqlstate != "" && (res.Problem == nil || res.Problem.SQLState != tt.sqlstate || res.Problem.Line != tt.line) {
				t.Errorf("problem %+v, want SQLSTATE %s at line %d", res.Problem, tt.sqlstate, tt.line)
			}
			if len(res.Warnings) != tt.warnings {
				t.Errorf("warnings %+v, want %d", res.Warnings, tt.warnings)
			}
		})
	}
}

// TestTransactionControlNames: the refusal names the statement by its
// keywords.
func TestTransactionControlNames(t *testing.T) {
	tests := []struct{ sql, want string }{
		{"commit;", "COMMIT"},
		{"end;", "END"},
		{"abort;", "ABORT"},
		{"start transaction;", "START TRANSACTION"},
		{"savepoint a;\nrollback to a;", "SAVEPOINT"},
		{"rollback to savepoint a;", "ROLLBACK TO SAVEPOINT"},
		{"prepare transaction 'x';", "PREPARE TRANSACTION"},
		{"commit prepared 'x';", "COMMIT PREPARED"},
	}
	v := migrations.NewValidator(migrations.Options{})
	for _, tt := range tests {
		res, err := v.Validate(context.Background(), priorTodos, candidate(tt.sql), false)
		if err != nil {
			t.Fatal(err)
		}
		want := "transaction control statement " + tt.want + " is not allowed in a migration"
		if res.Outcome != migrations.OutcomeTxnControl || res.Problem.Message != want {
			t.Errorf("%q: %s %q, want %q", tt.sql, res.Outcome, res.Problem.Message, want)
		}
	}
}

// TestValidateNeverTouchesCache: a candidate that changes data or schema
// leaves the cached prior state as it was, so the next candidate sees the
// priors only.
func TestValidateNeverTouchesCache(t *testing.T) {
	v := migrations.NewValidator(migrations.Options{})
	ctx := context.Background()
	for _, sql := range []string{"drop table public.todos;", "insert into public.todos values (1, 'a');"} {
		if res, err := v.Validate(ctx, priorTodos, candidate(sql), false); err != nil || !res.OK {
			t.Fatalf("%s: %v %+v", sql, err, res)
		}
	}
	res, err := v.Validate(ctx, priorTodos, candidate("insert into public.todos values (1, 'a');"), false)
	if err != nil || !res.OK {
		t.Fatalf("cached state was modified: %v %+v", err, res.Problem)
	}
}

// TestValidatePrefixCache: adding a migration replays only the new file.
func TestValidatePrefixCache(t *testing.T) {
	v := migrations.NewValidator(migrations.Options{})
	ctx := context.Background()
	if res, err := v.Validate(ctx, priorTodos, candidate("select 1;"), false); err != nil || !res.OK {
		t.Fatal(err, res)
	}
	// The first prior is rewritten on disk but the cache must not be
	// fooled: its hash changes, so the new content is replayed.
	changed := []migrations.File{{Version: "20240101000000", Name: "todos", SQL: "create table public.todos (id bigint primary key);"}}
	res, err := v.Validate(ctx, changed, candidate("select title from public.todos;"), false)
	if err != nil {
		t.Fatal(err)
	}
	if res.OK || res.Problem.SQLState != "42703" {
		t.Fatalf("validated against a stale cache: %+v", res)
	}
	more := append(append([]migrations.File{}, priorTodos...), migrations.File{Version: "20240102000000", Name: "tags", SQL: "create table public.tags (id int);"})
	if res, err := v.Validate(ctx, more, candidate("select t.title, g.id from public.todos t, public.tags g;"), false); err != nil || !res.OK {
		t.Fatalf("got %v %+v", err, res.Problem)
	}
}

func TestPriorFailure(t *testing.T) {
	v := migrations.NewValidator(migrations.Options{})
	priors := append(append([]migrations.File{}, priorTodos...), migrations.File{Version: "20240102000000", Name: "broken", SQL: "alter table public.todo add column x int;"})
	res, err := v.Validate(context.Background(), priors, candidate("select 1;"), false)
	if err != nil {
		t.Fatal(err)
	}
	if res.Outcome != migrations.OutcomePriorFailed || res.Prior != "20240102000000_broken.sql" || res.Problem.SQLState != "42P01" {
		t.Fatalf("got %+v %+v", res, res.Problem)
	}
}

func TestApplyHistoryAndDrift(t *testing.T) {
	ctx := context.Background()
	eng := enginetest.New(t)
	s, err := eng.Connect(engine.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := migrations.EnsureHistory(ctx, migrations.OnEngine(s)); err != nil {
		t.Fatal(err)
	}
	files := []migrations.File{
		{Version: "20240101000000", Name: "a", SQL: "create table public.a (id int);\ninsert into public.a values (1);"},
		{Version: "20240102000000", Name: "b", SQL: "create table public.b (id int);"},
		{Version: "20240103000000", Name: "c", SQL: "create table public.c (id int);"},
	}
	for _, f := range files[:2] {
		if err := migrations.Apply(ctx, migrations.OnEngine(s), f); err != nil {
			t.Fatal(err)
		}
	}
	// A failing file leaves nothing behind, its history row included.
	bad := migrations.File{Version: "20240104000000", Name: "bad", SQL: "create table public.d (id int);\ninsert into public.d values ('x');"}
	var fe *migrations.FileError
	if err := migrations.Apply(ctx, migrations.OnEngine(s), bad); !errors.As(err, &fe) || fe.Problem.SQLState != "22P02" || fe.Problem.Line != 2 {
		t.Fatalf("got %v", err)
	}
	if _, err := s.Exec(ctx, "select * from public.d"); err == nil {
		t.Fatal("failed migration left its table behind")
	}
	applied, err := migrations.History(ctx, migrations.OnEngine(s))
	if err != nil {
		t.Fatal(err)
	}
	want := []migrations.Applied{
		{Version: "20240101000000", Name: "a", Statements: []string{"create table public.a (id int)", "insert into public.a values (1)"}},
		{Version: "20240102000000", Name: "b", Statements: []string{"create table public.b (id int)"}},
	}
	if diff := cmp.Diff(want, applied); diff != "" {
		t.Fatalf("history (-want +got):\n%s", diff)
	}
	pending, drift, _ := migrations.Pending(applied, files)
	if len(drift) != 0 || len(pending) != 1 || pending[0].Name != "c" {
		t.Fatalf("pending %v drift %v", pending, drift)
	}
	edited := []migrations.File{{Version: "20240101000000", Name: "a", SQL: "create table public.a (id bigint);"}, files[2]}
	_, drift, _ = migrations.Pending(applied, edited)
	wantDrift := []migrations.Drift{{Version: "20240101000000", Name: "a", Kind: migrations.DriftChanged}, {Version: "20240102000000", Name: "b", Kind: migrations.DriftVanished}}
	if diff := cmp.Diff(wantDrift, drift); diff != "" {
		t.Fatalf("drift (-want +got):\n%s", diff)
	}
}

// noPrimaryKey is a real lint over the session's catalog (splinter's
// 0004_no_primary_key), to test how validation diffs findings.
func noPrimaryKey(ctx context.Context, s *engine.Session) ([]migrations.Finding, error) {
	res, err := s.Exec(ctx, `select c.relname from pg_catalog.pg_class c
		join pg_catalog.pg_namespace n on n.oid = c.relnamespace
		where n.nspname = 'public' and c.relkind = 'r'
		  and not exists (select 1 from pg_catalog.pg_index i where i.indrelid = c.oid and i.indisprimary)
		order by 1`)
	if err != nil {
		return nil, err
	}
	var out []migrations.Finding
	for _, r := range res[0].Rows {
		out = append(out, migrations.Finding{Key: "no_primary_key_public_" + *r[0], Level: "INFO", Name: "no_primary_key", Message: "Table `public." + *r[0] + "` does not have a primary key"})
	}
	return out, nil
}

func TestValidateLintIntroduced(t *testing.T) {
	v := migrations.NewValidator(migrations.Options{Lint: noPrimaryKey})
	ctx := context.Background()
	priors := append(append([]migrations.File{}, priorTodos...), migrations.File{Version: "20240102000000", Name: "log", SQL: "create table public.log (line text);"})
	// public.log already lacks a key: not the candidate's doing.
	res, err := v.Validate(ctx, priors, candidate("create table public.events (at timestamptz);\ncreate table public.keyed (id int primary key);"), false)
	if err != nil {
		t.Fatal(err)
	}
	if !res.OK || len(res.Warnings) != 1 || res.Warnings[0].Lint == nil || res.Warnings[0].Lint.Key != "no_primary_key_public_events" {
		t.Fatalf("got %+v", res.Warnings)
	}
	res, err = v.Validate(ctx, priors, candidate("create table public.events (at timestamptz);"), true)
	if err != nil || res.OK || res.Outcome != migrations.OutcomeWarnings {
		t.Fatalf("strict: %v %+v", err, res)
	}
	res, err = v.Validate(ctx, priors, candidate("alter table public.log add column id int;\nupdate public.log set id = 1;\nalter table public.log add primary key (id);"), true)
	if err != nil || !res.OK || len(res.Warnings) != 0 {
		t.Fatalf("fixing a finding is not a warning: %v %+v", err, res)
	}
}

// TestValidateLintAfterFailedCandidate: the lint of the priors starts while
// the candidate applies; a failing candidate cancels it, and the next
// validation still diffs against the priors' complete findings.
func TestValidateLintAfterFailedCandidate(t *testing.T) {
	v := migrations.NewValidator(migrations.Options{Lint: noPrimaryKey})
	ctx := context.Background()
	priors := append(append([]migrations.File{}, priorTodos...), migrations.File{Version: "20240102000000", Name: "log", SQL: "create table public.log (line text);"})
	res, err := v.Validate(ctx, priors, candidate("select * from public.missing;"), false)
	if err != nil || res.OK || res.Outcome != migrations.OutcomeFailed {
		t.Fatalf("failing candidate: %v %+v", err, res)
	}
	for i := 0; i < 2; i++ {
		res, err = v.Validate(ctx, priors, candidate("create table public.events (at timestamptz);"), false)
		if err != nil {
			t.Fatal(err)
		}
		if !res.OK || len(res.Warnings) != 1 || res.Warnings[0].Lint == nil || res.Warnings[0].Lint.Key != "no_primary_key_public_events" {
			t.Fatalf("validation %d: got %+v", i, res.Warnings)
		}
	}
}
