package session

import (
	"strings"
	"testing"
	"time"
)

// TestPlanCacheRLSClaims runs the statements PostgREST sends under the
// usual Supabase policies — `owner = auth.uid()` and
// `auth.uid() = owner`, over an indexed and an unindexed column, and
// `auth.jwt() ->> 'email'` — in one session and one role with different
// claims per execution: every execution after the first runs the cached
// plan and sees its own user's rows.
func TestPlanCacheRLSClaims(t *testing.T) {
	u1, u2 := "11111111-1111-1111-1111-111111111111", "22222222-2222-2222-2222-222222222222"
	e := newPlanEngine(t, true,
		"create table todos (id int primary key, owner uuid not null, n int)",
		"create index todos_owner on todos (owner)",
		"create table notes (id int primary key, owner uuid not null, body text)", // no index on owner
		"create table mail (id int primary key, email text not null)",
		"insert into todos values (1, '"+u1+"', 10), (2, '"+u1+"', 20), (3, '"+u2+"', 30)",
		"insert into notes values (1, '"+u1+"', 'a'), (2, '"+u2+"', 'b')",
		"insert into mail values (1, 'a@x'), (2, 'b@x')",
		"alter table todos enable row level security",
		"alter table notes enable row level security",
		"alter table mail enable row level security",
		"grant select, insert, update, delete on todos, notes, mail to authenticated",
		"create policy own on todos for all to authenticated using (owner = auth.uid()) with check (owner = auth.uid())",
		"create policy own on notes for select to authenticated using (auth.uid() = owner)",
		"create policy own on mail for select to authenticated using (email = auth.jwt() ->> 'email')")
	s := connectT(t, e)
	as := func(sub, email string) {
		t.Helper()
		q := "select set_config('request.jwt.claims', '{\"sub\":\"" + sub + "\",\"email\":\"" + email + "\",\"role\":\"authenticated\"}', false) is not null"
		if out := queryArgs(t, s, q); out != "t" {
			t.Fatal(out)
		}
	}
	if out := queryArgs(t, s, "set role authenticated"); out != "" {
		t.Fatal(out)
	}
	steps := []struct {
		sub, email string
		q          string
		args       []any
		want       string
		hit        bool // ran from the cached plan
	}{
		{u1, "a@x", "select id, n from todos order by id", nil, "1|10;2|20", false},
		{u2, "b@x", "select id, n from todos order by id", nil, "3|30", true},
		{u1, "a@x", "select id, n from todos order by id", nil, "1|10;2|20", true},
		{u1, "a@x", "select id from todos where n > $1 order by id", []any{15}, "2", false},
		{u2, "b@x", "select id from todos where n > $1 order by id", []any{15}, "3", true},
		{u1, "a@x", "select id, body from notes", nil, "1|a", false},
		{u2, "b@x", "select id, body from notes", nil, "2|b", true},
		{u1, "a@x", "select id from mail", nil, "1", false},
		{u2, "b@x", "select id from mail", nil, "2", true},
		{u2, "", "select id from mail", nil, "", true},
		// writes: another user's row is invisible to UPDATE and DELETE
		{u1, "a@x", "update todos set n = n + $1 where id = $2", []any{1, 3}, "", false},
		{u2, "b@x", "update todos set n = n + $1 where id = $2", []any{1, 3}, "", true},
		{u2, "b@x", "select n from todos where id = 3", nil, "31", false},
		{u1, "a@x", "update todos set n = n + $1 where id = $2", []any{1, 1}, "", true},
		{u1, "a@x", "select id, n from todos order by id", nil, "1|11;2|20", true},
		{u2, "b@x", "delete from todos where id = $1", []any{2}, "", false},
		{u1, "a@x", "delete from todos where id = $1", []any{2}, "", true},
		{u1, "a@x", "select id, n from todos order by id", nil, "1|11", true},
		// WITH CHECK is evaluated with each execution's user
		{u1, "a@x", "insert into todos (id, owner, n) values ($1, '" + u1 + "', $2)", []any{4, 40}, "", false},
		{u2, "b@x", "insert into todos (id, owner, n) values ($1, '" + u1 + "', $2)", []any{5, 50}, `ERROR ERROR: new row violates row-level security policy for table "todos" (SQLSTATE 42501)`, true},
		{u1, "a@x", "insert into todos (id, owner, n) values ($1, '" + u1 + "', $2)", []any{6, 60}, "", true},
		{u1, "a@x", "select id, n from todos order by id", nil, "1|11;4|40;6|60", true},
		{u2, "b@x", "select id, n from todos order by id", nil, "3|31", true},
	}
	for i, st := range steps {
		as(st.sub, st.email)
		before := e.PlanCacheStats().Hits
		got := queryArgs(t, s, st.q, st.args...)
		if got != st.want {
			t.Errorf("step %d: %s %v as %s:\n got %q\nwant %q", i, st.q, st.args, st.sub[:1], got, st.want)
		}
		if hit := e.PlanCacheStats().Hits > before; hit != st.hit {
			t.Errorf("step %d: %s: cached plan used %v, want %v", i, st.q, hit, st.hit)
		}
	}
}

