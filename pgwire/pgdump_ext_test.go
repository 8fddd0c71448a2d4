package pgwire

import (
	"context"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
)

// TestPgDumpExtensionMembers dumps a database using extensions with base
// types, operator classes and composite types (vector, http): their
// objects are pg_depend members of the extension, so pg_dump writes
// CREATE EXTENSION instead of dumping them (it used to stop at vector's
// type, whose I/O functions pg_type does not list), and names them
// schema-qualified since it runs with an empty search_path. The reference
// PostgreSQL lacks these extensions, so this checks the dump's lines
// rather than a recorded golden.
func TestPgDumpExtensionMembers(t *testing.T) {
	pgDump := pgTool(t, "pg_dump")
	_, url := startServer(t, Config{})
	conn, err := pgx.Connect(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(context.Background(), `create extension vector with schema extensions;
		create extension http with schema extensions;
		create table docs (id bigint primary key, embedding extensions.vector(3), reply extensions.http_response);
		create index docs_embedding_idx on docs using hnsw (embedding extensions.vector_cosine_ops);
		insert into docs values (1, '[1,2,3]', null)`); err != nil {
		t.Fatal(err)
	}
	out, ok := runPgDump(t, pgDump, "", url, []string{"--schema-only"}, false)
	if !ok {
		t.Fatalf("pg_dump failed:\n%s", lastLines(out, 5))
	}
	for _, want := range []string{
		"CREATE EXTENSION IF NOT EXISTS vector WITH SCHEMA extensions;",
		"CREATE EXTENSION IF NOT EXISTS http WITH SCHEMA extensions;",
		"    embedding extensions.vector(3),",
		"    reply extensions.http_response",
		"CREATE INDEX docs_embedding_idx ON public.docs USING hnsw (embedding extensions.vector_cosine_ops);",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("dump lacks %q", want)
		}
	}
	for _, unwanted := range []string{"CREATE TYPE extensions.", "CREATE OPERATOR CLASS", "CREATE ACCESS METHOD", "CREATE FUNCTION extensions."} {
		if strings.Contains(out, unwanted) {
			t.Errorf("dump has an extension member of its own: %q", unwanted)
		}
	}
}
