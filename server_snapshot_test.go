package tinybase_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tinybase/tinybase"
)

// TestServerSnapshotRestore: a running server keeps a named snapshot of
// its database and Storage bytes while serving, and restoring it brings
// back rows and objects deleted since, durably (they are there after a
// restart), and the same snapshot restores into a stopped data directory.
func TestServerSnapshotRestore(t *testing.T) {
	ctx := context.Background()
	dir := project(t, map[string]string{
		"migrations/20240101000000_notes.sql": "create table public.notes (id int primary key, body text);",
		"seed.sql":                            "insert into storage.buckets (id, name, public) values ('pics', 'pics', true); insert into public.notes values (1, 'seeded');",
	})
	data := filepath.Join(dir, "supabase", ".tinybase")
	call := func(srv *tinybase.Server, method, path, body string) (int, string) {
		return serviceCall(t, srv, method, path, body)
	}
	start := func() (*tinybase.Project, *tinybase.Server) { return startOnDataDir(t, dir, data) }
	stop := func(p *tinybase.Project, srv *tinybase.Server) {
		t.Helper()
		if err := srv.Shutdown(ctx); err != nil {
			t.Fatal(err)
		}
		if err := p.Close(); err != nil {
			t.Fatal(err)
		}
	}
	notes := func(srv *tinybase.Server) string {
		t.Helper()
		st, body := call(srv, "GET", "/rest/v1/notes?select=id&order=id", "")
		if st != 200 {
			t.Fatalf("notes: %d %s", st, body)
		}
		return strings.Join(strings.Fields(body), "")
	}

	p, srv := start()
	if st, body := call(srv, "POST", "/storage/v1/object/pics/kept.txt", "kept bytes"); st != 200 {
		t.Fatalf("upload: %d %s", st, body)
	}
	if st, body := call(srv, "POST", "/rest/v1/notes", `{"id": 2, "body": "before"}`); st != 201 {
		t.Fatalf("insert: %d %s", st, body)
	}
	info, err := srv.TakeSnapshot(ctx, "before")
	if err != nil || info.Name != "before" || info.Bytes == 0 {
		t.Fatalf("snapshot: %+v %v", info, err)
	}
	if _, err := srv.TakeSnapshot(ctx, "before"); err == nil || !strings.Contains(err.Error(), `snapshot "before" exists`) {
		t.Errorf("second snapshot of one name: %v", err)
	}
	if _, err := srv.TakeSnapshot(ctx, "../x"); err == nil || !strings.Contains(err.Error(), "invalid snapshot name") {
		t.Errorf("bad name: %v", err)
	}

	// destructive changes after the snapshot, including the object's
	// bytes (removed once its row's delete commits)
	call(srv, "DELETE", "/rest/v1/notes?id=gt.0", "")
	call(srv, "POST", "/rest/v1/notes", `{"id": 3, "body": "after"}`)
	if st, body := call(srv, "DELETE", "/storage/v1/object/pics/kept.txt", ""); st != 200 {
		t.Fatalf("delete object: %d %s", st, body)
	}
	if got := notes(srv); got != `[{"id":3}]` {
		t.Fatalf("before restore: %s", got)
	}
	if err := srv.RestoreSnapshot(ctx, "before"); err != nil {
		t.Fatalf("restore: %v", err)
	}
	if got := notes(srv); got != `[{"id":1},{"id":2}]` {
		t.Errorf("after restore: %s", got)
	}
	if st, body := call(srv, "GET", "/storage/v1/object/public/pics/kept.txt", ""); st != 200 || body != "kept bytes" {
		t.Errorf("object after restore: %d %s", st, body)
	}
	if err := srv.RestoreSnapshot(ctx, "nosuch"); err == nil || !strings.Contains(err.Error(), `no snapshot "nosuch"`) {
		t.Errorf("restore of a missing snapshot: %v", err)
	}
	call(srv, "POST", "/rest/v1/notes", `{"id": 4, "body": "later"}`)
	stop(p, srv)

	// the restore was a commit like any other: it survives a restart
	p, srv = start()
	if got := notes(srv); got != `[{"id":1},{"id":2},{"id":4}]` {
		t.Errorf("after restart: %s", got)
	}
	stop(p, srv)

	// a snapshot a running server took restores into a stopped directory
	if err := tinybase.RestoreDataDir(data, "before"); err != nil {
		t.Fatalf("stopped restore: %v", err)
	}
	p, srv = start()
	defer stop(p, srv)
	if got := notes(srv); got != `[{"id":1},{"id":2}]` {
		t.Errorf("after stopped restore: %s", got)
	}
	if st, body := call(srv, "GET", "/storage/v1/object/public/pics/kept.txt", ""); st != 200 || body != "kept bytes" {
		t.Errorf("object after stopped restore: %d %s", st, body)
	}
}

// TestServerSnapshotInMemory: an in-memory server has no data directory
// for named snapshots and says so.
func TestServerSnapshotInMemory(t *testing.T) {
	ctx := context.Background()
	dir := project(t, nil)
	cfg, err := tinybase.LoadConfig(dir, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	cfg.APIPort, cfg.DBPort, cfg.StudioPort, cfg.InboxPort = 0, 0, 0, 0
	p, err := tinybase.Open(ctx, tinybase.Options{Dir: dir, Config: &cfg})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	srv, err := p.Serve(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown(ctx)
	if _, err := srv.TakeSnapshot(ctx, "x"); err == nil || !strings.Contains(err.Error(), "--memory") {
		t.Errorf("snapshot in memory: %v", err)
	}
}
