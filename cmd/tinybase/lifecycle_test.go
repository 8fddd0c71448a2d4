package main_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// TestInit: init writes the project layout once and refuses to overwrite.
func TestInit(t *testing.T) {
	dir := t.TempDir()
	r := tinybase(t, dir, "", "init")
	if r.code != 0 {
		t.Fatalf("init: %+v", r)
	}
	for _, f := range []string{"supabase/config.toml", "supabase/seed.sql", "supabase/.gitignore"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
	if st, err := os.Stat(filepath.Join(dir, "supabase/migrations")); err != nil || !st.IsDir() {
		t.Errorf("supabase/migrations: %v", err)
	}
	cfg, _ := os.ReadFile(filepath.Join(dir, "supabase/config.toml"))
	for _, want := range []string{`project_id = "` + filepath.Base(dir) + `"`, "port = 54321", "port = 54322", `sql_paths = ["./seed.sql"]`, "[studio]"} {
		if !strings.Contains(string(cfg), want) {
			t.Errorf("config.toml lacks %q", want)
		}
	}
	os.WriteFile(filepath.Join(dir, "supabase/config.toml"), []byte("# mine\n"), 0o644)
	if r := tinybase(t, dir, "", "init"); r.code != 2 || !strings.Contains(r.stderr, "already exists") {
		t.Errorf("second init: %+v", r)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "supabase/config.toml")); string(b) != "# mine\n" {
		t.Errorf("init overwrote config.toml: %q", b)
	}
	// The new project's config has no unknown keys, and tells which
	// enabled sections tinybase does not run.
	r = tinybase(t, dir, "", "start", "--port", "0", "--db-port", "0", "--memory", "--no-seed", "--data-dir", "x")
	if strings.Contains(r.stderr, "unknown key") {
		t.Errorf("the init template has unknown keys: %s", r.stderr)
	}
}

// TestNoProjectIsAnError: every command but init refuses a directory
// without supabase/ with exit 2 and one line naming `tinybase init`.
func TestNoProjectIsAnError(t *testing.T) {
	for _, args := range [][]string{
		{"start"}, {"status"}, {"stop"}, {"logs"}, {"db", "reset"}, {"db", "lint"}, {"db", "snapshot", "x"},
		{"gen", "types", "typescript"}, {"migration", "list"}, {"migration", "up"}, {"migration", "validate"},
		{"migration", "new", "x"}, {"sql", "--dir", "."},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			r := tinybase(t, t.TempDir(), "select 1;", args...)
			if r.code != 2 || !strings.Contains(r.stderr, "no supabase/ folder in .: run `tinybase init` there") {
				t.Errorf("%+v", r)
			}
			if n := strings.Count(strings.TrimSpace(r.stderr), "\n"); n != 0 {
				t.Errorf("more than one line: %q", r.stderr)
			}
		})
	}
}

func TestStartFlagsAndConfigNotices(t *testing.T) {
	dir := newProject(t, map[string]string{"config.toml": "[api]\nmax_row = 5\n[studio]\nenabled = true\n[analytics]\nenabled = true\n"})
	if r := tinybase(t, dir, "", "start", "--memory=false"); r.code != 2 || !strings.Contains(r.stderr, "--memory=false is not an option") {
		t.Errorf("--memory=false: %+v", r)
	}
	s := startServer(t, dir, "--memory")
	studioLine := <-s.lines
	s.stop(t, os.Interrupt)
	if !strings.HasPrefix(strings.TrimSpace(studioLine), "Studio URL: http://127.0.0.1:") {
		t.Errorf("no Studio URL after the status: %q", studioLine)
	}
	if !strings.Contains(s.stderr.String(), "WARNING: supabase/config.toml: unknown key api.max_row (ignored)") {
		t.Errorf("no unknown-key warning: %s", s.stderr.String())
	}
	if n := strings.Count(s.stderr.String(), "NOTICE: supabase/config.toml enables [analytics], which tinybase does not run"); n != 1 {
		t.Errorf("unserved notice printed %d times: %s", n, s.stderr.String())
	}
	if strings.Contains(s.stderr.String(), "[studio]") {
		t.Errorf("[studio] is served, yet reported: %s", s.stderr.String())
	}

}

func TestMigrationNewEmpty(t *testing.T) {
	dir := newProject(t, nil)
	r := tinybase(t, dir, "", "migration", "new", "blank")
	if r.code != 0 || !strings.Contains(r.stdout, "Created new migration at ") {
		t.Fatalf("%+v", r)
	}
	files := migrationFiles(t, dir)
	if len(files) != 1 || !strings.HasSuffix(files[0], "_blank.sql") {
		t.Fatalf("files %v", files)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "supabase/migrations", files[0])); len(b) != 0 {
		t.Errorf("not empty: %q", b)
	}
	// An empty migration is valid: the project still starts.
	if r := tinybase(t, dir, "", "migration", "list"); r.code != 0 || !strings.Contains(r.stdout, "blank") {
		t.Errorf("list: %+v", r)
	}
}

