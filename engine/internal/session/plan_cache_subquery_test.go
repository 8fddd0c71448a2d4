package session

import (
	"strings"
	"testing"
	"time"
)

// Plans with subqueries, derived tables and joins in the plan cache: each
// query of runPlanSteps runs three times in a row, the second and third
// from the cached plan, and must see the data, claims and role of its own
// execution.

func TestPlanCacheSubqueryData(t *testing.T) {
	e := newPlanEngine(t, false,
		"create table a (id int primary key, name text not null)",
		"create table b (id int primary key, a_id int references a(id), v int)",
		"insert into a values (1, 'x'), (2, 'y')",
		"insert into b values (1, 1, 10), (2, 1, 20), (3, 2, 30)")
	scalar := "select id from a where id = (select max(a_id) from b)"
	correlated := "select a.name, (select count(*) from b where b.a_id = a.id) from a order by a.id"
	in := "select name from a where id in (select a_id from b where v > 15) order by name"
	exists := "select name from a where not exists (select 1 from b where b.a_id = a.id) order by name"
	derived := "select coalesce(json_agg(t), '[]') from (select a.id, a.name from a order by a.id) as t"
	embed := "select coalesce(json_agg(t), '[]') from (select a.name, coalesce((select json_agg(x) from (select b.v from b where b.a_id = a.id order by b.v) as x), '[]') as bs from a order by a.id) as t"
	join := "select a.name, b.v from a join b on b.a_id = a.id order by b.v"
	leftJoin := "select a.name, b.v from a left join b on b.a_id = a.id and b.v > 15 order by a.name, b.v"
	noFrom := "select (select count(*) from a), (select count(*) from b)"
	lateral := "select a.name, l.top from a left join lateral (select max(b.v) as top from b where b.a_id = a.id) l on true order by a.id"
	runPlanSteps(t, e, 2, []planStep{
		{0, scalar, "2"},
		{0, correlated, "x|2;y|1"},
		{0, in, "x;y"},
		{0, exists, ""},
		{0, derived, `[{"id":1,"name":"x"}, ` + "\n" + ` {"id":2,"name":"y"}]`},
		{0, embed, `[{"name":"x","bs":[{"v":10}, ` + "\n" + ` {"v":20}]}, ` + "\n" + ` {"name":"y","bs":[{"v":30}]}]`},
		{0, join, "x|10;x|20;y|30"},
		{0, leftJoin, "x|20;y|30"},
		{0, noFrom, "2|3"},
		{0, lateral, "x|20;y|30"},
		{1, "insert into a values (3, 'z')", ""},
		{1, "insert into b values (4, 3, 5)", ""},
		{0, scalar, "3"},
		{0, correlated, "x|2;y|1;z|1"},
		{0, in, "x;y"},
		{0, exists, ""},
		{0, derived, `[{"id":1,"name":"x"}, ` + "\n" + ` {"id":2,"name":"y"}, ` + "\n" + ` {"id":3,"name":"z"}]`},
		{0, embed, `[{"name":"x","bs":[{"v":10}, ` + "\n" + ` {"v":20}]}, ` + "\n" + ` {"name":"y","bs":[{"v":30}]}, ` + "\n" + ` {"name":"z","bs":[{"v":5}]}]`},
		{0, join, "z|5;x|10;x|20;y|30"},
		{0, leftJoin, "x|20;y|30;z|NULL"},
		{0, noFrom, "3|4"},
		{0, lateral, "x|20;y|30;z|5"},
		{0, "begin", ""},
		{0, "delete from b where a_id = 2", ""},
		{0, scalar, "3"},
		{0, exists, "y"},
		{1, exists, ""}, // not committed
		{0, "rollback", ""},
		{0, exists, ""},
		{1, "update b set v = 1 where id = 2", ""},
		{0, in, "y"},
		{0, leftJoin, "x|NULL;y|30;z|NULL"},
		{0, lateral, "x|10;y|30;z|5"},
		{1, "update b set v = 25 where id = 2", ""},
		{0, lateral, "x|25;y|30;z|5"},
	})
}

// TestPlanCacheSubqueryDDL checks that plans with subqueries are dropped
// with the catalog they were planned against.
func TestPlanCacheSubqueryDDL(t *testing.T) {
	e := newPlanEngine(t, false,
		"create table a (id int primary key, name text)",
		"create table b (id int primary key, a_id int)",
		"insert into a values (1, 'x')",
		"insert into b values (1, 1)")
	q := "select * from (select a.*, (select count(*) from b where b.a_id = a.id) as n from a) as t"
	runPlanSteps(t, e, 2, []planStep{
		{0, q, "1|x|1"},
		{1, "alter table a add column extra int default 7", ""},
		{0, q, "1|x|7|1"},
		{0, "alter table b rename to c", ""},
		{0, q, `ERROR ERROR: relation "b" does not exist (SQLSTATE 42P01)`},
		{0, "create table b (id int primary key, a_id int)", ""},
		{0, q, "1|x|7|0"},
	})
}

