package main_test

import (
	"bufio"
	"bytes"
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

// server is a running `tinybase start`.
type server struct {
	cmd    *exec.Cmd
	status map[string]string
	out    []string // stdout lines up to the status block
	stderr *bytes.Buffer
	lines  chan string
}

// startServer runs `tinybase start` with args in dir and waits for its
// status block.
func startServer(t *testing.T, dir string, args ...string) *server {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"start", "--port", "0", "--db-port", "0"}, args...)...)
	cmd.Dir = dir
	stdout, _ := cmd.StdoutPipe()
	s := &server{cmd: cmd, status: map[string]string{}, stderr: &bytes.Buffer{}, lines: make(chan string)}
	cmd.Stderr = s.stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			s.lines <- sc.Text()
		}
		close(s.lines)
	}()
	deadline := time.After(60 * time.Second)
	for len(s.status) < 6 {
		select {
		case l, ok := <-s.lines:
			if !ok {
				t.Fatalf("start exited: %s", s.stderr.String())
			}
			s.out = append(s.out, l)
			if k, v, ok := strings.Cut(l, ": "); ok {
				s.status[strings.TrimSpace(k)] = v
			}
		case <-deadline:
			t.Fatal("start did not print its status")
		}
	}
	return s
}

// stop sends sig and waits for a clean exit.
func (s *server) stop(t *testing.T, sig os.Signal) {
	t.Helper()
	s.cmd.Process.Signal(sig)
	go func() {
		for range s.lines {
		}
	}()
	done := make(chan error, 1)
	go func() { done <- s.cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil && sig != os.Kill {
			t.Fatalf("start exited with %v: %s", err, s.stderr.String())
		}
	case <-time.After(20 * time.Second):
		t.Fatal("start did not stop")
	}
}

// rest calls the REST API as service_role.
func (s *server) rest(t *testing.T, method, path, body string) string {
	t.Helper()
	req, _ := http.NewRequest(method, s.status["API URL"]+path, strings.NewReader(body))
	req.Header.Set("apikey", s.status["service_role key"])
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode >= 300 {
		t.Fatalf("%s %s: %d %s", method, path, resp.StatusCode, b)
	}
	return string(b)
}

