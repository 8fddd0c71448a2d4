package engine_test

import (
	"context"
	"errors"
	"testing"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

// TestViewOverUngroupedAggregate: a view's query is planned and closed
// unread; go-mysql-server's grouping iterator closed before its first row
// panicked on its unallocated buffers (XX000). A migration's view taking
// percentile_cont over a UNION of two ungrouped aggregates is created and
// read as in PostgreSQL.
func TestViewOverUngroupedAggregate(t *testing.T) {
	s := enginetest.Session(t, enginetest.New(t))
	enginetest.Exec(t, s, `create table a (d date, e date);
		create table b (d date, e date);
		insert into a values ('2024-01-01', null), ('2024-01-03', '2024-01-02');
		create view v1 as select percentile_cont(0.5) within group (order by date '2024-02-01' - coalesce(d, e)) as p50 from a;
		create or replace view v2 as
		  select 'A' as tipo, avg(date '2024-02-01' - coalesce(d, e)) as m,
		         percentile_cont(0.5) within group (order by date '2024-02-01' - coalesce(d, e)) as p50
		  from a where coalesce(d, e) is not null
		  union all
		  select 'B', avg(date '2024-02-01' - coalesce(d, e)),
		         percentile_cont(0.9) within group (order by date '2024-02-01' - coalesce(d, e))
		  from b where coalesce(d, e) is not null`)
	res := enginetest.Exec(t, s, "select p50 from v1; select tipo, m, p50 from v2 order by tipo")
	if got := *res[0].Rows[0][0]; got != "30" {
		t.Errorf("v1 p50 = %s, want 30", got)
	}
	if r := res[1].Rows; len(r) != 2 || *r[0][0] != "A" || *r[0][2] != "30" || r[1][1] != nil {
		t.Errorf("v2 rows = %v", r)
	}
}

// TestDropDependentViewsDetail: a DROP refused because views read the
// relation names them in its DETAIL, views of views too, each line as
// PostgreSQL 15 prints it (recorded from it).
func TestDropDependentViewsDetail(t *testing.T) {
	s := enginetest.Session(t, enginetest.New(t))
	enginetest.Exec(t, s, `create schema dd; create table dd.t1 (id int);
		create view dd.v1 as select * from dd.t1; create view dd.v2 as select * from dd.v1`)
	_, err := s.Exec(context.Background(), "drop table dd.t1")
	var e *engine.Error
	if !errors.As(err, &e) {
		t.Fatalf("drop table: %v, want 2BP01", err)
	}
	want := "view dd.v1 depends on table dd.t1\nview dd.v2 depends on view dd.v1"
	if e.Code != "2BP01" || e.Message != "cannot drop table dd.t1 because other objects depend on it" || e.Detail != want {
		t.Errorf("got %s %q detail %q, want detail %q", e.Code, e.Message, e.Detail, want)
	}
}
