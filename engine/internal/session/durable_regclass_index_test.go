package session

import (
	"context"
	"testing"
)

// TestDurableRegclassIndexFollows: an expression index's key and a
// partial index's predicate renamed with the relation their regclass
// constants name keep the new names after reopening, and keep working.
func TestDurableRegclassIndexFollows(t *testing.T) {
	s, reopen := durableSession(t)
	execAll(t, s, `
create function public.rc_oid(r regclass) returns oid language sql immutable as $$ select r::oid $$;
create table public.a (id int);
create table public.t (id int, x regclass);
create index t_expr on public.t ((public.rc_oid('public.a'::regclass)), id);
create index t_part on public.t (id) where x <> 'public.a'::regclass;
insert into public.t values (1, 'public.t');
alter table public.a rename to a2;
create schema s;
alter table public.a2 set schema s;
`)
	const q = "select pg_get_indexdef('public.t_expr'::regclass) union all select pg_get_indexdef('public.t_part'::regclass) order by 1"
	want := "CREATE INDEX t_expr ON public.t USING btree (rc_oid('s.a2'::regclass), id)\n" +
		"CREATE INDEX t_part ON public.t USING btree (id) WHERE ((x)::oid <> ('s.a2'::regclass)::oid)\n"
	if got := queryAll(t, s, q); got != want {
		t.Fatalf("before reopening:\n%s", got)
	}
	s = reopen()
	if got := queryAll(t, s, q); got != want {
		t.Errorf("after reopening:\n%s", got)
	}
	execAll(t, s, "insert into public.t values (2, 'public.t')")
	if got := queryAll(t, s, "select id from public.t where x <> 's.a2'::regclass order by 1"); got != "1\n2\n" {
		t.Errorf("rows after reopening:\n%s", got)
	}
	if _, err := s.Query(context.Background(), "drop table s.a2"); err == nil {
		t.Errorf("drop table s.a2: no error, want 2BP01")
	}
}
