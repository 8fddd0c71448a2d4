package engine_test

import (
	"context"
	"errors"
	"testing"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

// TestPgSleep: pg_sleep returns void after its wait, does not wait for
// zero, negative or NaN, and an endless one ends with 57014 at a
// routine's statement_timeout or at cancellation, leaving the session
// usable.
func TestPgSleep(t *testing.T) {
	s := enginetest.Session(t, enginetest.New(t))
	res := enginetest.Exec(t, s, "select pg_sleep(0.001), pg_sleep(0), pg_sleep(-1), pg_sleep('NaN'), pg_sleep(null) is null")
	if got := res[0].Rows[0]; *got[0] != "" || *got[4] != "t" {
		t.Fatalf("pg_sleep row: %v", got)
	}
	for _, c := range []struct{ name, sql string }{
		{"statement_timeout", "set statement_timeout = 20; do $$ begin perform pg_sleep('infinity'); end $$"},
		{"cancel", "select pg_sleep(1e9)"},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		if c.name == "cancel" {
			go cancel()
		}
		_, err := s.Exec(ctx, c.sql)
		cancel()
		var pe *engine.Error
		if !errors.As(err, &pe) || pe.Code != "57014" {
			t.Errorf("%s: got %v, want 57014", c.name, err)
		}
		_, _ = s.Exec(context.Background(), "rollback; reset statement_timeout")
		enginetest.Exec(t, s, "select 1")
	}
}
