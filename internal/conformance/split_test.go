package conformance

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSplit(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []string
	}{
		{"simple", "SELECT 1; SELECT 2;", []string{"SELECT 1", "SELECT 2"}},
		{"no trailing semicolon", "SELECT 1;\nSELECT 2", []string{"SELECT 1", "SELECT 2"}},
		{"comments dropped", "-- title\nSELECT 1; -- after\n/* block */ SELECT 2 -- tail\n;", []string{"SELECT 1", "SELECT 2"}},
		{"inner comment kept", "SELECT 1 -- one\n + 2;", []string{"SELECT 1 -- one\n + 2"}},
		{"semicolon in string", "SELECT 'a;b'; SELECT \"x;y\" FROM t;", []string{"SELECT 'a;b'", `SELECT "x;y" FROM t`}},
		{"dollar quotes", "CREATE FUNCTION f() RETURNS int LANGUAGE sql AS $$ SELECT 1; $$; SELECT f();",
			[]string{"CREATE FUNCTION f() RETURNS int LANGUAGE sql AS $$ SELECT 1; $$", "SELECT f()"}},
		{"syntax error falls back to tokens", "SELECT 1; SELEC 2; SELECT 'x;y';", []string{"SELECT 1", "SELEC 2", "SELECT 'x;y'"}},
		{"unicode escape string last", "SELECT 1, U&'\\0041BC' -- c\n;", []string{"SELECT 1, U&'\\0041BC'"}},
		{"comment only", "-- nothing\n", nil},
		{"multibyte", "SELECT 'héllo'; -- ü\nSELECT 'ß';", []string{"SELECT 'héllo'", "SELECT 'ß'"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Split(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Split(%q) (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

func TestIsOrdered(t *testing.T) {
	tests := []struct {
		sql  string
		want bool
	}{
		{"SELECT a FROM t", false},
		{"SELECT a FROM t ORDER BY a", true},
		{"SELECT a FROM (SELECT a FROM t ORDER BY a) s", false},
		{"WITH c AS (SELECT 1 AS a) SELECT a FROM c ORDER BY a", true},
		{"SELECT 1 UNION SELECT 2 ORDER BY 1", true},
		{"SELECT 1 UNION (SELECT 2 ORDER BY 1)", false},
		{"VALUES (2), (1)", false},
		{"VALUES (2), (1) ORDER BY 1", true},
		{"SELECT array_agg(a ORDER BY a) FROM t", false},
		{"INSERT INTO t VALUES (1) RETURNING a", false},
		{"DELETE FROM t RETURNING *", false},
		{"SHOW TimeZone", false},
		{"SELEC 1 ORDER BY 1", false},
	}
	for _, tt := range tests {
		if got := IsOrdered(tt.sql); got != tt.want {
			t.Errorf("IsOrdered(%q) = %v, want %v", tt.sql, got, tt.want)
		}
	}
}

func TestOrderedDirective(t *testing.T) {
	tests := []struct {
		name, script string
		want         []bool
	}{
		{"none", "SELECT a FROM t;\nSELECT a FROM t ORDER BY a;\n", []bool{false, true}},
		{"directive", "-- heap order\n-- conformance: ordered\n\nSELECT a FROM t;\nINSERT INTO t VALUES (1) RETURNING a;\n", []bool{true, true}},
		{"spacing", "--conformance:ordered\nSELECT a FROM t;\n", []bool{true}},
		{"after the first statement", "SELECT 1;\n-- conformance: ordered\nSELECT a FROM t;\n", []bool{false, false}},
		{"other directive value", "-- conformance: unordered\nSELECT a FROM t;\n", []bool{false}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stmts, err := ParseScript(tt.script)
			if err != nil {
				t.Fatal(err)
			}
			var got []bool
			for _, s := range stmts {
				got = append(got, s.Ordered)
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("Ordered = %v, want %v", got, tt.want)
			}
		})
	}
}
