package session

import "testing"

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