// TestLifecycle: start writes its record; status, logs, db reset and
// migration up find the instance without flags; a second start names the
// first; stop stops it and removes the record; a stale record is cleaned.
func TestLifecycle(t *testing.T) {
	dir := newProject(t, map[string]string{
		"migrations/20240101000000_todos.sql": todos,
		"migrations/20240102000000_done.sql":  "alter table public.todos add column done boolean;",
		"seed.sql":                            "insert into public.todos values (1, 'seeded');",
	})
	if r := tinybase(t, dir, "", "status"); r.code != 11 || !strings.Contains(r.stderr, "tinybase is not running in .") {
		t.Fatalf("status before start: %+v", r)
	}
	if r := tinybase(t, dir, "", "stop"); r.code != 0 || !strings.Contains(r.stdout, "tinybase is not running.") {
		t.Fatalf("stop before start: %+v", r)
	}
	s := startServer(t, dir, "--log", "--slow-statement", "1h")
	record := filepath.Join(dir, "supabase/.tinybase/.instance.json")
	var rec struct {
		PID     int    `json:"pid"`
		APIURL  string `json:"api_url"`
		DBURL   string `json:"db_url"`
		DataDir string `json:"data_dir"`
	}
	b, err := os.ReadFile(record)
	if err != nil || json.Unmarshal(b, &rec) != nil {
		t.Fatalf("record: %v %s", err, b)
	}
	if rec.PID != s.cmd.Process.Pid || rec.APIURL != s.status["API URL"] || rec.DBURL != s.status["DB URL"] || !strings.HasSuffix(rec.DataDir, "supabase/.tinybase") {
		t.Errorf("record %+v, status %v", rec, s.status)
	}
	if st, _ := os.Stat(record); st.Mode().Perm() != 0o600 {
		t.Errorf("record mode %v", st.Mode())
	}

	r := tinybase(t, dir, "", "status", "-o", "json")
	var st map[string]string
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &st) != nil || st["API_URL"] != s.status["API URL"] || st["DB_URL"] != s.status["DB URL"] {
		t.Fatalf("status: %+v", r)
	}
	if !strings.HasPrefix(st["STUDIO_URL"], "http://127.0.0.1:") {
		t.Errorf("status has no STUDIO_URL: %v", st)
	}
	if r := tinybase(t, dir, "", "start", "--port", "0", "--db-port", "0", "--memory"); r.code != 11 || !strings.Contains(r.stderr, "already running for this project (pid ") || !strings.Contains(r.stderr, s.status["API URL"]) {
		t.Errorf("second start: %+v", r)
	}

	ctx := context.Background()
	conn, err := pgx.Connect(ctx, s.status["DB URL"])
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "insert into public.todos values (2, 'mine', true)"); err != nil {
		t.Fatal(err)
	}
	s.rest(t, "GET", "/rest/v1/todos?select=id", "")

	r = tinybase(t, dir, "", "logs")
	if r.code != 0 || !strings.Contains(r.stdout, "postgres 00000 rows=1") || !strings.Contains(r.stdout, "insert into public.todos values (2, 'mine', true)") || !strings.Contains(r.stdout, "rest     GET /rest/v1/todos?select=id 200") || !strings.Contains(r.stdout, "role=service_role") {
		t.Errorf("logs: %+v", r)
	}
	r = tinybase(t, dir, "", "logs", "--service", "rest", "--json")
	if r.code != 0 || strings.Contains(r.stdout, `"service":"postgres"`) || !strings.Contains(r.stdout, `"service":"rest"`) {
		t.Errorf("logs --service rest: %+v", r)
	}
	if r := tinybase(t, dir, "", "logs", "--service", "nope"); r.code != 2 {
		t.Errorf("logs --service nope: %+v", r)
	}
	// start --log printed the insert live.
	deadline := time.After(10 * time.Second)
	for printed := false; !printed; {
		select {
		case l := <-s.lines:
			printed = strings.Contains(l, "insert into public.todos values (2")
		case <-deadline:
			t.Fatal("start --log did not print the statement")
		}
	}

	// db reset resets the running database; the open connection gets
	// 57P01 and a new one sees the seed only.
	r = tinybase(t, dir, "", "db", "reset")
	if r.code != 0 || !strings.Contains(r.stdout, "Resetting the running database (pid ") || !strings.Contains(r.stdout, "Applied 2 migration(s) and the seed.") {
		t.Fatalf("db reset: %+v", r)
	}
	_, err = conn.Exec(ctx, "select 1")
	var pe *pgconn.PgError
	if !errors.As(err, &pe) || pe.Code != "57P01" {
		t.Errorf("open connection after reset: %v", err)
	}
	conn2, err := pgx.Connect(ctx, s.status["DB URL"])
	if err != nil {
		t.Fatal(err)
	}
	defer conn2.Close(ctx)
	var n int
	if err := conn2.QueryRow(ctx, "select count(*) from public.todos").Scan(&n); err != nil || n != 1 {
		t.Errorf("after reset: %d rows (%v), want 1", n, err)
	}
	conn2.Close(ctx)
	r = tinybase(t, dir, "", "db", "reset", "--version", "20240101000000", "--no-seed")
	if r.code != 0 || !strings.Contains(r.stdout, "Applied 1 migration(s).") {
		t.Fatalf("db reset --version: %+v", r)
	}
	// migration up finds the instance and applies the second file again.
	if r := tinybase(t, dir, "", "migration", "up"); r.code != 0 || !strings.Contains(r.stdout, "Applying migration 20240102000000_done.sql") {
		t.Errorf("migration up: %+v", r)
	}
	if r := tinybase(t, dir, "", "db", "reset", "--version", "1"); r.code == 0 || !strings.Contains(r.stderr, "no migration with version 1") {
		t.Errorf("db reset --version 1: %+v", r)
	}

	r = tinybase(t, dir, "", "stop")
	if r.code != 0 || !strings.Contains(r.stdout, "Stopped tinybase (pid ") {
		t.Fatalf("stop: %+v", r)
	}
	done := make(chan error, 1)
	go func() {
		for range s.lines {
		}
		done <- s.cmd.Wait()
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("start exited with %v: %s", err, s.stderr.String())
		}
	case <-time.After(20 * time.Second):
		t.Fatal("start did not exit")
	}
	if _, err := os.Stat(record); !os.IsNotExist(err) {
		t.Errorf("record left after stop: %v", err)
	}
	if r := tinybase(t, dir, "", "status"); r.code != 11 || !strings.Contains(r.stderr, "not running") {
		t.Errorf("status after stop: %+v", r)
	}
	// The data directory kept the reset state: a start applies nothing
	// new (the second migration was applied by migration up).
	if r := tinybase(t, dir, "", "db", "reset", "--no-seed"); r.code != 0 || strings.Contains(r.stdout, "Resetting the running") || !strings.Contains(r.stdout, "Applied 2 migration(s).") {
		t.Errorf("db reset of the stopped data directory: %+v", r)
	}
	if r := tinybase(t, dir, "", "db", "reset", "--version", "20240101000000"); r.code != 0 || !strings.Contains(r.stdout, "Applied 1 migration(s) and the seed.") {
		t.Errorf("db reset --version of the stopped data directory: %+v", r)
	}
	// The stored database is the first migration's: migration up (over
	// a new start) applies the second.
	s2 := startServer(t, dir)
	if !strings.Contains(strings.Join(s2.out, "\n"), "Applying migration 20240102000000_done.sql...") || strings.Contains(strings.Join(s2.out, "\n"), "20240101000000_todos.sql") {
		t.Errorf("start after db reset --version: %q", s2.out)
	}
	s2.stop(t, os.Interrupt)
}

