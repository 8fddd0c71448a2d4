package session

import (
	"context"
	"strings"
	"testing"
)

// TestDurableDeferrableAndEventTriggers: deferrable constraints, constraint
// triggers and event triggers are catalog state a checkpoint holds; after
// reopening they are listed and behave as before (a deferred foreign key
// is checked at COMMIT, an event trigger fires).
func TestDurableDeferrableAndEventTriggers(t *testing.T) {
	s, reopen := durableSession(t)
	execAll(t, s, `
create table public.p (id int primary key);
create table public.c (id int primary key, pid int references public.p (id) deferrable initially deferred);
create table public.evlog (tag text);
create function public.log_ddl() returns event_trigger language plpgsql as $$
begin
  insert into public.evlog values (tg_tag);
end $$;
create event trigger log_ddl on ddl_command_end execute function public.log_ddl();
`)
	const q = "select conname || ' ' || condeferrable || ' ' || condeferred from pg_constraint where conrelid = 'public.c'::regclass and contype = 'f' " +
		"union all select evtname || ' ' || evtevent || ' ' || evtenabled from pg_event_trigger order by 1"
	// pg_graphql's two come with the bootstrap, as on Supabase
	want := "c_pid_fkey true true\ngraphql_watch_ddl ddl_command_end O\ngraphql_watch_drop sql_drop O\nlog_ddl ddl_command_end O\n"
	if got := queryAll(t, s, q); got != want {
		t.Fatalf("before reopening:\n%s", got)
	}
	s = reopen()
	if got := queryAll(t, s, q); got != want {
		t.Errorf("after reopening:\n%s", got)
	}
	// the key is still deferred: the row waits for its parent until COMMIT
	execAll(t, s, `
begin;
insert into public.c values (1, 7);
insert into public.p values (7);
commit;
create table public.after_reopen (id int);
`)
	if got := queryAll(t, s, "select tag from public.evlog"); got != "CREATE TABLE\n" {
		t.Errorf("event trigger after reopening logged %q", got)
	}
	if _, err := s.Exec(context.Background(), "begin; insert into public.c values (2, 99); commit"); err == nil ||
		!strings.Contains(err.Error(), "violates foreign key constraint \"c_pid_fkey\"") {
		t.Errorf("COMMIT of a dangling key after reopening: %v", err)
	}
}

// TestDurableNotValidCheck: a CHECK constraint added NOT VALID stays not
// validated across checkpoints and a restart (existing rows unchecked,
// new rows checked, convalidated false), and VALIDATE CONSTRAINT works
// after reopening and is itself kept.
func TestDurableNotValidCheck(t *testing.T) {
	s, reopen := durableSession(t)
	execAll(t, s, `
create table public.t (id int primary key, v int);
insert into public.t values (1, -5);
alter table public.t add constraint t_v_pos check (v > 0) not valid;
`)
	const q = "select convalidated || ' ' || pg_get_constraintdef(oid) from pg_constraint where conname = 't_v_pos'"
	want := "false CHECK ((v > 0)) NOT VALID\n"
	if got := queryAll(t, s, q); got != want {
		t.Fatalf("before reopening: %q", got)
	}
	s = reopen()
	if got := queryAll(t, s, q); got != want {
		t.Errorf("after reopening: %q", got)
	}
	ctx := context.Background()
	if _, err := s.Exec(ctx, "insert into public.t values (2, -1)"); err == nil || !strings.Contains(err.Error(), `violates check constraint "t_v_pos"`) {
		t.Errorf("a new row breaking the check after reopening: %v", err)
	}
	if _, err := s.Exec(ctx, "alter table public.t validate constraint t_v_pos"); err == nil || !strings.Contains(err.Error(), `check constraint "t_v_pos" of relation "t" is violated by some row`) {
		t.Errorf("VALIDATE with a violating row after reopening: %v", err)
	}
	execAll(t, s, `
insert into public.t values (3, 5);
delete from public.t where id = 1;
alter table public.t validate constraint t_v_pos;
`)
	want = "true CHECK ((v > 0))\n"
	if got := queryAll(t, s, q); got != want {
		t.Errorf("after VALIDATE: %q", got)
	}
	s = reopen()
	if got := queryAll(t, s, q); got != want {
		t.Errorf("after VALIDATE and reopening: %q", got)
	}
	if got := queryAll(t, s, "select id, v from public.t order by id"); got != "3|5\n" {
		t.Errorf("rows: %q", got)
	}
}

