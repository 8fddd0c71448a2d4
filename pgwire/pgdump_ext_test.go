package pgwire

import (
	"context"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
)

// TestPgDumpExtensionMembers dumps databases using extensions with base
// types, operators, operator classes, casts and composite types (vector,
// http, isn): their objects are pg_depend members of the extension, so
// pg_dump writes CREATE EXTENSION instead of dumping them (it used to
// stop at vector's type, whose I/O functions pg_type does not list), and
// names them schema-qualified since it runs with an empty search_path;
// isn's values come out in their text forms. The reference PostgreSQL
// lacks some of these extensions, so this checks the dump's lines rather
// than a recorded golden.
func TestPgDumpExtensionMembers(t *testing.T) {
	pgDump := pgTool(t, "pg_dump")
	for _, c := range []struct {
		name, setup    string
		args           []string
		want, unwanted []string
	}{{
		name: "vector and http",
		setup: `create extension vector with schema extensions;
		create extension http with schema extensions;
		create table docs (id bigint primary key, embedding extensions.vector(3), reply extensions.http_response);
		create index docs_embedding_idx on docs using hnsw (embedding extensions.vector_cosine_ops);
		insert into docs values (1, '[1,2,3]', null)`,
		args: []string{"--schema-only"},
		want: []string{
			"CREATE EXTENSION IF NOT EXISTS vector WITH SCHEMA extensions;",
			"CREATE EXTENSION IF NOT EXISTS http WITH SCHEMA extensions;",
			"    embedding extensions.vector(3),",
			"    reply extensions.http_response",
			"CREATE INDEX docs_embedding_idx ON public.docs USING hnsw (embedding extensions.vector_cosine_ops);",
		},
		unwanted: []string{"CREATE TYPE extensions.", "CREATE OPERATOR CLASS", "CREATE ACCESS METHOD", "CREATE FUNCTION extensions."},
	}, {
		name: "isn",
		setup: `create extension isn with schema extensions;
		create table books (id extensions.isbn primary key, code extensions.ean13, price extensions.upc);
		create index books_code on books using hash (code);
		insert into books values ('039304002X', '9791090636071', '123456789012')`,
		want: []string{
			"CREATE EXTENSION IF NOT EXISTS isn WITH SCHEMA extensions;",
			"    id extensions.isbn NOT NULL,",
			"    code extensions.ean13,",
			"CREATE INDEX books_code ON public.books USING hash (code);",
			"0-393-04002-X\t979-10-90636-07-1\t123456789012",
		},
		unwanted: []string{"CREATE TYPE extensions.", "CREATE OPERATOR", "CREATE CAST", "CREATE FUNCTION extensions."},
	}} {
		t.Run(c.name, func(t *testing.T) {
			_, url := startServer(t, Config{})
			conn, err := pgx.Connect(context.Background(), url)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close(context.Background())
			if _, err := conn.Exec(context.Background(), c.setup); err != nil {
				t.Fatal(err)
			}
			out, ok := runPgDump(t, pgDump, "", url, c.args, false)
			if !ok {
				t.Fatalf("pg_dump failed:\n%s", lastLines(out, 5))
			}
			for _, want := range c.want {
				if !strings.Contains(out, want) {
					t.Errorf("dump lacks %q", want)
				}
			}
			for _, unwanted := range c.unwanted {
				if strings.Contains(out, unwanted) {
					t.Errorf("dump has an extension member of its own: %q", unwanted)
				}
			}
		})
	}
}
