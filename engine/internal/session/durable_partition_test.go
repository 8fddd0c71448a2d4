package session

import (
	"context"
	"strings"
	"testing"
)

// TestDurablePartitions: partitioned tables keep their rows in their
// partitions, and their bounds as data, across a reopen: rows inserted
// before route where they did, new inserts still route, a bound still
// refuses what it does not accept, and an attached partition stays one.
func TestDurablePartitions(t *testing.T) {
	s, reopen := durableSession(t)
	execAll(t, s, `
create table public.logs (id int, at date, msg text, primary key (id, at)) partition by range (at);
create table public.logs_2023 partition of public.logs for values from ('2023-01-01') to ('2024-01-01');
create table public.logs_rest partition of public.logs default;
create table public.logs_2024 (id int not null, at date not null, msg text);
alter table public.logs attach partition public.logs_2024 for values from ('2024-01-01') to ('2025-01-01');
create table public.h (k int) partition by hash (k);
create table public.h0 partition of public.h for values with (modulus 2, remainder 0);
create table public.h1 partition of public.h for values with (modulus 2, remainder 1);
insert into public.logs values (1, '2023-03-01', 'a'), (2, '2024-03-01', 'b'), (3, '2030-01-01', 'c');
insert into public.h select generate_series(1, 6);
`)
	const q = "select tableoid::regclass || ' ' || id || ' ' || msg from public.logs order by id"
	const hq = "select string_agg(k::text, ',' order by k) from public.h0"
	want := "logs_2023 1 a\nlogs_2024 2 b\nlogs_rest 3 c\n"
	if got := queryAll(t, s, q); got != want {
		t.Fatalf("before reopening:\n%s", got)
	}
	wantH := queryAll(t, s, hq)
	s = reopen()
	if got := queryAll(t, s, q); got != want {
		t.Errorf("after reopening:\n%s", got)
	}
	if got := queryAll(t, s, hq); got != wantH {
		t.Errorf("hash partition after reopening: %q, want %q", got, wantH)
	}
	execAll(t, s, `
insert into public.logs values (4, '2024-06-01', 'd');
update public.logs set at = '2023-06-01' where id = 3;
insert into public.h values (7), (8);
`)
	want = "logs_2023 1 a\nlogs_2024 2 b\nlogs_2023 3 c\nlogs_2024 4 d\n"
	if got := queryAll(t, s, q); got != want {
		t.Errorf("writes after reopening:\n%s", got)
	}
	if _, err := s.Exec(context.Background(), "insert into public.logs_2023 values (9, '2024-01-01', 'x')"); err == nil ||
		!strings.Contains(err.Error(), "violates partition constraint") {
		t.Errorf("a row outside the bound after reopening: %v", err)
	}
	s = reopen()
	if got := queryAll(t, s, q); got != want {
		t.Errorf("after the second reopening:\n%s", got)
	}
	if got := queryAll(t, s, "select count(*) from public.h"); got != "8\n" {
		t.Errorf("hash rows after the second reopening: %q", got)
	}
}

// TestDurablePartitionKeyExprs: a partition key of expressions survives
// reopening the data dir (and a checkpoint): rows still route by the
// expression, pg_get_partkeydef prints it, its renamed column follows,
// and a column added through the partitioned table is every partition's.
func TestDurablePartitionKeyExprs(t *testing.T) {
	s, reopen := durableSession(t)
	execAll(t, s, `
create table public.u (id int, email text) partition by range ((lower(email)));
create table public.u_am partition of public.u for values from ('a') to ('n');
create table public.u_nz partition of public.u for values from ('n') to ('zzzz');
create table public.ev (id int, at timestamptz) partition by list (((at at time zone 'UTC')::date));
create table public.ev1 partition of public.ev for values in ('2024-01-31');
create table public.ev2 partition of public.ev for values in ('2024-02-01');
insert into public.u values (1, 'Bob'), (2, 'Zoe');
insert into public.ev values (1, '2024-01-31 23:00:00-05'), (2, '2024-01-31 23:00:00+00');
alter table public.u rename column email to mail;
alter table public.u add column n int default 5;
`)
	const q = "select tableoid::regclass || ' ' || id || ' ' || n from public.u order by id"
	const eq = "select tableoid::regclass || ' ' || id from public.ev order by id"
	const kq = "select pg_get_partkeydef('public.u'::regclass) || ' / ' || pg_get_partkeydef('public.ev'::regclass)"
	check := func(when, want string) {
		t.Helper()
		if got := queryAll(t, s, q); got != want {
			t.Errorf("%s: %q", when, got)
		}
		if got := queryAll(t, s, eq); got != "ev2 1\nev1 2\n" {
			t.Errorf("%s: events %q", when, got)
		}
		if got := queryAll(t, s, kq); got != "RANGE (lower(mail)) / LIST ((((at AT TIME ZONE 'UTC'::text))::date))\n" {
			t.Errorf("%s: keys %q", when, got)
		}
	}
	check("before reopening", "u_am 1 5\nu_nz 2 5\n")
	s = reopen()
	check("after reopening", "u_am 1 5\nu_nz 2 5\n")
	execAll(t, s, "insert into public.u (id, mail) values (3, 'Carl')")
	if _, err := s.Exec(context.Background(), "insert into public.u (id, mail) values (4, '~')"); err == nil || !strings.Contains(err.Error(), "no partition") {
		t.Errorf("a row no partition takes after reopening: %v", err)
	}
	s = reopen()
	check("after the second reopening", "u_am 1 5\nu_nz 2 5\nu_am 3 5\n")
}
