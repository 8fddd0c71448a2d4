package session

import (
	"context"
	"testing"
)

// scriptSession opens a new engine and a session on it, runs setup's
// statements in order, and closes the session when the test ends.
func scriptSession(t *testing.T, setup ...string) *Session {
	t.Helper()
	eng, err := Open(Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := eng.Connect(SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	for _, q := range setup {
		rows, err := s.Query(context.Background(), q)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		rows.Close()
	}
	return s
}
