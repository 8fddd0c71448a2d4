package pgwire

import (
	"context"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
)

// TestPgDumpIsn dumps a database using isn: its types, 168 operators,
// operator classes and 20 casts are pg_depend members of the extension,
// so pg_dump writes CREATE EXTENSION for them, and the data's isn values
// in their text forms.
func TestPgDumpIsn(t *testing.T) {
	pgDump := pgTool(t, "pg_dump")
	_, url := startServer(t, Config{})
	conn, err := pgx.Connect(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(context.Background(), `create extension isn with schema extensions;
		create table books (id extensions.isbn primary key, code extensions.ean13, price extensions.upc);
		create index books_code on books using hash (code);
		insert into books values ('039304002X', '9791090636071', '123456789012')`); err != nil {
		t.Fatal(err)
	}
	out, ok := runPgDump(t, pgDump, "", url, nil, false)
	if !ok {
		t.Fatalf("pg_dump failed:\n%s", lastLines(out, 5))
	}
	for _, want := range []string{
		"CREATE EXTENSION IF NOT EXISTS isn WITH SCHEMA extensions;",
		"    id extensions.isbn NOT NULL,",
		"    code extensions.ean13,",
		"CREATE INDEX books_code ON public.books USING hash (code);",
		"0-393-04002-X\t979-10-90636-07-1\t123456789012",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("dump lacks %q", want)
		}
	}
	for _, unwanted := range []string{"CREATE TYPE extensions.", "CREATE OPERATOR", "CREATE CAST", "CREATE FUNCTION extensions."} {
		if strings.Contains(out, unwanted) {
			t.Errorf("dump has an extension member of its own: %q", unwanted)
		}
	}
}
