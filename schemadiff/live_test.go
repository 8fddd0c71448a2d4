package schemadiff_test

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/migrations"
	"github.com/tinybase/tinybase/schemadiff"
)

// livePostgres recreates database name on the PostgreSQL at
// $TINYBASE_PG_URL with the Supabase bootstrap and the history applied.
func livePostgres(t *testing.T, base, name string, history []migrations.File) *pgx.Conn {
	t.Helper()
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, base)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close(ctx)
	for _, q := range []string{"drop database if exists " + name + " with (force)", "create database " + name} {
		if _, err := admin.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	conn, err := pgx.Connect(ctx, u.String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	if err := engine.BootstrapPostgres(ctx, conn.PgConn(), name); err != nil {
		t.Fatal(err)
	}
	db := migrations.OnPostgres(conn)
	if err := migrations.EnsureHistory(ctx, db); err != nil {
		t.Fatal(err)
	}
	for _, f := range history {
		if err := migrations.Apply(ctx, db, f); err != nil {
			t.Fatal(err)
		}
	}
	return conn
}

// TestDiffLivePostgres diffs a PostgreSQL 15 database (the history plus
// changes made by hand) against tinybase's shadow of the history, as
// `tinybase db diff --db-url` does, then applies the diff to a second
// PostgreSQL database holding only the history: it must apply, and leave
// the two PostgreSQL databases with nothing to diff.
func TestDiffLivePostgres(t *testing.T) {
	base := os.Getenv("TINYBASE_PG_URL")
	if base == "" {
		t.Skip("needs PostgreSQL at $TINYBASE_PG_URL")
	}
	ctx := context.Background()
	history := []migrations.File{{Version: "20240101000000", Name: "base", SQL: base0}}
	target := livePostgres(t, base, "tinybase_diff_target", history)
	// The history alone: PostgreSQL and tinybase's shadow agree.
	if stmts, err := migrations.DiffFromFiles(ctx, migrations.OnPostgres(target), history, nil, schemadiff.Filter{}); err != nil || len(stmts) > 0 {
		t.Errorf("diff of the unchanged history: %v\n%s", err, schemadiff.Format(stmts))
	}
	if _, err := target.Exec(ctx, `
create table public.posts (
  id bigint generated always as identity primary key,
  author_id bigint not null references public.profiles (id) on delete cascade,
  title text not null default 'untitled' check (length(title) > 0),
  tags text[] default '{}',
  created_at timestamptz not null default now()
);
create index posts_author on public.posts (author_id);
alter table public.profiles add column bio text;
drop view public.adults;
alter table public.profiles drop column age;
alter type public.mood add value 'great';
create view public.adults as select id, name from public.profiles where mood <> 'sad';
create function public.post_count(p bigint) returns bigint language sql stable as $$ select count(*) from public.posts where author_id = p $$;
create function public.touch() returns trigger language plpgsql as $$ begin new.title := trim(new.title); return new; end $$;
create trigger posts_touch before insert or update on public.posts for each row execute function public.touch();
alter table public.posts enable row level security;
create policy "authors read" on public.posts for select to authenticated using (author_id = 1);
revoke delete on public.profiles from anon;
revoke execute on function public.post_count(bigint) from anon;
comment on column public.posts.title is 'what it says';
create schema private;
grant usage on schema private to authenticated;
create table public.counters (id serial primary key);`); err != nil {
		t.Fatal(err)
	}
	stmts, err := migrations.DiffFromFiles(ctx, migrations.OnPostgres(target), history, nil, schemadiff.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	sql := schemadiff.Format(stmts)
	t.Logf("diff:\n%s", sql)
	if len(stmts) == 0 {
		t.Fatal("no diff")
	}
	applied := livePostgres(t, base, "tinybase_diff_applied", history)
	if err := migrations.Apply(ctx, migrations.OnPostgres(applied), migrations.File{Version: "20240102000000", Name: "diff", SQL: sql}); err != nil {
		t.Fatalf("the diff does not apply on PostgreSQL: %v", err)
	}
	from, err := schemadiff.Inspect(ctx, migrations.OnPostgres(applied), schemadiff.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	to, err := schemadiff.Inspect(ctx, migrations.OnPostgres(target), schemadiff.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if again := schemadiff.Diff(from, to); len(again) > 0 {
		t.Errorf("PostgreSQL after the diff still differs from the target:\n%s", schemadiff.Format(again))
	}
}

// base0 is the history of the live test.
const base0 = `
create type public.mood as enum ('sad', 'ok');
create table public.profiles (id bigint primary key, name text, age int, mood public.mood default 'ok');
create view public.adults as select id, name from public.profiles where age >= 18;`

// TestDiffRandomLivePostgres runs generated cases on PostgreSQL: the diff
// tinybase computes between two generated schemas, applied to a
// PostgreSQL database holding the first, leaves it with nothing to diff
// against a PostgreSQL database holding the second.
func TestDiffRandomLivePostgres(t *testing.T) {
	base := os.Getenv("TINYBASE_PG_URL")
	if base == "" {
		t.Skip("needs PostgreSQL at $TINYBASE_PG_URL")
	}
	ctx := context.Background()
	for seed := int64(1); seed <= 8; seed++ {
		a, b := randomSchema(seed), randomSchema(seed+1000)
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			stmts := schemadiff.Diff(inspect(t, engineWith(t, a), schemadiff.Filter{}), inspect(t, engineWith(t, b), schemadiff.Filter{}))
			from := livePostgres(t, base, "tinybase_diff_from", []migrations.File{{Version: "1", Name: "a", SQL: a}})
			to := livePostgres(t, base, "tinybase_diff_to", []migrations.File{{Version: "1", Name: "b", SQL: b}})
			if err := migrations.Apply(ctx, migrations.OnPostgres(from), migrations.File{Version: "2", Name: "diff", SQL: schemadiff.Format(stmts)}); err != nil {
				t.Fatalf("the diff does not apply on PostgreSQL: %v\n%s", err, schemadiff.Format(stmts))
			}
			fs, err := schemadiff.Inspect(ctx, migrations.OnPostgres(from), schemadiff.Filter{})
			if err != nil {
				t.Fatal(err)
			}
			ts, err := schemadiff.Inspect(ctx, migrations.OnPostgres(to), schemadiff.Filter{})
			if err != nil {
				t.Fatal(err)
			}
			if again := schemadiff.Diff(fs, ts); len(again) > 0 {
				t.Errorf("PostgreSQL after the diff:\n%s\ndiff:\n%s", schemadiff.Format(again), schemadiff.Format(stmts))
			}
		})
	}
}
