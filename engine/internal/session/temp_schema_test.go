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
	var pe *pgerror.Error
	if _, err := c.Exec(context.Background(), "select * from "+a.tempNS+".tt"); !errors.As(err, &pe) || pe.Code != pgerror.FeatureNotSupported {
		t.Errorf("reading another session's temp table: %v, want 0A000", err)
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
	if !errors.As(err, &pe) || pe.Code != pgerror.InvalidTableDefinition {
		t.Errorf("temp table in public: %v, want 42P16", err)
	}
}

// TestTempTablesNotDurable: a temporary table, its rows and its schema
// never reach the data directory: its rows are not logged, and after a
// crash the recovered engine has no trace of it.
func TestTempTablesNotDurable(t *testing.T) {
	dir := t.TempDir()
	e, err := Open(Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	s, err := e.Connect(SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	execAll(t, s, "create table public.kept (a int primary key); create temp table scratch (id serial primary key, b text check (b <> ''))")
	before := e.durable.dir.LogSize()
	execAll(t, s, "insert into scratch (b) select 'row ' || g from generate_series(1, 200) g")
	// the serial's sequence value is logged (a few bytes), never the rows
	if after := e.durable.dir.LogSize(); after-before > 64 {
		t.Errorf("inserting 200 rows into a temporary table grew the log by %d bytes", after-before)
	}
	execAll(t, s, "insert into public.kept values (1)")
	if err := e.durable.Checkpoint(context.Background()); err != nil {
		t.Fatal(err)
	}
	crash(t, e) // the session never ends: its temp schema is still there
	e2, err := Open(Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer e2.Close()
	s2, err := e2.Connect(SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	if got := queryAll(t, s2, "select count(*) from pg_namespace where nspname like 'pg_temp%'"); got != "0\n" {
		t.Errorf("%s temporary schemas survived a restart", got)
	}
	if got := queryAll(t, s2, "select count(*) from pg_class where relpersistence = 't' or relname like 'scratch%'"); got != "0\n" {
		t.Errorf("%s temporary relations survived a restart", got)
	}
	if got := queryAll(t, s2, "select a from public.kept"); got != "1\n" {
		t.Errorf("public.kept after restart: %q", got)
	}
	execAll(t, s2, "create temp table scratch (id serial primary key); insert into scratch default values")
}

// TestTempTablesInSnapshot: a snapshot taken while a session holds a
// temporary table does not hand that table to the snapshot's sessions.
func TestTempTablesInSnapshot(t *testing.T) {
	e, err := Open(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	s, err := e.Connect(SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	execAll(t, s, "create temp table snap_tt (a int); insert into snap_tt values (1)")
	c := e.Snapshot()
	cs, err := c.Connect(SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	if _, err := cs.Exec(context.Background(), "select * from snap_tt"); err == nil {
		t.Error("a session of the snapshot sees another session's temporary table")
	}
	execAll(t, cs, "create temp table snap_tt (a int)")
	if got := queryAll(t, cs, "select count(*) from snap_tt"); got != "0\n" {
		t.Errorf("the snapshot session's own snap_tt holds %s rows", got)
	}
}

// TestTempTablesInPlpgsql: a function's CREATE TEMP TABLE ... ON COMMIT
// DROP works again on every call and in every session running it.
func TestTempTablesInPlpgsql(t *testing.T) {
	e, err := Open(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	a, err := e.Connect(SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := e.Connect(SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	execAll(t, a, `create function public.scratch_count() returns int language plpgsql as $$
declare n int;
begin
  create temp table scratch (v int) on commit drop;
  insert into scratch values (1), (2);
  select count(*) into n from scratch;
  return n;
end $$`)
	for _, s := range []*Session{a, b, a, b} {
		if got := queryAll(t, s, "select public.scratch_count()"); got != "2\n" {
			t.Errorf("scratch_count() = %q, want 2", got)
		}
	}
	if got := queryAll(t, b, "select count(*) from pg_class where relname = 'scratch'"); got != "0\n" {
		t.Errorf("%s scratch tables outlived their transactions", got)
	}
}
