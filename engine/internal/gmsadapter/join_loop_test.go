package gmsadapter_test

import (
	"sort"
	"strings"
	"testing"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

// TestJoinLoopExplain holds the FK join of one key to PostgreSQL 15's
// plan for the planner fixture (recorded with EXPLAIN (COSTS OFF)): a
// Nested Loop under the key's row whose other side is read at the same
// key, with no Join Filter (the equality both sides' scans fix is
// dropped, as PostgreSQL's equivalence classes drop it; tinybase printed
// and evaluated `Join Filter: (id = t_id)` on every pair), and the
// Bitmap Heap Scan it prints is the one it runs (the scan under a join
// was read in index order whatever EXPLAIN said).
func TestJoinLoopExplain(t *testing.T) {
	s, _ := fixtureSession(t)
	loop := `Nested Loop
  ->  Index Scan using t_pkey on t
        Index Cond: (id = 5)
  ->  Bitmap Heap Scan on s
        Recheck Cond: (t_id = 5)
        ->  Bitmap Index Scan on s_t
              Index Cond: (t_id = 5)`
	cases := []struct{ q, want string }{
		{"select s.v, t.c from t join s on s.t_id = t.id where t.id = 5", loop},
		{"select s.v, t.c from s join t on t.id = s.t_id where t.id = 5", loop},
		// GMS's lookup join from s into t per row of s: t is read once
		// at the key s's scan fixes, outside, as PostgreSQL reads it
		{"select s.v, t.c from s join t on t.id = s.t_id where s.t_id = 5 and s.v > 2", `Nested Loop
  ->  Index Scan using t_pkey on t
        Index Cond: (id = 5)
  ->  Bitmap Heap Scan on s
        Recheck Cond: (t_id = 5)
        Filter: (v > 2)
        ->  Bitmap Index Scan on s_t
              Index Cond: (t_id = 5)`},
		// an outer join keeps its condition (it decides which rows of t
		// are padded with NULLs), printed with its columns qualified, and
		// its inner side is read at the key the outer side fixes (it was
		// a Seq Scan of s per row of t)
		{"select s.v, t.c from t left join s on s.t_id = t.id where t.id = 5", `Nested Loop Left Join
  Join Filter: (s.t_id = t.id)
  ->  Index Scan using t_pkey on t
        Index Cond: (id = 5)
  ->  Bitmap Heap Scan on s
        Recheck Cond: (t_id = 5)
        ->  Bitmap Index Scan on s_t
              Index Cond: (t_id = 5)`},
	}
	for _, c := range cases {
		lines, err := runText(t, s, "explain (costs off) "+c.q, nil)
		if err != nil {
			t.Fatalf("%s: %v", c.q, err)
		}
		if got := strings.Join(lines, "\n"); got != c.want {
			t.Errorf("%s:\n%s\nwant (PostgreSQL 15):\n%s", c.q, got, c.want)
		}
	}
}

// TestJoinLoopRows runs joins the fused nested loop executes (and some
// it leaves to GMS) with index scans on and off, on the first run and on
// the cached plan, and wants the same rows in the same order: PostgreSQL's
// Bitmap Heap Scan order, s's heap order, for the loop under one row.
func TestJoinLoopRows(t *testing.T) {
	on, e := fixtureSession(t)
	off, err := e.Connect(engine.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer off.Close()
	if _, err := runText(t, off, "set enable_indexscan = off", nil); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		q    string
		args []any
	}{
		{"select s.id, s.v, t.c from t join s on s.t_id = t.id where t.id = 5", nil},
		{"select s.id, s.v, t.c from t join s on s.t_id = t.id where t.id = $1", []any{int64(7)}},
		{"select s.id, t.c from s join t on t.id = s.t_id where s.t_id = $1", []any{int64(9)}},
		// the lookup join read at one key
		{"select s.id, s.v, t.c from s join t on t.id = s.t_id where s.t_id = 5 and s.v >= 0", nil},
		{"select s.id, s.v, t.c from s join t on t.id = s.t_id where s.t_id = $1 and s.v >= 0", []any{int64(5)}},
		{"select s.id, s.v, t.c from s x join t on t.id = x.t_id join s on s.id = x.id where x.t_id = 8 and x.v >= 0", nil},
		// no such row, and a key no row has
		{"select s.id, t.c from t join s on s.t_id = t.id where t.id = $1", []any{int64(4000)}},
		{"select s.id, t.c from t join s on s.t_id = t.id where t.id = $1", []any{nil}},
		// expressions over both sides, a condition left over, a NULL
		// column, negative zero kept in the output
		{"select s.id * 2, t.c || '-' || s.v, t.b, -0.0::float8 * s.v from t join s on s.t_id = t.id and s.v <> t.a where t.id = 11", nil},
		// a subquery in the select list reads the joined row
		{"select s.id, (select count(*) from s s2 where s2.t_id = s.t_id and s2.id <= s.id) from t join s on s.t_id = t.id where t.id = 13", nil},
		// a subquery's scan keyed by a parameter, under an outer row:
		// its conditions read the outer row's columns first, so it keeps
		// the index's way whatever its size
		{"select t.id, (select count(*) from s where s.id > $1 and s.v > t.a) from t where t.id < 5 order by 1", []any{int64(10)}},
		{"select t.id, (select max(s.id) from s where s.t_id > $1 and s.v < t.b) from t where t.id < 5 order by 1", []any{int64(3)}},
		// three tables, and a hash join the loop runs too
		{"select s.id, s2.id from t join s on s.t_id = t.id join s s2 on s2.t_id = t.id where t.id = 15 order by 1, 2", nil},
		{"select count(*), sum(s.v) from s join t on t.b = s.v where t.id < 100", nil},
		{"select t.id, s.id from t join s on s.v = t.b and s.id < 40 where t.id < 60 order by 1, 2", nil},
		{"select t.id, s.id from t left join s on s.t_id = t.id where t.id between 3 and 6 order by 1, 2", nil},
		{"select t.id, s.id from t cross join s where t.id < 3 and s.id < 3 order by 1, 2", nil},
		// left joins: matched, unmatched (the condition rejects every
		// inner row, or no inner row has the key), no outer row
		{"select t.id, s.id, s.v from t left join s on s.t_id = t.id where t.id = 5", nil},
		{"select u.id, s.id, s.v from t u left join s on s.t_id = u.id where u.id = $1", []any{int64(7)}},
		{"select t.id, s.id, s.v, t.c from t left join s on s.t_id = t.id and s.v > 7 where t.id < 40 order by 1, 2", nil},
		{"select t.id, s.id from t left join s on s.t_id = t.id and s.v > 7 where t.id between 100 and 130", nil},
		{"select t.id, s.id, coalesce(s.v, -1) from t left join s on s.t_id = t.id + 5000 where t.id < 10 order by 1", nil},
		{"select t.id, s.id from t left join s on s.t_id = t.id where t.id = $1", []any{int64(4000)}},
	}
	for _, c := range cases {
		for run := 0; run < 2; run++ {
			got, err1 := runText(t, on, c.q, c.args)
			want, err2 := runText(t, off, c.q, c.args)
			if err1 != nil || err2 != nil {
				t.Fatalf("%s: %v / %v", c.q, err1, err2)
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Fatalf("%s %v (run %d):\n%s\nwithout index scans:\n%s", c.q, c.args, run, strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		}
	}
}

// TestJoinLoopLeftRows checks the fused loop's left joins against the
// same rows found without a left join: the inner join's rows and the
// outer rows no inner row joins (NOT EXISTS) with NULLs.
func TestJoinLoopLeftRows(t *testing.T) {
	s, _ := fixtureSession(t)
	for _, c := range []struct{ left, inner, anti string }{
		{"select t.id, s.id, s.v from t left join s on s.t_id = t.id and s.v > 7 where t.id < 300",
			"select t.id, s.id, s.v from t join s on s.t_id = t.id and s.v > 7 where t.id < 300",
			"select t.id, null, null from t where t.id < 300 and not exists (select 1 from s where s.t_id = t.id and s.v > 7)"},
		{"select t.id, s.id from t left join s on s.t_id = t.id where t.id = 9",
			"select t.id, s.id from t join s on s.t_id = t.id where t.id = 9",
			"select t.id, null from t where t.id = 9 and not exists (select 1 from s where s.t_id = t.id)"},
		{"select t.id, s.id from t left join s on s.t_id = t.id and s.v < 0 where t.id < 20",
			"select t.id, s.id from t join s on s.t_id = t.id and s.v < 0 where t.id < 20",
			"select t.id, null from t where t.id < 20 and not exists (select 1 from s where s.t_id = t.id and s.v < 0)"},
	} {
		got, err := runText(t, s, c.left, nil)
		if err != nil {
			t.Fatalf("%s: %v", c.left, err)
		}
		inner, err := runText(t, s, c.inner, nil)
		if err != nil {
			t.Fatalf("%s: %v", c.inner, err)
		}
		anti, err := runText(t, s, c.anti, nil)
		if err != nil {
			t.Fatalf("%s: %v", c.anti, err)
		}
		want := append(inner, anti...)
		sort.Strings(got)
		sort.Strings(want)
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s:\n%d rows, want %d (joined and unmatched): first %q, want %q", c.left, len(got), len(want), firstOf(got), firstOf(want))
		}
		if len(anti) == 0 && !strings.Contains(c.left, "= 9") {
			t.Errorf("%s: no unmatched row (the case tests nothing)", c.left)
		}
	}
}

func firstOf(rows []string) []string {
	if len(rows) > 5 {
		return rows[:5]
	}
	return rows
}

// fixtureSession is a session over the planner fixture, and its engine.
func fixtureSession(t *testing.T) (*engine.Session, *engine.Engine) {
	t.Helper()
	return sessionWith(t, plannerFixture)
}

// sessionWith is a session of a new engine after the statements of
// fixture, and its engine.
func sessionWith(t *testing.T, fixture string) (*engine.Session, *engine.Engine) {
	t.Helper()
	e := enginetest.New(t)
	s, err := e.Connect(engine.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	stmts, err := engine.SplitStatements(fixture)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range stmts {
		if _, err := runText(t, s, st.SQL, nil); err != nil {
			t.Fatalf("%s: %v", st.SQL, err)
		}
	}
	return s, e
}
