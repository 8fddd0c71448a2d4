package schemadiff_test

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/migrations"
	"github.com/tinybase/tinybase/schemadiff"
)

// inspect reads e's schema through a session of its own.
func inspect(t *testing.T, e *engine.Engine, f schemadiff.Filter) *schemadiff.Schema {
	t.Helper()
	s, err := e.Connect(engine.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	sc, err := schemadiff.Inspect(context.Background(), migrations.OnEngine(s), f)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

func exec(t *testing.T, e *engine.Engine, sql string) {
	t.Helper()
	s, err := e.Connect(engine.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Exec(context.Background(), sql); err != nil {
		t.Fatalf("%v\n%s", err, sql)
	}
}

// base is the history the cases start from.
const base = `
create function public.old_fn() returns int language sql as $$ select 1 $$;
create type public.mood as enum ('sad', 'ok');
create table public.profiles (id bigint primary key, name text, age int, mood public.mood);
create view public.adults as select id, name from public.profiles where age >= 18;`

// diffCases are a migration history, DDL run on top of it in the "live"
// database, and the diff expected from the history's state to the live
// one.
var diffCases = []struct {
	name    string
	history string
	live    string
	filter  schemadiff.Filter
	want    []string
}{
	{name: "no change", history: base, live: "select 1", want: nil},
	{name: "new table", history: base, live: `
create table public.posts (
  id bigint generated always as identity primary key,
  author_id bigint not null references public.profiles (id) on delete cascade,
  title text not null default 'untitled' check (length(title) > 0),
  slug text unique,
  score numeric(10, 2),
  doubled numeric generated always as (score * 2) stored
);
create index posts_author on public.posts (author_id) where score > 0;`,
		want: []string{
			"CREATE TABLE public.posts (\n  id bigint GENERATED ALWAYS AS IDENTITY NOT NULL,\n  author_id bigint NOT NULL,\n  title text DEFAULT 'untitled'::text NOT NULL,\n  slug text,\n  score numeric(10,2),\n  doubled numeric GENERATED ALWAYS AS ((score * (2)::numeric)) STORED\n)",
			"ALTER TABLE public.posts ADD CONSTRAINT posts_pkey PRIMARY KEY (id)",
			"ALTER TABLE public.posts ADD CONSTRAINT posts_slug_key UNIQUE (slug)",
			"CREATE INDEX posts_author ON public.posts USING btree (author_id) WHERE (score > (0)::numeric)",
			"ALTER TABLE public.posts ADD CONSTRAINT posts_author_id_fkey FOREIGN KEY (author_id) REFERENCES public.profiles(id) ON DELETE CASCADE",
			"ALTER TABLE public.posts ADD CONSTRAINT posts_title_check CHECK ((length(title) > 0))",
		}},
	{name: "columns", history: base, live: `
drop view public.adults;
alter table public.profiles add column bio text default '';
alter table public.profiles drop column age;
alter table public.profiles alter column name type varchar(80);
alter table public.profiles alter column name set not null;
alter table public.profiles alter column mood set default 'ok';
create view public.adults as select id, name from public.profiles;`,
		want: []string{
			"DROP VIEW public.adults",
			"ALTER TABLE public.profiles DROP COLUMN age",
			"ALTER TABLE public.profiles ALTER COLUMN name TYPE character varying(80) USING name::character varying(80)",
			"ALTER TABLE public.profiles ALTER COLUMN name SET NOT NULL",
			"ALTER TABLE public.profiles ALTER COLUMN mood SET DEFAULT 'ok'::public.mood",
			"ALTER TABLE public.profiles ADD COLUMN bio text DEFAULT ''::text",
			"CREATE VIEW public.adults AS\nSELECT profiles.id,\n    profiles.name\n   FROM public.profiles",
		}},
	{name: "enum add value", history: base, live: "alter type public.mood add value 'great'; alter type public.mood add value 'meh' before 'ok';",
		want: []string{
			"ALTER TYPE public.mood ADD VALUE 'meh' BEFORE 'ok'",
			"ALTER TYPE public.mood ADD VALUE 'great'",
		}},
	{name: "enum label removed", history: base, live: `
alter type public.mood rename to mood_old;
create type public.mood as enum ('ok', 'sad');
alter table public.profiles alter column mood type text;
alter table public.profiles alter column mood type public.mood using mood::public.mood;
drop type public.mood_old;`,
		want: []string{
			"DROP VIEW public.adults",
			"ALTER TYPE public.mood RENAME TO mood__old",
			"CREATE TYPE public.mood AS ENUM ('ok', 'sad')",
			"ALTER TABLE public.profiles ALTER COLUMN mood TYPE text",
			"ALTER TABLE public.profiles ALTER COLUMN mood TYPE public.mood USING mood::public.mood",
			"DROP TYPE public.mood__old",
			"CREATE VIEW public.adults AS\nSELECT profiles.id,\n    profiles.name\n   FROM public.profiles\n  WHERE profiles.age >= 18",
		}},
	{name: "views and functions", history: base, live: `
create or replace view public.adults as select id, name, age from public.profiles where age >= 18;
create view public.adult_names as select name from public.adults;
create function public.add_one(a integer) returns integer language sql immutable as $$ select a + 1 $$;
create function public.touch() returns trigger language plpgsql as $$ begin new.name := lower(new.name); return new; end $$;
create trigger profiles_touch before insert or update on public.profiles for each row execute function public.touch();`,
		want: []string{
			"DROP VIEW public.adults",
			"SET check_function_bodies = false",
			"CREATE OR REPLACE FUNCTION public.add_one(a integer)\n RETURNS integer\n LANGUAGE sql\n IMMUTABLE\nAS $function$ select a + 1 $function$",
			"CREATE OR REPLACE FUNCTION public.touch()\n RETURNS trigger\n LANGUAGE plpgsql\nAS $function$ begin new.name := lower(new.name); return new; end $function$",
			"CREATE VIEW public.adults AS\nSELECT profiles.id,\n    profiles.name,\n    profiles.age\n   FROM public.profiles\n  WHERE profiles.age >= 18",
			"CREATE VIEW public.adult_names AS\nSELECT adults.name\n   FROM public.adults",
			"CREATE TRIGGER profiles_touch BEFORE INSERT OR UPDATE ON public.profiles FOR EACH ROW EXECUTE FUNCTION public.touch()",
		}},
	{name: "rls and policies", history: base, live: `
alter table public.profiles enable row level security;
create policy "own profile" on public.profiles for select to authenticated using (id = 1);
create policy insert_any on public.profiles as restrictive for insert to anon, authenticated with check (age > 0);`,
		want: []string{
			"ALTER TABLE public.profiles ENABLE ROW LEVEL SECURITY",
			"CREATE POLICY insert_any ON public.profiles AS RESTRICTIVE FOR INSERT TO anon, authenticated WITH CHECK ((age > 0))",
			"CREATE POLICY \"own profile\" ON public.profiles AS PERMISSIVE FOR SELECT TO authenticated USING ((id = 1))",
		}},
	{name: "drops", history: base + `
create table public.extra (id int primary key, p bigint references public.profiles (id));
create function public.gone() returns int language sql as $$ select 1 $$;
create type public.unused as enum ('a');`, live: `
drop view public.adults;
drop table public.extra;
drop function public.gone();
drop type public.unused;`,
		want: []string{
			"DROP VIEW public.adults",
			"ALTER TABLE public.extra DROP CONSTRAINT extra_p_fkey",
			"DROP TABLE public.extra",
			"DROP FUNCTION public.gone()",
			"DROP TYPE public.unused",
		}},
	{name: "grants", history: base, live: "revoke insert, update, delete on public.profiles from anon; revoke all on public.adults from anon;",
		want: []string{
			"REVOKE INSERT, UPDATE, DELETE ON TABLE public.profiles FROM anon",
			"REVOKE SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON TABLE public.adults FROM anon",
		}},
	{name: "serial and sequences", history: base, live: `
create table public.counters (id serial primary key, n int);
create sequence public.tickets increment by 5 start with 100;`,
		want: []string{
			"CREATE SEQUENCE public.tickets AS bigint INCREMENT BY 5 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100 CACHE 1",
			"CREATE TABLE public.counters (\n  id serial NOT NULL,\n  n integer\n)",
			"ALTER TABLE public.counters ADD CONSTRAINT counters_pkey PRIMARY KEY (id)",
		}},
	{name: "default calls a new function", history: base, live: `
create function public.new_code() returns text language sql as $$ select 'c-' || count(*) from public.profiles $$;
alter table public.profiles add column code text default public.new_code();
drop function public.old_fn();
create function public.old_fn() returns bigint language sql as $$ select 2::bigint $$;`,
		want: []string{
			"DROP FUNCTION public.old_fn()",
			"ALTER TABLE public.profiles ADD COLUMN code text",
			"SET check_function_bodies = false",
			"CREATE OR REPLACE FUNCTION public.new_code()\n RETURNS text\n LANGUAGE sql\nAS $function$ select 'c-' || count(*) from public.profiles $function$",
			"CREATE OR REPLACE FUNCTION public.old_fn()\n RETURNS bigint\n LANGUAGE sql\nAS $function$ select 2::bigint $function$",
			"ALTER TABLE public.profiles ALTER COLUMN code SET DEFAULT public.new_code()",
		}},
	{name: "comments and privileges", history: base + "\ncomment on table public.profiles is 'people';\ncreate schema private;", live: `
comment on table public.profiles is 'who uses it';
comment on column public.profiles.name is 'shown name';
comment on view public.adults is null;
comment on function public.old_fn() is 'one';
revoke execute on function public.old_fn() from anon;
grant usage on schema private to authenticated;
create function public.fresh() returns int language sql as $$ select 2 $$;
revoke execute on function public.fresh() from public;`,
		want: []string{
			"SET check_function_bodies = false",
			"CREATE OR REPLACE FUNCTION public.fresh()\n RETURNS integer\n LANGUAGE sql\nAS $function$ select 2 $function$",
			"GRANT USAGE ON SCHEMA private TO authenticated",
			"REVOKE EXECUTE ON FUNCTION public.fresh() FROM PUBLIC",
			"REVOKE EXECUTE ON FUNCTION public.old_fn() FROM anon",
			"COMMENT ON TABLE public.profiles IS 'who uses it'",
			"COMMENT ON COLUMN public.profiles.name IS 'shown name'",
			"COMMENT ON FUNCTION public.old_fn() IS 'one'",
		}},
	{name: "function result changes under its users", history: base + `
create function public.is_adult(a int) returns boolean language sql as $$ select a >= 18 $$;
create function public.stamp() returns trigger language plpgsql as $$ begin return new; end $$;
create trigger profiles_stamp before update on public.profiles for each row execute function public.stamp();
alter table public.profiles enable row level security;
create policy adults_only on public.profiles for select using (public.is_adult(age) is not null);
create view public.checked as select id, public.is_adult(age) as ok from public.profiles;`, live: `
drop view public.checked;
drop policy adults_only on public.profiles;
drop function public.is_adult(int);
create function public.is_adult(a int) returns int language sql as $$ select (a >= 18)::int $$;
create policy adults_only on public.profiles for select using (public.is_adult(age) is not null);
create view public.checked as select id, public.is_adult(age) as ok from public.profiles;`,
		want: []string{
			"DROP POLICY adults_only ON public.profiles",
			"DROP VIEW public.checked",
			"DROP FUNCTION public.is_adult(a integer)",
			"SET check_function_bodies = false",
			"CREATE OR REPLACE FUNCTION public.is_adult(a integer)\n RETURNS integer\n LANGUAGE sql\nAS $function$ select (a >= 18)::int $function$",
			"CREATE VIEW public.checked AS\nSELECT profiles.id,\n    public.is_adult(profiles.age) AS ok\n   FROM public.profiles",
			"CREATE POLICY adults_only ON public.profiles AS PERMISSIVE FOR SELECT TO PUBLIC USING ((public.is_adult(age) IS NOT NULL))",
		}},
	{name: "managed schemas left out", history: base, live: "create table auth.extra (id int); create table storage.extra (id int);", want: nil},
	{name: "schema filter", history: base, live: "create schema private; create table private.secrets (id int); create table public.pub (id int);",
		filter: schemadiff.Filter{Schemas: []string{"private"}},
		want: []string{
			"CREATE SCHEMA private",
			"CREATE TABLE private.secrets (\n  id integer\n)",
		}},
	{name: "new schema", history: base, live: "create schema private; create table private.secrets (id int primary key, v text);",
		want: []string{
			"CREATE SCHEMA private",
			"CREATE TABLE private.secrets (\n  id integer NOT NULL,\n  v text\n)",
			"ALTER TABLE private.secrets ADD CONSTRAINT secrets_pkey PRIMARY KEY (id)",
		}},
}

// TestDiff checks each case's diff, then that the diff applied to the
// history's state leaves nothing to diff against the live database.
func TestDiff(t *testing.T) {
	for _, tc := range diffCases {
		t.Run(tc.name, func(t *testing.T) {
			from, err := migrations.Shadow(context.Background(), nil, []migrations.File{{Version: "20240101000000", Name: "history", SQL: tc.history}})
			if err != nil {
				t.Fatal(err)
			}
			defer from.Close()
			to := from.Snapshot()
			exec(t, to, tc.live)
			got := schemadiff.Diff(inspect(t, from, tc.filter), inspect(t, to, tc.filter))
			if d := cmp.Diff(tc.want, got); d != "" {
				t.Errorf("diff (-want +got):\n%s\n%s", d, schemadiff.Format(got))
			}
			if len(got) == 0 {
				return
			}
			applied := from.Snapshot()
			exec(t, applied, schemadiff.Format(got))
			if again := schemadiff.Diff(inspect(t, applied, tc.filter), inspect(t, to, tc.filter)); len(again) > 0 {
				t.Errorf("diff after applying the diff:\n%s", strings.Join(again, ";\n"))
			}
		})
	}
}
