package session

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
)

// TestUntypedArgs runs statements with untyped string arguments (as
// PostgREST binds its filter values) twice each, the second time with the
// argument types inferred on the first and from the plan cache, against
// the same statement with each argument written into its text as an
// untyped string constant on a session whose caches are bypassed.
func TestUntypedArgs(t *testing.T) {
	e := newPlanEngine(t, true,
		"create type color as enum ('red', 'green')",
		"create table t (id bigint primary key, name text, c char(3), v varchar(5), tags text[], meta jsonb, at timestamptz, d date, u uuid, n numeric(8,2), b boolean, e color, k int unique)",
		"insert into t values (1, 'Ann', 'x', 'ab', '{a,b}', '{\"lang\":\"en\"}', '2024-01-02 03:04:05+00', '2024-01-02', '11111111-1111-1111-1111-111111111111', 1.5, true, 'red', 10)",
		"insert into t values (2, 'bob', 'yy', 'abcde', '{b}', '{\"lang\":\"fr\"}', '2025-01-02 03:04:05+00', '2025-01-02', '22222222-2222-2222-2222-222222222222', 2.25, false, 'green', 20)",
		"insert into t values (3, null, null, null, null, null, null, null, null, null, null, null, 30)",
		"create table child (id int primary key, t_id bigint references t(id), body text)",
		"insert into child values (1, 1, 'c1'), (2, 1, 'c2'), (3, 2, 'c3')")
	s := connectT(t, e)
	ref := uncachedSession(t, e)
	defer ref.Close()
	refQuery := func(q string) string {
		queryArgs(t, ref, "savepoint p")
		out := queryArgs(t, ref, q)
		queryArgs(t, ref, "rollback to savepoint p")
		return out
	}
	for _, c := range []struct {
		q    string
		args [][]any
	}{
		{"select name from t where id = $1", [][]any{{"1"}, {"2"}, {"9"}, {"x"}, {" 2 "}}},
		{"select id from t where k = $1", [][]any{{"20"}, {"3000000000"}}},
		{"select id from t where c = $1", [][]any{{"x"}, {"yy "}, {"yy"}, {"z"}}},
		{"select id from t where v = $1", [][]any{{"ab"}, {"abcde"}, {"abcdefg"}}},
		{"select id from t where v = $1::varchar(3)", [][]any{{"abcdefg"}, {"ab"}}},
		{"select id from t where v = $1::varchar(5)", [][]any{{"abcdefgh"}, {"ab"}}},
		{"select $1::char(2) || '|'", [][]any{{"a"}, {"abc"}}},
		{"select id from t where name like $1 order by id", [][]any{{"A%"}, {"%"}, {"b_b"}}},
		{"select id from t where name ilike $1 order by id", [][]any{{"a%"}, {"%O%"}}},
		{"select id from t where lower(name) = lower($1)", [][]any{{"ANN"}, {"Bob"}}},
		{"select id from t where tags @> $1 order by id", [][]any{{"{a}"}, {"{b}"}, {"{}"}, {"nope"}}},
		{"select id from t where meta->>'lang' = $1", [][]any{{"en"}, {"fr"}}},
		{"select id from t where meta @> $1", [][]any{{`{"lang":"fr"}`}, {`{}`}}},
		{"select id from t where at < $1 order by id", [][]any{{"2025-01-01"}, {"2030-01-01 00:00:00+05"}}},
		{"select id from t where d = $1", [][]any{{"2024-01-02"}, {"Jan 2 2025"}}},
		{"select id from t where u = $1", [][]any{{"11111111-1111-1111-1111-111111111111"}, {"{22222222-2222-2222-2222-222222222222}"}, {"bad"}}},
		{"select id from t where n = $1", [][]any{{"1.5"}, {"2.250"}, {"1e0"}}},
		{"select id from t where b = $1", [][]any{{"true"}, {"f"}, {"no"}, {"maybe"}}},
		{"select id from t where e = $1", [][]any{{"red"}, {"green"}, {"blue"}}},
		{"select id from t where id = any($1) order by id", [][]any{{"{1,2}"}, {"{3}"}}},
		{"select id from t where id in ($1, $2) order by id", [][]any{{"1", "3"}, {"2", "9"}}},
		{"select id from t where name is distinct from $1 order by id", [][]any{{"Ann"}, {"bob"}}},
		{"select id, $1 from t where id = 1", [][]any{{"x"}, {"y"}}},
		{"select coalesce(name, $1) from t order by id", [][]any{{"none"}, {"-"}}},
		{"select id from t where name = $1 and id > $2", [][]any{{"bob", "1"}, {"Ann", "1"}}},
		{"select id from t where to_tsvector('simple', name) @@ plainto_tsquery('simple', $1)", [][]any{{"ann"}, {"bob"}}},
		{"select id, name || $1 from t where id = $2", [][]any{{"!", "1"}, {"?", "2"}}},
		{"select coalesce(json_agg(x), '[]') from (select t.id, t.name from t where t.id = $1) as x", [][]any{{"1"}, {"2"}}},
		{"select coalesce(json_agg(x), '[]') from (select t.name, coalesce((select json_agg(c.body) from child c where c.t_id = t.id and c.body <> $2), '[]') as cs from t where t.id = $1) as x", [][]any{{"1", "c1"}, {"2", "c1"}}},
		{"select id from t where id = (select t_id from child where body = $1)", [][]any{{"c3"}, {"c1"}, {"none"}}},
	} {
		for _, args := range c.args {
			text := c.q
			for i := len(args); i >= 1; i-- {
				text = strings.ReplaceAll(text, fmt.Sprintf("$%d", i), "'"+strings.ReplaceAll(args[i-1].(string), "'", "''")+"'")
			}
			want := refQuery(text)
			for run := 0; run < 2; run++ {
				if got := queryArgs(t, s, c.q, args...); got != want {
					t.Errorf("%s %q (run %d): got %q, want %q (%s)", c.q, args, run+1, got, want, text)
				}
			}
		}
	}
}

