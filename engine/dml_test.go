package engine_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

// result is one statement's outcome in text form: the tag and rows, or
// the SQLSTATE of its error.
type result struct {
	Tag  string
	Rows []string // values joined with "|", NULL as ""
	Code string
}

func run(t *testing.T, s *engine.Session, sql string) result {
	t.Helper()
	rows, err := s.Query(context.Background(), sql)
	if err != nil {
		return result{Code: code(t, err)}
	}
	var out result
	for rows.Next() {
		var vals []string
		for _, v := range rows.Text() {
			if v == nil {
				vals = append(vals, "")
			} else {
				vals = append(vals, *v)
			}
		}
		out.Rows = append(out.Rows, strings.Join(vals, "|"))
	}
	if err := rows.Err(); err != nil {
		return result{Code: code(t, err)}
	}
	out.Tag = rows.Tag()
	return out
}

func code(t *testing.T, err error) string {
	t.Helper()
	var pe *engine.Error
	if !errors.As(err, &pe) {
		t.Fatalf("error %v is not an *engine.Error", err)
	}
	return pe.Code
}

// TestDMLPrograms covers the statements the engine runs in steps
// (dml_*.go): what the conformance files cannot see, such as statement
// atomicity across steps and WITH items that run without being read.
func TestDMLPrograms(t *testing.T) {
	setup := []string{
		"CREATE TABLE kv (k int PRIMARY KEY, v text NOT NULL, n int NOT NULL DEFAULT 0, UNIQUE (v))",
		"INSERT INTO kv VALUES (1, 'a', 0), (2, 'b', 0)",
		"CREATE TABLE log (k int)",
	}
	tests := []struct {
		name  string
		stmts []string // the last one is checked
		want  result
	}{
		{
			name:  "upsert inserts and updates, counting both",
			stmts: []string{"INSERT INTO kv (k, v) VALUES (1, 'a'), (3, 'c') ON CONFLICT (k) DO UPDATE SET n = kv.n + 10 RETURNING k, n"},
			want:  result{Tag: "INSERT 0 2", Rows: []string{"1|10", "3|0"}},
		},
		{
			name: "upsert error rolls back rows already written",
			stmts: []string{
				"INSERT INTO kv (k, v) VALUES (3, 'c'), (1, 'b') ON CONFLICT (k) DO UPDATE SET v = excluded.v",
				"SELECT k, v FROM kv ORDER BY k",
			},
			want: result{Tag: "SELECT 2", Rows: []string{"1|a", "2|b"}},
		},
		{
			name:  "conflict on a non-arbiter index is an error",
			stmts: []string{"INSERT INTO kv (k, v) VALUES (5, 'a') ON CONFLICT (k) DO NOTHING"},
			want:  result{Code: "23505"},
		},
		{
			name:  "excluded reads column defaults",
			stmts: []string{"INSERT INTO kv (k, v) VALUES (1, 'z') ON CONFLICT (k) DO UPDATE SET n = excluded.n + 5, v = excluded.v RETURNING v, n"},
			want:  result{Tag: "INSERT 0 1", Rows: []string{"z|5"}},
		},
		{
			name:  "same row twice",
			stmts: []string{"INSERT INTO kv (k, v) VALUES (7, 'x'), (7, 'y') ON CONFLICT (k) DO UPDATE SET v = excluded.v"},
			want:  result{Code: "21000"},
		},
		{
			name: "unread WITH item still runs",
			stmts: []string{
				"WITH gone AS (DELETE FROM kv WHERE k = 2 RETURNING k) SELECT 1 AS one",
				"SELECT count(*) FROM kv",
			},
			want: result{Tag: "SELECT 1", Rows: []string{"1"}},
		},
		{
			name: "WITH item runs once for several readers",
			stmts: []string{
				"WITH ins AS (INSERT INTO log VALUES (1) RETURNING k) SELECT (SELECT count(*) FROM ins) + (SELECT count(*) FROM ins) AS twice",
				"SELECT count(*) FROM log",
			},
			want: result{Tag: "SELECT 1", Rows: []string{"1"}},
		},
		{
			name: "failed program aborts the transaction block",
			stmts: []string{
				"BEGIN",
				"DELETE FROM kv WHERE k = 1 RETURNING nope",
				"SELECT 1",
			},
			want: result{Code: "25P02"},
		},
		{
			name: "program inside a block commits with it",
			stmts: []string{
				"BEGIN",
				"DELETE FROM kv WHERE k = 1 RETURNING k",
				"ROLLBACK",
				"SELECT count(*) FROM kv",
			},
			want: result{Tag: "SELECT 1", Rows: []string{"2"}},
		},
		{
			name:  "delete using counts each target row once",
			stmts: []string{"DELETE FROM kv USING log, (VALUES (1), (2)) AS v(x) WHERE kv.k = v.x"},
			want:  result{Tag: "DELETE 0"},
		},
		{
			name:  "update from counts each target row once",
			stmts: []string{"UPDATE kv SET n = n + 1 FROM (VALUES (1), (1), (2)) AS v(x) WHERE kv.k = v.x"},
			want:  result{Tag: "UPDATE 2"},
		},
		{
			name:  "assignment cast error at plan time",
			stmts: []string{"INSERT INTO kv (k, v) SELECT 9, 'x' WHERE false UNION ALL SELECT 9, 'y' WHERE false", "UPDATE kv SET n = true WHERE false"},
			want:  result{Code: "42804"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := enginetest.New(t)
			s, err := e.Connect(engine.SessionOptions{})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			for _, q := range setup {
				if r := run(t, s, q); r.Code != "" {
					t.Fatalf("%s: %s", q, r.Code)
				}
			}
			var got result
			for _, q := range tc.stmts {
				got = run(t, s, q)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("%s (-want +got):\n%s", tc.stmts[len(tc.stmts)-1], diff)
			}
		})
	}
}
