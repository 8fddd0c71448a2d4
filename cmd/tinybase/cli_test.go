package main_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// bin is the tinybase binary built once for these tests.
var bin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "tinybase-cli-test")
	if err != nil {
		panic(err)
	}
	bin = filepath.Join(dir, "tinybase")
	// Every server these tests start serves the dashboard and the mail
	// inbox on free ports, not on Studio's 54323 and Inbucket's 54324.
	os.Setenv("TINYBASE_STUDIO_PORT", "0")
	os.Setenv("TINYBASE_INBOX_PORT", "0")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		panic(string(out))
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

type result struct {
	code           int
	stdout, stderr string
}

func tinybase(t *testing.T, dir, stdin string, args ...string) result {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return result{code, out.String(), errb.String()}
}

// newProject makes a project directory with supabase/migrations holding
// files.
func newProject(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "supabase", "migrations"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, "supabase", name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func migrationFiles(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(filepath.Join(dir, "supabase", "migrations"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		out = append(out, e.Name())
	}
	return out
}

const todos = "create table public.todos (id bigint primary key, title text not null);\n"

func TestMigrationNew(t *testing.T) {
	tests := []struct {
		name      string
		args      []string
		stdin     string
		noProject bool
		dup       bool
		code      int
		stderr    string // substring of the one stderr line
		written   bool
	}{
		{"ok", []string{"add_done"}, "alter table public.todos add column done boolean;", false, false, 0, "", true},
		{"fails", []string{"bad"}, "alter table public.todos\n  add column x int;\nselect nope from public.todos;", false, false, 1, `ERROR: column "nope" does not exist (SQLSTATE 42703) at `, false},
		{"not sql", []string{"prose"}, "Add a done column please", false, false, 1, "(SQLSTATE 42601)", false},
		{"unterminated", []string{"quote"}, "select 1;\nselect 'abc\n", false, false, 1, `ERROR: unterminated quoted string at or near "'abc\n" (SQLSTATE 42601) at `, false},
		{"empty", []string{"empty"}, "-- nothing\n", false, false, 5, "migration is empty", false},
		{"commit", []string{"escape"}, "insert into public.todos values (1, 'a');\ncommit;", false, false, 8, "transaction control statement COMMIT", false},
		{"space in name", []string{"bad name"}, "select 1;", false, false, 2, "invalid migration name", false},
		{"slash in name", []string{"a/b"}, "select 1;", false, false, 2, "invalid migration name", false},
		{"no name", nil, "select 1;", false, false, 2, "accepts 1 arg", false},
		{"unknown flag", []string{"x", "--bogus"}, "select 1;", false, false, 2, "unknown flag", false},
		{"no project", []string{"x"}, "select 1;", true, false, 2, "no supabase/ folder", false},
		{"missing file", []string{"x", "--file", "nope.sql"}, "", false, false, 3, "cannot read candidate nope.sql", false},
		{"duplicate versions", []string{"x"}, "select 1;", false, true, 4, "duplicate migration version", false},
		{"timeout", []string{"slow", "--timeout", "300ms"}, "select count(*) from generate_series(1, 1000000000);", false, false, 7, "timed out", false},
		{"strict", []string{"reserved", "--strict"}, "create schema if not exists storage;\ncreate table storage.extra (id int);", false, false, 9, "--strict", false},
		{"reserved warns", []string{"reserved"}, "create schema if not exists storage;\ncreate table storage.extra (id int);", false, false, 0, "WARNING: statement 2 creates a table in schema \"storage\"", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{"migrations/20240101000000_todos.sql": todos}
			if tt.dup {
				files["migrations/20240101000000_other.sql"] = "select 1;"
			}
			dir := newProject(t, files)
			if tt.noProject {
				dir = t.TempDir()
			}
			before := 0
			if !tt.noProject {
				before = len(migrationFiles(t, dir))
			}
			r := tinybase(t, dir, tt.stdin, append([]string{"migration", "new"}, tt.args...)...)
			if r.code != tt.code {
				t.Fatalf("exit %d, want %d\nstdout: %s\nstderr: %s", r.code, tt.code, r.stdout, r.stderr)
			}
			if !strings.Contains(r.stderr, tt.stderr) {
				t.Errorf("stderr %q does not contain %q", r.stderr, tt.stderr)
			}
			if tt.code != 0 {
				var errLines []string
				for _, l := range strings.Split(strings.TrimSpace(r.stderr), "\n") {
					if !strings.HasPrefix(l, "WARNING: ") {
						errLines = append(errLines, l)
					}
				}
				if len(errLines) != 1 {
					t.Errorf("the error is not one line: %q", r.stderr)
				}
			}
			after := 0
			if !tt.noProject {
				after = len(migrationFiles(t, dir))
			}
			if wrote := after > before; wrote != tt.written {
				t.Errorf("wrote a file: %v, want %v", wrote, tt.written)
			}
		})
	}
}

// TestMigrationNewJSON checks the documented JSON shape and that a written
// file holds exactly the candidate.
func TestMigrationNewJSON(t *testing.T) {
	dir := newProject(t, map[string]string{"migrations/20240101000000_todos.sql": todos})
	cand := filepath.Join(dir, "cand.sql")
	sql := "alter table public.todos\n  add column due date default 'soon';\n"
	os.WriteFile(cand, []byte(sql), 0o644)
	r := tinybase(t, dir, "", "migration", "new", "due", "--file", cand, "--json")
	if r.code != 1 {
		t.Fatalf("exit %d: %s %s", r.code, r.stdout, r.stderr)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatalf("%v: %q", err, r.stdout)
	}
	for _, k := range []string{"ok", "outcome", "file", "prior", "statement", "sqlstate", "message", "detail", "hint", "position", "line", "column", "warnings"} {
		if _, ok := got[k]; !ok {
			t.Errorf("JSON lacks %q: %s", k, r.stdout)
		}
	}
	if got["ok"] != false || got["sqlstate"] != "22007" || got["file"] != nil || got["outcome"] != "candidate_failed" {
		t.Errorf("got %s", r.stdout)
	}

	sql = "alter table public.todos add column due date;\n"
	os.WriteFile(cand, []byte(sql), 0o644)
	r = tinybase(t, dir, "", "migration", "new", "due", "--file", cand, "--json", "--dir", dir)
	if r.code != 0 {
		t.Fatalf("exit %d: %s %s", r.code, r.stdout, r.stderr)
	}
	got = nil
	json.Unmarshal([]byte(r.stdout), &got)
	path, _ := got["file"].(string)
	if got["ok"] != true || !strings.HasSuffix(path, "_due.sql") {
		t.Fatalf("got %s", r.stdout)
	}
	if b, err := os.ReadFile(path); err != nil || string(b) != sql {
		t.Fatalf("file %q: %q %v", path, b, err)
	}
	name := filepath.Base(path)
	if len(name) != len("20060102150405_due.sql") || name <= "20240101000000_todos.sql" {
		t.Fatalf("file name %s", name)
	}
	// The next candidate builds on the file just written.
	r = tinybase(t, dir, "select due from public.todos;", "migration", "validate")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
}

func TestMigrationValidateListReset(t *testing.T) {
	dir := newProject(t, map[string]string{
		"migrations/20240101000000_todos.sql": todos,
		"migrations/20240102000000_done.sql":  "alter table public.todos add column done boolean;",
		"migrations/README.md":                "not a migration",
		"seed.sql":                            "insert into public.todos values (1, 'a', false);",
	})
	// An existing file validates on top of the files before it only.
	r := tinybase(t, dir, "", "migration", "validate", "supabase/migrations/20240102000000_done.sql")
	if r.code != 0 || !strings.Contains(r.stdout, "1 migration") || !strings.Contains(r.stderr, "skipping migration README.md") {
		t.Fatalf("exit %d: %s %s", r.code, r.stdout, r.stderr)
	}
	r = tinybase(t, dir, "", "migration", "list", "--json")
	var entries []struct{ Version, Status string }
	if err := json.Unmarshal([]byte(r.stdout), &entries); err != nil || r.code != 0 || len(entries) != 2 || entries[1].Status != "applied" {
		t.Fatalf("exit %d: %s %v", r.code, r.stdout, err)
	}
	r = tinybase(t, dir, "", "db", "reset")
	if r.code != 0 || !strings.Contains(r.stdout, "Finished tinybase db reset") {
		t.Fatalf("exit %d: %s %s", r.code, r.stdout, r.stderr)
	}
	// A broken prior: list reports it, validate blames it, not the candidate.
	os.WriteFile(filepath.Join(dir, "supabase/migrations/20240103000000_broken.sql"), []byte("alter table public.todo add column x int;"), 0o644)
	r = tinybase(t, dir, "", "migration", "list")
	if r.code != 6 || !strings.Contains(r.stdout, "failed: ERROR: relation") {
		t.Fatalf("exit %d: %s %s", r.code, r.stdout, r.stderr)
	}
	r = tinybase(t, dir, "select 1;", "migration", "validate", "--json")
	if r.code != 6 || !strings.Contains(r.stdout, `"prior":"20240103000000_broken.sql"`) || !strings.Contains(r.stderr, "prior migration 20240103000000_broken.sql does not apply") {
		t.Fatalf("exit %d: %s %s", r.code, r.stdout, r.stderr)
	}
	r = tinybase(t, dir, "", "db", "reset")
	if r.code != 6 {
		t.Fatalf("exit %d: %s %s", r.code, r.stdout, r.stderr)
	}
	// Unreadable migrations folder.
	if os.Getuid() != 0 {
		os.Chmod(filepath.Join(dir, "supabase/migrations"), 0)
		defer os.Chmod(filepath.Join(dir, "supabase/migrations"), 0o755)
		if r = tinybase(t, dir, "select 1;", "migration", "validate"); r.code != 3 {
			t.Fatalf("exit %d: %s", r.code, r.stderr)
		}
	}
}

func TestVersionAndUsage(t *testing.T) {
	if r := tinybase(t, t.TempDir(), "", "--version"); r.code != 0 || !strings.HasPrefix(r.stdout, "tinybase version ") {
		t.Fatalf("%+v", r)
	}
	if r := tinybase(t, t.TempDir(), "", "frobnicate"); r.code != 2 {
		t.Fatalf("%+v", r)
	}
	if r := tinybase(t, t.TempDir(), "select 1 as x;", "sql"); r.code != 0 || r.stdout != "x\n1\nSELECT 1\n" {
		t.Fatalf("%+v", r)
	}
	if r := tinybase(t, newProject(t, nil), "", "start", "--memory", "--data-dir", "x"); r.code != 2 || !strings.Contains(r.stderr, "cannot be used together") {
		t.Fatalf("%+v", r)
	}
}

// TestStart runs `tinybase start` on ephemeral ports, reads the status
// block, hits the API, checks `status`, and stops it with SIGINT.
func TestStart(t *testing.T) {
	dir := newProject(t, map[string]string{
		"migrations/20240101000000_todos.sql": todos,
		"seed.sql":                            "insert into public.todos values (1, 'a');",
		"config.toml":                         "[api]\nport = 1\n[auth]\njwt_expiry = 60\n",
	})
	cmd := exec.Command(bin, "start", "--port", "0", "--db-port", "0")
	cmd.Dir = dir
	stdout, _ := cmd.StdoutPipe()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	sc := bufio.NewScanner(stdout)
	status := map[string]string{}
	deadline := time.After(30 * time.Second)
	lines := make(chan string)
	go func() {
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	for len(status) < 6 {
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatalf("start exited: %s", stderr.String())
			}
			if k, v, ok := strings.Cut(l, ": "); ok {
				status[strings.TrimSpace(k)] = v
			}
		case <-deadline:
			t.Fatal("start did not print its status")
		}
	}
	if !strings.HasPrefix(status["DB URL"], "postgresql://postgres:postgres@127.0.0.1:") || !strings.HasPrefix(status["anon key"], "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.") {
		t.Fatalf("status %v", status)
	}
	resp, err := http.Get(status["API URL"] + "/rest/v1/todos")
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.Header.Get("Access-Control-Allow-Origin") != "*" && resp.Header.Get("Vary") == "" {
		t.Logf("headers %v", resp.Header)
	}
	port := status["API URL"][strings.LastIndex(status["API URL"], ":")+1:]
	dbPort := status["DB URL"][strings.LastIndex(status["DB URL"], ":")+1 : strings.LastIndex(status["DB URL"], "/")]
	// migration up applies a new file to the running database over the
	// wire, once; an edited applied file is drift.
	next := filepath.Join(dir, "supabase/migrations/20240102000000_done.sql")
	os.WriteFile(next, []byte("alter table public.todos add column done boolean not null default false;\nupdate public.todos set done = true;"), 0o644)
	if r := tinybase(t, dir, "", "migration", "up"); r.code != 0 || !strings.Contains(r.stdout, "Applied 1 migration(s)") {
		t.Fatalf("up: %+v", r)
	}
	if r := tinybase(t, dir, "", "migration", "up", "--db-port", dbPort); r.code != 0 || !strings.Contains(r.stdout, "up to date") {
		t.Fatalf("second up: %+v", r)
	}
	os.WriteFile(next, []byte("select 1;"), 0o644)
	if r := tinybase(t, dir, "", "migration", "up", "--db-port", dbPort); r.code != 10 || !strings.Contains(r.stderr, "20240102000000_done.sql changed") {
		t.Fatalf("drift: %+v", r)
	}
	if r := tinybase(t, dir, "", "status", "-o", "env"); r.code != 0 || !strings.Contains(r.stdout, `ANON_KEY="eyJ`) || !strings.Contains(r.stdout, `API_URL="http://127.0.0.1:`+port+`"`) {
		t.Fatalf("status: %+v", r)
	}
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		for range lines {
		}
		done <- cmd.Wait()
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("start exited with %v: %s", err, stderr.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("start did not stop on SIGINT")
	}
	if r := tinybase(t, dir, "", "status"); r.code != 11 || !strings.Contains(r.stderr, "not running") {
		t.Fatalf("status after stop: %+v", r)
	}
	// A failing seed stops start with exit 6.
	os.WriteFile(filepath.Join(dir, "supabase/seed.sql"), []byte("insert into public.todos values (1);\ninsert into nope values (1);"), 0o644)
	if r := tinybase(t, dir, "", "start", "--memory", "--port", "0", "--db-port", "0"); r.code != 6 || !strings.Contains(r.stderr, "seed") {
		t.Fatalf("%+v", r)
	}
}

func TestDBLint(t *testing.T) {
	dir := newProject(t, map[string]string{"migrations/20240101000000_todos.sql": todos})
	r := tinybase(t, dir, "", "db", "lint", "--json")
	if r.code != 1 || !strings.Contains(r.stdout, `"rls_disabled_in_public"`) {
		t.Fatalf("%+v", r)
	}
	os.WriteFile(filepath.Join(dir, "supabase/migrations/20240102000000_rls.sql"), []byte("alter table public.todos enable row level security;\ncreate policy \"read\" on public.todos for select to authenticated using (true);"), 0o644)
	if r = tinybase(t, dir, "", "db", "lint", "--level", "error"); r.code != 0 {
		t.Fatalf("%+v", r)
	}
	if r = tinybase(t, dir, "", "db", "lint", "--level", "loud"); r.code != 2 {
		t.Fatalf("%+v", r)
	}
}
