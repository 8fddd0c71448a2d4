package ddl_test

import (
	"context"
	"strings"
	"testing"

	"github.com/tinybase/tinybase/engine/enginetest"
)

const castSetup = `create type mood as enum ('sad', 'ok');
create function mood_len(m mood) returns int language sql as $$ select length(m::text) $$;
create cast (mood as int) with function mood_len(mood) as assignment;
create cast (text as mood) with inout as implicit;
comment on cast (text as mood) is 'labels'`

const castCheck = `select 'ok'::mood::int, (select obj_description(oid, 'pg_cast') from pg_cast where casttarget = 'mood'::regtype)`

// TestCastDurable: user casts come back from a checkpoint and from the
// log when the data directory is opened again.
func TestCastDurable(t *testing.T) {
	s2 := enginetest.Reopened(t, castSetup, `create type lvl as enum ('lo'); create cast (lvl as text) with inout as implicit`)
	if got := enginetest.LastRows(enginetest.Exec(t, s2, castCheck)); got != "2|labels" {
		t.Errorf("after reopening: %q", got)
	}
	if got := enginetest.LastRows(enginetest.Exec(t, s2, `select length('lo'::lvl)`)); got != "2" {
		t.Errorf("cast from the log: %q", got)
	}
}

// TestCastSnapshot: a snapshot has the casts of its origin, and a cast
// dropped in one is still in the other.
func TestCastSnapshot(t *testing.T) {
	e := enginetest.Migrated(t, castSetup)
	s1 := enginetest.Session(t, e)
	enginetest.Exec(t, s1, `drop cast (mood as int)`)
	s2 := enginetest.Session(t, enginetest.Migrated(t, castSetup))
	if got := enginetest.LastRows(enginetest.Exec(t, s2, castCheck)); got != "2|labels" {
		t.Errorf("snapshot: %q", got)
	}
	if _, err := s1.Exec(context.Background(), `select 'ok'::mood::int`); err == nil {
		t.Error("the dropped cast still applies")
	}
}

// TestCastExtensionMember: a cast an extension's script creates belongs
// to it: DROP CAST refuses it and DROP EXTENSION takes it.
func TestCastExtensionMember(t *testing.T) {
	s := enginetest.Session(t, enginetest.Migrated(t, "create extension pg_tle"))
	enginetest.Exec(t, s, `create type mood as enum ('sad', 'ok');
select pgtle.install_extension('moods', '1.0', 'moods', $_$
  create function mood_len(m mood) returns int language sql as $$ select length(m::text) $$;
  create cast (mood as int) with function mood_len(mood) as implicit;
$_$);
create extension moods`)
	if got := enginetest.LastRows(enginetest.Exec(t, s, `select 'sad'::mood + 1, (select count(*) from pg_depend where classid = 'pg_cast'::regclass and deptype = 'e')`)); got != "4|1" {
		t.Errorf("installed: %q", got)
	}
	_, err := s.Exec(context.Background(), `drop cast (mood as int)`)
	if err == nil || !strings.Contains(err.Error(), "because extension moods requires it") {
		t.Errorf("DROP CAST of a member: %v", err)
	}
	enginetest.Exec(t, s, `drop extension moods`)
	if got := enginetest.LastRows(enginetest.Exec(t, s, `select count(*) from pg_cast where castsource = 'mood'::regtype`)); got != "0" {
		t.Errorf("after DROP EXTENSION: %q casts", got)
	}
}

// TestCastDropSchema: DROP SCHEMA ... CASCADE takes the casts of its
// types and functions.
func TestCastDropSchema(t *testing.T) {
	s := enginetest.Session(t, enginetest.New(t))
	enginetest.Exec(t, s, `create schema kit;
create type kit.size as enum ('s', 'm');
create function kit.size_n(z kit.size) returns int language sql as $$ select 1 $$;
create type public.mood as enum ('ok');
create function kit.mood_n(m public.mood) returns int language sql as $$ select 2 $$;
create cast (kit.size as int) with function kit.size_n(kit.size);
create cast (text as kit.size) with inout;
create cast (public.mood as int) with function kit.mood_n(public.mood);
create cast (public.mood as text) with inout;
drop schema kit cascade`)
	if got := enginetest.LastRows(enginetest.Exec(t, s, `select castsource::regtype, casttarget::regtype from pg_cast where oid >= 16384 order by 1`)); got != "mood|text" {
		t.Errorf("casts left: %q", got)
	}
}
