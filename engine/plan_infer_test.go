package engine

import (
	"fmt"
	"strings"
	"testing"
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
	s, err := e.Connect(SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
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
	s, err := e.Connect(SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
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