// TestUntypedArgsCached checks which statements with untyped arguments
// run from a cached parametric plan.
func TestUntypedArgsCached(t *testing.T) {
	e := newPlanEngine(t, true,
		"create table t (id bigint primary key, name text, v varchar(255))",
		"insert into t values (1, 'a', 'x'), (2, 'b', 'y')")
	s := connectT(t, e)
	for _, c := range []struct {
		q     string
		arg   string
		typed bool
	}{
		{"select name from t where id = $1", "1", true},
		{"select name from t where v = $1::varchar(255)", "x", true},
		{"select coalesce(json_agg(x), '[]') from (select t.* from t where t.name = $1) as x", "a", true},
		{"select id from t where lower(name) = lower($1)", "A", true},
		{"select id, $1 from t", "x", false},              // used without a coercion: text in PostgreSQL, untyped here
		{"select id from t where $1 is null", "x", false}, // likewise
	} {
		for i := 0; i < 3; i++ {
			if out := queryArgs(t, s, c.q, c.arg); strings.HasPrefix(out, "ERROR") {
				t.Fatalf("%s: %s", c.q, out)
			}
		}
		entry, _, ok := s.cachedParametric(firstKey(s, c.q), e.ddlVersion.Load(), []any{c.arg})
		if got := ok && entry.plan != nil; got != c.typed {
			t.Errorf("%s: parametric plan cached %v, want %v", c.q, got, c.typed)
		}
	}
}

// uncachedSession returns a session inside a transaction that ran DDL,
// which bypasses every statement and plan cache.
func uncachedSession(t *testing.T, e *Engine) *Session {
	t.Helper()
	ref, err := e.Connect(SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"begin", "create table plan_nocache (x int)"} {
		if out := queryArgs(t, ref, q); strings.HasPrefix(out, "ERROR") {
			t.Fatal(out)
		}
	}
	if !ref.txnDDL {
		t.Fatal("reference session still uses its caches")
	}
	return ref
}

