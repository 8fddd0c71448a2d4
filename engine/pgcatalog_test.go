package engine_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

// TestSystemCatalogsFollowTransactions checks that the catalogs show a
// session its own uncommitted DDL and hide it from other sessions until
// commit.
func TestSystemCatalogsFollowTransactions(t *testing.T) {
	e := enginetest.New(t)
	connect := func() *engine.Session {
		s, err := e.Connect(engine.SessionOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	a, b := connect(), connect()
	exec := func(s *engine.Session, q string) {
		t.Helper()
		rows, err := s.Query(context.Background(), q)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		rows.Close()
	}
	const q = "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename"
	steps := []struct {
		name string
		run  func()
		a, b [][]string
	}{
		{"empty", func() {}, nil, nil},
		{"uncommitted create", func() { exec(a, "BEGIN"); exec(a, "CREATE TABLE t (id int)") }, [][]string{{"t"}}, nil},
		{"committed", func() { exec(a, "COMMIT") }, [][]string{{"t"}}, [][]string{{"t"}}},
		{"uncommitted drop", func() { exec(b, "BEGIN"); exec(b, "DROP TABLE t") }, [][]string{{"t"}}, nil},
		{"rolled back", func() { exec(b, "ROLLBACK") }, [][]string{{"t"}}, [][]string{{"t"}}},
	}
	for _, st := range steps {
		st.run()
		if diff := cmp.Diff(st.a, queryStrings(t, a, q)); diff != "" {
			t.Errorf("%s: session a (-want +got):\n%s", st.name, diff)
		}
		if diff := cmp.Diff(st.b, queryStrings(t, b, q)); diff != "" {
			t.Errorf("%s: session b (-want +got):\n%s", st.name, diff)
		}
	}
}
