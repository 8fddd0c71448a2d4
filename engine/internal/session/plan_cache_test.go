package session

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// planStep runs one statement on one of a test's sessions and states its
// rows (runScript's form) or error.
type planStep struct {
	session int
	query   string
	want    string
}

// runPlanSteps runs each step three times in a row where it is a query, so
// the second and third runs execute the cached plan, and checks every run.
func runPlanSteps(t *testing.T, e *Engine, nsessions int, steps []planStep) {
	t.Helper()
	ss := make([]*Session, nsessions)
	for i := range ss {
		s := connectT(t, e)
		ss[i] = s
	}
	for i, st := range steps {
		runs := 1
		if isQuery(st.query) {
			runs = 3
		}
		for r := 0; r < runs; r++ {
			got := runScript(t, ss[st.session], []string{st.query})[0]
			if want := st.query + " => " + st.want; got != want {
				t.Errorf("step %d (run %d, session %d):\n%s", i, r+1, st.session, cmp.Diff(want, got))
			}
		}
	}
}

// connectT opens a session on e for the rest of the test.
func connectT(t testing.TB, e *Engine) *Session {
	t.Helper()
	s, err := e.Connect(SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func isQuery(q string) bool { return len(q) > 6 && (q[:6] == "select" || q[:6] == "SELECT") }

func newPlanEngine(t *testing.T, bootstrap bool, setup ...string) *Engine {
	t.Helper()
	e, err := Open(Options{NoBootstrap: !bootstrap})
	if err != nil {
		t.Fatal(err)
	}
	s := connectT(t, e)
	for _, out := range runScript(t, s, setup) {
		if len(out) > 0 && strings.Contains(out, "=> ERROR") {
			t.Fatal(out)
		}
	}
	return e
}

func TestPlanCacheVisibility(t *testing.T) {
	e := newPlanEngine(t, false,
		"create table t (id bigint primary key, name text)",
		"insert into t values (1, 'a'), (2, 'b')")
	q := "select name from t where id = 3"
	runPlanSteps(t, e, 2, []planStep{
		{0, q, ""},
		{0, "begin", ""},
		{0, "insert into t values (3, 'c')", ""},
		{0, q, "c"}, // the transaction's own write
		{1, q, ""},  // not committed: invisible to another session
		{0, "rollback", ""},
		{0, q, ""}, // rolled back
		{1, "insert into t values (3, 'd')", ""},
		{0, q, "d"}, // committed by another session
		{0, "begin", ""},
		{0, q, "d"},
		{1, "update t set name = 'e' where id = 3", ""},
		{0, q, "d"}, // the open transaction keeps its snapshot
		{0, "commit", ""},
		{0, q, "e"},
		{0, "select id, name from t where id > 1 order by id", "2|b;3|e"},
		{1, "delete from t where id = 2", ""},
		{0, "select id, name from t where id > 1 order by id", "3|e"},
	})
}

func TestPlanCacheInvalidation(t *testing.T) {
	e := newPlanEngine(t, true,
		"create table t (id bigint primary key, name text)",
		"insert into t values (1, 'a')",
		"create schema other",
		"create table other.t (id bigint primary key, name text)",
		"insert into other.t values (1, 'other')",
		"create role plan_reader",
		"grant select on t to plan_reader")
	q := "select * from t where id = 1"
	runPlanSteps(t, e, 2, []planStep{
		{0, q, "1|a"},
		{1, "alter table t add column extra int default 7", ""},
		{0, q, "1|a|7"}, // DDL in another session
		{0, "alter table t drop column name", ""},
		{0, q, "1|7"}, // DDL in this session
		{0, "begin", ""},
		{0, "alter table t add column name text default 'n'", ""},
		{0, q, "1|7|n"}, // inside the transaction that ran DDL
		{0, "rollback", ""},
		{0, q, "1|7"},
		{0, "set search_path = other, public", ""},
		{0, q, "1|other"},
		{0, "reset search_path", ""},
		{0, q, "1|7"},
		{0, "set role plan_reader", ""},
		{0, q, "1|7"},
		{1, "revoke select on t from plan_reader", ""},
		{0, q, "ERROR ERROR: permission denied for table t (SQLSTATE 42501)"},
		{0, "reset role", ""},
		{0, q, "1|7"},
	})
}

// TestPlanCacheCatalogs checks that a kept plan over the catalogs reads
// each execution's catalog rows: another session's committed DDL, a
// sequence advanced in between, the session's own uncommitted DDL and its
// rollback.
func TestPlanCacheCatalogs(t *testing.T) {
	e := newPlanEngine(t, true, "create table a (id bigint)", "create sequence sq")
	tables := "select string_agg(relname::text, ',' order by relname) from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r'"
	seq := "select last_value from pg_sequences where sequencename = 'sq'"
	runPlanSteps(t, e, 2, []planStep{
		{0, tables, "a"},
		{1, "create table b (id bigint)", ""},
		{0, tables, "a,b"},
		{0, seq, "NULL"},
		{1, "select setval('sq', 5)", "5"},
		{0, seq, "5"},
		{0, "begin", ""},
		{0, "create table c (id bigint)", ""},
		{0, tables, "a,b,c"},
		{1, tables, "a,b"},
		{0, "rollback", ""},
		{0, tables, "a,b"},
	})
}

// TestPlanCacheCatalogsDo checks the same for DO blocks, which keep the
// plans and catalog rows of the statement before them unless they run
// DDL themselves: a block reads another session's committed DDL, its own
// DDL (inside the block, after the block, in the transaction), and not
// what an error or a rollback undid.
func TestPlanCacheCatalogsDo(t *testing.T) {
	e := newPlanEngine(t, true, "create table a (id bigint)")
	tables := "select string_agg(relname::text, ',' order by relname) from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r'"
	count := func(name string) string {
		return "do $$ begin raise exception 'n=%', (select count(*) from pg_class where relname = '" + name + "'); end $$"
	}
	n := func(k int) string { return fmt.Sprintf("ERROR ERROR: n=%d (SQLSTATE P0001)", k) }
	runPlanSteps(t, e, 2, []planStep{
		{0, count("f"), n(0)},
		{0, count("f"), n(0)},
		{1, "create table f (id bigint)", ""},
		{0, count("f"), n(1)},
		{0, "do $$ begin create table d (id bigint); end $$", ""},
		{0, tables, "a,d,f"},
		{1, tables, "a,d,f"},
		{1, count("d"), n(1)},
		{0, "do $$ begin create table g (id bigint); raise exception 'n=%', (select count(*) from pg_class where relname = 'g'); end $$", n(1)},
		{0, count("g"), n(0)},
		{0, "begin", ""},
		{0, "do $$ begin create table h (id bigint); end $$", ""},
		{0, count("h"), n(1)},
		{1, count("h"), n(0)},
		{0, "rollback", ""},
		{0, count("h"), n(0)},
		{0, tables, "a,d,f"},
	})
}

// TestPlanCacheRLS checks that row security reads the claims of each
// execution: same role, different users, one cached statement.
func TestPlanCacheRLS(t *testing.T) {
	e := newPlanEngine(t, true,
		"create table todos (id int primary key, user_id uuid not null, title text)",
		"insert into todos values (1, '11111111-1111-1111-1111-111111111111', 'a'), (2, '22222222-2222-2222-2222-222222222222', 'b')",
		"alter table todos enable row level security",
		"grant select on todos to authenticated",
		"create policy own on todos for select to authenticated using (user_id = auth.uid())",
		"create table notes (id int primary key, user_id uuid not null, body text)",
		"insert into notes values (1, '11111111-1111-1111-1111-111111111111', 'x'), (2, '22222222-2222-2222-2222-222222222222', 'y')",
		"alter table notes enable row level security",
		"grant select on notes to authenticated",
		"create policy own on notes for select to authenticated using (user_id = (select auth.uid()))")
	claims := func(sub string) string {
		return "select set_config('request.jwt.claims', '{\"sub\":\"" + sub + "\",\"role\":\"authenticated\"}', false) is not null"
	}
	u1, u2 := "11111111-1111-1111-1111-111111111111", "22222222-2222-2222-2222-222222222222"
	runPlanSteps(t, e, 1, []planStep{
		{0, "set role authenticated", ""},
		{0, claims(u1), "t"},
		{0, "select id, title from todos order by id", "1|a"},
		{0, "select body from notes where id >= 1", "x"},
		{0, claims(u2), "t"},
		{0, "select id, title from todos order by id", "2|b"},
		{0, "select body from notes where id >= 1", "y"},
		{0, "reset role", ""},
		{0, "select id, title from todos order by id", "1|a;2|b"},
		{0, "create policy everyone on todos for select to authenticated using (true)", ""},
		{0, "set role authenticated", ""},
		{0, "select id, title from todos order by id", "1|a;2|b"},
	})
}

// TestPlanCacheHits checks which statements keep a plan.
func TestPlanCacheHits(t *testing.T) {
	e := newPlanEngine(t, true,
		"create table t (id bigint primary key, name text, at timestamptz)",
		"insert into t values (1, 'a', now())")
	s := connectT(t, e)
	for _, c := range []struct {
		q    string
		plan bool
	}{
		{"select * from t where id = 1", true},
		{"select name from t where id > 0 order by id limit 5", true},
		{"select count(*) from t", true},
		{"select * from t where at < now()", true},                 // now() is evaluated per execution (plan_volatile.go)
		{"select * from t where name = current_user", true},        // so is current_user
		{"select * from t where id = (select 1)", true},            // a subquery, renewed per execution
		{"select relname from pg_class where relname = 't'", true}, // catalog table: rows computed per execution
	} {
		for i := 0; i < 2; i++ {
			rows, err := s.Query(context.Background(), c.q)
			if err != nil {
				t.Fatalf("%s: %v", c.q, err)
			}
			for rows.Next() {
			}
			if err := rows.Close(); err != nil {
				t.Fatal(err)
			}
		}
		var entry *cachedStmt
		if c, _, ok := s.plans.literal(c.q, strings.TrimPrefix(firstKey(s, c.q), c.q), e.ddlVersion.Load(), s.cache.gen); ok {
			entry = c // constants made parameters
		}
		for k, v := range s.cache.entries {
			if len(k) > len(c.q) && k[:len(c.q)+1] == c.q+"\x00" {
				entry = v
			}
		}
		if entry == nil {
			t.Fatalf("%s: not in the statement cache", c.q)
		}

		if got := entry.plan != nil; got != c.plan {
			t.Errorf("%s: cached plan %v, want %v", c.q, got, c.plan)
		}
		if entry.plan != nil && entry.plan.busy {
			t.Errorf("%s: plan still checked out after its rows closed", c.q)
		}
	}
}

// firstKey returns the statement-cache key of text on s (text, role, path).
func firstKey(s *Session, text string) string {
	path, _ := s.Setting("search_path")
	return text + "\x00" + s.CurrentUser() + "\x00" + path
}

// TestParametricStream runs many texts differing only in a constant: one
// parametric entry serves them all, with one plan.
func TestParametricStream(t *testing.T) {
	e := newPlanEngine(t, false,
		"create table t (id bigint primary key, name text)",
		"insert into t select g, 'n' || g from generate_series(1, 1000) g")
	s := connectT(t, e)
	var first *cachedPlan
	for i := 1; i <= 1000; i++ {
		if got, want := queryArgs(t, s, fmt.Sprintf("select name from t where id = %d", i)), fmt.Sprintf("n%d", i); got != want {
			t.Fatalf("id %d: got %q, want %q", i, got, want)
		}
		var params []*cachedStmt
		for _, c := range s.cache.entries {
			if c.slots != nil {
				params = append(params, c)
			}
		}
		if len(params) != 1 {
			t.Fatalf("after %d statements: %d parametric entries, want 1", i, len(params))
		}
		if i == 2 {
			first = params[0].plan
		}
		if i > 2 && params[0].plan != first {
			t.Fatalf("statement %d planned again", i)
		}
	}
	if first == nil {
		t.Fatal("no plan kept")
	}
}

// queryArgs runs q with args and returns its rows as runScript does.
func queryArgs(t *testing.T, s *Session, q string, args ...any) string {
	t.Helper()
	rows, err := s.Query(context.Background(), q, args...)
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

// TestParametricStatements runs statements whose values vary, as
// arguments and as constants, each value twice, against what the same
// statement returns with the value written into its text on a session
// whose caches are bypassed (inside a transaction that ran DDL).
func TestParametricStatements(t *testing.T) {
	e := newPlanEngine(t, true,
		"create table t (id bigint primary key, k int unique, s smallint, name text, c char(3))",
		"insert into t values (1, 10, 1, 'a', 'x'), (2, 20, 2, 'b', 'y'), (3, 30, 3, null, 'z')",
		"create table pair (a int, b int, v text, primary key (a, b))",
		"insert into pair values (1, 1, 'p11'), (1, 2, 'p12'), (2, 1, 'p21')")
	s := connectT(t, e)
	ref := connectT(t, e)
	for _, q := range []string{"begin", "create temp table plan_nocache (x int)"} {
		if out := queryArgs(t, ref, q); strings.HasPrefix(out, "ERROR") {
			// temp tables may not exist: any DDL will do
			if out := queryArgs(t, ref, "create table plan_nocache (x int)"); strings.HasPrefix(out, "ERROR") {
				t.Fatal(out)
			}
		}
	}
	if !ref.txnDDL {
		t.Fatal("reference session still uses its caches")
	}
	refQuery := func(q string) string {
		queryArgs(t, ref, "savepoint p")
		out := queryArgs(t, ref, q)
		queryArgs(t, ref, "rollback to savepoint p")
		return out
	}
	lit := func(v any) string {
		switch x := v.(type) {
		case nil:
			return "NULL"
		case Param:
			if x.Value == nil {
				return "NULL::" + x.Type.Name
			}
			if str, ok := x.Value.(string); ok {
				return "'" + str + "'::" + x.Type.Name
			}
			return fmt.Sprint(x.Value) + "::" + x.Type.Name
		case string:
			return "'" + x + "'"
		}
		return fmt.Sprint(v)
	}
	for _, c := range []struct {
		q    string
		args [][]any
	}{
		{"select name from t where id = $1", [][]any{{int64(1)}, {int64(2)}, {int64(9)}, {Param{Type: types.Int8}}, {int32(3)}, {1}}},
		{"select id from t where k = $1", [][]any{{int32(20)}, {int64(30)}, {int32(11)}}},
		{"select id from t where s = $1", [][]any{{int32(2)}, {int64(3)}}},
		{"select id from t where c = $1", [][]any{{Param{Type: types.Text, Value: "y"}}, {"z"}}},
		{"select v from pair where a = $1 and b = $2", [][]any{{int32(1), int32(2)}, {int32(2), int32(1)}, {int32(2), int32(2)}}},
		{"select v from pair where b = $2 and a = $1 and v <> 'p12'", [][]any{{int32(1), int32(2)}, {int32(1), int32(1)}}},
		{"select id, $1::int + 1 from t where id = $1", [][]any{{int64(2)}, {int64(3)}}},
		{"select id from t where id >= $1 order by id limit $2", [][]any{{int64(1), int64(1)}, {int64(1), int64(2)}}},
		{"select name from t where id = $1 or k = $1", [][]any{{int64(1)}, {int64(20)}}},
	} {
		for _, args := range c.args {
			text := c.q
			for i := len(args); i >= 1; i-- {
				text = strings.ReplaceAll(text, fmt.Sprintf("$%d", i), lit(args[i-1]))
			}
			want := refQuery(text)
			for run := 0; run < 2; run++ {
				if got := queryArgs(t, s, c.q, args...); got != want {
					t.Errorf("%s %v (run %d): got %q, want %q (%s)", c.q, args, run+1, got, want, text)
				}
				if got := queryArgs(t, s, text); got != want {
					t.Errorf("%s (run %d): got %q, want %q", text, run+1, got, want)
				}
			}
		}
	}
	for _, q := range []string{
		"select name from t where id = 2",
		"select name from t where 2 = id",
		"select name from t where id = 2 and k = 20",
		"select name from t where id = 2 and k = 30",
		"select name from t where s = 2",
		"select name from t where name = 2",
		"select name from t where id = 3000000000",
		"select name from t where id = -2",
		"select name from t where id = 2 limit 1",
		"select name from t where id = 3 limit 0",
		"select name from t where id = 1 limit 1",
		"select name from t where id = 1 and k = 10",
		"select name from t where id = 1 and k = 11",
		"select name from t where id = 02",
		"select name from t where id = 1 and k = 10.0",
		"select name from t where id = 1 and k = 1e1",
	} {
		want := refQuery(q)
		for run := 0; run < 3; run++ {
			if got := queryArgs(t, s, q); got != want {
				t.Errorf("%s (run %d): got %q, want %q", q, run+1, got, want)
			}
		}
	}
}

// TestParametricOpenRows runs one parametric statement again while an
// execution's rows are still open.
func TestParametricOpenRows(t *testing.T) {
	e := newPlanEngine(t, false,
		"create table t (id bigint primary key, name text)",
		"insert into t values (1, 'a'), (2, 'b')")
	s := connectT(t, e)
	q := "select name from t where id = $1"
	for i := 0; i < 2; i++ {
		if got := queryArgs(t, s, q, int64(1)); got != "a" {
			t.Fatalf("got %q", got)
		}
	}
	r1, err := s.Query(context.Background(), q, int64(1))
	if err != nil {
		t.Fatal(err)
	}
	if got := queryArgs(t, s, q, int64(2)); got != "b" {
		t.Errorf("second execution: got %q, want b", got)
	}
	if !r1.Next() || *r1.Text()[0] != "a" {
		t.Errorf("first execution lost its row")
	}
	r1.Close()
	if got := queryArgs(t, s, q, int64(2)); got != "b" {
		t.Errorf("after: got %q, want b", got)
	}
}

func TestLexInts(t *testing.T) {
	for _, c := range []struct {
		text string
		key  string // "" when the text is not tokenized
		ints []string
	}{
		{"select a from t where id = 12", "select a from t where id = \x02", []string{"12"}},
		{"select a1 from t2 where x=3 and y = 44 limit 5", "select a1 from t2 where x=\x02 and y = \x02 limit \x02", []string{"3", "44", "5"}},
		{"select 1.5, .5, 1e3, 0x1f, 1_000 from t where id = 7", "select 1.5, .5, 1e3, 0x1f, 1_000 from t where id = \x02", []string{"7"}},
		{"select a from t where id = -12", "select a from t where id = -\x02", []string{"12"}},
		{"select 'x' from t where id = 1", "select 'x' from t where id = \x02", []string{"1"}},
		{"select '1 2', 'a--b' from t where id = 1 and '3' = '3'", "", nil},
		{"select '1 2', 'a-b' from t where id = 1 and k = '3'", "select '1 2', 'a-b' from t where id = \x02 and k = '3'", []string{"1"}},
		{"select 'it''s' from t where id = 1", "", nil},
		{"select E'x' from t where id = 1", "select E'x' from t where id = \x02", []string{"1"}},
		{"select E'\\'' from t where id = 1", "", nil},
		{"select 'x from t where id = 1", "", nil},
		{"select \"a1\" from t where id = 1", "", nil},
		{"select a from t where id = 1 -- 2", "", nil},
		{"select a from t /* 3 */ where id = 1", "", nil},
		{"select $1 from t where id = 1", "", nil},
		{"select a from t", "", nil},
		{"select é from t where id = 1", "", nil},
	} {
		key, ints, ok := lexInts(c.text)
		var got []string
		for _, sp := range ints {
			got = append(got, c.text[sp[0]:sp[1]])
		}
		if !ok {
			key = ""
		}
		if key != c.key || !cmp.Equal(got, c.ints) {
			t.Errorf("lexInts(%q) = %q %q, want %q %q", c.text, key, got, c.key, c.ints)
		}
	}
}

// TestParametricInsert inserts rows whose values vary, as constants and
// as arguments, and checks the table holds exactly them.
func TestParametricInsert(t *testing.T) {
	e := newPlanEngine(t, true,
		"create table t (id bigint primary key, name text, small smallint, n numeric, d int default 7, check (id > 0))")
	runPlanSteps(t, e, 2, []planStep{
		{0, "insert into t values (1, 'a', 1, 1)", ""},
		{0, "insert into t values (2, 'a', 2, 2)", ""},
		{0, "insert into t values (3, 'a', 3, 3)", ""},
		{0, "insert into t values (4, 'b', 70000, 4)", "ERROR ERROR: smallint out of range (SQLSTATE 22003)"},
		{0, "insert into t values (0, 'a', 1, 1)", "ERROR ERROR: new row for relation \"t\" violates check constraint \"t_id_check\" (SQLSTATE 23514)"},
		{0, "insert into t values (3, 'a', 3, 3)", "ERROR ERROR: duplicate key value violates unique constraint \"t_pkey\" (SQLSTATE 23505)"},
		{0, "insert into t (id, small) values (5, 5)", ""},
		{0, "insert into t (id, small) values (6, 6)", ""},
		{0, "begin", ""},
		{0, "insert into t values (7, 'a', 7, 7)", ""},
		{0, "rollback", ""},
		{1, "alter table t add column e int default 9", ""},
		{0, "insert into t values (8, 'a', 8, 8)", ""},
		{0, "insert into t values (9, 'a', 9, 9, 1, 2)", ""},
		{0, "select id, name, small, n, d, e from t order by id", "1|a|1|1|7|9;2|a|2|2|7|9;3|a|3|3|7|9;5|NULL|5|NULL|7|9;6|NULL|6|NULL|7|9;8|a|8|8|7|9;9|a|9|9|1|2"},
	})
	s := connectT(t, e)
	for i := 10; i < 13; i++ {
		if out := queryArgs(t, s, "insert into t (id, name, small) values ($1, $2, $3)", int64(i), Param{Type: types.Text, Value: "p"}, int32(i)); out != "" {
			t.Fatal(out)
		}
	}
	if out := queryArgs(t, s, "insert into t (id, name, small) values ($1, $2, $3)", int64(13), Param{Type: types.Text, Value: "p"}, int32(99999)); !strings.Contains(out, "smallint out of range") {
		t.Errorf("got %q, want smallint out of range", out)
	}
	if got := queryArgs(t, s, "select id, name, small from t where id >= 10 order by id"); got != "10|p|10;11|p|11;12|p|12" {
		t.Errorf("got %q", got)
	}
}

// TestParametricUpdateDelete updates and deletes by key with varying
// constants (negative ones too) and arguments, and checks the table.
func TestParametricUpdateDelete(t *testing.T) {
	e := newPlanEngine(t, true,
		"create table acc (id int primary key, bal bigint not null, note text, check (bal > -1000))",
		"insert into acc select g, 0, null from generate_series(1, 10) g")
	runPlanSteps(t, e, 2, []planStep{
		{0, "update acc set bal = bal + 5 where id = 1", ""},
		{0, "update acc set bal = bal + -3 where id = 1", ""},
		{0, "update acc set bal = bal + - 4 where id = 2", ""},
		{0, "update acc set bal = bal + 100 where id = 11", ""},
		{0, "update acc set bal = bal + -5000 where id = 3", "ERROR ERROR: new row for relation \"acc\" violates check constraint \"acc_bal_check\" (SQLSTATE 23514)"},
		{0, "update acc set bal = 7 where id = 4", ""},
		{0, "update acc set bal = 8 where id = 5", ""},
		{0, "update acc set bal = 1 where bal = 8", ""},
		{0, "update acc set bal = 2 where bal = 7", ""},
		{1, "begin", ""},
		{1, "update acc set bal = bal + 1 where id = 6", ""},
		{1, "rollback", ""},
		{0, "delete from acc where id = 9", ""},
		{0, "delete from acc where id = 10", ""},
		{0, "delete from acc where id = 10", ""},
		{0, "select id, bal from acc order by id", "1|2;2|-4;3|0;4|2;5|1;6|0;7|0;8|0"},
	})
	s := connectT(t, e)
	for i := 1; i <= 4; i++ {
		if out := queryArgs(t, s, "update acc set bal = bal + $1 where id = $2", int64(10*i), int32(i)); out != "" {
			t.Fatal(out)
		}
	}
	if out := queryArgs(t, s, "delete from acc where id = $1", int32(8)); out != "" {
		t.Fatal(out)
	}
	if got := queryArgs(t, s, "select id, bal from acc order by id"); got != "1|12;2|16;3|30;4|42;5|1;6|0;7|0" {
		t.Errorf("got %q", got)
	}
}

// TestParametricClock checks that a cached INSERT or UPDATE reads the
// clock of each transaction, not of the one that planned it.
func TestParametricClock(t *testing.T) {
	e := newPlanEngine(t, false, "create table h (id int primary key, at timestamptz, n int)")
	s := connectT(t, e)
	for i := 1; i <= 3; i++ {
		if out := queryArgs(t, s, fmt.Sprintf("insert into h (id, at) values (%d, current_timestamp)", i)); out != "" {
			t.Fatal(out)
		}
		time.Sleep(2 * time.Millisecond)
	}
	for i := 1; i <= 3; i++ {
		if out := queryArgs(t, s, fmt.Sprintf("update h set n = 1, at = now() where id = %d", i)); out != "" {
			t.Fatal(out)
		}
		time.Sleep(2 * time.Millisecond)
	}
	if got := queryArgs(t, s, "select count(distinct at), count(n) from h"); got != "3|3" {
		t.Errorf("distinct timestamps, updated rows: got %q, want 3|3", got)
	}
}

// TestLiteralInsertPlan: an INSERT of constants (a string, which is not
// made a parameter) runs from its cached plan from the second execution
// on, and each execution still takes its own serial value and volatile
// default, and its own constraint checks.
func TestLiteralInsertPlan(t *testing.T) {
	e := newPlanEngine(t, true, "create table t (id bigserial primary key, v text not null, at timestamptz default clock_timestamp())")
	s := connectT(t, e)
	const ins = "insert into t (v) values ('hello')"
	before := e.PlanCacheStats().Hits
	for range 5 {
		if out := queryArgs(t, s, ins); out != "" {
			t.Fatal(out)
		}
	}
	if hits := e.PlanCacheStats().Hits - before; hits < 4 {
		t.Errorf("%d plan-cache hits for 5 executions, want at least 4", hits)
	}
	if got := queryArgs(t, s, "select count(distinct id), count(distinct at), min(id), max(id), min(v) from t"); got != "5|5|1|5|hello" {
		t.Errorf("got %q", got)
	}
	for range 2 {
		if out := queryArgs(t, s, "insert into t (v) values (null)"); !strings.Contains(out, "23502") {
			t.Errorf("got %q, want a not-null violation", out)
		}
	}
	if out := queryArgs(t, s, "insert into t (id, v) values (3, 'again')"); !strings.Contains(out, "23505") {
		t.Errorf("got %q, want a unique violation", out)
	}
}
