package extensions_test

import (
	"context"
	"testing"

	"github.com/tinybase/tinybase/engine/enginetest"
)

// TestCitext runs on the engine and, with TINYBASE_PG_URL, on
// PostgreSQL with the real citext.
func TestCitext(t *testing.T) {
	run(t, installed(t, "citext"), []sqlCase{
		{name: "eq", sql: `select 'Abc'::citext = 'aBC'::citext, 'abc'::citext <> 'ABC', 'a'::citext < 'B', 'b'::citext > 'A', 'x'::citext <= 'X', 'x'::citext >= 'X'`, want: "t|f|t|t|t|t"},
		{name: "keeps case", sql: `select 'MiXeD'::citext, 'MiXeD'::citext::text, pg_typeof('a'::citext)`, want: "MiXeD|MiXeD|citext"},
		{name: "citext vs text is text", sql: `select 'Abc'::citext = 'abc'::text, 'Abc'::citext = 'abc'`, want: "f|t"},
		{name: "like", sql: `select 'Hello'::citext like 'he%', 'Hello'::citext ilike 'HE%', 'Hello'::citext not like 'h%', 'Hello'::citext like 'he%'::text`, want: "t|t|f|t"},
		{name: "regex", sql: `select 'Hello'::citext ~ '^h', 'Hello'::citext ~* '^H', 'Hello'::citext !~ '^h', 'Hello'::citext ~ '^h'::citext`, want: "t|t|f|t"},
		{name: "text functions", sql: `select length('Hello'::citext), upper('Hello'::citext), 'Hi'::citext || '!'`, want: "5|HELLO|Hi!"},
		{name: "strpos replace split", sql: `select strpos('HeLLo'::citext, 'll'), replace('aXbxc'::citext, 'x', '-'), split_part('aXbxc'::citext, 'x', 2), translate('aXbx'::citext, 'x', 'y')`, want: "3|a-b-c|b|ayby"},
		{name: "regexp funcs", sql: `select regexp_match('FooBar'::citext, 'bar'), regexp_replace('FooBar'::citext, 'O', '0'), regexp_split_to_array('aXbxc'::citext, 'x')`, want: "{Bar}|F0oBar|{a,b,c}"},
		{name: "cmp and hash", sql: `select citext_cmp('a', 'A'), citext_cmp('a', 'b'), citext_hash('ABC') = citext_hash('abc'), citext_smaller('b', 'A'), citext_larger('b', 'A')`, want: "0|-1|t|A|b"},
		{name: "casts", sql: `select true::citext, 'x '::char(3)::citext, '10.0.0.1'::inet::citext, 'v'::varchar::citext`, want: "true|x|10.0.0.1/32|v"},
		{name: "null", sql: `select null::citext = 'a', citext_cmp(null, 'a') is null`, want: "<null>|t"},
		{name: "table", sql: `create table users (email citext primary key, name text);
insert into users values ('Alice@Example.com', 'alice'), ('bob@example.com', 'bob');
select name from users where email = 'ALICE@example.COM'`, want: "alice"},
		{name: "pk refuses case twin", sql: `insert into users values ('alice@example.com', 'again')`, code: "23505", msg: "duplicate key value violates unique constraint \"users_pkey\""},
		{name: "unique index", sql: `create table tags (id int primary key, tag citext); create unique index tags_tag on tags (tag); insert into tags values (1, 'Go'); insert into tags values (2, 'GO')`, code: "23505", msg: "tags_tag"},
		{name: "fk", sql: `create table posts (id int primary key, author citext references users (email));
insert into posts values (1, 'BOB@EXAMPLE.COM');
select p.id, u.name from posts p join users u on u.email = p.author`, want: "1|bob"},
		{name: "fk violation", sql: `insert into posts values (2, 'carol@example.com')`, code: "23503", msg: "posts_author_fkey"},
		{name: "order distinct group", sql: `create table words (w citext); insert into words values ('b'), ('A'), ('a'), ('C'), ('B');
select count(distinct w), (select string_agg(w::text, ',' order by w, w::text) from words) from words`, want: "3|A,a,B,b,C"},
		{name: "group by", sql: `select lower(w::text), count(*) from words group by w order by 1`, want: "a|2\nb|2\nc|1"},
		{name: "min max", sql: `select min(w)::text in ('a', 'A'), max(w)::text in ('c', 'C') from words`, want: "t|t"},
		{name: "in list", sql: `select count(*) from words where w in ('A', 'c')`, want: "3"},
	})
}

// TestCitextDurable reopens a data directory: citext columns, their
// unique index and the case-folding comparison come back.
func TestCitextDurable(t *testing.T) {
	s2 := enginetest.Reopened(t, `create extension citext with schema extensions;
create table people (email citext primary key);
insert into people values ('Ann@X.org')`, `insert into people values ('bo@x.org')`)
	res := enginetest.Exec(t, s2, `select email from people where email in ('ann@x.org', 'BO@X.ORG') order by email`)
	if got, want := enginetest.LastRows(res), "Ann@X.org\nbo@x.org"; got != want {
		t.Errorf("after reopening:\n got %q\nwant %q", got, want)
	}
	if _, err := s2.Exec(context.Background(), `insert into people values ('ANN@x.org')`); err == nil {
		t.Error("the primary key took a case twin after reopening")
	}
}

// Hostile citext input: NULLs, a large value, odd bytes, bad patterns.
func TestCitextHostile(t *testing.T) {
	run(t, installed(t, "citext"), []sqlCase{
		{name: "null args", sql: `select strpos(null::citext, 'a') is null, replace('a'::citext, null, 'b') is null, split_part('a'::citext, 'a', null) is null, (null::citext ~ 'a') is null`, want: "t|t|t|t"},
		{name: "large", sql: `select repeat('Ab', 500000)::citext = repeat('aB', 500000)::citext, length(repeat('x', 1000000)::citext)`, want: "t|1000000"},
		{name: "unicode fold", sql: `select 'ÉCOLE'::citext = 'école'::citext, 'Straße'::citext = 'STRASSE'::citext`, want: "t|f"},
		{name: "bad regex", sql: `select 'a'::citext ~ '('`, code: "2201B", msg: "invalid regular expression"},
		{name: "like escape", sql: `select 'a%'::citext like 'A\%', 'ab'::citext like 'A\%'`, want: "t|f"},
		{name: "split_part zero", sql: `select split_part('a,b'::citext, ',', 0) is null`, want: "t"},
	})
}
