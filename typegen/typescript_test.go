package typegen

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

// engineGaps lists the golden cases whose schema.sql the engine cannot load
// yet, with the reason; they are still checked against real PostgreSQL by
// TestTypeScriptOracle, which runs this generator on PostgreSQL's catalog.
var engineGaps = map[string]string{}

func cases(t *testing.T) []string {
	t.Helper()
	dirs, err := filepath.Glob("../testdata/typegen/*/schema.sql")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, d := range dirs {
		out = append(out, filepath.Base(filepath.Dir(d)))
	}
	return out
}

func readCase(t *testing.T, name string) (schema string, schemas []string, expected string) {
	t.Helper()
	dir := filepath.Join("..", "testdata", "typegen", name)
	b, err := os.ReadFile(filepath.Join(dir, "schema.sql"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join(dir, "expected.ts"))
	if err != nil {
		t.Fatal(err)
	}
	schemas = []string{"public"}
	if s, err := os.ReadFile(filepath.Join(dir, "schemas.txt")); err == nil {
		schemas = strings.Fields(string(s))
	}
	return string(b), schemas, string(want)
}

func newSession(t testing.TB) *engine.Session {
	t.Helper()
	e := enginetest.New(t)
	s, err := e.Connect(engine.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}

func TestTypeScriptGolden(t *testing.T) {
	for _, name := range cases(t) {
		t.Run(name, func(t *testing.T) {
			if why, ok := engineGaps[name]; ok {
				t.Skip(why)
			}
			schema, schemas, want := readCase(t, name)
			s := newSession(t)
			if _, err := s.Exec(context.Background(), schema); err != nil {
				t.Fatalf("loading schema.sql: %v", err)
			}
			got, err := TypeScript(context.Background(), s, schemas)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("output differs from postgres-meta's (-want +got):\n%s", diff)
			}
		})
	}
}

type pgxQuerier struct{ conn *pgx.Conn }

func (q pgxQuerier) query(ctx context.Context, sql string) ([]resultCol, [][]*string, error) {
	rows, err := q.conn.Query(ctx, sql, pgx.QueryExecModeSimpleProtocol)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	var cols []resultCol
	for _, f := range rows.FieldDescriptions() {
		cols = append(cols, resultCol{f.Name, f.DataTypeOID})
	}
	var out [][]*string
	for rows.Next() {
		var r []*string
		for _, v := range rows.RawValues() {
			if v == nil {
				r = append(r, nil)
			} else {
				s := string(v)
				r = append(r, &s)
			}
		}
		out = append(out, r)
	}
	return cols, out, rows.Err()
}

// TestTypeScriptOracle runs the generator on real PostgreSQL's catalog
// (TINYBASE_PG_URL) for every golden case, including those the engine
// cannot load yet: it checks the generator itself against postgres-meta.
func TestTypeScriptOracle(t *testing.T) {
	pgURL := os.Getenv("TINYBASE_PG_URL")
	if pgURL == "" {
		t.Skip("TINYBASE_PG_URL not set")
	}
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, pgURL)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close(ctx)
	for _, name := range cases(t) {
		t.Run(name, func(t *testing.T) {
			schema, schemas, want := readCase(t, name)
			db := "lint_typegen_oracle_" + name
			if _, err := admin.Exec(ctx, fmt.Sprintf("drop database if exists %s", db)); err != nil {
				t.Fatal(err)
			}
			if _, err := admin.Exec(ctx, fmt.Sprintf("create database %s", db)); err != nil {
				t.Fatal(err)
			}
			defer admin.Exec(ctx, fmt.Sprintf("drop database %s", db))
			u, err := url.Parse(pgURL)
			if err != nil {
				t.Fatal(err)
			}
			u.Path = "/" + db
			conn, err := pgx.Connect(ctx, u.String())
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close(ctx)
			if _, err := conn.Exec(ctx, schema, pgx.QueryExecModeSimpleProtocol); err != nil {
				t.Fatal(err)
			}
			got, err := generate(ctx, pgxQuerier{conn}, schemas)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("output differs from postgres-meta's (-want +got):\n%s", diff)
			}
		})
	}
}
