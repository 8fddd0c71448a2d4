package session

import "testing"

// TestPlanCacheRLSJoins runs joins, subqueries and derived tables over a
// table whose policy column is indexed, where GMS may push the policy
// condition down to the table and build its own index lookup: each user
// sees their own rows from the cached plan or from a fresh one.
func TestPlanCacheRLSJoins(t *testing.T) {
	u1, u2 := "11111111-1111-1111-1111-111111111111", "22222222-2222-2222-2222-222222222222"
	e := newPlanEngine(t, true,
		"create table lists (id int primary key, owner uuid not null, title text)",
		"create index lists_owner on lists (owner)",
		"create table items (id int primary key, list_id int references lists(id), owner uuid not null, body text)",
		"create index items_owner on items (owner)",
		"insert into lists values (1, '"+u1+"', 'l1'), (2, '"+u2+"', 'l2')",
		"insert into items values (1, 1, '"+u1+"', 'a'), (2, 1, '"+u1+"', 'b'), (3, 2, '"+u2+"', 'c')",
		"alter table lists enable row level security",
		"alter table items enable row level security",
		"grant select on lists, items to authenticated",
		"create policy own on lists for select to authenticated using (owner = auth.uid())",
		"create policy own on items for select to authenticated using (auth.uid() = owner)")
	claims := func(sub string) string {
		return "select set_config('request.jwt.claims', '{\"sub\":\"" + sub + "\"}', false) is not null"
	}
	join := "select l.title, i.body from lists l join items i on i.list_id = l.id order by i.body"
	leftJoin := "select l.title, i.body from lists l left join items i on i.list_id = l.id order by l.title, i.body"
	embed := "select coalesce(json_agg(t), '[]') from (select l.title, coalesce((select json_agg(i.body) from items i where i.list_id = l.id), '[]') as items from lists l order by l.id) as t"
	in := "select title from lists where id in (select list_id from items) order by title"
	derived := "select t.title from (select * from lists where id > 0) t order by t.title"
	runPlanSteps(t, e, 1, []planStep{
		{0, "set role authenticated", ""},
		{0, claims(u1), "t"},
		{0, join, "l1|a;l1|b"},
		{0, leftJoin, "l1|a;l1|b"},
		{0, embed, `[{"title":"l1","items":["a", "b"]}]`},
		{0, in, "l1"},
		{0, derived, "l1"},
		{0, claims(u2), "t"},
		{0, join, "l2|c"},
		{0, leftJoin, "l2|c"},
		{0, embed, `[{"title":"l2","items":["c"]}]`},
		{0, in, "l2"},
		{0, derived, "l2"},
		{0, claims("33333333-3333-3333-3333-333333333333"), "t"},
		{0, join, ""},
		{0, leftJoin, ""},
		{0, embed, "[]"},
		{0, in, ""},
		{0, derived, ""},
	})
	// 5 queries, 3 users, 3 runs each: only each query's first run plans
	if st := e.PlanCacheStats(); st.Hits < 5*3*3-5 {
		t.Errorf("plan cache %+v: want at least %d hits", st, 5*3*3-5)
	}
}