// TestPlanCacheRLSLookup checks that `owner = auth.uid()` over an index
// stays an index lookup in the cached plan, keyed when the plan runs.
func TestPlanCacheRLSLookup(t *testing.T) {
	e := newPlanEngine(t, true,
		"create table todos (id int primary key, owner uuid not null)",
		"create index todos_owner on todos (owner)",
		"alter table todos enable row level security",
		"grant select on todos to authenticated",
		"create policy own on todos for select to authenticated using (owner = auth.uid())")
	s := connectT(t, e)
	q := "select id from todos"
	for _, st := range []string{"set role authenticated", q, q} {
		if out := queryArgs(t, s, st); strings.HasPrefix(out, "ERROR") {
			t.Fatal(out)
		}
	}
	entry, ok := s.cache.get(firstKey(s, q), e.ddlVersion.Load())
	if !ok || entry.plan == nil {
		t.Fatalf("%s: no cached plan", q)
	}
	// a lookup on the non-unique index is an access-path IndexScan, whose
	// keys are evaluated when it starts (it holds no key buffers)
	if !entry.plan.keyed && !strings.Contains(entry.plan.node.String(), "IndexScan(todos_owner on todos") {
		t.Errorf("%s: cached plan has no run-time index lookup:\n%s", q, entry.plan.node.String())
	}
}

// TestPlanCacheRuntimeConditions checks that conditions reading the clock,
// the role and settings are evaluated per execution of a cached plan.
func TestPlanCacheRuntimeConditions(t *testing.T) {
	e := newPlanEngine(t, true,
		"create table ev (id int primary key, at timestamptz, who text, tag text)",
		"insert into ev values (1, now() + interval '2 seconds', 'postgres', 'a'), (2, now() + interval '1 hour', 'anon', 'b')",
		"grant select on ev to anon")
	s := connectT(t, e)
	clock := "select id from ev where at < now() order by id"
	role := "select id from ev where who = current_user"
	setting := "select id from ev where tag = current_setting('app.tag', true)"
	runQ := func(q, want string) {
		t.Helper()
		if got := queryArgs(t, s, q); got != want {
			t.Errorf("%s: got %q, want %q", q, got, want)
		}
	}
	runQ(clock, "")
	runQ(clock, "")
	runQ(role, "1")
	runQ("select set_config('app.tag', 'a', false) is not null", "t")
	runQ(setting, "1")
	before := e.PlanCacheStats().Hits
	time.Sleep(2100 * time.Millisecond) // past row 1's time, with room for a loaded machine before it
	runQ(clock, "1")
	runQ("set role anon", "")
	runQ("select set_config('app.tag', 'b', false) is not null", "t")
	runQ(setting, "2")
	runQ("reset role", "")
	runQ(role, "1")
	runQ("select set_config('app.tag', 'c', false) is not null", "t")
	runQ(setting, "")
	if hits := e.PlanCacheStats().Hits - before; hits < 3 {
		t.Errorf("%d executions from cached plans, want at least 3", hits)
	}
}

// TestPlanCacheRuntimeCorrelated checks that a condition mixing a
// run-time call with a correlated subquery, a column or an aggregate is
// evaluated per row, not once per execution.
func TestPlanCacheRuntimeCorrelated(t *testing.T) {
	e := newPlanEngine(t, true,
		"create table l (id int primary key, title text)",
		"create table i (id int primary key, l_id int, body text)",
		"insert into l values (1, 'x'), (2, 'y'), (3, 'z')",
		"insert into i values (1, 1, 'a'), (2, 2, 'b')")
	s := connectT(t, e)
	q := "select l.title from l where coalesce((select max(i.body) from i where i.l_id = l.id), current_setting('app.x', true)) = current_setting('app.y', true) order by l.title"
	q2 := "select l.title from l where l.title || current_setting('app.x', true) = 'y' || current_setting('app.x', true) order by 1"
	for _, st := range []struct{ x, y, want, want2 string }{
		{"c", "a", "x", "y"},
		{"c", "b", "y", "y"},
		{"c", "c", "z", "y"},
		{"d", "d", "z", "y"},
		{"d", "a", "x", "y"},
	} {
		if out := queryArgs(t, s, "select set_config('app.x', '"+st.x+"', false) || set_config('app.y', '"+st.y+"', false)"); out != st.x+st.y {
			t.Fatal(out)
		}
		if got := queryArgs(t, s, q); got != st.want {
			t.Errorf("app.x=%s app.y=%s: got %q, want %q", st.x, st.y, got, st.want)
		}
		if got := queryArgs(t, s, q2); got != st.want2 {
			t.Errorf("app.x=%s: %s: got %q, want %q", st.x, q2, got, st.want2)
		}
	}
	if st := e.PlanCacheStats(); st.Hits < 8 {
		t.Errorf("plan cache %+v: want at least 8 hits", st)
	}
}
