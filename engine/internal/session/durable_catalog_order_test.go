package session

import (
	"context"
	"testing"
)

// TestDurableCatalogOrder: pg_class and pg_namespace list relations and
// schemas in PostgreSQL's heap order (creation, then the last change that
// rewrote the row), and a reopened data directory lists them the same
// way, with new objects after the old ones.
func TestDurableCatalogOrder(t *testing.T) {
	s, reopen := durableSession(t)
	execAll(t, s, `
create table zebra (id int);
create table apple (id int);
create table mango (id int);
alter table zebra add column note text;
alter table apple rename to banana;
create schema zz;
create schema aa;
`)
	const q = "select string_agg(relname, ',') from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' " +
		"union all select string_agg(nspname, ',') from pg_namespace where nspname in ('zz', 'aa', 'bb', 'public')"
	want := "mango,zebra,banana\npublic,zz,aa\n"
	if got := queryAll(t, s, q); got != want {
		t.Fatalf("before reopening:\n%s", got)
	}
	s = reopen()
	if got := queryAll(t, s, q); got != want {
		t.Fatalf("after reopening:\n%s", got)
	}
	execAll(t, s, "create table kiwi (id int); alter table mango add column n int; create schema bb")
	want = "zebra,banana,kiwi,mango\npublic,zz,aa,bb\n"
	if got := queryAll(t, s, q); got != want {
		t.Errorf("after reopening and more DDL:\n%s", got)
	}
	s = reopen()
	if got := queryAll(t, s, q); got != want {
		t.Errorf("after the second reopening:\n%s", got)
	}
}

// TestDurableDomainDefault: a column of a domain with a default has no
// default of its own (pg_attrdef, column_default), before and after a
// reopen, and inserts still take the domain's.
func TestDurableDomainDefault(t *testing.T) {
	s, reopen := durableSession(t)
	execAll(t, s, `
create domain pos as int default 1 + 1 check (value > 0);
create table d (id int, p pos, q pos default 5);
insert into d (id) values (1);
`)
	const q = "select count(*)::text from pg_attrdef where adrelid = 'd'::regclass " +
		"union all select coalesce(string_agg(column_name || '=' || column_default, ','), '-') from information_schema.columns where table_name = 'd' " +
		"union all select string_agg(id || ':' || p || ':' || q, ',' order by id) from d"
	want := "1\nq=5\n1:2:5\n"
	if got := queryAll(t, s, q); got != want {
		t.Fatalf("before reopening:\n%s", got)
	}
	s = reopen()
	execAll(t, s, "insert into d (id) values (2)")
	want = "1\nq=5\n1:2:5,2:2:5\n"
	if got := queryAll(t, s, q); got != want {
		t.Errorf("after reopening:\n%s", got)
	}
}

// TestDurableAlterDomain: what ALTER DOMAIN changes (the default the
// columns take, NOT NULL, a NOT VALID check, renamed and dropped
// constraints, a domain over the altered one) survives a reopen.
func TestDurableAlterDomain(t *testing.T) {
	s, reopen := durableSession(t)
	execAll(t, s, `
create domain pos as int default 1 check (value > 0);
create domain small as pos;
create table d (id int, p pos, q small);
insert into d (id) values (1);
alter domain pos set default 2;
alter domain pos add constraint lt10 check (value < 10) not valid;
alter domain pos rename constraint pos_check to positive;
alter domain pos set not null;
insert into d (id, q) values (2, 3);
`)
	const q = "select string_agg(conname || ':' || convalidated, ',' order by conname) from pg_constraint where contypid = 'pos'::regtype " +
		"union all select string_agg(typname || ':' || typnotnull || ':' || coalesce(typdefault, '-'), ',' order by typname) from pg_type where typname in ('pos', 'small') " +
		"union all select string_agg(id || ':' || p || ':' || q, ',' order by id) from d"
	want := "lt10:false,positive:true\npos:true:2,small:false:1\n1:1:1,2:2:3\n"
	if got := queryAll(t, s, q); got != want {
		t.Fatalf("before reopening:\n%s", got)
	}
	probes := []string{
		"insert into d (id, p) values (3, 20)",
		"insert into d (id, q) values (3, 0)",
		"insert into d (id, q) values (3, null)",
		"insert into d (id, p) values (3, null)",
	}
	errs := func(s *Session) []string {
		out := make([]string, len(probes))
		for i, p := range probes {
			if _, err := s.Exec(context.Background(), p); err != nil {
				out[i] = err.Error()
			}
		}
		return out
	}
	before := errs(s)
	s = reopen()
	if got := queryAll(t, s, q); got != want {
		t.Fatalf("after reopening:\n%s", got)
	}
	after := errs(s)
	for i := range probes {
		if before[i] == "" || after[i] != before[i] {
			t.Errorf("%s: %q after reopening, %q before", probes[i], after[i], before[i])
		}
	}
	execAll(t, s, "alter domain pos drop default; insert into d (id, p, q) values (4, 4, 4); alter domain pos validate constraint lt10")
	want = "lt10:true,positive:true\npos:true:-,small:false:1\n1:1:1,2:2:3,4:4:4\n"
	if got := queryAll(t, s, q); got != want {
		t.Errorf("after more ALTER DOMAIN:\n%s", got)
	}
}

// TestDurableCatalogOrderKinds: indexes, views, sequences and composite
// types keep their place in pg_class's order across a reopen, with the
// moves GRANT and row level security made.
func TestDurableCatalogOrderKinds(t *testing.T) {
	s, reopen := durableSession(t)
	execAll(t, s, `
create table t1 (id serial primary key, name text);
create index t1_name on t1 (name);
create view v1 as select 1 as x;
create type comp as (a int);
create sequence s1;
create table t2 (id int);
grant select on t1 to public;
alter table t2 enable row level security;
grant select on v1 to public;
`)
	const q = "select string_agg(relname, ',') from pg_class where relnamespace = 'public'::regnamespace"
	want := "t1_id_seq,t1_pkey,t1_name,comp,s1,t1,t2,v1\n"
	if got := queryAll(t, s, q); got != want {
		t.Fatalf("before reopening:\n%s", got)
	}
	s = reopen()
	if got := queryAll(t, s, q); got != want {
		t.Fatalf("after reopening:\n%s", got)
	}
	execAll(t, s, "create view v0 as select 2 as y; grant usage on sequence s1 to public")
	want = "t1_id_seq,t1_pkey,t1_name,comp,t1,t2,v1,v0,s1\n"
	if got := queryAll(t, s, q); got != want {
		t.Errorf("after reopening and more DDL:\n%s", got)
	}
}
