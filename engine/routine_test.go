package engine_test

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

// TestUserFunctions runs SQL functions end to end: creation, calls in
// expressions, defaults and named arguments, STRICT, DROP, recursion.
func TestUserFunctions(t *testing.T) {
	e := enginetest.New(t)
	s, err := e.Connect(engine.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		"create table t (id int primary key, v text)",
		"insert into t values (1,'a'),(2,'b')",
		"create function add1(a int) returns int language sql immutable as $$ select a + 1 $$",
		"create function f2(a int, b int default 10) returns int return a * b",
		"create function cnt() returns bigint language sql as 'select count(*) from t'",
		"create function s(a text) returns text strict language sql as $$ select a || '!' $$",
		"create function r(n int) returns int language sql as $$ select r(n+1) $$",
	} {
		if _, err := s.Query(context.Background(), q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	tests := []struct {
		name, q string
		want    [][]string
		code    string
	}{
		{"scalar", "select add1(41)", [][]string{{"42"}}, ""},
		{"in where", "select add1(id), v from t where add1(id) = 3", [][]string{{"3", "b"}}, ""},
		{"defaults and named", "select f2(2), f2(2, 3), f2(b => 5, a => 2)", [][]string{{"20", "6", "10"}}, ""},
		{"reads table", "select cnt()", [][]string{{"2"}}, ""},
		{"strict", "select s(null) is null, s('x')", [][]string{{"t", "x!"}}, ""},
		{"no overload", "select add1('a'::text)", nil, "42883"},
		{"recursion", "select r(1)", nil, "54001"},
		{"missing table at create", "create function bad() returns int language sql as $$ select x from nope $$", nil, "42P01"},
		{"plpgsql syntax", "create function badp() returns int language plpgsql as $$ begin retrun 1; end $$", nil, "42601"},
		{"duplicate", "create function add1(a int) returns int language sql as $$ select a $$", nil, "42723"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rows, err := s.Query(context.Background(), tc.q)
			var got [][]string
			if err == nil {
				for rows.Next() {
					var r []string
					for _, v := range rows.Text() {
						if v == nil {
							r = append(r, "NULL")
						} else {
							r = append(r, *v)
						}
					}
					got = append(got, r)
				}
				err = rows.Err()
			}
			if tc.code != "" {
				if sqlstate(err) != tc.code {
					t.Fatalf("got error %v, want SQLSTATE %s", err, tc.code)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(tc.want, got); d != "" {
				t.Errorf("rows (-want +got):\n%s", d)
			}
		})
	}
	if _, err := s.Query(context.Background(), "drop function add1"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Query(context.Background(), "select add1(1)"); err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Fatalf("after DROP: %v", err)
	}
}
