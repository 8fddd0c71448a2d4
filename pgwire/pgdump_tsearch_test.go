package pgwire

import (
	"context"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
)

// TestPgDumpTextSearch dumps a database with its own text search
// dictionary and configuration (and unaccent's, an extension member
// pg_dump leaves to CREATE EXTENSION), checks the lines PostgreSQL 15's
// pg_dump writes for them, and restores those statements into a fresh
// database, where the configuration reads text as before. The reference
// PostgreSQL lacks the Supabase extensions TestPgDump's fixture needs, so
// this checks lines rather than a recorded golden.
func TestPgDumpTextSearch(t *testing.T) {
	pgDump := pgTool(t, "pg_dump")
	ctx := context.Background()
	const setup = `create extension unaccent with schema extensions;
create text search dictionary english_nostop (template = snowball, language = english);
create text search configuration english_search (copy = english);
alter text search configuration english_search alter mapping for asciiword with english_nostop, english_stem;
alter text search configuration english_search alter mapping for word with extensions.unaccent, english_stem;
alter text search configuration english_search drop mapping for email`
	const probe = "select to_tsvector('public.english_search', 'The crème brûlée at me@example.com')::text"
	_, url := startServer(t, Config{})
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, setup); err != nil {
		t.Fatal(err)
	}
	var want string
	if err := conn.QueryRow(ctx, probe).Scan(&want); err != nil {
		t.Fatal(err)
	}
	out, ok := runPgDump(t, pgDump, "", url, []string{"--schema-only"}, false)
	if !ok {
		t.Fatalf("pg_dump failed:\n%s", lastLines(out, 5))
	}
	for _, line := range []string{
		"CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA extensions;",
		"CREATE TEXT SEARCH DICTIONARY public.english_nostop (\n    TEMPLATE = pg_catalog.snowball,\n    language = 'english' );",
		"ALTER TEXT SEARCH DICTIONARY public.english_nostop OWNER TO postgres;",
		"CREATE TEXT SEARCH CONFIGURATION public.english_search (\n    PARSER = pg_catalog.\"default\" );",
		"ALTER TEXT SEARCH CONFIGURATION public.english_search\n    ADD MAPPING FOR asciiword WITH public.english_nostop, english_stem;",
		"ALTER TEXT SEARCH CONFIGURATION public.english_search\n    ADD MAPPING FOR word WITH extensions.unaccent, english_stem;",
		"ALTER TEXT SEARCH CONFIGURATION public.english_search OWNER TO postgres;",
	} {
		if !strings.Contains(out, line) {
			t.Errorf("dump lacks %q", line)
		}
	}
	for _, unwanted := range []string{"FOR email", "TEXT SEARCH DICTIONARY extensions.unaccent", "TEXT SEARCH TEMPLATE"} {
		if strings.Contains(out, unwanted) {
			t.Errorf("dump has %q", unwanted)
		}
	}
	// restore the text search statements into a fresh database
	_, url2 := startServer(t, Config{})
	conn2, err := pgx.Connect(ctx, url2)
	if err != nil {
		t.Fatal(err)
	}
	defer conn2.Close(ctx)
	if _, err := conn2.Exec(ctx, "create extension unaccent with schema extensions"); err != nil {
		t.Fatal(err)
	}
	for _, stmt := range strings.Split(out, ";\n") {
		stmt = strings.TrimSpace(stmt)
		for strings.HasPrefix(stmt, "--") {
			_, stmt, _ = strings.Cut(stmt, "\n")
			stmt = strings.TrimSpace(stmt)
		}
		if strings.Contains(stmt, "TEXT SEARCH") && !strings.HasPrefix(stmt, "COMMENT") {
			if _, err := conn2.Exec(ctx, stmt); err != nil {
				t.Fatalf("restoring %q: %v", stmt, err)
			}
		}
	}
	var got string
	if err := conn2.QueryRow(ctx, probe).Scan(&got); err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Errorf("after the round trip: %s, before: %s", got, want)
	}
}
