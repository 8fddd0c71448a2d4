package gmsadapter_test

import (
	"context"
	"fmt"
	"math/rand"
	"sort"
	"strings"
	"testing"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

// plannerFixture is a table large enough for every access path, with
// NULLs in the indexed columns, and a second table joined on a key.
const plannerFixture = `
create table t (id bigint primary key, a int not null, b int, u int unique, c text, d timestamptz);
create index t_a on t (a);
create index t_ab on t (a, b);
create index t_d on t (d);
create index t_c on t (c);
insert into t select g, g % 37, case when g % 7 = 0 then null else g % 11 end,
  case when g % 13 = 0 then null else g * 3 end,
  case when g % 5 = 0 then null else 'c' || (g % 97) end,
  case when g % 17 = 0 then null else timestamptz '2024-01-01 00:00:00+00' + ((g * 31) % 2000) * interval '1 minute' end
  from generate_series(1, 2000) g;
create table s (id bigint primary key, t_id bigint not null, v int);
create index s_t on s (t_id);
insert into s select g, 1 + (g * 7) % 2000, g % 10 from generate_series(1, 3000) g;
`

// A query with its arguments, and whether its rows come in a defined
// order (then only the ORDER BY keys are compared in order, since rows
// tied on them may come in any order).
type randQuery struct {
	sql     string
	args    []any
	orderBy []string
	limited bool
}

func randomQuery(r *rand.Rand) randQuery {
	type col struct {
		name string
		val  func() string
	}
	ts := func() string {
		return fmt.Sprintf("timestamptz '2024-01-01 00:00:00+00' + interval '%d minutes'", r.Intn(2100))
	}
	cols := []col{
		{"id", func() string { return fmt.Sprint(r.Intn(2100)) }},
		{"a", func() string { return fmt.Sprint(r.Intn(40)) }},
		{"b", func() string { return fmt.Sprint(r.Intn(12)) }},
		{"u", func() string { return fmt.Sprint(r.Intn(6100)) }},
		{"c", func() string { return fmt.Sprintf("'c%d'", r.Intn(100)) }},
		{"d", ts},
	}
	var q randQuery
	var conds []string
	for i := r.Intn(3); i > 0; i-- {
		c := cols[r.Intn(len(cols))]
		switch r.Intn(9) {
		case 0:
			conds = append(conds, c.name+" is null")
		case 1:
			conds = append(conds, fmt.Sprintf("%s between %s and %s", c.name, c.val(), c.val()))
		case 2:
			vals := []string{c.val(), c.val(), c.val()}
			conds = append(conds, fmt.Sprintf("%s in (%s)", c.name, strings.Join(vals, ", ")))
		case 3:
			if c.name == "id" {
				q.args = append(q.args, fmt.Sprintf("{%d,%d,%d,%d}", r.Intn(2100), r.Intn(2100), r.Intn(2100), r.Intn(2100)))
				conds = append(conds, fmt.Sprintf("id = any($%d::bigint[])", len(q.args)))
				continue
			}
			fallthrough
		case 4, 5, 6:
			if c.name != "c" && c.name != "d" {
				// a parameter of the column's own type
				v := int64(r.Intn(2100))
				if c.name == "id" {
					q.args = append(q.args, v)
				} else {
					q.args = append(q.args, int32(v%60))
				}
				op := []string{"=", "<", "<=", ">", ">="}[r.Intn(5)]
				conds = append(conds, fmt.Sprintf("%s %s $%d", c.name, op, len(q.args)))
				continue
			}
			fallthrough
		default:
			op := []string{"=", "<", "<=", ">", ">=", "<>"}[r.Intn(6)]
			conds = append(conds, fmt.Sprintf("%s %s %s", c.name, op, c.val()))
		}
	}
	from := "t"
	sel := "t.id, t.a, t.b, t.u, t.c, t.d"
	if r.Intn(8) == 0 {
		// an equality no index serves: a hash join (NULLs in t.b)
		from = "t join s on s.v = t.b and s.id < 200"
		sel += ", s.id, s.v"
		conds = append(conds, "t.id < 300")
	} else if r.Intn(5) == 0 {
		// an inner or left join on the key, the key fixed by a parameter
		// or a constant (the loop under one row, its condition dropped or
		// kept)
		from = []string{"t join s on s.t_id = t.id", "t left join s on s.t_id = t.id"}[r.Intn(2)]
		sel += ", s.id, s.v"
		switch r.Intn(3) {
		case 0:
			q.args = append(q.args, int64(1+r.Intn(2000)))
			conds = append(conds, fmt.Sprintf("t.id = $%d", len(q.args)))
		case 1:
			conds = append(conds, fmt.Sprintf("t.id = %d", 1+r.Intn(2000)))
		}
	}
	if r.Intn(6) == 0 {
		// a correlated [NOT] EXISTS: a hash semi or anti join
		neg := []string{"", "not "}[r.Intn(2)]
		conds = append(conds, fmt.Sprintf("%sexists (select 1 from s s2 where s2.t_id = t.id and s2.v = %d)", neg, r.Intn(11)))
	}
	if r.Intn(6) == 0 {
		// [NOT] IN (uncorrelated subquery): IN a hash semi join; NULLs
		// on both sides (t.b, and the subquery's CASE)
		neg := []string{"", "not "}[r.Intn(2)]
		conds = append(conds, []string{
			fmt.Sprintf("t.id %sin (select s2.t_id from s s2 where s2.v = %d)", neg, r.Intn(11)),
			fmt.Sprintf("t.b %sin (select s2.v from s s2 where s2.id < %d)", neg, r.Intn(40)),
			fmt.Sprintf("t.b %sin (select case when s2.v = 0 then null else s2.v end from s s2 where s2.id < %d)", neg, r.Intn(40)),
			// a few keys that look up the outer table by its index
			fmt.Sprintf("t.id %sin (select s2.t_id from s s2 where s2.id = %d)", neg, r.Intn(3100)),
			fmt.Sprintf("t.u %sin (select s2.v * 3 from s s2 where s2.id = %d)", neg, r.Intn(3100)),
		}[r.Intn(5)])
	}
	text := "select " + sel + " from " + from
	if len(conds) > 0 {
		for i, c := range conds {
			if from != "t" && !strings.HasPrefix(c, "t.") && !strings.Contains(c, "exists (") && !strings.Contains(c, "in (select") {
				conds[i] = "t." + c
			}
		}
		text += " where " + strings.Join(conds, " and ")
	}
	if r.Intn(2) == 0 {
		c := []string{"id", "a", "b", "u", "c", "d"}[r.Intn(6)]
		key := "t." + c
		dir := []string{"", " asc", " desc", " nulls first", " desc nulls last", " asc nulls last", " desc nulls first"}[r.Intn(7)]
		text += " order by " + key + dir
		q.orderBy = []string{c}
		if r.Intn(3) > 0 {
			text += fmt.Sprintf(" limit %d", 1+r.Intn(30))
			q.limited = true
			if r.Intn(3) == 0 {
				text += fmt.Sprintf(" offset %d", r.Intn(50))
			}
		}
	}
	if r.Intn(3) == 0 {
		// PostgREST's shape: the query in a derived table, which GMS
		// finalizes before the whole query's columns are numbered
		text = "select * from (" + text + ") as sub"
	}
	q.sql = text
	return q
}

// runText returns a query's rows as text, each row one string.
func runText(t *testing.T, s *engine.Session, q string, args []any) ([]string, error) {
	t.Helper()
	rows, err := s.Query(context.Background(), q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	n := len(rows.Columns())
	for rows.Next() {
		parts := make([]string, n)
		for i := 0; i < n; i++ {
			v, ok := rows.TextAt(i)
			if !ok {
				v = "NULL"
			}
			parts[i] = v
		}
		out = append(out, strings.Join(parts, "|"))
	}
	return out, rows.Err()
}

// TestAccessPathsMatchSeqScan runs random queries with index scans on and
// off (enable_indexscan) and requires the same answers: the same rows, and
// for ordered queries the same order of the ORDER BY keys (rows tied on
// them may differ under a LIMIT).
func TestAccessPathsMatchSeqScan(t *testing.T) {
	e := enginetest.New(t)
	on, err := e.Connect(engine.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	off, err := e.Connect(engine.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	stmts, err := engine.SplitStatements(plannerFixture)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range stmts {
		if _, err := runText(t, on, st.SQL, nil); err != nil {
			t.Fatalf("%s: %v", st.SQL, err)
		}
	}
	if _, err := runText(t, off, "set enable_indexscan = off", nil); err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewSource(19))
	colIndex := map[string]int{"id": 0, "a": 1, "b": 2, "u": 3, "c": 4, "d": 5}
	failed := 0
	defer func() {
		// most queries must run: errors on both sides prove nothing
		if failed > 40 {
			t.Errorf("%d of 800 runs failed", failed)
		}
	}()
	for i := 0; i < 400; i++ {
		if i == 200 {
			// with statistics the scans choose differently
			for _, st := range []string{"analyze t", "analyze s"} {
				if _, err := runText(t, on, st, nil); err != nil {
					t.Fatal(err)
				}
			}
		}
		q := randomQuery(r)
		// twice: the second run takes the cached plan
		for run := 0; run < 2; run++ {
			got, err1 := runText(t, on, q.sql, q.args)
			want, err2 := runText(t, off, q.sql, q.args)
			if (err1 == nil) != (err2 == nil) || err1 != nil && err1.Error() != err2.Error() {
				t.Fatalf("%s %v: errors differ: %v / %v", q.sql, q.args, err1, err2)
			}
			if err1 != nil {
				failed++
				t.Logf("%s: %v", q.sql, err1)
			}
			if len(got) != len(want) {
				t.Fatalf("%s %v: %d rows with index scans, %d without", q.sql, q.args, len(got), len(want))
			}
			if q.orderBy != nil {
				k := colIndex[q.orderBy[0]]
				for j := range got {
					if g, w := strings.Split(got[j], "|")[k], strings.Split(want[j], "|")[k]; g != w {
						t.Fatalf("%s %v: row %d ordered by %s: %s with index scans, %s without", q.sql, q.args, j, q.orderBy[0], g, w)
					}
				}
				if q.limited {
					continue
				}
			}
			sort.Strings(got)
			sort.Strings(want)
			for j := range got {
				if got[j] != want[j] {
					t.Fatalf("%s %v: rows differ: %s with index scans, %s without", q.sql, q.args, got[j], want[j])
				}
			}
		}
	}
}

// TestAccessPathsChosen holds the shapes of issue 19 to their index paths:
// an unchanged plan would still pass the test above.
func TestAccessPathsChosen(t *testing.T) {
	e := enginetest.New(t)
	s, err := e.Connect(engine.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	stmts, err := engine.SplitStatements(plannerFixture)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range stmts {
		if _, err := runText(t, s, st.SQL, nil); err != nil {
			t.Fatalf("%s: %v", st.SQL, err)
		}
	}
	cases := []struct {
		name string
		q    string
		want string
	}{
		{"keyset", "explain (costs off) select id from t where a > 3 and id > 100 order by id limit 5", "Index Scan using t_pkey on t"},
		{"latest", "explain (costs off) select id from t order by d desc limit 5", "Index Scan Backward using t_d on t"},
		{"any", "explain (costs off) select id from t where id = any('{1,2,3}'::bigint[])", "Index Cond: (id = ANY ('{1,2,3}'::bigint[]))"},
		{"join", "explain (costs off) select s.v from t join s on s.t_id = t.id where t.id = 5", "Index Cond: (t_id = 5)"},
		{"analyze", "explain (analyze, costs off, timing off, summary off) select id from t where id between 10 and 19", "Bitmap Heap Scan on t (actual rows=10 loops=1)"},
		{"range second column", "explain (costs off) select id from t where a = 3 and b between 2 and 5", "Index Scan using t_ab on t"},
		{"is null", "explain (costs off) select id from t where u is null", "Bitmap Index Scan on t_u_key"},
		// PostgreSQL 15's choices on the never-analyzed fixture
		{"seq", "explain (costs off) select id from t where id > 1500", "Seq Scan on t"},
		{"bitmap any", "explain (costs off) select id from t where id = any('{1,2,3}'::bigint[])", "Bitmap Heap Scan on t"},
		{"derived table", "explain (costs off) select * from (select id, a from t order by id limit 5) s", "Index Scan using t_pkey on t"},
		{"top-n", "explain (costs off) select id from t order by b limit 5", "Sort"},
		{"hash join", "explain (costs off) select count(*) from s join t on t.b = s.v", "Hash Join"},
		{"semi join", "explain (costs off) select id from t where exists (select 1 from s where s.t_id = t.id)", "Hash Semi Join"},
		// fewer subquery keys (v = 3: 15 rows estimated) than PostgreSQL
		// needs to give up its hash join: they look up t
		{"few keys", "explain (costs off) select id from t where exists (select 1 from s where s.t_id = t.id and s.v = 3)", "Nested Loop\n  ->  HashAggregate"},
		{"anti join", "explain (costs off) select id from t where not exists (select 1 from s where s.t_id = t.id)", "Hash Anti Join"},
		{"in subquery", "explain (costs off) select id from t where b in (select v from s where id < 100)", "Hash Semi Join"},
		{"probe per outer row", "explain (costs off) select id from t where exists (select 1 from s where s.t_id = t.id and s.v = 3) and t.a = 5 and t.b = 2", "Nested Loop Semi Join"},
		{"probe under a limit", "explain (costs off) select s.id from s where exists (select 1 from t where t.u = s.v * 3) order by s.id limit 1", "Nested Loop Semi Join"},
		{"keys drive lookups", "explain (costs off) select id from t where id in (select t_id from s where id = 7)", "Nested Loop\n  ->  HashAggregate"},
		{"subquery's own index", "explain (costs off) select id from t where id in (select t_id from s where s.id = 5 and s.v > 0)", "Index Scan using s_pkey on s"},
		{"subplan", "explain (costs off) select s.id, (select t.c from t where t.id = s.t_id) from s where s.id < 3", "SubPlan 1\n    ->  Index Scan using t_pkey on t"},
		{"hash node", "explain (costs off) select count(*) from t join s on s.v = t.b where t.id < 100", "->  Hash\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			lines, err := runText(t, s, c.q, nil)
			if err != nil {
				t.Fatal(err)
			}
			plan := strings.Join(lines, "\n")
			if !strings.Contains(plan, c.want) {
				t.Errorf("%s:\n%s\nwant %q in the plan", c.q, plan, c.want)
			}
		})
	}
}
