package session

import "testing"

// TestDurableRegclassFollows: regclass constants rewritten by a rename or
// SET SCHEMA of their relation (a serial's default, a view, a policy) and
// owned sequences moved with their table are stored under the new names,
// so reopening reads them back and they keep working.
func TestDurableRegclassFollows(t *testing.T) {
	s, reopen := durableSession(t)
	execAll(t, s, `
create table public.t (id serial primary key, x int);
alter sequence public.t_id_seq rename to s2;
insert into public.t (x) values (1);
create table public.u (a int);
create view public.v as select 'u'::regclass as r;
alter table public.u rename to u2;
create schema s;
create table s.p (id int);
create policy p on s.p using (tableoid = 's.p'::regclass);
alter table s.p rename to p3;
create table public.m (id serial, x int);
alter table public.m set schema s;
insert into s.m (x) values (1);
`)
	const q = "select pg_get_expr(adbin, adrelid) from pg_attrdef where adrelid in ('public.t'::regclass, 's.m'::regclass) " +
		"union all select pg_get_viewdef('public.v') union all select r::text from public.v " +
		"union all select pg_get_expr(polqual, polrelid) from pg_policy where polname = 'p' order by 1"
	want := " SELECT 'u2'::regclass AS r;\n(tableoid = ('s.p3'::regclass)::oid)\nnextval('s.m_id_seq'::regclass)\nnextval('s2'::regclass)\nu2\n"
	if got := queryAll(t, s, q); got != want {
		t.Fatalf("before reopening:\n%s", got)
	}
	s = reopen()
	if got := queryAll(t, s, q); got != want {
		t.Errorf("after reopening:\n%s", got)
	}
	execAll(t, s, `
insert into public.t (x) values (2);
insert into s.m (x) values (2);
`)
	if got := queryAll(t, s, "select id from public.t union all select id from s.m order by 1"); got != "1\n1\n2\n2\n" {
		t.Errorf("rows after reopening:\n%s", got)
	}
}