// TestStartDataDir: start persists in supabase/.tinybase (rows and auth
// users), applies only new migrations to it, refuses drift and a second
// process, and db reset rebuilds it.
func TestStartDataDir(t *testing.T) {
	dir := newProject(t, map[string]string{
		"migrations/20240101000000_todos.sql": todos,
		"seed.sql":                            "insert into public.todos values (1, 'seeded');",
	})
	s := startServer(t, dir)
	if !strings.Contains(strings.Join(s.out, "\n"), "Applying migration 20240101000000_todos.sql...") {
		t.Errorf("first start printed %q", s.out)
	}
	s.rest(t, "POST", "/rest/v1/todos", `{"id": 2, "title": "kept"}`)
	s.rest(t, "POST", "/auth/v1/signup", `{"email": "kept@example.com", "password": "secret123"}`)
	// A second process on the same data directory is refused.
	if r := tinybase(t, dir, "", "start", "--port", "0", "--db-port", "0"); r.code != 11 || !strings.Contains(r.stderr, "already running for this project (pid ") {
		t.Errorf("second start: %+v", r)
	}
	s.stop(t, syscall.SIGTERM)
	if b, err := os.ReadFile(filepath.Join(dir, "supabase/.tinybase/.gitignore")); err != nil || string(b) != "*\n" {
		t.Errorf(".gitignore: %q %v", b, err)
	}

	// A new migration is applied, the old one and the seed are not.
	os.WriteFile(filepath.Join(dir, "supabase/migrations/20240102000000_done.sql"), []byte("alter table public.todos add column done boolean not null default false;"), 0o644)
	s = startServer(t, dir)
	out := strings.Join(s.out, "\n")
	if !strings.Contains(out, "Applying migration 20240102000000_done.sql...") || strings.Contains(out, "20240101000000") {
		t.Errorf("second start printed %q", out)
	}
	if got := s.rest(t, "GET", "/rest/v1/todos?select=id,title,done&order=id", ""); got != `[{"id":1,"title":"seeded","done":false}, `+"\n"+` {"id":2,"title":"kept","done":false}]` {
		t.Errorf("rows after restart: %s", got)
	}
	if got := s.rest(t, "POST", "/auth/v1/token?grant_type=password", `{"email": "kept@example.com", "password": "secret123"}`); !strings.Contains(got, `"access_token"`) {
		t.Errorf("sign-in after restart: %s", got)
	}
	// kill -9 loses nothing acknowledged.
	s.rest(t, "POST", "/rest/v1/todos", `{"id": 3, "title": "before kill"}`)
	s.stop(t, os.Kill)
	s = startServer(t, dir)
	if got := s.rest(t, "GET", "/rest/v1/todos?select=id&id=eq.3", ""); got != `[{"id":3}]` {
		t.Errorf("after kill -9: %s", got)
	}
	s.stop(t, syscall.SIGINT)

	// An applied file that changed is drift: nothing applied, exit 10.
	os.WriteFile(filepath.Join(dir, "supabase/migrations/20240101000000_todos.sql"), []byte(todos+"select 1;\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "supabase/migrations/20240103000000_more.sql"), []byte("create table public.more (id int);"), 0o644)
	if r := tinybase(t, dir, "", "start", "--port", "0", "--db-port", "0"); r.code != 10 || !strings.Contains(r.stderr, "20240101000000_todos.sql changed") {
		t.Fatalf("drift: %+v", r)
	}

	// db reset rebuilds from the files: the seed row only.
	if r := tinybase(t, dir, "", "db", "reset"); r.code != 0 {
		t.Fatalf("db reset: %+v", r)
	}
	s = startServer(t, dir)
	if got := s.rest(t, "GET", "/rest/v1/todos?select=id", ""); got != `[{"id":1}]` {
		t.Errorf("after db reset: %s", got)
	}
	s.rest(t, "GET", "/rest/v1/more?select=id", "")
	s.stop(t, syscall.SIGINT)
}

// TestDBSnapshotRestore: a named snapshot, of the running instance or of
// a stopped data directory, is restored after later writes (into either)
// and outlives db reset.
func TestDBSnapshotRestore(t *testing.T) {
	dir := newProject(t, map[string]string{
		"migrations/20240101000000_todos.sql": todos,
		"seed.sql":                            "insert into public.todos values (1, 'seeded');",
	})
	s := startServer(t, dir)
	s.rest(t, "POST", "/rest/v1/todos", `{"id": 2, "title": "before"}`)
	if r := tinybase(t, dir, "", "db", "snapshot", "before"); r.code != 0 || !strings.Contains(r.stdout, "Took snapshot before of the running database") {
		t.Fatalf("snapshot of a running tinybase: %+v", r)
	}
	if r := tinybase(t, dir, "", "db", "snapshot", "before"); r.code != 11 || !strings.Contains(r.stderr, `snapshot "before" exists`) {
		t.Errorf("second snapshot of one name: %+v", r)
	}
	if r := tinybase(t, dir, "", "db", "snapshot", "../x"); r.code != 11 || !strings.Contains(r.stderr, "invalid snapshot name") {
		t.Errorf("bad name: %+v", r)
	}
	// a destructive change, then back, while it runs
	s.rest(t, "DELETE", "/rest/v1/todos?id=gt.0", "")
	s.rest(t, "POST", "/rest/v1/todos", `{"id": 3, "title": "after"}`)
	if r := tinybase(t, dir, "", "db", "restore", "before"); r.code != 0 || !strings.Contains(r.stdout, "Restored snapshot before into the running database") {
		t.Fatalf("restore into a running tinybase: %+v", r)
	}
	if got := s.rest(t, "GET", "/rest/v1/todos?select=id&order=id", ""); got != `[{"id":1}, `+"\n"+` {"id":2}]` {
		t.Errorf("after a running restore: %s", got)
	}
	s.stop(t, syscall.SIGTERM)

	if r := tinybase(t, dir, "", "db", "snapshot", "stopped"); r.code != 0 || !strings.Contains(r.stdout, "Took snapshot stopped") {
		t.Fatalf("snapshot: %+v", r)
	}
	s = startServer(t, dir)
	s.rest(t, "DELETE", "/rest/v1/todos?id=gt.0", "")
	s.rest(t, "POST", "/rest/v1/todos", `{"id": 3, "title": "after"}`)
	s.stop(t, syscall.SIGINT)
	if r := tinybase(t, dir, "", "db", "restore", "before"); r.code != 0 || !strings.Contains(r.stdout, "Restored snapshot before") {
		t.Fatalf("restore: %+v", r)
	}
	s = startServer(t, dir)
	if got := s.rest(t, "GET", "/rest/v1/todos?select=id&order=id", ""); got != `[{"id":1}, `+"\n"+` {"id":2}]` {
		t.Errorf("after restore: %s", got)
	}
	s.stop(t, syscall.SIGINT)
	if r := tinybase(t, dir, "", "db", "snapshot", "--delete", "stopped"); r.code != 0 {
		t.Errorf("delete: %+v", r)
	}

	// db reset keeps snapshots; restore still works after it
	if r := tinybase(t, dir, "", "db", "reset"); r.code != 0 {
		t.Fatalf("db reset: %+v", r)
	}
	if r := tinybase(t, dir, "", "db", "snapshot", "--list"); r.code != 0 || !strings.HasPrefix(r.stdout, "before\t") {
		t.Errorf("list after reset: %+v", r)
	}
	if r := tinybase(t, dir, "", "db", "restore", "before"); r.code != 0 {
		t.Fatalf("restore after reset: %+v", r)
	}
	s = startServer(t, dir)
	if got := s.rest(t, "GET", "/rest/v1/todos?select=id&id=eq.2", ""); got != `[{"id":2}]` {
		t.Errorf("after reset and restore: %s", got)
	}
	s.stop(t, syscall.SIGINT)
	if r := tinybase(t, dir, "", "db", "restore", "nosuch"); r.code != 11 || !strings.Contains(r.stderr, `no snapshot "nosuch"`) {
		t.Errorf("restore of a missing snapshot: %+v", r)
	}
	if r := tinybase(t, dir, "", "db", "snapshot", "--delete", "before"); r.code != 0 {
		t.Errorf("delete: %+v", r)
	}
	if r := tinybase(t, dir, "", "db", "snapshot", "--list"); r.code != 0 || r.stdout != "" {
		t.Errorf("list after delete: %+v", r)
	}
}
