package session_test

import (
	"context"
	"strings"
	"testing"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

// PL/pgSQL bodies run their statements with the privileges and row
// security of the role current when each runs, as client statements do
// (the invoker's, the owner's under SECURITY DEFINER), and plans secured
// for one role are never reused for another.

const plSecSchema = `
create table public.notes (id int primary key, owner uuid, body text);
insert into public.notes values
  (1, '11111111-1111-1111-1111-111111111111', 'a'),
  (2, '22222222-2222-2222-2222-222222222222', 'b'),
  (3, '22222222-2222-2222-2222-222222222222', 'c');
alter table public.notes enable row level security;
create policy own_read on public.notes for select to anon, authenticated using (owner = auth.uid());
create policy own_write on public.notes for insert to anon, authenticated with check (owner = auth.uid());
grant select, insert on public.notes to anon, authenticated;
create table public.secret (x int);
insert into public.secret values (1), (2);
revoke all on public.secret from anon, authenticated;

create function public.pl_count() returns bigint language plpgsql as $$
declare n bigint; begin select count(*) into n from public.notes; return n; end $$;
create function public.sql_count() returns bigint language sql as $$ select count(*) from public.notes $$;
create function public.pl_count_exec() returns bigint language plpgsql as $$
declare n bigint; begin execute 'select count(*) from public.notes' into n; return n; end $$;
create function public.pl_count_using(o uuid) returns bigint language plpgsql as $$
declare n bigint; begin execute 'select count(*) from public.notes where owner = $1' into n using o; return n; end $$;
create function public.pl_ids() returns setof int language plpgsql as $$
begin return query select id from public.notes order by id; end $$;
create function public.pl_ids_exec() returns setof int language plpgsql as $$
begin return query execute 'select id from public.notes order by id'; end $$;
create function public.pl_loop() returns int language plpgsql as $$
declare r record; n int := 0; begin for r in select id from public.notes loop n := n + 1; end loop; return n; end $$;
create function public.pl_perform() returns void language plpgsql as $$
begin perform x from public.secret; end $$;
create function public.pl_secret() returns bigint language plpgsql as $$
declare n bigint; begin n := (select count(*) from public.secret); return n; end $$;
create function public.pl_insert(i int, o uuid) returns void language plpgsql as $$
begin insert into public.notes values (i, o, 'new'); end $$;
create function public.pl_definer_count() returns bigint language plpgsql security definer as $$
declare n bigint; begin select count(*) into n from public.notes; return n; end $$;
create table public.members_only (id int);
insert into public.members_only values (1), (2);
alter table public.members_only enable row level security;
create policy first_only on public.members_only for select to authenticated using (id = 1);
grant select on public.members_only to authenticated;
create function public.pl_members_definer() returns bigint language plpgsql security definer as $$
declare n bigint; begin select count(*) into n from public.members_only; return n; end $$;
alter function public.pl_members_definer() owner to authenticated;
create function public.pl_members() returns bigint language plpgsql as $$
declare n bigint; begin select count(*) into n from public.members_only; return n; end $$;
create function public.pl_set_role() returns bigint language plpgsql as $$
declare n bigint; begin
  perform set_config('role', 'anon', true);
  select count(*) into n from public.notes; return n; end $$;
`

const (
	claims1 = `{"sub":"11111111-1111-1111-1111-111111111111","role":"authenticated"}`
	claims2 = `{"sub":"22222222-2222-2222-2222-222222222222","role":"anon"}`
)

func plSecEngine(t *testing.T) *engine.Engine {
	return enginetest.Migrated(t, plSecSchema)
}

// plQuery runs one statement and returns its rows joined by ";" (columns
// by "|"), or "ERROR " and the error.
func plQuery(t *testing.T, s *engine.Session, q string) string {
	t.Helper()
	rows, err := s.Query(context.Background(), q)
	if err != nil {
		return "ERROR " + err.Error()
	}
	defer rows.Close()
	var lines []string
	for rows.Next() {
		var parts []string
		for _, v := range rows.Text() {
			if v == nil {
				parts = append(parts, "NULL")
			} else {
				parts = append(parts, *v)
			}
		}
		lines = append(lines, strings.Join(parts, "|"))
	}
	if err := rows.Err(); err != nil {
		return "ERROR " + err.Error()
	}
	return strings.Join(lines, ";")
}

// asRole opens a transaction as role with claims set.
func asRole(t *testing.T, s *engine.Session, role, claims string) {
	t.Helper()
	for _, q := range []string{"begin", "set local role " + role,
		"select set_config('request.jwt.claims', '" + claims + "', true)"} {
		if got := plQuery(t, s, q); strings.HasPrefix(got, "ERROR") {
			t.Fatalf("%s: %s", q, got)
		}
	}
}

func expect(t *testing.T, s *engine.Session, q, want string) {
	t.Helper()
	got := plQuery(t, s, q)
	if strings.HasPrefix(want, "ERROR") {
		if !strings.HasPrefix(got, "ERROR") || !strings.Contains(got, strings.TrimPrefix(want, "ERROR ")) {
			t.Errorf("%s: got %q, want an error containing %q", q, got, strings.TrimPrefix(want, "ERROR "))
		}
		return
	}
	if got != want {
		t.Errorf("%s: got %q, want %q", q, got, want)
	}
}

func TestPLpgSQLRowSecurityAsInvoker(t *testing.T) {
	e := plSecEngine(t)
	s := enginetest.Session(t, e)
	for _, c := range []struct {
		role, claims string
		count, ids   string
	}{
		{"authenticated", claims1, "1", "1"},
		{"anon", claims2, "2", "2;3"},
	} {
		asRole(t, s, c.role, c.claims)
		expect(t, s, "select public.sql_count()", c.count)
		expect(t, s, "select public.pl_count()", c.count)
		expect(t, s, "select public.pl_count_exec()", c.count)
		expect(t, s, "select public.pl_count_using('22222222-2222-2222-2222-222222222222')", map[string]string{"authenticated": "0", "anon": "2"}[c.role])
		expect(t, s, "select * from public.pl_ids()", c.ids)
		expect(t, s, "select * from public.pl_ids_exec()", c.ids)
		expect(t, s, "select public.pl_loop()", c.count)
		expect(t, s, "do $$ begin if (select count(*) from public.notes) <> "+c.count+" then raise exception 'DO saw hidden rows'; end if; end $$", "")
		expect(t, s, "rollback", "")
	}
	// the superuser sees every row
	expect(t, s, "select public.pl_count()", "3")
}

func TestPLpgSQLPrivileges(t *testing.T) {
	e := plSecEngine(t)
	s := enginetest.Session(t, e)
	asRole(t, s, "anon", claims2)
	expect(t, s, "select public.pl_secret()", "ERROR permission denied for table secret (SQLSTATE 42501)")
	expect(t, s, "rollback", "")
	asRole(t, s, "anon", claims2)
	expect(t, s, "select public.pl_perform()", "ERROR permission denied for table secret (SQLSTATE 42501)")
	expect(t, s, "rollback", "")
	asRole(t, s, "anon", claims2)
	expect(t, s, "do $$ begin execute 'select count(*) from public.secret'; end $$", "ERROR permission denied for table secret (SQLSTATE 42501)")
	expect(t, s, "rollback", "")
	expect(t, s, "select public.pl_secret()", "2")
}

func TestPLpgSQLWithCheck(t *testing.T) {
	e := plSecEngine(t)
	s := enginetest.Session(t, e)
	asRole(t, s, "authenticated", claims1)
	expect(t, s, "select public.pl_insert(10, '11111111-1111-1111-1111-111111111111')", "")
	expect(t, s, "select public.pl_insert(11, '22222222-2222-2222-2222-222222222222')",
		`ERROR new row violates row-level security policy for table "notes" (SQLSTATE 42501)`)
	expect(t, s, "rollback", "")
	asRole(t, s, "authenticated", claims1)
	expect(t, s, "do $$ begin execute 'insert into public.notes values ($1, $2, $3)' using 12, '22222222-2222-2222-2222-222222222222'::uuid, 'x'; end $$",
		`ERROR new row violates row-level security policy for table "notes" (SQLSTATE 42501)`)
	expect(t, s, "rollback", "")
}

func TestPLpgSQLSecurityDefiner(t *testing.T) {
	e := plSecEngine(t)
	s := enginetest.Session(t, e)
	asRole(t, s, "anon", claims2)
	expect(t, s, "select public.pl_definer_count(), public.pl_count()", "3|2")
	// owned by authenticated: its policies (id = 1), not anon's (none, so
	// no rows) and not the superuser's bypass (both rows)
	expect(t, s, "select public.pl_members_definer()", "1")
	expect(t, s, "select public.pl_members()", "0")
	expect(t, s, "rollback", "")
	expect(t, s, "select public.pl_members_definer(), public.pl_members()", "1|2")
}

// A plan compiled as one role must not serve another: the same function
// (and the same DO text) first as postgres, then as anon, then as
// postgres again; and a role set inside the body applies to what follows.
func TestPLpgSQLPlanCacheByRole(t *testing.T) {
	e := plSecEngine(t)
	s := enginetest.Session(t, e)
	const do = "do $$ declare n bigint; begin select count(*) into n from public.notes; raise notice 'n=%', n; if n <> current_setting('test.want')::bigint then raise exception 'saw % rows', n; end if; end $$"
	for _, step := range []struct{ role, want string }{{"", "3"}, {"anon", "2"}, {"", "3"}, {"authenticated", "1"}} {
		if step.role != "" {
			asRole(t, s, step.role, map[string]string{"anon": claims2, "authenticated": claims1}[step.role])
		} else {
			expect(t, s, "begin", "")
		}
		expect(t, s, "select public.pl_count()", step.want)
		expect(t, s, "select public.pl_count_exec()", step.want)
		expect(t, s, "select count(*) from public.pl_ids()", step.want)
		expect(t, s, "select set_config('test.want', '"+step.want+"', true)", step.want)
		expect(t, s, do, "")
		expect(t, s, "rollback", "")
	}
	// within one transaction (the body compiled once): postgres, anon,
	// postgres again
	expect(t, s, "begin", "")
	for _, step := range []struct{ role, want string }{{"postgres", "3"}, {"anon", "2"}, {"postgres", "3"}, {"authenticated", "1"}} {
		expect(t, s, "set local role "+step.role, "")
		c := map[string]string{"anon": claims2, "authenticated": claims1, "postgres": "{}"}[step.role]
		expect(t, s, "select set_config('request.jwt.claims', '"+c+"', true)", c)
		expect(t, s, "select public.pl_count()", step.want)
		expect(t, s, "select public.pl_count_exec()", step.want)
		expect(t, s, "select count(*) from public.pl_ids()", step.want)
		expect(t, s, "select public.pl_loop()", step.want)
	}
	expect(t, s, "rollback", "")
	// set_config('role', ...) in the body: the statements after it run as anon
	asRole(t, s, "authenticated", claims2)
	expect(t, s, "select public.pl_set_role()", "2")
	expect(t, s, "rollback", "")
}

// A plan cached before a policy change is not reused after it.
func TestPLpgSQLPlanAfterPolicyChange(t *testing.T) {
	e := plSecEngine(t)
	s := enginetest.Session(t, e)
	asRole(t, s, "anon", claims2)
	expect(t, s, "select public.pl_count()", "2")
	expect(t, s, "rollback", "")
	expect(t, s, "create policy all_read on public.notes for select to anon using (true)", "")
	asRole(t, s, "anon", claims2)
	expect(t, s, "select public.pl_count()", "3")
	expect(t, s, "rollback", "")
	expect(t, s, "revoke select on public.notes from anon", "")
	asRole(t, s, "anon", claims2)
	expect(t, s, "select public.pl_count()", "ERROR permission denied for table notes (SQLSTATE 42501)")
	expect(t, s, "rollback", "")
}
