package auth

import (
	"context"
	"strings"
	"testing"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/bootstrap"
)

// newTestEngine opens an engine with the auth schema. Until engine.Open
// applies the Supabase bootstrap itself (rls-milestone-2), it applies the
// schema and auth-table files; statements the engine cannot run yet
// (owners, RLS switches) are skipped.
func newTestEngine(t testing.TB) *engine.Engine {
	t.Helper()
	e, err := engine.Open(engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	stmts, err := bootstrap.Statements()
	if err != nil {
		t.Fatal(err)
	}
	s, err := e.Connect(engine.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, st := range stmts {
		if st.File != "01_schemas.sql" && st.File != "03_auth_tables.sql" {
			continue
		}
		sqlText := st.SQL
		// The engine has no inet type yet.
		sqlText = strings.ReplaceAll(sqlText, " inet", " text")
		rows, err := s.Query(context.Background(), sqlText)
		if err == nil {
			for rows.Next() {
			}
			err = rows.Err()
		}
		if err != nil {
			if strings.Contains(st.SQL, "OWNER TO") || strings.Contains(st.SQL, "ROW LEVEL SECURITY") || strings.Contains(st.SQL, "AUTHORIZATION") {
				continue
			}
			t.Fatalf("bootstrap %s: %v\n%s", st.File, err, st.SQL)
		}
	}
	return e
}