// TestDurableBigTable: a table big enough to be loaded in bulk (the heap
// built beside the key trees) reads back the same after a restart: rows
// in heap order (updated rows moved to the end), lookups through a unique
// and an expression index, and the unique index still enforced.
func TestDurableBigTable(t *testing.T) {
	s, reopen := durableSession(t)
	execAll(t, s, `
create table public.big (id int primary key, code text unique, n int);
create index big_lower on public.big (lower(code));
insert into public.big select g, 'C' || g, g % 7 from generate_series(1, 10000) g;
update public.big set n = -n where id % 1000 = 0;
delete from public.big where id % 999 = 0;
`)
	const scan = "select string_agg(id::text, ',') from (select id from public.big) s"
	const look = "select id, code, n from public.big where lower(code) = 'c5000' union all select id, code, n from public.big where code = 'C7000'"
	wantScan, wantLook := queryAll(t, s, scan), queryAll(t, s, look)
	if !strings.HasSuffix(strings.TrimSpace(wantScan), ",10000") || wantLook != "5000|C5000|-2\n7000|C7000|0\n" {
		t.Fatalf("before reopening: %q %q", wantScan[len(wantScan)-40:], wantLook)
	}
	s = reopen()
	if got := queryAll(t, s, scan); got != wantScan {
		t.Errorf("heap order after reopening differs (ends %q)", got[max(0, len(got)-40):])
	}
	if got := queryAll(t, s, look); got != wantLook {
		t.Errorf("index lookups after reopening: %q", got)
	}
	if _, err := s.Exec(context.Background(), "insert into public.big values (20001, 'C42', 0)"); err == nil || !strings.Contains(err.Error(), "big_code_key") {
		t.Errorf("unique index after reopening: %v", err)
	}
	// the loaded rows share allocations by chunk: updating and deleting
	// some of a chunk's rows leaves the others as they were
	execAll(t, s, `
update public.big set n = n + 100, code = code || 'x' where id <= 3000;
delete from public.big where id between 3001 and 4000;
`)
	const sum = "select count(*), sum(n), count(*) filter (where code like '%x') from public.big"
	want := queryAll(t, s, sum)
	if want != "8991|326609|2997\n" { // PostgreSQL 15's answer
		t.Errorf("after writes over the loaded rows: %q", want)
	}
	s = reopen()
	if got := queryAll(t, s, sum); got != want {
		t.Errorf("after reopening again: %q, want %q", got, want)
	}
	if got := queryAll(t, s, "select id, code, n from public.big where lower(code) = 'c2000x'"); got != "2000|C2000x|95\n" {
		t.Errorf("expression index after the writes: %q", got)
	}
}

// TestDurableSetNullOnNotNull: a foreign key ON DELETE SET NULL on a NOT
// NULL column (which PostgreSQL accepts) opens again with its action, and
// still fails with 23502 only when the action fires.
func TestDurableSetNullOnNotNull(t *testing.T) {
	s, reopen := durableSession(t)
	execAll(t, s, `
create table public.u (id int primary key);
create table public.p (id int primary key, owner int not null references public.u (id) on delete set null on update set null);
insert into public.u values (1), (2);
insert into public.p values (10, 1);
`)
	const q = "select confdeltype || confupdtype || ' ' || pg_get_constraintdef(oid) from pg_constraint where conname = 'p_owner_fkey'"
	want := "nn FOREIGN KEY (owner) REFERENCES u(id) ON UPDATE SET NULL ON DELETE SET NULL\n"
	if got := queryAll(t, s, q); got != want {
		t.Fatalf("before reopening: %q", got)
	}
	s = reopen()
	if got := queryAll(t, s, q); got != want {
		t.Errorf("after reopening: %q", got)
	}
	ctx := context.Background()
	if _, err := s.Exec(ctx, "delete from public.u where id = 1"); err == nil ||
		!strings.Contains(err.Error(), `null value in column "owner" of relation "p" violates not-null constraint`) {
		t.Errorf("delete of a referenced parent after reopening: %v", err)
	}
	execAll(t, s, "delete from public.u where id = 2")
	if got := queryAll(t, s, "select (select count(*) from public.u) || ' ' || owner from public.p"); got != "1 1\n" {
		t.Errorf("rows: %q", got)
	}
}

// TestDurableParameterACL: GRANT ... ON PARAMETER is catalog state a
// checkpoint holds: after reopening pg_parameter_acl has the same row
// (same OID) and the grantee may still set the superuser-only parameter.
func TestDurableParameterACL(t *testing.T) {
	s, reopen := durableSession(t)
	execAll(t, s, `
create role param_setter;
grant set on parameter session_replication_role to param_setter;
grant alter system on parameter app.mode to param_setter;
`)
	const q = "select oid || ' ' || parname || ' ' || paracl::text from pg_parameter_acl order by parname"
	before := queryAll(t, s, q)
	if strings.Count(before, "\n") != 2 || !strings.Contains(before, "session_replication_role {postgres=sA/postgres,param_setter=s/postgres}") {
		t.Fatalf("before reopening:\n%s", before)
	}
	s = reopen()
	if got := queryAll(t, s, q); got != before {
		t.Errorf("after reopening:\n%s\nwant\n%s", got, before)
	}
	execAll(t, s, "set role param_setter; set session_replication_role = replica; reset role")
}

// TestDurableDisabledFKTriggers: DISABLE TRIGGER ALL's switch of a
// table's foreign key triggers is kept across a restart.
func TestDurableDisabledFKTriggers(t *testing.T) {
	s, reopen := durableSession(t)
	execAll(t, s, `
create table public.p (id int primary key);
create table public.c (id int primary key, pid int references public.p);
alter table public.c disable trigger all;
`)
	s = reopen()
	execAll(t, s, "insert into public.c values (1, 99)")
	const q = "select string_agg(distinct tgenabled::text, ',') from pg_trigger where tgrelid = 'public.c'::regclass"
	if got := queryAll(t, s, q); got != "D\n" {
		t.Errorf("after reopening, c's triggers are %q", got)
	}
}