// TestPlanCacheSubqueryClaims checks row security read through
// subqueries: policies comparing with auth.uid() directly and through
// (select auth.uid()), one role, different claims per execution, and
// another role.
func TestPlanCacheSubqueryClaims(t *testing.T) {
	u1, u2 := "11111111-1111-1111-1111-111111111111", "22222222-2222-2222-2222-222222222222"
	e := newPlanEngine(t, true,
		"create table lists (id int primary key, owner uuid not null, title text)",
		"create table items (id int primary key, list_id int references lists(id), body text)",
		"insert into lists values (1, '"+u1+"', 'l1'), (2, '"+u2+"', 'l2')",
		"insert into items values (1, 1, 'a'), (2, 1, 'b'), (3, 2, 'c')",
		"alter table lists enable row level security",
		"alter table items enable row level security",
		"grant select on lists, items to authenticated, anon",
		"create policy own on lists for select to authenticated using (owner = (select auth.uid()))",
		"create policy via_list on items for select to authenticated using (list_id in (select id from lists where owner = auth.uid()))",
		"create policy anon_first on lists for select to anon using (id = 1)")
	claims := func(sub string) string {
		return "select set_config('request.jwt.claims', '{\"sub\":\"" + sub + "\",\"role\":\"authenticated\"}', false) is not null"
	}
	embed := "select coalesce(json_agg(t), '[]') from (select l.title, coalesce((select json_agg(i.body) from items i where i.list_id = l.id), '[]') as items from lists l order by l.id) as t"
	count := "select (select count(*) from lists), (select count(*) from items)"
	join := "select l.title, i.body from lists l join items i on i.list_id = l.id order by i.body"
	runPlanSteps(t, e, 1, []planStep{
		{0, "set role authenticated", ""},
		{0, claims(u1), "t"},
		{0, embed, `[{"title":"l1","items":["a", "b"]}]`},
		{0, count, "1|2"},
		{0, join, "l1|a;l1|b"},
		{0, claims(u2), "t"},
		{0, embed, `[{"title":"l2","items":["c"]}]`},
		{0, count, "1|1"},
		{0, join, "l2|c"},
		{0, claims("33333333-3333-3333-3333-333333333333"), "t"},
		{0, embed, "[]"},
		{0, count, "0|0"},
		{0, "set role anon", ""},
		{0, embed, `[{"title":"l1","items":[]}]`},
		{0, count, "1|0"},
		{0, "reset role", ""},
		{0, count, "2|3"},
	})
}

// TestPlanCacheSubqueryHits checks which statements with subqueries,
// derived tables and joins keep a plan.
func TestPlanCacheSubqueryHits(t *testing.T) {
	e := newPlanEngine(t, true,
		"create table a (id bigint primary key, name text)",
		"create table b (id bigint primary key, a_id bigint, at timestamptz)",
		"insert into a values (1, 'x')",
		"insert into b values (1, 1, now())")
	s := connectT(t, e)
	for _, c := range []struct {
		q    string
		plan bool
	}{
		{"select * from a where id = (select max(a_id) from b)", true},
		{"select a.name, (select count(*) from b where b.a_id = a.id) from a", true},
		{"select coalesce(json_agg(t), '[]') from (select * from a where id = 1) as t", true},
		{"select a.name, b.id from a join b on b.a_id = a.id", true},
		{"select name from a where id in (select a_id from b)", true},
		{"select (select count(*) from a)", true},
		{"select * from a where id = (select a_id from b where at < now())", true},                    // now() evaluated per execution inside the subquery
		{"select * from (select * from a where name = current_user) as t", true},                      // and inside a derived table
		{"select a.name, (select count(*) from b where b.a_id = a.id and b.at < now()) from a", true}, // and inside a correlated subquery
		{"select a.name from a where exists (select 1 from pg_class where relname = a.name)", true},   // catalog table in a subquery
		{"select (select relname from pg_class where oid = 'a'::regclass) from a", true},              // catalog table in a projection
	} {
		for i := 0; i < 2; i++ {
			if out := queryArgs(t, s, c.q); strings.HasPrefix(out, "ERROR") {
				t.Fatalf("%s: %s", c.q, out)
			}
		}
		entry, ok := s.cache.get(firstKey(s, c.q), e.ddlVersion.Load())
		if !ok {
			if le, _, lok := s.plans.literal(c.q, strings.TrimPrefix(firstKey(s, c.q), c.q), e.ddlVersion.Load(), s.cache.gen); lok {
				entry, ok = le, true
			}
		}
		if !ok {
			t.Fatalf("%s: not in the statement cache", c.q)
		}
		if got := entry.plan != nil; got != c.plan {
			t.Errorf("%s: cached plan %v, want %v", c.q, got, c.plan)
		}
	}
}

// TestPlanCacheSubqueryClock checks that values GMS does not fold (the
// select list, subqueries) are read per execution from a cached plan.
func TestPlanCacheSubqueryClock(t *testing.T) {
	e := newPlanEngine(t, true, "create table a (id int primary key)", "insert into a values (1)")
	s := connectT(t, e)
	for _, q := range []string{
		"select now()::text",
		"select (select now())::text",
		"select (select clock_timestamp() from a where id = 1)::text",
		"select current_setting('app.x', true)",
	} {
		seen := map[string]bool{}
		for i := 0; i < 3; i++ {
			if out := queryArgs(t, s, "select set_config('app.x', '"+string(rune('a'+i))+"', false)"); strings.HasPrefix(out, "ERROR") {
				t.Fatal(out)
			}
			seen[queryArgs(t, s, q)] = true
			time.Sleep(2 * time.Millisecond)
		}
		if len(seen) != 3 {
			t.Errorf("%s: %d distinct values in 3 executions, want 3 (%v)", q, len(seen), seen)
		}
	}
}