// TestUntypedArgsWrites runs INSERT ... VALUES (with and without
// RETURNING) and keyed UPDATEs with untyped and NULL arguments, each
// statement several times from its cached plan, and checks the rows, the
// errors of invalid input and constraint violations, and foreign keys
// checked against the data of each execution.
func TestUntypedArgsWrites(t *testing.T) {
	e := newPlanEngine(t, true,
		"create schema app",
		"create type app.level as enum ('low', 'high')",
		"create table parent (id uuid primary key, name varchar(5) not null)",
		"create table child (id bigserial primary key, parent_id uuid references parent(id) on delete cascade, note varchar(8), lvl app.level, at timestamptz, c char(3), meta jsonb)")
	s := connectT(t, e)
	p1, p2 := "11111111-1111-1111-1111-111111111111", "22222222-2222-2222-2222-222222222222"
	insParent := "insert into parent (id, name) values ($1, $2)"
	insChild := "insert into child (parent_id, note, lvl, at, c, meta) values ($1, $2, $3::app.level, $4, $5, $6) returning note, lvl, c || '|', meta->>'k'"
	upd := "update child set note = $2, at = $3::timestamptz where id = $1"
	sel := "select parent_id, note, lvl, at, c, meta from child order by at, note"
	steps := []struct {
		q    string
		args []any
		want string
	}{
		{insParent, []any{p1, "ann"}, ""},
		{insParent, []any{p2, "bob"}, ""},
		{insParent, []any{"33333333-3333-3333-3333-333333333333", "toolong"}, "ERROR ERROR: value too long for type character varying(5) (SQLSTATE 22001)"},
		{insParent, []any{"not-a-uuid", "x"}, `ERROR ERROR: invalid input syntax for type uuid: "not-a-uuid" (SQLSTATE 22P02)`},
		{insChild, []any{p1, "first", "low", "2024-01-02 03:04:05+00", "a", `{"k":"v1"}`}, "first|low|a||v1"},
		{insChild, []any{p2, nil, "high", nil, nil, nil}, "NULL|high|NULL|NULL"},
		{insChild, []any{nil, "n", nil, "2025-06-01", "abc", `{}`}, "n|NULL|abc||NULL"},
		{insChild, []any{p1, "toolong-note", "low", nil, nil, nil}, "ERROR ERROR: value too long for type character varying(8) (SQLSTATE 22001)"},
		{insChild, []any{p1, "x", "medium", nil, nil, nil}, `ERROR ERROR: invalid input value for enum app.level: "medium" (SQLSTATE 22P02)`},
		{insChild, []any{"44444444-4444-4444-4444-444444444444", "x", "low", nil, nil, nil}, `ERROR ERROR: insert or update on table "child" violates foreign key constraint "child_parent_id_fkey" (SQLSTATE 23503)`},
		{insChild, []any{p2, "last", "low", nil, "b", `{"k":2}`}, "last|low|b||2"},
		{upd, []any{int64(1), "upd1", "2030-01-01 00:00:00+00"}, ""},
		{upd, []any{int64(2), nil, nil}, ""},
		{upd, []any{int64(3), "much-too-long", nil}, "ERROR ERROR: value too long for type character varying(8) (SQLSTATE 22001)"},
		{sel, nil, "NULL|n|NULL|2025-06-01 00:00:00+00|abc|{};" +
			p1 + "|upd1|low|2030-01-01 00:00:00+00|a  |{\"k\": \"v1\"};" +
			p2 + "|last|low|NULL|b  |{\"k\": 2};" +
			p2 + "|NULL|high|NULL|NULL|NULL"},
		{"delete from parent where id = $1", []any{p2}, ""},
		{insChild, []any{p2, "orphan", "low", nil, nil, nil}, `ERROR ERROR: insert or update on table "child" violates foreign key constraint "child_parent_id_fkey" (SQLSTATE 23503)`},
		{sel, nil, "NULL|n|NULL|2025-06-01 00:00:00+00|abc|{};" + p1 + "|upd1|low|2030-01-01 00:00:00+00|a  |{\"k\": \"v1\"}"},
		{insParent, []any{p2, "bob2"}, ""},
		{"update child set parent_id = $2 where id = $1", []any{int64(3), p2}, ""},
		{"update child set parent_id = $2 where id = $1", []any{int64(3), "55555555-5555-5555-5555-555555555555"}, `ERROR ERROR: insert or update on table "child" violates foreign key constraint "child_parent_id_fkey" (SQLSTATE 23503)`},
		{"update child set parent_id = $2 where id = $1", []any{int64(3), p1}, ""},
		{"select count(*) from child where parent_id = $1", []any{p1}, "2"},
		{insChild, []any{p2, "again", "high", nil, nil, nil}, "again|high|NULL|NULL"},
	}
	for i, st := range steps {
		if got := queryArgs(t, s, st.q, st.args...); got != st.want {
			t.Errorf("step %d: %s %v:\ngot  %q\nwant %q", i, st.q, st.args, got, st.want)
		}
	}
	for _, q := range []string{insParent, insChild, upd} {
		n := strings.Count(q, "$")
		if strings.Contains(q, "$3::app") {
			n = 6
		}
		args := make([]any, n)
		for i := range args {
			args[i] = "x"
		}
		var cached bool
		for k, c := range s.cache.entries {
			if strings.Contains(k, q+"\x00") && c.slots != nil && c.plan != nil {
				cached = true
			}
		}
		if !cached {
			t.Errorf("%s: no cached parametric plan", q)
		}
	}
}

