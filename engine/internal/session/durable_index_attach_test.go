package session

import "testing"

// TestDurableIndexAttach: partitioned indexes made ON ONLY, attached
// partition indexes and their validity survive reopening the data dir,
// before and after a checkpoint, and an ATTACH after reopening still
// makes the index valid.
func TestDurableIndexAttach(t *testing.T) {
	s, reopen := durableSession(t)
	execAll(t, s, `
create table public.m (id int not null, k int not null, v text) partition by range (k);
create table public.m1 (id int not null, k int not null, v text);
create table public.m2 (id int not null, k int not null, v text);
alter table only public.m attach partition public.m1 for values from (0) to (10);
alter table only public.m attach partition public.m2 for values from (10) to (20);
alter table only public.m add constraint m_pkey primary key (id, k);
alter table only public.m1 add constraint m1_pkey primary key (id, k);
alter index public.m_pkey attach partition public.m1_pkey;
create index m_v_idx on only public.m (v);
create index m1_v_idx on public.m1 (v);
create index m2_v_idx on public.m2 (v);
alter index public.m_v_idx attach partition public.m1_v_idx;
`)
	const q = `select c.relname || ' ' || c.relkind || ' ' || i.indisvalid || ' ' || coalesce((select inhparent::regclass::text from pg_inherits where inhrelid = c.oid), '-')
  from pg_index i join pg_class c on c.oid = i.indexrelid where c.relnamespace = 'public'::regnamespace order by 1`
	want := "m1_pkey i true m_pkey\nm1_v_idx i true m_v_idx\nm2_v_idx i true -\nm_pkey I false -\nm_v_idx I false -\n"
	if got := queryAll(t, s, q); got != want {
		t.Fatalf("before reopening:\n%s", got)
	}
	s = reopen()
	if got := queryAll(t, s, q); got != want {
		t.Errorf("after reopening:\n%s", got)
	}
	execAll(t, s, `alter index public.m_v_idx attach partition public.m2_v_idx; checkpoint`)
	want = "m1_pkey i true m_pkey\nm1_v_idx i true m_v_idx\nm2_v_idx i true m_v_idx\nm_pkey I false -\nm_v_idx I true -\n"
	if got := queryAll(t, s, q); got != want {
		t.Errorf("after attaching:\n%s", got)
	}
	s = reopen()
	if got := queryAll(t, s, q); got != want {
		t.Errorf("after the checkpoint and reopening:\n%s", got)
	}
}

// TestDurableColumnStats: columns' statistics targets and options, a
// table's and an index expression column's, survive reopening the data
// dir.
func TestDurableColumnStats(t *testing.T) {
	s, reopen := durableSession(t)
	execAll(t, s, `
create table public.st (a int, b text);
create index st_lower on public.st (lower(b));
alter table public.st alter column a set statistics 250;
alter table public.st alter column b set (n_distinct = -0.25);
alter index public.st_lower alter column 1 set statistics 40;
`)
	const q = `select attrelid::regclass || ' ' || attname || ' ' || attstattarget || ' ' || coalesce(attoptions::text, '-')
  from pg_attribute where attrelid in ('public.st'::regclass, 'public.st_lower'::regclass) and attnum > 0 order by 1`
	want := "st a 250 -\nst b -1 {n_distinct=-0.25}\nst_lower lower 40 -\n"
	if got := queryAll(t, s, q); got != want {
		t.Fatalf("before reopening:\n%s", got)
	}
	s = reopen()
	if got := queryAll(t, s, q); got != want {
		t.Errorf("after reopening:\n%s", got)
	}
}
