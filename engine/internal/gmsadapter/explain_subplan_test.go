package gmsadapter_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/tinybase/tinybase/engine"
)

// subplanFixture is one table read by its own subqueries, as PostgreSQL
// names it twice (n3, n3_1).
const subplanFixture = `
drop table if exists n3;
create table n3 (id bigint primary key, x int, v text);
insert into n3 select g, g % 10, case when g % 3 = 0 then 'a' else 'b' end from generate_series(1, 100) g;
`

// subplanShapes are subqueries in expressions whose plan tinybase runs as
// PostgreSQL 15 does: InitPlans for uncorrelated scalar and ARRAY
// subqueries, a hashed SubPlan for [NOT] IN, a SubPlan per row for a
// correlated subquery, a semi join reading its table again (n3_1).
var subplanShapes = []string{
	"explain (costs off) select * from n3 where x > (select avg(x) from n3)",
	"explain (costs off) select * from n3 where id not in (select x from n3 where v = 'a')",
	"explain (costs off) select * from n3 where x = any (array(select x from n3 where v = 'a'))",
	"explain (costs off) select id, (select count(*) from n3 b where b.x < n3.x) from n3",
	"explain (costs off) select (select max(x) from n3), (select min(x) from n3)",
	"explain (costs off) select id, (select max(b.x) from n3 b where b.v = n3.v) from n3 where x > (select avg(x) from n3)",
	"explain (costs off) select * from n3 where x > (select avg(b.x) from n3 b where b.v = n3.v)",
	"explain (costs off) select * from n3 where x = any (select x from n3 where v = 'a')",
	"explain (costs off) select * from n3 where x in (select x from n3 where v = 'a') or id < 5",
	"explain (costs off) select * from n3 a where a.id in (select b.x from n3 b where b.v = a.v)",
	"explain (costs off) select * from n3 a where a.id not in (select b.x from n3 b where b.v = a.v)",
	"explain (costs off) select id, (select max(x) from n3), array(select x from n3 b where b.id = n3.id) from n3",
	"explain (costs off) delete from n3 where x > (select avg(x) from n3)",
	"explain (costs off) update n3 set v = 'b' where x > (select avg(x) from n3)",
	"explain (costs off) select * from n3 where id < 10 and x > (select avg(x) from n3)",
	"explain (costs off) select * from n3 where x > (select avg(x) from n3 where x < (select max(x) from n3))",
	"explain (costs off) select * from n3 where x > (select avg(x) from n3) order by v",
	"explain (costs off) select x, count(*) from n3 group by x having max(id) > (select avg(b.id) from n3 b where b.x = n3.x)",
}

// subplanCorpus are subquery shapes of every kind and place; EXPLAIN of
// none may print GMS's plan tree.
var subplanCorpus = []string{
	"select * from n3 where x > (select avg(x) from n3)",
	"select * from n3 where x > (select avg(b.x) from n3 b where b.v = n3.v)",
	"select * from n3 a where exists (select 1 from n3 b where b.x = a.id)",
	"select * from n3 a where not exists (select 1 from n3 b where b.x = a.id)",
	"select * from n3 a where exists (select 1 from n3 b where b.x > a.x and b.v = a.v)",
	"select * from n3 a where not exists (select 1 from n3 b where b.x > a.x and b.v = a.v)",
	"select * from n3 where exists (select 1 from n3 b where b.v = 'zz')",
	"select * from n3 where id in (select x from n3 where v = 'a')",
	"select * from n3 where id not in (select x from n3 where v = 'a')",
	"select * from n3 a where a.id in (select b.x from n3 b where b.v = a.v)",
	"select * from n3 a where a.id not in (select b.x from n3 b where b.v = a.v)",
	"select * from n3 where x = any (array(select x from n3 where v = 'a'))",
	"select * from n3 where x > all (select x from n3 where v = 'a')",
	"select * from n3 where x = any (select x from n3 where v = 'a')",
	"select * from n3 where x in (select x from n3 where v = 'a') or id < 5",
	"select id, (select count(*) from n3 b where b.x < n3.x) from n3",
	"select id, (select max(x) from n3), array(select x from n3 b where b.id = n3.id) from n3",
	"select id, exists (select 1 from n3 b where b.x = n3.id) from n3",
	"select (select max(x) from n3), (select min(x) from n3)",
	"select * from n3 order by (select max(x) from n3 b where b.id = n3.x)",
	"select * from n3 order by (select max(x) from n3 b where b.id = n3.x) limit 3",
	"select x, count(*) from n3 group by x having count(*) > (select min(x) from n3)",
	"select x, count(*) from n3 group by x having max(id) > (select avg(b.id) from n3 b where b.x = n3.x)",
	"select * from n3 a join n3 b on a.id = b.x and b.v = (select min(v) from n3)",
	"select * from n3 where x > (select avg(x) from n3 where id in (select x from n3 where v = 'a'))",
	"select * from n3 where (select max(x) from n3) > 3 and id < 10",
	"update n3 set v = 'b' where x > (select avg(x) from n3)",
	"update n3 set v = 'b' where id in (select x from n3 b where b.v = n3.v)",
	"update n3 set v = (select min(b.v) from n3 b where b.id = n3.x + 1), x = (select max(x) from n3) where id < 5",
	"delete from n3 where id in (select x from n3 where v = 'zz')",
	"delete from n3 where exists (select 1 from n3 b where b.x > n3.x and b.v = 'zz')",
	"delete from n3 where x > (select avg(x) from n3)",
}

