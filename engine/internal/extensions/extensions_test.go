package extensions_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
	"github.com/tinybase/tinybase/engine/internal/extensions"
)

// script returns ext's install script as CREATE EXTENSION would run it
// into schema (the framework's job; these tests run it directly).
func script(t *testing.T, name, schema string) string {
	t.Helper()
	e, ok := extensions.Lookup(name)
	if !ok {
		t.Fatalf("extension %s is not in All()", name)
	}
	if e.Schema != "" {
		schema = e.Schema
	}
	return strings.ReplaceAll(e.Script, "@extschema@", schema)
}

// installed returns a session on a new project with the named extensions'
// scripts applied (pgjwt into the extensions schema, as Supabase does).
func installed(t *testing.T, names ...string) *engine.Session {
	t.Helper()
	var scripts []string
	for _, n := range names {
		scripts = append(scripts, script(t, n, "extensions"))
	}
	return enginetest.Session(t, enginetest.Migrated(t, scripts...))
}

// sqlCase is one statement and either its rows (columns joined by |,
// rows by newlines, NULL as <null>) or the SQLSTATE it fails with.
type sqlCase struct {
	name string
	sql  string
	want string
	code string
	msg  string // a substring of the error message, when code is set
}

func run(t *testing.T, s *engine.Session, cases []sqlCase) {
	t.Helper()
	for _, c := range cases {
		res, err := s.Exec(context.Background(), c.sql)
		if c.code != "" {
			var pe *engine.Error
			if !errors.As(err, &pe) {
				t.Errorf("%s: got %v, want SQLSTATE %s", c.name, err, c.code)
				continue
			}
			if pe.Code != c.code || !strings.Contains(pe.Message, c.msg) {
				t.Errorf("%s: got %s %q, want %s containing %q", c.name, pe.Code, pe.Message, c.code, c.msg)
			}
			_, _ = s.Exec(context.Background(), "ROLLBACK")
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			_, _ = s.Exec(context.Background(), "ROLLBACK")
			continue
		}
		if got := lastRows(res); got != c.want {
			t.Errorf("%s:\n got: %q\nwant: %q", c.name, got, c.want)
		}
	}
}

// lastRows formats the last result of a script that returns rows.
func lastRows(res []engine.Result) string {
	for i := len(res) - 1; i >= 0; i-- {
		if len(res[i].Columns) > 0 {
			return rows(res[i])
		}
	}
	return ""
}

func rows(r engine.Result) string {
	var lines []string
	for _, row := range r.Rows {
		var cols []string
		for _, v := range row {
			if v == nil {
				cols = append(cols, "<null>")
			} else {
				cols = append(cols, *v)
			}
		}
		lines = append(lines, strings.Join(cols, "|"))
	}
	return strings.Join(lines, "\n")
}

// TestAllScripts checks every listed extension's script installs on a
// new project and that names, versions and schemas are set.
func TestAllScripts(t *testing.T) {
	for _, e := range extensions.All() {
		t.Run(e.Name, func(t *testing.T) {
			if e.Version == "" || e.Comment == "" || e.Script == "" {
				t.Fatalf("%s: incomplete: %+v", e.Name, e)
			}
			names := append(append([]string{}, e.Requires...), e.Name)
			var need []string
			for _, n := range names {
				if _, ok := extensions.Lookup(n); ok {
					need = append(need, n)
				}
			}
			installed(t, need...)
		})
	}
}
