package session

import (
	"context"
	"testing"
)

// queryValue runs a one-value query.
func queryValue(t *testing.T, s *Session, q string) string {
	t.Helper()
	rows, err := s.Query(context.Background(), q)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	var out string
	for rows.Next() {
		if v := rows.Text(); len(v) > 0 && v[0] != nil {
			out = *v[0]
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return out
}

// TestSequencesAreNotTransactional checks PostgreSQL's rule that nextval
// survives a rollback while the sequence's definition does not, and that
// a snapshot starts from the counters as they were.
func TestSequencesAreNotTransactional(t *testing.T) {
	e, err := Open(Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := e.Connect(SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	steps := []struct{ sql, want string }{
		{"CREATE SEQUENCE s", ""},
		{"BEGIN", ""},
		{"SELECT nextval('s')", "1"},
		{"CREATE SEQUENCE rolled_back", ""},
		{"ROLLBACK", ""},
		{"SELECT nextval('s')", "2"},
	}
	for _, st := range steps {
		if got := queryValue(t, s, st.sql); got != st.want {
			t.Errorf("%s = %q, want %q", st.sql, got, st.want)
		}
	}
	if rows, err := s.Query(context.Background(), "SELECT nextval('rolled_back')"); err == nil {
		if rows.Close() == nil {
			t.Error("a sequence created in a rolled-back transaction exists")
		}
	}
	snap := e.Snapshot()
	s2, err := snap.Connect(SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := queryValue(t, s2, "SELECT nextval('s')"); got != "3" {
		t.Errorf("snapshot nextval = %q, want 3", got)
	}
	if got := queryValue(t, s, "SELECT nextval('s')"); got != "3" {
		t.Errorf("origin nextval after snapshot used it = %q, want 3", got)
	}
}
