package engine_test

import (
	"context"
	"testing"

	"github.com/tinybase/tinybase/engine/enginetest"
)

// RESET returns a setting to its session start value: the database's
// (ALTER DATABASE ... SET) when it has one, as PostgreSQL does. The
// Supabase bootstrap gives the database a search_path with extensions, and
// the Supabase CLI sends RESET ALL before each migration file; an
// unqualified gen_random_bytes() must still resolve after it.
func TestResetKeepsDatabaseSettings(t *testing.T) {
	e := enginetest.New(t)
	s := mustSession(t, e)
	defer s.Close()
	ctx := context.Background()
	const want = `"$user", public, extensions`
	for _, reset := range []string{"RESET ALL", "RESET search_path"} {
		execScript(t, s, "SET search_path = public; "+reset)
		r, err := s.Query(ctx, "SHOW search_path")
		if err != nil {
			t.Fatal(err)
		}
		rows, err := r.TextRows()
		if err != nil || len(rows) != 1 || rows[0][0] == nil || *rows[0][0] != want {
			t.Fatalf("after %s: search_path %v (%v), want %s", reset, rows, err, want)
		}
		execScript(t, s, "SELECT length(gen_random_bytes(4))")
	}
}
