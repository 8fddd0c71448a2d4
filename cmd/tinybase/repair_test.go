package main_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
)

// TestMigrationRepair marks versions applied and reverted in the running
// instance's history table without running their files.
func TestMigrationRepair(t *testing.T) {
	dir := newProject(t, map[string]string{
		"migrations/20240101000000_todos.sql": todos,
		"migrations/20240102000000_note.sql":  "create table if not exists public.notes (n text);\ninsert into public.notes values ('ran');",
	})
	if r := tinybase(t, dir, "", "migration", "repair", "20240102000000", "--status", "reverted"); r.code != 11 || !strings.Contains(r.stderr, "tinybase is not running in .") {
		t.Fatalf("repair with nothing running: %+v", r)
	}
	// Versions are checked before any database is looked for.
	if r := tinybase(t, dir, "", "migration", "repair", "20990101000000", "--status", "applied"); r.code != 2 || !strings.Contains(r.stderr, "no local migration with version 20990101000000") {
		t.Fatalf("unknown version with nothing running: %+v", r)
	}
	s := startServer(t, dir)
	dbURL := s.status["DB URL"]
	dbPort := dbURL[strings.LastIndex(dbURL, ":")+1 : strings.LastIndex(dbURL, "/")]
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	history := func() string {
		t.Helper()
		var v string
		if err := conn.QueryRow(ctx, "select coalesce(string_agg(version || ':' || name, ',' order by version), '') from supabase_migrations.schema_migrations").Scan(&v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	notes := func() int {
		t.Helper()
		var n int
		if err := conn.QueryRow(ctx, "select count(*) from public.notes").Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if h := history(); h != "20240101000000:todos,20240102000000:note" {
		t.Fatalf("history after start: %q", h)
	}

	// reverted deletes the row only; migration up then runs the file again.
	r := tinybase(t, dir, "", "migration", "repair", "20240102000000", "--status", "reverted")
	if r.code != 0 || r.stdout != "Repaired migration history: [20240102000000] => reverted\n" {
		t.Fatalf("repair reverted: %+v", r)
	}
	if h, n := history(), notes(); h != "20240101000000:todos" || n != 1 {
		t.Fatalf("after revert: history %q, %d notes", h, n)
	}
	if r := tinybase(t, dir, "", "migration", "up"); r.code != 0 || !strings.Contains(r.stdout, "Applying migration 20240102000000_note.sql") {
		t.Fatalf("up after revert: %+v", r)
	}
	if h, n := history(), notes(); h != "20240101000000:todos,20240102000000:note" || n != 2 {
		t.Fatalf("after up: history %q, %d notes", h, n)
	}

	// applied records a local file's version, name and statements as
	// migration up does, without running it.
	extra := "create table public.extra (id int);\ncomment on table public.extra is 'x';\n"
	if err := os.WriteFile(filepath.Join(dir, "supabase/migrations/20240103000000_extra.sql"), []byte(extra), 0o644); err != nil {
		t.Fatal(err)
	}
	r = tinybase(t, dir, "", "migration", "repair", "20240103000000", "--status", "applied", "--db-port", dbPort)
	if r.code != 0 || r.stdout != "Repaired migration history: [20240103000000] => applied\n" {
		t.Fatalf("repair applied: %+v", r)
	}
	var stmts []string
	if err := conn.QueryRow(ctx, "select statements from supabase_migrations.schema_migrations where version = '20240103000000'").Scan(&stmts); err != nil {
		t.Fatal(err)
	}
	if len(stmts) != 2 || !strings.HasPrefix(stmts[0], "create table public.extra") || !strings.HasPrefix(stmts[1], "comment on table") {
		t.Errorf("statements %q", stmts)
	}
	var exists bool
	if err := conn.QueryRow(ctx, "select to_regclass('public.extra') is not null").Scan(&exists); err != nil || exists {
		t.Errorf("repair ran the file: %v %v", exists, err)
	}
	// The recorded statements are what migration up compares: no drift.
	if r := tinybase(t, dir, "", "migration", "up"); r.code != 0 || !strings.Contains(r.stdout, "up to date") {
		t.Fatalf("up after applied: %+v", r)
	}

	// Several versions are one transaction: a duplicate row fails them all.
	r = tinybase(t, dir, "", "migration", "repair", "20240102000000", "20240103000000", "--status", "reverted")
	if r.code != 0 || r.stdout != "Repaired migration history: [20240102000000 20240103000000] => reverted\n" {
		t.Fatalf("repair two: %+v", r)
	}
	if h := history(); h != "20240101000000:todos" {
		t.Fatalf("after reverting two: %q", h)
	}
	r = tinybase(t, dir, "", "migration", "repair", "20240103000000", "20240101000000", "--status", "applied")
	if r.code == 0 || !strings.Contains(r.stderr, "duplicate key") || strings.Count(r.stderr, "\n") != 1 {
		t.Fatalf("repair of an applied version: %+v", r)
	}
	// A version with no local file is refused before anything changes.
	r = tinybase(t, dir, "", "migration", "repair", "20240103000000", "20990101000000", "--status", "applied")
	if r.code == 0 || r.stderr != "tinybase: no local migration with version 20990101000000 in supabase/migrations\n" {
		t.Fatalf("repair of an unknown version: %+v", r)
	}
	if r := tinybase(t, dir, "", "migration", "repair", "2024x", "--status", "reverted"); r.code != 2 || !strings.Contains(r.stderr, "invalid version number") {
		t.Fatalf("repair of a bad version: %+v", r)
	}
	if r := tinybase(t, dir, "", "migration", "repair", "20240101000000", "--status", "gone"); r.code != 2 {
		t.Fatalf("repair with a bad status: %+v", r)
	}
	if h := history(); h != "20240101000000:todos" {
		t.Fatalf("failed repairs changed the history: %q", h)
	}
}
