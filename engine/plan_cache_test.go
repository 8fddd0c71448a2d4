package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// planStep runs one statement on one of a test's sessions and states its
// rows (runScript's form) or error.
type planStep struct {
	session int
	query   string
	want    string
}

// runPlanSteps runs each step three times in a row where it is a query, so
// the second and third runs execute the cached plan, and checks every run.
func runPlanSteps(t *testing.T, e *Engine, nsessions int, steps []planStep) {
	t.Helper()
	ss := make([]*Session, nsessions)
	for i := range ss {
		s, err := e.Connect(SessionOptions{})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		ss[i] = s
	}
	for i, st := range steps {
		runs := 1
		if isQuery(st.query) {
			runs = 3
		}
		for r := 0; r < runs; r++ {
			got := runScript(t, ss[st.session], []string{st.query})[0]
			if want := st.query + " => " + st.want; got != want {
				t.Errorf("step %d (run %d, session %d):\n%s", i, r+1, st.session, cmp.Diff(want, got))
			}
		}
	}
}

func isQuery(q string) bool { return len(q) > 6 && (q[:6] == "select" || q[:6] == "SELECT") }

func newPlanEngine(t *testing.T, bootstrap bool, setup ...string) *Engine {
	t.Helper()
	e, err := Open(Options{NoBootstrap: !bootstrap})
	if err != nil {
		t.Fatal(err)
	}
	s, err := e.Connect(SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, out := range runScript(t, s, setup) {
		if len(out) > 0 && strings.Contains(out, "=> ERROR") {
			t.Fatal(out)
		}
	}
	return e
}

func TestPlanCacheVisibility(t *testing.T) {
	e := newPlanEngine(t, false,
		"create table t (id bigint primary key, name text)",
		"insert into t values (1, 'a'), (2, 'b')")
	q := "select name from t where id = 3"
	runPlanSteps(t, e, 2, []planStep{
		{0, q, ""},
		{0, "begin", ""},
		{0, "insert into t values (3, 'c')", ""},
		{0, q, "c"}, // the transaction's own write
		{1, q, ""},  // not committed: invisible to another session
		{0, "rollback", ""},
		{0, q, ""}, // rolled back
		{1, "insert into t values (3, 'd')", ""},
		{0, q, "d"}, // committed by another session
		{0, "begin", ""},
		{0, q, "d"},
		{1, "update t set name = 'e' where id = 3", ""},
		{0, q, "d"}, // the open transaction keeps its snapshot
		{0, "commit", ""},
		{0, q, "e"},
		{0, "select id, name from t where id > 1 order by id", "2|b;3|e"},
		{1, "delete from t where id = 2", ""},
		{0, "select id, name from t where id > 1 order by id", "3|e"},
	})
}

func TestPlanCacheInvalidation(t *testing.T) {
	e := newPlanEngine(t, true,
		"create table t (id bigint primary key, name text)",
		"insert into t values (1, 'a')",
		"create schema other",
		"create table other.t (id bigint primary key, name text)",
		"insert into other.t values (1, 'other')",
		"create role plan_reader",
		"grant select on t to plan_reader")
	q := "select * from t where id = 1"
	runPlanSteps(t, e, 2, []planStep{
		{0, q, "1|a"},
		{1, "alter table t add column extra int default 7", ""},
		{0, q, "1|a|7"}, // DDL in another session
		{0, "alter table t drop column name", ""},
		{0, q, "1|7"}, // DDL in this session
		{0, "begin", ""},
		{0, "alter table t add column name text default 'n'", ""},
		{0, q, "1|7|n"}, // inside the transaction that ran DDL
		{0, "rollback", ""},
		{0, q, "1|7"},
		{0, "set search_path = other, public", ""},
		{0, q, "1|other"},
		{0, "reset search_path", ""},
		{0, q, "1|7"},
		{0, "set role plan_reader", ""},
		{0, q, "1|7"},
		{1, "revoke select on t from plan_reader", ""},
		{0, q, "ERROR ERROR: permission denied for table t (SQLSTATE 42501)"},
		{0, "reset role", ""},
		{0, q, "1|7"},
	})
}

// TestPlanCacheRLS checks that row security reads the claims of each
// execution: same role, different users, one cached statement.
func TestPlanCacheRLS(t *testing.T) {
	e := newPlanEngine(t, true,
		"create table todos (id int primary key, user_id uuid not null, title text)",
		"insert into todos values (1, '11111111-1111-1111-1111-111111111111', 'a'), (2, '22222222-2222-2222-2222-222222222222', 'b')",
		"alter table todos enable row level security",
		"grant select on todos to authenticated",
		"create policy own on todos for select to authenticated using (user_id = auth.uid())",
		"create table notes (id int primary key, user_id uuid not null, body text)",
		"insert into notes values (1, '11111111-1111-1111-1111-111111111111', 'x'), (2, '22222222-2222-2222-2222-222222222222', 'y')",
		"alter table notes enable row level security",
		"grant select on notes to authenticated",
		"create policy own on notes for select to authenticated using (user_id = (select auth.uid()))")
	claims := func(sub string) string {
		return "select set_config('request.jwt.claims', '{\"sub\":\"" + sub + "\",\"role\":\"authenticated\"}', false) is not null"
	}
	u1, u2 := "11111111-1111-1111-1111-111111111111", "22222222-2222-2222-2222-222222222222"
	runPlanSteps(t, e, 1, []planStep{
		{0, "set role authenticated", ""},
		{0, claims(u1), "t"},
		{0, "select id, title from todos order by id", "1|a"},
		{0, "select body from notes where id >= 1", "x"},
		{0, claims(u2), "t"},
		{0, "select id, title from todos order by id", "2|b"},
		{0, "select body from notes where id >= 1", "y"},
		{0, "reset role", ""},
		{0, "select id, title from todos order by id", "1|a;2|b"},
		{0, "create policy everyone on todos for select to authenticated using (true)", ""},
		{0, "set role authenticated", ""},
		{0, "select id, title from todos order by id", "1|a;2|b"},
	})
}

// TestPlanCacheHits checks which statements keep a plan.
func TestPlanCacheHits(t *testing.T) {
	e := newPlanEngine(t, true,
		"create table t (id bigint primary key, name text, at timestamptz)",
		"insert into t values (1, 'a', now())")
	s, err := e.Connect(SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, c := range []struct {
		q    string
		plan bool
	}{
		{"select * from t where id = 1", true},
		{"select name from t where id > 0 order by id limit 5", true},
		{"select count(*) from t", true},
		{"select * from t where at < now()", false},                 // now() would be folded at analysis
		{"select * from t where name = current_user", false},        // so would current_user
		{"select * from t where id = (select 1)", false},            // subquery
		{"select relname from pg_class where relname = 't'", false}, // catalog table
	} {
		for i := 0; i < 2; i++ {
			rows, err := s.Query(context.Background(), c.q)
			if err != nil {
				t.Fatalf("%s: %v", c.q, err)
			}
			for rows.Next() {
			}
			if err := rows.Close(); err != nil {
				t.Fatal(err)
			}
		}
		var entry *cachedStmt
		for k, v := range s.cache.entries {
			if len(k) > len(c.q) && k[:len(c.q)+1] == c.q+"\x00" {
				entry = v
			}
		}
		if entry == nil {
			t.Fatalf("%s: not in the statement cache", c.q)
		}
		if got := entry.plan != nil; got != c.plan {
			t.Errorf("%s: cached plan %v, want %v", c.q, got, c.plan)
		}
		if entry.plan != nil && entry.plan.busy {
			t.Errorf("%s: plan still checked out after its rows closed", c.q)
		}
	}
}
