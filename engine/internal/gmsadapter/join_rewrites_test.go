package gmsadapter_test

import (
	"strings"
	"testing"

	"github.com/tinybase/tinybase/engine"
)

const joinRewritesFixture = `
create table ja (id int primary key, v int, w text);
create table jb (id int primary key, a_id int, x int, code text unique, y text);
create table jdup (k int, label text);
create table jdef (k int unique deferrable, label text);
create table jpart (k int, label text);
create unique index jpart_k on jpart (k) where k > 0;
create table jmulti (a int, b int, primary key (a, b));
insert into ja values (1, 10, 'one'), (2, 20, 'two'), (3, null, null);
insert into jb values (1, 1, 5, 'p', 'q'), (2, 1, null, 'q', null), (3, 9, 7, 'r', 'r');
`

// TestOuterJoinReductionExplain checks which LEFT JOINs the planner
// turns into inner joins (rule_outer_join_reduce.go): those whose WHERE
// rejects the NULL-extended rows, and no other.
func TestOuterJoinReductionExplain(t *testing.T) {
	s, _ := sessionWith(t, joinRewritesFixture)
	cases := []struct {
		where string
		outer bool // still a LEFT JOIN
	}{
		{"b.x = 5", false},
		{"b.id is not null", false},
		{"b.y <> 'q'", false},
		{"b.x > 1 or b.y = 'q'", false},
		{"not (b.x = 1)", false},
		{"b.x in (1, 5)", false},
		{"b.x = any(array[1, 5])", false},
		{"(b.x = 5) is true", false},
		{"length(b.y) > 0 and a.v > 0", false},
		{"b.x + 1 > 0", false},
		{"b.x is null", true},
		{"coalesce(b.x, 0) = 0", true},
		{"b.x is distinct from 1", true},
		{"b.x is not distinct from 1", true},
		{"b.x = 5 or a.v = 10", true},
		{"b.x = 5 or b.x is null", true},
		{"case when b.x is null then true else b.x > 1 end", true},
		{"(b.x = 5) is not true", true},
		{"(b.x = 5) is not false", true},
		{"not (b.x is null)", true},
		{"not (b.x = 5 and a.v = 10)", true},
		{"b.x = all('{}'::int[])", true},
		{"concat(b.y, 'x') = 'x'", true},
		{"greatest(b.x, 0) = 0", true},
		{"a.v = 10", true},
	}
	for _, c := range cases {
		q := "select a.id, b.id from ja a left join jb b on b.a_id = a.id where " + c.where
		plan := explain(t, s, q)
		if got := strings.Contains(plan, "Left Join"); got != c.outer {
			t.Errorf("%s: LEFT JOIN kept = %v, want %v:\n%s", q, got, c.outer, plan)
		}
	}
	// the nullable side's own join: c's condition rejects b's NULLs, so
	// both joins are inner
	nested := explain(t, s, "select a.id from ja a left join jb b on b.a_id = a.id left join jdup d on d.k = b.x where d.label = 'x'")
	if strings.Contains(nested, "Left Join") {
		t.Errorf("nested: want no LEFT JOIN:\n%s", nested)
	}
	// a FULL JOIN whose WHERE rejects the left side's NULLs is a LEFT JOIN,
	// both sides' an inner one
	if p := explain(t, s, "select a.id, b.id from ja a full join jb b on b.a_id = a.id where a.v > 0"); !strings.Contains(p, "Left Join") || strings.Contains(p, "Full") {
		t.Errorf("full join, left side filtered: want a LEFT JOIN:\n%s", p)
	}
	if p := explain(t, s, "select a.id, b.id from ja a full join jb b on b.a_id = a.id where a.v > 0 and b.x > 0"); strings.Contains(p, "Left") || strings.Contains(p, "Full") {
		t.Errorf("full join, both sides filtered: want an inner join:\n%s", p)
	}
}

