package engine_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/tinybase/tinybase/engine/enginetest"
)

// TestStatementTimeoutEveryStatement: statement_timeout once applied only
// to DO blocks, so a runaway query, join or UPDATE ... FROM ran on past it
// (and kept running after its client left). Each of these would run for
// minutes; under a 300ms statement_timeout each must end with 57014.
func TestStatementTimeoutEveryStatement(t *testing.T) {
	e := enginetest.New(t)
	s := mustSession(t, e)
	defer s.Close()
	execScript(t, s, `create table a (id int primary key, v int);
insert into a select g, g from generate_series(1, 3000) g;
set statement_timeout = '300ms';`)
	for _, q := range []string{
		"select count(*) from generate_series(1, 10000000000)",
		"select count(*) from a a1, a a2, a a3 where a1.v + a2.v = a3.v",
		"update a set v = x.v from (select a1.id, a2.v from a a1, a a2, a a3 where a1.id = a2.id + a3.id) x where a.id = x.id",
		"insert into a select 100000 + row_number() over (), 1 from a a1, a a2, a a3",
		"do $$ begin loop end loop; end $$",
	} {
		rows, err := s.Query(context.Background(), q)
		if err == nil {
			err = rows.Close()
		}
		if code := sqlstate(err); code != "57014" {
			t.Errorf("%s: got %v, want 57014 (statement timeout)", q, err)
		}
	}
	// the session goes on: the next statement runs under a fresh deadline
	exec(t, s, "select count(*) from a")
}

// TestChainedCTEUpdateFinishes: an UPDATE ... FROM over eight chained
// CTEs on empty tables must plan and run well within a generous
// statement_timeout (it once never finished: planning grew ×7 per CTE).
func TestChainedCTEUpdateFinishes(t *testing.T) {
	e := enginetest.New(t)
	s := mustSession(t, e)
	defer s.Close()
	execScript(t, s, `create table a (id int primary key, v int, w int);
create table b (id int primary key, a_id int, v int);
set statement_timeout = '60s';`)
	const n = 8
	ctes := []string{"c1 as (select b.a_id as id, sum(b.v) as v from b group by b.a_id)"}
	for i := 2; i <= n; i++ {
		ctes = append(ctes, fmt.Sprintf("c%d as (select c%d.id, c%d.v + coalesce((select max(v) from b where b.a_id = c%d.id), 0) as v from c%d left join a on a.id = c%d.id)", i, i-1, i-1, i-1, i-1, i-1))
	}
	var from, cond []string
	for i := 1; i <= n; i++ {
		from = append(from, fmt.Sprintf("c%d", i))
		cond = append(cond, fmt.Sprintf("c%d.id = a.id", i))
	}
	q := "with " + strings.Join(ctes, ", ") + fmt.Sprintf(" update a set v = c%d.v from %s where %s", n, strings.Join(from, ", "), strings.Join(cond, " and "))
	exec(t, s, q)
}
