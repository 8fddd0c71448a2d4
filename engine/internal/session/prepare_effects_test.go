package session

import (
	"context"
	"strings"
	"testing"
)

// TestDescribeRunsNoFunction checks that describing a statement (Parse +
// Describe, PREPARE) plans it without running its functions, as
// PostgreSQL does: a function that inserts, raises a NOTICE or fails
// leaves no row, no notice and no error behind.
func TestDescribeRunsNoFunction(t *testing.T) {
	e, err := Open(Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := e.Connect(SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	exec := func(q string) *Rows {
		t.Helper()
		r, err := s.Query(ctx, q)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		return r
	}
	for _, q := range []string{
		"create table log (x int)",
		`create function f() returns int language plpgsql as $$ begin insert into log values (1); raise notice 'f ran'; return 1; end $$`,
		`create function g() returns setof int language plpgsql as $$ begin insert into log values (2); raise notice 'g ran'; return next 1; end $$`,
		`create function h() returns table (a int, b text) language plpgsql as $$ begin insert into log values (3); raise notice 'h ran'; return query select 1, 'x'; end $$`,
		`create function boom() returns int language plpgsql as $$ begin raise exception 'boom ran'; end $$`,
		`create function sboom() returns setof int language plpgsql as $$ begin raise exception 'sboom ran'; end $$`,
		`create function sqlf() returns setof int language sql as $$ insert into log values (4) returning x $$`,
	} {
		exec(q).Close()
	}
	for _, q := range []string{
		"select f()",
		"select * from f()",
		"select * from g()",
		"select g()",
		"select * from h()",
		"select a, b from h() where a > 0",
		"select boom()",
		"select * from sboom()",
		"select * from sqlf()",
		"select x, f() from log",
		"select (select f())",
		"with w as (select * from g()) select * from w",
	} {
		p, err := s.Prepare(ctx, q, nil)
		if err != nil {
			t.Errorf("Prepare(%q): %v", q, err)
			continue
		}
		if len(p.Columns) == 0 {
			t.Errorf("Prepare(%q): no columns described", q)
		}
		if n := s.takeNotices(); len(n) > 0 {
			t.Errorf("Prepare(%q) raised %v", q, n)
		}
		r := exec("select count(*) from log")
		r.Next()
		if c := r.Values()[0]; c != int64(0) {
			t.Errorf("Prepare(%q): log has %v rows", q, c)
		}
		r.Close()
	}
	// EXPLAIN without ANALYZE plans only, too.
	for _, q := range []string{"explain select * from sboom()", "explain select boom()", "explain select * from h()", "explain select f() from log"} {
		r := exec(q)
		for r.Next() {
		}
		if err := r.Err(); err != nil {
			t.Errorf("%s: %v", q, err)
		}
		if n := r.Notices(); len(n) > 0 {
			t.Errorf("%s raised %v", q, n)
		}
		r.Close()
		r = exec("select count(*) from log")
		r.Next()
		if c := r.Values()[0]; c != int64(0) {
			t.Errorf("%s: log has %v rows", q, c)
		}
		r.Close()
	}
}

// TestDescribeModifyingCTE checks that describing a statement with a
// data-modifying WITH item plans the item without running it: the NULL
// standing for a parameter meets no NOT NULL constraint, and no trigger
// fires.
func TestDescribeModifyingCTE(t *testing.T) {
	e, err := Open(Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := e.Connect(SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, q := range []string{
		"create table r (x int not null check (x > 0))",
		"create table q (y int)",
		`create function trg() returns trigger language plpgsql as $$ begin raise exception 'trigger ran'; end $$`,
		"create trigger r_t before insert on r for each row execute function trg()",
	} {
		r, err := s.Query(ctx, q)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		r.Close()
	}
	for _, tc := range []struct {
		sql  string
		cols []string
	}{
		{"with w as (insert into r values ($1) returning x) select * from w", []string{"x"}},
		{"with w (a) as (insert into r values ($1) returning x, x + 1 as z) select z, a from w", []string{"z", "a"}},
		{"with w as (insert into r values ($1) returning x) insert into q select x from w returning y", []string{"y"}},
		{"with w as (insert into r values ($1)) select 1 as one", []string{"one"}},
	} {
		p, err := s.Prepare(ctx, tc.sql, []uint32{23})
		if err != nil {
			t.Errorf("Prepare(%q): %v", tc.sql, err)
			continue
		}
		var got []string
		for _, c := range p.Columns {
			got = append(got, c.Name)
		}
		if strings.Join(got, ",") != strings.Join(tc.cols, ",") {
			t.Errorf("Prepare(%q): columns %v, want %v", tc.sql, got, tc.cols)
		}
		if _, err := s.QueryPrepared(ctx, p, []any{"1"}); err == nil || !strings.Contains(err.Error(), "trigger ran") {
			t.Errorf("running %q: %v, want the trigger's error", tc.sql, err)
		}
	}
}
