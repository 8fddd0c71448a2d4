package session

import (
	"context"
	"testing"
)

// TestActivityAfterScript checks that a script run through Exec leaves
// its session idle in pg_stat_activity, its text as the last query.
func TestActivityAfterScript(t *testing.T) {
	e, err := Open(Options{NoBootstrap: true})
	if err != nil {
		t.Fatal(err)
	}
	a, b := connectT(t, e), connectT(t, e)
	if _, err := a.Exec(context.Background(), "select 1; select 2"); err != nil {
		t.Fatal(err)
	}
	rows, err := b.Query(context.Background(), "select state, query from pg_stat_activity where pid = $1", a.PID())
	if err != nil {
		t.Fatal(err)
	}
	got, err := rowsText(rows)
	if err != nil {
		t.Fatal(err)
	}
	if want := "idle|select 1; select 2\n"; got != want {
		t.Errorf("after Exec: %q, want %q", got, want)
	}
}
