package main_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
)

// TestDBDiffSquashRepair runs the Supabase CLI's workflow on a running
// instance: change the schema by hand, capture it with `db diff -f`, mark
// it applied with a whole-history `migration repair`, squash the history
// (baselining the instance's history), and find nothing left to diff.
func TestDBDiffSquashRepair(t *testing.T) {
	dir := newProject(t, map[string]string{
		"migrations/20240101000000_todos.sql": todos,
		"migrations/20240102000000_done.sql":  "alter table public.todos add column done boolean not null default false;\n",
	})
	if r := tinybase(t, dir, "", "db", "diff"); r.code != 11 || !strings.Contains(r.stderr, "tinybase is not running") {
		t.Fatalf("diff with nothing running: %+v", r)
	}
	if r := tinybase(t, dir, "", "db", "diff", "-f", "Bad Name"); r.code != 2 {
		t.Fatalf("diff -f with a bad name: %+v", r)
	}
	s := startServer(t, dir)
	if r := tinybase(t, dir, "", "db", "diff"); r.code != 0 || r.stdout != "" || !strings.Contains(r.stderr, "No schema changes found") {
		t.Fatalf("diff of an unchanged database: %+v", r)
	}
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, s.status["DB URL"])
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, `create table public.tags (id serial primary key, todo_id bigint references public.todos (id), name text unique);
alter table public.todos enable row level security;
create policy "read all" on public.todos for select to anon using (true);
create table private_stuff (x int);`); err != nil {
		t.Fatal(err)
	}
	r := tinybase(t, dir, "", "db", "diff", "--schema", "public")
	for _, want := range []string{"CREATE TABLE public.tags (\n  id serial NOT NULL,", "ALTER TABLE public.todos ENABLE ROW LEVEL SECURITY;", `CREATE POLICY "read all" ON public.todos`} {
		if r.code != 0 || !strings.Contains(r.stdout, want) {
			t.Fatalf("diff lacks %q: %+v", want, r)
		}
	}
	if r := tinybase(t, dir, "", "db", "diff", "-f", "tags"); r.code != 0 || !strings.Contains(r.stdout, "Created new migration at ") {
		t.Fatalf("diff -f: %+v", r)
	}
	files := migrationFiles(t, dir)
	if len(files) != 3 || !strings.HasSuffix(files[2], "_tags.sql") {
		t.Fatalf("files after diff -f: %v", files)
	}

	// The new file is not in the instance's history: a whole-history
	// repair records it (after the confirmation) without running it.
	if r := tinybase(t, dir, "n\n", "migration", "repair", "--status", "applied"); r.code != 1 || !strings.Contains(r.stderr, "repair canceled") {
		t.Fatalf("repair answered no: %+v", r)
	}
	if r := tinybase(t, dir, "y\n", "migration", "repair", "--status", "applied"); r.code != 0 {
		t.Fatalf("repair of the whole history: %+v", r)
	}
	if r := tinybase(t, dir, "", "migration", "up"); r.code != 0 || !strings.Contains(r.stdout, "up to date") {
		t.Fatalf("up after repair: %+v", r)
	}
	if r := tinybase(t, dir, "", "db", "diff", "--schema", "public"); r.code != 0 || r.stdout != "" {
		t.Fatalf("diff after capturing the changes: %+v", r)
	}

	// Squash all three into the last one; the instance's history follows.
	if r := tinybase(t, dir, "", "migration", "squash", "--version", "20990101000000"); r.code != 2 || !strings.Contains(r.stderr, "no local migration with version 20990101000000") {
		t.Fatalf("squash of an unknown version: %+v", r)
	}
	r = tinybase(t, dir, "", "migration", "squash")
	if r.code != 0 || !strings.Contains(r.stdout, "Squashed 3 local migrations to ") || !strings.Contains(r.stdout, "Baselining migration history to ") {
		t.Fatalf("squash: %+v", r)
	}
	if got := migrationFiles(t, dir); len(got) != 1 || got[0] != files[2] {
		t.Fatalf("files after squash: %v", got)
	}
	body, err := os.ReadFile(filepath.Join(dir, "supabase", "migrations", files[2]))
	if err != nil || !strings.Contains(string(body), "CREATE TABLE public.todos") || !strings.Contains(string(body), "done boolean DEFAULT false NOT NULL") {
		t.Fatalf("squashed file: %s %v", body, err)
	}
	if r := tinybase(t, dir, "", "migration", "up"); r.code != 0 || !strings.Contains(r.stdout, "up to date") {
		t.Fatalf("up after squash: %+v", r)
	}
	if r := tinybase(t, dir, "", "db", "diff", "--schema", "public"); r.code != 0 || r.stdout != "" {
		t.Fatalf("diff after squash: %+v", r)
	}
	if r := tinybase(t, dir, "", "migration", "squash"); r.code != 0 || !strings.Contains(r.stdout, "is already the earliest migration") {
		t.Fatalf("squash of one file: %+v", r)
	}
}
