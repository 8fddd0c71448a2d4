package session

import (
	"context"
	"testing"
	"time"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// TestAdvisoryLocks checks what one session's advisory locks do to
// another's; a single session's view is in the conformance suite
// (functions/advisory_locks).
func TestAdvisoryLocks(t *testing.T) {
	e, err := Open(Options{NoBootstrap: true})
	if err != nil {
		t.Fatal(err)
	}
	connect := func() *Session {
		s, err := e.Connect(SessionOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	a, b := connect(), connect()
	try := func(s *Session, q string) string {
		t.Helper()
		return queryAll(t, s, q)
	}
	steps := []struct {
		s         *Session
		sql, want string
	}{
		{a, "select pg_advisory_lock(42)", "\n"},
		{b, "select pg_try_advisory_lock(42)", "f\n"},
		{b, "select pg_try_advisory_lock_shared(42)", "f\n"},
		{b, "select pg_try_advisory_lock(42, 0)", "t\n"}, // the pair key space is another
		{a, "select pg_try_advisory_lock(42)", "t\n"},    // a session never conflicts with itself
		{a, "select pg_advisory_unlock(42)", "t\n"},
		{b, "select pg_try_advisory_lock(42)", "f\n"}, // still held once
		{a, "select pg_advisory_unlock(42)", "t\n"},
		{b, "select pg_try_advisory_lock_shared(42)", "t\n"},
		{a, "select pg_try_advisory_lock_shared(42)", "t\n"},
		{a, "select pg_try_advisory_lock(42)", "f\n"},
		{b, "select pg_advisory_unlock_all()", "\n"},
		{a, "select pg_try_advisory_lock(42)", "t\n"},
		{a, "begin", ""},
		{a, "select pg_advisory_xact_lock(7)", "\n"},
		{b, "select pg_try_advisory_xact_lock(7)", "f\n"},
		{a, "select pg_advisory_unlock(7)", "f\n"}, // not a session-level hold
		{a, "commit", ""},
		{b, "select pg_try_advisory_xact_lock(7)", "t\n"}, // released by its own statement's end
		{b, "select pg_try_advisory_lock(7)", "t\n"},
		{b, "select pg_advisory_unlock_all()", "\n"},
		// ROLLBACK TO releases the transaction-level locks taken after
		// the savepoint, not the session-level ones
		{a, "begin", ""},
		{a, "savepoint s", ""},
		{a, "select pg_advisory_xact_lock(8), pg_advisory_lock(9)", "|\n"},
		{b, "select pg_try_advisory_lock(8)", "f\n"},
		{a, "rollback to savepoint s", ""},
		{b, "select pg_try_advisory_lock(8), pg_try_advisory_lock(9)", "t|f\n"},
		{a, "rollback", ""},
		{b, "select pg_try_advisory_lock(9)", "f\n"},
		{b, "select pg_try_advisory_lock(7)", "t\n"}, // for the wait below
	}
	for i, st := range steps {
		if got := try(st.s, st.sql); got != st.want {
			t.Fatalf("step %d %q: got %q want %q", i, st.sql, got, st.want)
		}
	}

	// a waiting lock is granted when the holder's session ends
	done := make(chan string)
	go func() {
		rows, err := a.Query(context.Background(), "select pg_advisory_lock(7)")
		if err != nil {
			done <- err.Error()
			return
		}
		for rows.Next() {
		}
		if err := rows.Err(); err != nil {
			done <- err.Error()
			return
		}
		done <- "granted"
	}()
	select {
	case got := <-done:
		t.Fatalf("lock granted while held: %s", got)
	case <-time.After(50 * time.Millisecond):
	}
	b.Close()
	if got := <-done; got != "granted" {
		t.Fatalf("waiting lock: %s", got)
	}

	// lock_timeout ends a wait with 55P03
	c := connect()
	defer c.Close()
	execAll(t, c, "set lock_timeout = 20")
	_, err = c.Exec(context.Background(), "select pg_advisory_lock(7)")
	if pe, ok := pgerror.As(err); !ok || pe.Code != pgerror.LockNotAvailable {
		t.Fatalf("lock_timeout: got %v, want 55P03", err)
	}
	a.Close()
}