// TestUntypedArgsDDL checks that types inferred for a statement's
// arguments are found again after DDL changes the columns they came from.
func TestUntypedArgsDDL(t *testing.T) {
	e := newPlanEngine(t, false,
		"create table t (id int primary key, v text)",
		"insert into t values (1, '10'), (2, '9')")
	s := connectT(t, e)
	q := "select id from t where v < $1 order by id"
	for i := 0; i < 2; i++ {
		if got := queryArgs(t, s, q, "5"); got != "1" { // text order: '10' < '5'
			t.Fatalf("text column: got %q", got)
		}
	}
	if out := queryArgs(t, s, "alter table t alter column v type int using v::int"); out != "" {
		t.Fatal(out)
	}
	for i := 0; i < 2; i++ {
		if got := queryArgs(t, s, q, "5"); got != "" { // integer order
			t.Fatalf("integer column: got %q", got)
		}
		if got := queryArgs(t, s, q, "10"); got != "2" {
			t.Fatalf("integer column: got %q", got)
		}
	}
}

// TestCastKeyLookup checks that `column = $1::type(typmod)` with the
// column's own type reads the column's index from the cached plan.
func TestCastKeyLookup(t *testing.T) {
	e := newPlanEngine(t, false,
		"create table tok (id bigint primary key, token varchar(255) unique)",
		"insert into tok select g, 'tok' || g from generate_series(1, 50) g")
	s := connectT(t, e)
	q := "select id from tok where token = $1::varchar(255)"
	for _, c := range [][2]string{{"tok7", "7"}, {"tok42", "42"}, {"nope", ""}, {"tok7" + strings.Repeat(" ", 300), ""}} {
		for i := 0; i < 2; i++ {
			if got := queryArgs(t, s, q, c[0]); got != c[1] {
				t.Errorf("%q: got %q, want %q", c[0], got, c[1])
			}
		}
	}
	entry, _, ok := s.cachedParametric(firstKey(s, q), e.ddlVersion.Load(), []any{"tok1"})
	if !ok || entry.plan == nil {
		t.Fatal("no cached parametric plan")
	}
	if !hasKeyedLookup(entry.plan.node) {
		t.Errorf("plan does not look the token up in its index:\n%s", sql.DebugString(entry.plan.node))
	}
}
