package extensions_test

import (
	"context"
	"testing"

	"github.com/tinybase/tinybase/engine/enginetest"
)

// TestPgTleDurable reopens a data directory with a TLE installed (its
// control function and scripts in pgtle) and created: the extension, its
// objects and its stored definition come back, and ALTER EXTENSION
// UPDATE follows an update path installed before the reopening.
func TestPgTleDurable(t *testing.T) {
	s2 := enginetest.Reopened(t, `create extension pg_tle;
select pgtle.install_extension('greet', '1.0', 'greetings', $_$
  create function greet(who text) returns text language sql as $$ select 'hello ' || who $$;
$_$);
create extension greet;`, `select pgtle.install_update_path('greet', '1.0', '1.1', $_$
  create function greet_loud(who text) returns text language sql as $$ select upper(greet(who)) $$;
$_$);`)
	cases := []struct{ sql, want string }{
		{`select extversion from pg_extension where extname = 'greet'`, "1.0"},
		{`select greet('ann')`, "hello ann"},
		{`select name, default_version, comment from pgtle.available_extensions()`, "greet|1.0|greetings"},
		{`select source, target, path from pgtle.extension_update_paths('greet') order by 1`, "1.0|1.1|1.0--1.1\n1.1|1.0|<null>"},
		{`alter extension greet update to '1.1'; select extversion from pg_extension where extname = 'greet'`, "1.1"},
		{`select greet_loud('bo')`, "HELLO BO"},
	}
	for _, c := range cases {
		if got := enginetest.LastRows(enginetest.Exec(t, s2, c.sql)); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.sql, got, c.want)
		}
	}
	if _, err := s2.Exec(context.Background(), `select pgtle.uninstall_extension('greet')`); err == nil {
		t.Error("uninstalling a created TLE succeeded")
	}
	enginetest.Exec(t, s2, `drop extension greet; select pgtle.uninstall_extension('greet')`)
	if got := enginetest.LastRows(enginetest.Exec(t, s2, `select count(*) from pgtle.available_extensions()`)); got != "0" {
		t.Errorf("after uninstall: %s TLEs left", got)
	}
}

// TestPgTleInstallCreate is database.dev's install then create, with
// requires and WITH SCHEMA, on the engine (and PostgreSQL when configured
// with pg_tle preloaded).
func TestPgTleInstallCreate(t *testing.T) {
	s := enginetest.Session(t, enginetest.Migrated(t, "create extension pg_tle"))
	enginetest.Exec(t, s, `create schema kit;
select pgtle.install_extension('kit_base', '0.1.0', 'base', $_$ create function @extschema@.one() returns int language sql as $$ select 1 $$; $_$, '{}');
select pgtle.install_extension('kit', '0.2.0', 'kit', $_$ create table @extschema@.items(id int primary key); $_$, '{kit_base}');
create extension kit with schema kit cascade;`)
	if got := enginetest.LastRows(enginetest.Exec(t, s, `select kit.one(), (select count(*) from kit.items), (select string_agg(extname, ',' order by extname) from pg_extension where extname like 'kit%')`)); got != "1|0|kit,kit_base" {
		t.Errorf("got %q", got)
	}
}

// TestPgTleDbdevNames installs and creates TLEs named as database.dev
// names its packages (handle@name, dashes), with a version given, into a
// schema whose name needs quoting.
func TestPgTleDbdevNames(t *testing.T) {
	s := enginetest.Session(t, enginetest.Migrated(t, "create extension pg_tle"))
	enginetest.Exec(t, s, `create schema "Kit Box";
select pgtle.install_extension('olirice@asciiplot', '0.2.1', 'plots', $_$ create function @extschema@.plot() returns text language sql as $$ select '*'::text $$; $_$);
select pgtle.install_extension('basejump-supabase_test_helpers', '0.0.6', 'helpers', 'create function tests_ok() returns bool language sql as $$ select true $$;');
create extension "olirice@asciiplot" schema "Kit Box" version '0.2.1';
create extension if not exists "basejump-supabase_test_helpers" version '0.0.6';`)
	got := enginetest.LastRows(enginetest.Exec(t, s, `select "Kit Box".plot(), tests_ok(), (select string_agg(extname || ' ' || extversion, ',' order by extname) from pg_extension where extname in ('olirice@asciiplot', 'basejump-supabase_test_helpers'))`))
	if want := "*|t|basejump-supabase_test_helpers 0.0.6,olirice@asciiplot 0.2.1"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if _, err := s.Exec(context.Background(), `select pgtle.install_extension('bad/name', '1', 'x', 'select 1')`); err == nil {
		t.Error("a name with a slash was installed")
	}
}

// TestPgTleDropByPlainRole: the sql_drop event trigger pg_tle adds does
// not stop a role that may not write pgtle.feature_info from dropping an
// extension it owns.
func TestPgTleDropByPlainRole(t *testing.T) {
	s := enginetest.Session(t, enginetest.Migrated(t, "create extension pg_tle"))
	enginetest.Exec(t, s, `create role tle_owner;
grant create on schema public to tle_owner;
select pgtle.install_extension('owned', '1.0', 'x', 'create function owned_f() returns int language sql as $$ select 1 $$;');
set role tle_owner;
create extension owned;
drop extension owned;
reset role`)
	if got := enginetest.LastRows(enginetest.Exec(t, s, `select count(*) from pg_extension where extname = 'owned'`)); got != "0" {
		t.Errorf("extension left: %s", got)
	}
}