// TestJoinRemovalExplain checks which LEFT JOINs the planner drops
// (rule_join_removal.go): to a unique key of a table nothing else reads.
func TestJoinRemovalExplain(t *testing.T) {
	s, _ := sessionWith(t, joinRewritesFixture)
	cases := []struct {
		q       string
		removed bool
	}{
		{"select a.id from ja a left join jb b on b.id = a.v", true},
		{"select a.id, a.w from ja a left join jb b on b.id = a.v order by a.v", true},
		{"select a.id from ja a left join jb b on b.code = a.w", true},
		{"select a.id from ja a left join jb b on b.id = 1", true},
		{"select a.id from ja a left join jb b on b.id = a.v and b.y like 'q%'", true},
		{"select count(*) from ja a left join jb b on b.id = a.v", true},
		{"select a.id from ja a left join jmulti m on m.a = a.id and m.b = a.v", true},
		{"select a.id from ja a left join jb b on b.id = a.v left join jb b2 on b2.id = b.a_id", true},
		{"select a.id from ja a left join jdup d on d.k = a.v", false},
		{"select a.id from ja a left join jdef d on d.k = a.v", false},
		{"select a.id from ja a left join jpart p on p.k = a.v", false},
		{"select a.id from ja a left join jmulti m on m.a = a.id", false},
		{"select a.id from ja a left join jb b on b.id >= a.v", false},
		{"select a.id from ja a left join jb b on b.id = a.v or b.id = 1", false},
		{"select a.id from ja a left join jb b on b.id + 0 = a.v", false},
		{"select a.id from ja a left join jb b on b.id = a.v and random() > 2", false},
		{"select a.id, b.x from ja a left join jb b on b.id = a.v", false},
		{"select a.id from ja a left join jb b on b.id = a.v where b.x is null", false},
		{"select a.id from ja a left join jb b on b.id = a.v order by b.y", false},
		{"select b.x, count(*) from ja a left join jb b on b.id = a.v group by b.x", false},
		{"select a.id, (select count(*) from jdup d where d.k = b.x) from ja a left join jb b on b.id = a.v", false},
		{"select a.id, b is null from ja a left join jb b on b.id = a.v", false},
		{"select * from ja a left join jb b on b.id = a.v", false},
		{"select s.id from (select a.id, b.x from ja a left join jb b on b.id = a.v) s", false},
		{"select a.id from ja a left join (select * from jb) b on b.id = a.v", false},
	}
	for _, c := range cases {
		plan := explain(t, s, c.q)
		if got := !strings.Contains(plan, "Join") && !strings.Contains(plan, "Nested Loop"); got != c.removed {
			t.Errorf("%s: join removed = %v, want %v:\n%s", c.q, got, c.removed, plan)
		}
	}
}

// TestCatalogJoinRewritesExplain holds psql's \dt to PostgreSQL's plan
// shape: the namespace's LEFT JOIN is inner (its WHERE filters nspname)
// and pg_am's is gone (am.oid is unique and nothing reads am).
func TestCatalogJoinRewritesExplain(t *testing.T) {
	s, _ := sessionWith(t, joinRewritesFixture)
	plan := explain(t, s, `SELECT n.nspname as "Schema", c.relname as "Name",
  CASE c.relkind WHEN 'r' THEN 'table' WHEN 'v' THEN 'view' WHEN 'p' THEN 'partitioned table' END as "Type",
  pg_catalog.pg_get_userbyid(c.relowner) as "Owner"
FROM pg_catalog.pg_class c LEFT JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace LEFT JOIN pg_catalog.pg_am am ON am.oid = c.relam
WHERE c.relkind IN ('r','p','') AND n.nspname <> 'pg_catalog' AND n.nspname !~ '^pg_toast' AND n.nspname <> 'information_schema'
  AND pg_catalog.pg_table_is_visible(c.oid)
ORDER BY 1,2`)
	if strings.Contains(plan, "Left Join") || strings.Contains(plan, "pg_am") || !strings.Contains(plan, "pg_namespace") {
		t.Errorf("\\dt: want an inner join of pg_class and pg_namespace only:\n%s", plan)
	}
	// am read: the join stays
	if p := explain(t, s, "select c.relname, am.amname from pg_class c left join pg_am am on am.oid = c.relam"); !strings.Contains(p, "pg_am") {
		t.Errorf("pg_am read: want its join:\n%s", p)
	}
}

// explain is q's EXPLAIN (COSTS OFF).
func explain(t *testing.T, s *engine.Session, q string) string {
	t.Helper()
	lines, err := runText(t, s, "explain (costs off) "+q, nil)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return strings.Join(lines, "\n")
}
