// Package enginetest opens engines for tests, through the engine façade
// only: a new Supabase project's database, or a migrated fixture — the
// state after a set of SQL scripts, built once per test binary and handed
// to each test as its own Snapshot (O(tables)), so tests sharing a schema
// pay for it once and cannot see each other's writes. It plays the part
// of go-mysql-server's enginetest harness and PocketBase's TestApp.
package enginetest

import (
	"context"
	"crypto/sha256"
	"strings"
	"sync"
	"testing"

	"github.com/tinybase/tinybase/engine"
)

// New returns a new engine holding a new Supabase project's database.
func New(t testing.TB) *engine.Engine {
	t.Helper()
	e, err := engine.Open(engine.Options{})
	if err != nil {
		t.Fatalf("enginetest: open: %v", err)
	}
	return e
}

// fixtures are the migrated states built so far in this test binary,
// by the SHA-256 of their scripts. Each is built once, by the first test
// that asks, and only snapshotted afterwards.
var fixtures sync.Map // [sha256.Size]byte → *fixture

type fixture struct {
	once sync.Once
	e    *engine.Engine
	err  error
}

// Migrated returns an engine in the state the scripts leave a new
// project's database in, applied in order as postgres, each in one
// transaction. The state is built once per test binary for the same
// scripts; every call returns a Snapshot of it.
func Migrated(t testing.TB, scripts ...string) *engine.Engine {
	t.Helper()
	key := sha256.Sum256([]byte(strings.Join(scripts, "\x00")))
	v, _ := fixtures.LoadOrStore(key, &fixture{})
	f := v.(*fixture)
	f.once.Do(func() { f.e, f.err = build(scripts) })
	if f.err != nil {
		t.Fatalf("enginetest: fixture: %v", f.err)
	}
	return f.e.Snapshot()
}

func build(scripts []string) (*engine.Engine, error) {
	e, err := engine.Open(engine.Options{})
	if err != nil {
		return nil, err
	}
	s, err := e.Connect(engine.SessionOptions{})
	if err != nil {
		return nil, err
	}
	defer s.Close()
	ctx := context.Background()
	for _, script := range scripts {
		if _, err := s.Exec(ctx, "BEGIN;\n"+script+"\n;COMMIT"); err != nil {
			_, _ = s.Exec(ctx, "ROLLBACK")
			return nil, err
		}
	}
	return e, nil
}

// Connect opens a session on e as opts says; it is closed when t ends.
func Connect(t testing.TB, e *engine.Engine, opts engine.SessionOptions) *engine.Session {
	t.Helper()
	s, err := e.Connect(opts)
	if err != nil {
		t.Fatalf("enginetest: connect: %v", err)
	}
	t.Cleanup(s.Close)
	return s
}

// Session opens a session on e as postgres; it is closed when t ends.
func Session(t testing.TB, e *engine.Engine) *engine.Session {
	t.Helper()
	return Connect(t, e, engine.SessionOptions{})
}

// Exec runs script on s and returns its results, failing t on an error.
func Exec(t testing.TB, s *engine.Session, script string) []engine.Result {
	t.Helper()
	res, err := s.Exec(context.Background(), script)
	if err != nil {
		t.Fatalf("enginetest: %v\nin: %s", err, script)
	}
	return res
}

// LastRows prints the last result of a script that returns rows: one
// "a|b" line a row, NULL as <null>.
func LastRows(res []engine.Result) string {
	for i := len(res) - 1; i >= 0; i-- {
		if len(res[i].Columns) == 0 {
			continue
		}
		lines := make([]string, 0, len(res[i].Rows))
		for _, row := range res[i].Rows {
			cols := make([]string, len(row))
			for j, v := range row {
				cols[j] = "<null>"
				if v != nil {
					cols[j] = *v
				}
			}
			lines = append(lines, strings.Join(cols, "|"))
		}
		return strings.Join(lines, "\n")
	}
	return ""
}

// Reopened runs before in a new data directory, writes a checkpoint, runs
// after (so that it comes back from the log, not the checkpoint), closes
// the engine and returns a session on the directory opened again.
func Reopened(t testing.TB, before, after string) *engine.Session {
	t.Helper()
	dir := t.TempDir()
	e, err := engine.Open(engine.Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	s := Connect(t, e, engine.SessionOptions{})
	Exec(t, s, before)
	if err := e.Checkpoint(context.Background()); err != nil {
		t.Fatal(err)
	}
	Exec(t, s, after)
	s.Close()
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	e2, err := engine.Open(engine.Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e2.Close() })
	return Connect(t, e2, engine.SessionOptions{})
}

// EachReopening runs check twice, as subtests: on a data directory
// reopened after setup was held by a checkpoint ("checkpoint"), and after
// setup came back from the write-ahead log ("wal").
func EachReopening(t *testing.T, setup string, check func(t *testing.T, s *engine.Session)) {
	for _, tc := range []struct{ name, before, after string }{
		{"checkpoint", setup, ""},
		{"wal", "", setup},
	} {
		t.Run(tc.name, func(t *testing.T) { check(t, Reopened(t, tc.before, tc.after)) })
	}
}