func TestSQLDir(t *testing.T) {
	dir := newProject(t, map[string]string{"migrations/20240101000000_todos.sql": todos, "seed.sql": "insert into public.todos values (7, 'seeded');"})
	if r := tinybase(t, dir, "select id, title from public.todos;", "sql", "--dir", "."); r.code != 0 || r.stdout != "id|title\n7|seeded\nSELECT 1\n" {
		t.Errorf("%+v", r)
	}
}

// TestStaleRecord: a record whose process died is reported, removed, and
// does not block a start.
func TestStaleRecord(t *testing.T) {
	dir := newProject(t, nil)
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	record := filepath.Join(dir, "supabase/.tinybase/.instance.json")
	os.MkdirAll(filepath.Dir(record), 0o755)
	os.WriteFile(record, []byte(`{"pid": `+strconv.Itoa(dead.Process.Pid)+`, "api_url": "http://127.0.0.1:1", "db_url": "postgresql://postgres:postgres@127.0.0.1:2/postgres"}`), 0o600)
	r := tinybase(t, dir, "", "status")
	if r.code != 11 || !strings.Contains(r.stderr, "NOTICE: removed the record of tinybase pid "+strconv.Itoa(dead.Process.Pid)+", which is no longer running") {
		t.Errorf("status: %+v", r)
	}
	if _, err := os.Stat(record); !os.IsNotExist(err) {
		t.Errorf("stale record kept: %v", err)
	}
	// A live process that is not tinybase on the recorded port: status
	// does not report that port as tinybase.
	os.WriteFile(record, []byte(`{"pid": `+strconv.Itoa(os.Getpid())+`, "api_url": "http://127.0.0.1:1", "db_url": "x"}`), 0o600)
	if r := tinybase(t, dir, "", "status"); r.code != 11 || !strings.Contains(r.stderr, "does not answer at http://127.0.0.1:1") {
		t.Errorf("status with a foreign pid: %+v", r)
	}
	// start removes such a record and starts.
	s := startServer(t, dir, "--memory")
	if !strings.Contains(s.stderr.String(), "NOTICE: removed the record of tinybase pid "+strconv.Itoa(os.Getpid())+", which does not answer") {
		t.Errorf("start over a foreign record: %s", s.stderr.String())
	}
	s.stop(t, os.Interrupt)
}
