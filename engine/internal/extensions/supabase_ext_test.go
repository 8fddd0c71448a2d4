package extensions_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
	"github.com/tinybase/tinybase/engine/internal/bootstrap"
	"github.com/tinybase/tinybase/engine/internal/extensions"
)

// create is the CREATE EXTENSION statement installing name as a Supabase
// project has it: a relocatable extension into the extensions schema.
func create(t *testing.T, name string) string {
	t.Helper()
	e, ok := extensions.Lookup(name)
	if !ok {
		t.Fatalf("extension %s is not in All()", name)
	}
	q := fmt.Sprintf("CREATE EXTENSION IF NOT EXISTS %q", name)
	switch {
	case e.ControlSchema != "":
		q += " WITH SCHEMA " + e.ControlSchema
	case e.Schema == "":
		q += " WITH SCHEMA extensions"
	}
	return q + " CASCADE"
}

// script returns ext's install script as CREATE EXTENSION would run it
// into schema, followed by the update scripts up to its default version:
// PostgreSQL, which has none of these extensions, runs the stand-in's
// scripts directly, and so checks that they are PostgreSQL's SQL.
func script(t *testing.T, name, schema string) string {
	t.Helper()
	e, ok := extensions.Lookup(name)
	if !ok {
		t.Fatalf("extension %s is not in All()", name)
	}
	if e.Schema != "" {
		schema = e.Schema
	}
	all := e.Script
	if e.Schema != "" {
		// the control file's schema, which CREATE EXTENSION makes first
		all = fmt.Sprintf("CREATE SCHEMA IF NOT EXISTS %q;\n", e.Schema) + all
	}
	path, ok := e.UpdatePath(e.Versions()[0], e.Version)
	if !ok {
		t.Fatalf("extension %s: no update path to %s", name, e.Version)
	}
	for _, u := range path {
		all += "\n" + u.Script
	}
	return strings.ReplaceAll(all, "@extschema@", schema)
}

// target runs a script and returns its last rows (columns joined by |,
// rows by newlines, NULL as <null>) or its error's SQLSTATE and message.
type target struct {
	name string
	exec func(sql string) (rows, code, msg string, err error)
}

// installed returns the targets the cases run on, each a new project
// with the named extensions' scripts applied (pgjwt into the extensions
// schema, as Supabase does): the engine, and the PostgreSQL named by
// TINYBASE_PG_URL when it is set (the oracle: a scratch database with
// tinybase's Supabase bootstrap).
func installed(t *testing.T, names ...string) []target {
	t.Helper()
	var scripts, creates []string
	for _, n := range names {
		creates = append(creates, create(t, n))
		if inBootstrap(t, n) {
			// The oracle's bootstrap has made its objects already.
			continue
		}
		if e, _ := extensions.Lookup(n); strings.Contains(e.Script, "MODULE_PATHNAME") || e.Script == "" {
			// A stand-in bound to Go code: PostgreSQL has the real one.
			scripts = append(scripts, create(t, n))
			continue
		}
		scripts = append(scripts, script(t, n, "extensions"))
	}
	s := enginetest.Session(t, enginetest.Migrated(t, creates...))
	targets := []target{engineTarget(s)}
	if url := os.Getenv("TINYBASE_PG_URL"); url != "" {
		targets = append(targets, postgresTarget(t, url, scripts))
	}
	return targets
}

// inBootstrap reports whether the Supabase bootstrap creates extension
// name, as it does supabase_vault.
func inBootstrap(t *testing.T, name string) bool {
	t.Helper()
	stmts, err := bootstrap.Statements()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range stmts {
		if s.Extension == name {
			return true
		}
	}
	return false
}

func postgresTarget(t *testing.T, url string, scripts []string) target {
	t.Helper()
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	db := fmt.Sprintf("tinybase_ext_%d_%d", os.Getpid(), dbSeq.Add(1))
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+db+" TEMPLATE template0"); err != nil {
		t.Fatal(err)
	}
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Database = db
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		conn.Close(ctx)
		_, _ = admin.Exec(ctx, "DROP DATABASE "+db)
		admin.Close(ctx)
	})
	pc := conn.PgConn()
	if err := bootstrap.ApplyPostgres(ctx, pc, db); err != nil {
		t.Fatal(err)
	}
	for _, sc := range scripts {
		if _, err := pc.Exec(ctx, "BEGIN;\n"+sc+"\n;COMMIT").ReadAll(); err != nil {
			t.Fatalf("postgres: install: %v", err)
		}
	}
	return target{name: "postgres", exec: func(sql string) (string, string, string, error) {
		res, err := pc.Exec(ctx, sql).ReadAll()
		if err != nil {
			var pe *pgconn.PgError
			if errors.As(err, &pe) {
				return "", pe.Code, pe.Message, nil
			}
			return "", "", "", err
		}
		for i := len(res) - 1; i >= 0; i-- {
			if len(res[i].FieldDescriptions) == 0 {
				continue
			}
			var lines []string
			for _, row := range res[i].Rows {
				var cols []string
				for _, v := range row {
					if v == nil {
						cols = append(cols, "<null>")
					} else {
						cols = append(cols, string(v))
					}
				}
				lines = append(lines, strings.Join(cols, "|"))
			}
			return strings.Join(lines, "\n"), "", "", nil
		}
		return "", "", "", nil
	}}
}

// dbSeq numbers the oracle's scratch databases.
var dbSeq atomic.Int64

// sqlCase is one script and either its last rows or the SQLSTATE (and a
// substring of the message) it fails with.
type sqlCase struct {
	name string
	sql  string
	want string
	code string
	msg  string
}

// run runs the cases in order on every target.
func run(t *testing.T, targets []target, cases []sqlCase) {
	t.Helper()
	for _, tg := range targets {
		for _, c := range cases {
			rows, code, msg, err := tg.exec(c.sql)
			switch {
			case err != nil:
				t.Errorf("%s: %s: %v", tg.name, c.name, err)
			case c.code != "" && (code != c.code || !strings.Contains(msg, c.msg)):
				t.Errorf("%s: %s: got %s %q (rows %q), want %s containing %q", tg.name, c.name, code, msg, rows, c.code, c.msg)
			case c.code == "" && code != "":
				t.Errorf("%s: %s: ERROR %s %s", tg.name, c.name, code, msg)
			case c.code == "" && rows != c.want:
				t.Errorf("%s: %s:\n got: %q\nwant: %q", tg.name, c.name, rows, c.want)
			}
		}
	}
}

// TestAllScripts checks every listed extension's script installs on a
// new project (and on PostgreSQL, when configured) and that names,
// versions and comments are set.
func TestAllScripts(t *testing.T) {
	for _, e := range extensions.All() {
		t.Run(e.Name, func(t *testing.T) {
			// An extension of operator classes only (btree_gin) has no script.
			if e.Version == "" || e.Comment == "" {
				t.Fatalf("%s: incomplete: %+v", e.Name, e)
			}
			installed(t, e.Name)
		})
	}
}

// engineTarget runs a case's SQL on s, reporting an error as its SQLSTATE
// and message (and rolling back, so the next case starts clean).
func engineTarget(s *engine.Session) target {
	return target{name: "engine", exec: func(sql string) (string, string, string, error) {
		res, err := s.Exec(context.Background(), sql)
		if err != nil {
			_, _ = s.Exec(context.Background(), "ROLLBACK")
			var pe *engine.Error
			if errors.As(err, &pe) {
				return "", pe.Code, pe.Message, nil
			}
			return "", "", "", err
		}
		return enginetest.LastRows(res), "", "", nil
	}}
}
