package session

import "testing"

// TestDurableDropSchemaCascade: DROP SCHEMA ... CASCADE removes what
// other schemas held on its objects (a column of its type, a default
// calling its sequence, a trigger running its function, a view reading
// its table, a foreign key to it), and reopening finds them gone.
func TestDurableDropSchemaCascade(t *testing.T) {
	s, reopen := durableSession(t)
	execAll(t, s, `
create schema s;
create table s.parent (id int primary key);
create type s.mood as enum ('ok', 'bad');
create sequence s.counter;
create function s.trig() returns trigger language plpgsql as $$ begin return new; end $$;
create table public.child (id int primary key, parent_id int references s.parent (id), m s.mood, n bigint default nextval('s.counter'));
create view public.pv as select id from s.parent;
create trigger tg before insert on public.child for each row execute function s.trig();
drop schema s cascade;
`)
	const q = "select string_agg(attname, ',' order by attnum) from pg_attribute where attrelid = 'public.child'::regclass and attnum > 0 and not attisdropped " +
		"union all select count(*)::text from pg_attrdef where adrelid = 'public.child'::regclass " +
		"union all select count(*)::text from pg_constraint where conrelid = 'public.child'::regclass and contype = 'f' " +
		"union all select count(*)::text from pg_trigger where tgname = 'tg' " +
		"union all select count(*)::text from pg_views where viewname = 'pv'"
	want := "id,parent_id,n\n0\n0\n0\n0\n"
	if got := queryAll(t, s, q); got != want {
		t.Fatalf("before reopening:\n%s", got)
	}
	s = reopen()
	if got := queryAll(t, s, q); got != want {
		t.Errorf("after reopening:\n%s", got)
	}
	execAll(t, s, "insert into public.child (id) values (1)")
}