// TestExplainSubqueriesNoGMSTree requires EXPLAIN of every corpus shape,
// in each format and with ANALYZE, to print subqueries as PostgreSQL's
// InitPlans and SubPlans, never GMS's plan tree.
func TestExplainSubqueriesNoGMSTree(t *testing.T) {
	s := subplanSession(t)
	for _, q := range subplanCorpus {
		for _, opts := range []string{"(costs off)", "(format json, costs off)", "(analyze, costs off, timing off, summary off)"} {
			stmt := "explain " + opts + " " + q
			lines, err := runText(t, s, stmt, nil)
			if err != nil {
				t.Errorf("%s: %v", stmt, err)
				continue
			}
			out := strings.Join(lines, "\n")
			for _, bad := range []string{"├─", "└─", "Subquery", "cacheable"} {
				if strings.Contains(out, bad) {
					t.Errorf("%s prints %q:\n%s", stmt, bad, out)
					break
				}
			}
			if strings.HasPrefix(opts, "(costs") && strings.Contains(q, "select") && !strings.Contains(out, "Plan") && !strings.Contains(out, "Join") {
				t.Errorf("%s prints no subplan nor join:\n%s", stmt, out)
			}
		}
	}
}

// TestExplainSubplanGolden compares EXPLAIN of subqueries in expressions
// with what PostgreSQL 15 printed for them (recorded with -record).
func TestExplainSubplanGolden(t *testing.T) {
	golden := filepath.Join("testdata", "explain_subplan.golden")
	if *record {
		recordPlans(t, golden, subplanFixture, subplanShapes, "drop table n3") // explain_subquery_test.go
	}
	checkPlans(t, subplanSession(t), golden, subplanShapes) // explain_subquery_test.go
}

func subplanSession(t *testing.T) *engine.Session {
	t.Helper()
	s, _ := sessionWith(t, subplanFixture) // join_loop_test.go
	return s
}

// TestExplainAnalyzeSubplanLoops requires EXPLAIN ANALYZE to count a
// correlated SubPlan's nodes once per outer row and an InitPlan's once,
// as PostgreSQL does, though GMS runs a copy of the subquery's plan each
// time.
func TestExplainAnalyzeSubplanLoops(t *testing.T) {
	s := subplanSession(t)
	for _, c := range []struct {
		q    string
		want []string
	}{
		{"select id, (select count(*) from n3 b where b.x < n3.x) from n3", []string{
			"Seq Scan on n3 (actual rows=100 loops=1)",
			"->  Aggregate (actual rows=1 loops=100)",
			"->  Seq Scan on n3 b (actual rows=45 loops=100)"}},
		{"select * from n3 where x > (select avg(x) from n3)", []string{
			"Seq Scan on n3 (actual rows=50 loops=1)",
			"->  Aggregate (actual rows=1 loops=1)",
			"->  Seq Scan on n3 n3_1 (actual rows=100 loops=1)"}},
	} {
		lines, err := runText(t, s, "explain (analyze, costs off, timing off, summary off) "+c.q, nil)
		if err != nil {
			t.Fatalf("%s: %v", c.q, err)
		}
		out := strings.Join(lines, "\n")
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: no %q in\n%s", c.q, w, out)
			}
		}
	}
}
