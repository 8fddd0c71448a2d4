package testdb

import (
	"context"
	"strings"
	"testing"

	"github.com/tinybase/tinybase/engine"
)

// TestPsqlScript checks how scripts are read as psql reads them: where
// variables are interpolated and where not, meta-commands mid-statement,
// and ON_ERROR_STOP.
func TestPsqlScript(t *testing.T) {
	tests := []struct {
		name, script, out string
		errors            int
	}{
		{name: "variables", script: "\\set n 2\n\\set s 'it''s'\nselect :n + 1, :'s', ':n', $$:n$$, E'\\':n', 1::int;\n",
			out: "3|it's|:n|:n|':n|1\n"},
		{name: "identifier variable", script: "\\set col 'a b'\nselect 1 as :\"col\";\n", out: "1\n"},
		{name: "undefined stays", script: "select ':x' as v, length(':x');\n", out: ":x|2\n"},
		{name: "comments", script: "-- :n ; \\echo no\n/* :n ; */ select 1;\n", out: "1\n"},
		{name: "meta-command mid-statement", script: "select\n\\set v 5\n:v;\n", out: "5\n"},
		{name: "echo joins its arguments", script: "\\set n 3\n\\echo ok :n - 'two  spaces'\n", out: "ok 3 - two  spaces\n"},
		{name: "unterminated last statement runs", script: "select 7", out: "7\n"},
		{name: "stops at the first error", script: "select 1/0;\nselect 2;\n", out: "", errors: 1},
		{name: "goes on without ON_ERROR_STOP", script: "\\unset ON_ERROR_STOP\nselect 1/0;\nselect 2;\n", out: "2\n", errors: 1},
		{name: "unknown meta-command", script: "\\frobnicate\nselect 1;\n", out: "", errors: 1},
		{name: "format commands ignored", script: "\\pset format aligned\n\\t\n\\x\nselect 1;\n", out: "1\n"},
	}
	eng, err := engine.Open(engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := eng.Connect(engine.SessionOptions{})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			var out strings.Builder
			fr := &FileResult{}
			p := &psqlScript{ctx: context.Background(), s: s, out: &out, fr: fr, vars: map[string]string{"ON_ERROR_STOP": "1"}}
			p.run("t.sql", "", tc.script)
			if out.String() != tc.out {
				t.Errorf("output %q, want %q", out.String(), tc.out)
			}
			if got := len(fr.Errors); (got > 0) != (tc.errors > 0) {
				t.Errorf("errors %q, want %d", fr.Errors, tc.errors)
			}
		})
	}
}
