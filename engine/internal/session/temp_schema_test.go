package session

import (
	"context"
	"errors"
	"testing"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// TestTempTablesPerSession: a temporary table lives in its session's own
// pg_temp_N, shadows a permanent table of its name there, is invisible to
// other sessions (which may make their own of the same name) and goes
// with its session.
func TestTempTablesPerSession(t *testing.T) {
	e, err := Open(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	connect := func() *Session {
		s, err := e.Connect(SessionOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	a, b := connect(), connect()
	defer b.Close()
	execAll(t, a, "create table public.tt (a text); insert into public.tt values ('permanent')")
	execAll(t, a, "create temp table tt (a text); insert into tt values ('a temp')")
	execAll(t, b, "create temporary table tt (a text); insert into pg_temp.tt values ('b temp')")
	if got := queryAll(t, a, "select a from tt"); got != "a temp\n" {
		t.Errorf("session a reads %q, want its temp table", got)
	}
	if got := queryAll(t, b, "select a from tt"); got != "b temp\n" {
		t.Errorf("session b reads %q, want its temp table", got)
	}
	if got := queryAll(t, a, "select a from public.tt"); got != "permanent\n" {
		t.Errorf("public.tt reads %q", got)
	}
	if got := queryAll(t, a, "select relpersistence, relnamespace = pg_my_temp_schema() from pg_class where relname = 'tt' order by 1, 2"); got != "p|f\nt|f\nt|t\n" {
		t.Errorf("pg_class rows of tt:\n%s", got)
	}
	c := connect()
	if got := queryAll(t, c, "select a from tt"); got != "permanent\n" {
		t.Errorf("a third session reads %q, want the permanent table", got)
	}
	c.Close()
	a.Close()
	if got := queryAll(t, b, "select count(*) from pg_class where relname = 'tt'"); got != "2\n" {
		t.Errorf("after session a ended, %s relations named tt remain, want b's and the permanent one", got)
	}
	if got := queryAll(t, b, "select count(*) from pg_namespace where nspname like 'pg_temp%'"); got != "1\n" {
		t.Errorf("after sessions ended, %s temporary schemas remain, want b's", got)
	}
	_, err = b.Exec(context.Background(), "create temp table public.x (a int)")
	var pe *pgerror.Error
	if !errors.As(err, &pe) || pe.Code != pgerror.InvalidTableDefinition {
		t.Errorf("temp table in public: %v, want 42P16", err)
	}
}
