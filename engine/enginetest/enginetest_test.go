package enginetest_test

import (
	"testing"

	"github.com/tinybase/tinybase/engine/enginetest"
)

const schema = "create table notes (id int primary key, body text);\ninsert into notes values (1, 'a');"

// TestMigratedIsolated checks that two tests given the same fixture start
// from its state and do not see each other's writes.
func TestMigratedIsolated(t *testing.T) {
	for _, name := range []string{"first", "second"} {
		t.Run(name, func(t *testing.T) {
			s := enginetest.Session(t, enginetest.Migrated(t, schema))
			res := enginetest.Exec(t, s, "select count(*) from notes")
			if got := *res[0].Rows[0][0]; got != "1" {
				t.Fatalf("count = %s, want 1 (a write leaked between snapshots)", got)
			}
			enginetest.Exec(t, s, "insert into notes values (2, 'b')")
		})
	}
}

// TestMigratedFailure checks that a fixture whose script fails reports
// PostgreSQL's error instead of handing out a half-built state.
func TestMigratedFailure(t *testing.T) {
	ft := &fatalRecorder{TB: t}
	func() {
		defer func() { _ = recover() }()
		enginetest.Migrated(ft, "create table x (id int);\nselect nope from x;")
	}()
	if ft.msg == "" {
		t.Fatal("a failing fixture script did not fail the test")
	}
}

// fatalRecorder records Fatalf instead of stopping the enclosing test.
type fatalRecorder struct {
	testing.TB
	msg string
}

func (f *fatalRecorder) Helper() {}

func (f *fatalRecorder) Fatalf(format string, args ...any) {
	f.msg = format
	panic("fatal")
}
