package engine_test

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

// rowsOf runs q and returns its rows as sorted text lines.
func rowsOf(t *testing.T, s *engine.Session, q string) []string {
	t.Helper()
	out := rowsInOrder(t, s, q)
	sort.Strings(out)
	return out
}

// TestAggregateShortcuts compares the aggregation shortcuts
// (gmsadapter's rule_aggregate_scan.go and exec_hash_aggregate.go: a
// count(*) from the row count, scans that share stored rows, GROUP BY
// keyed by value) with the plain paths: the same aggregate written so
// that no shortcut applies (sum(1), grouping by an expression, which GMS
// hashes itself), and counts made here from the table's rows. Row level
// security, rows written earlier in the same transaction and savepoints
// rolled back must count as a scan counts them.
func TestAggregateShortcuts(t *testing.T) {
	e := enginetest.New(t)
	s := mustSession(t, e)
	defer s.Close()
	execScript(t, s, `
create role alice;
create table items (id int primary key, grp int, flag boolean, label text, owner text, n bigint);
insert into items select g, case when g % 11 = 0 then null else g % 7 end, case when g % 5 = 0 then null else g % 2 = 0 end,
  case when g % 13 = 0 then null else 'l' || (g % 4) end, case when g % 3 = 0 then 'alice' else 'bob' end, g * 10
  from generate_series(1, 2000) g;
create table open_items (id int primary key, v int);
insert into open_items select g, g % 3 from generate_series(1, 300) g;
alter table items enable row level security;
create policy mine on items for select using (owner = current_user);
grant select on items, open_items to alice;
alter table open_items enable row level security;
create policy everyone on open_items for select using (true);
create view item_view as select * from items;
grant select on item_view to alice;`)

	// counted recounts q's rows here, as the plain scan returns them.
	counted := func(q string) string { return fmt.Sprint(len(rowsOf(t, s, q))) }
	same := func(what string, fast, plain []string) {
		t.Helper()
		if strings.Join(fast, "\n") != strings.Join(plain, "\n") {
			t.Errorf("%s:\nshortcut: %q\n   plain: %q", what, fast, plain)
		}
	}
	one := func(q string) []string { return rowsOf(t, s, q) }
	check := func(label string) {
		t.Helper()
		for _, tc := range []struct{ fast, plain string }{
			{"select count(*) from items", "select sum(1)::bigint from items"},
			{"select count(*) as c from items i", "select coalesce(sum(1), 0)::bigint as c from items i"},
			{"select count(*) from item_view", "select coalesce(sum(1), 0)::bigint from item_view"},
			{"select count(*) from open_items", "select coalesce(sum(1), 0)::bigint from open_items"},
			{"select count(*) from items where flag", "select coalesce(sum(1), 0)::bigint from items where flag"},
			{"select grp, count(*), sum(n), min(label), max(id), count(label) from items group by grp",
				"select grp + 0, count(*), sum(n), min(label), max(id), count(label) from items group by grp + 0"},
			{"select flag, count(*), avg(n) from items group by flag", "select flag or false, count(*), avg(n) from items group by flag or false"},
			{"select label, grp, count(*), string_agg(id::text, ',' order by id) from items group by label, grp",
				"select label || '', grp + 0, count(*), string_agg(id::text, ',' order by id) from items group by label || '', grp + 0"},
			{"select grp, count(*) from items where id > 1500 group by grp having count(*) > 10",
				"select grp + 0, count(*) from items where id > 1500 group by grp + 0 having count(*) > 10"},
			{"select v, count(*) from open_items group by v", "select v + 0, count(*) from open_items group by v + 0"},
		} {
			same(label+": "+tc.fast, one(tc.fast), one(tc.plain))
		}
		same(label+": count(*) against the rows read", one("select count(*) from items"), []string{counted("select id from items")})
		same(label+": count(*) of a view against its rows", one("select count(*) from item_view"), []string{counted("select id from item_view")})
	}

	check("superuser")
	execScript(t, s, "set role alice")
	check("alice, row security")
	if got := one("select count(*) from items"); got[0] != "666" {
		t.Errorf("alice counts %v rows of items, want her 666", got)
	}
	execScript(t, s, "reset role")

	execScript(t, s, `begin;
insert into items select g, g % 7, true, 'new', 'alice', 1 from generate_series(2001, 2100) g;
delete from items where id <= 50;`)
	check("own writes in a transaction")
	execScript(t, s, `savepoint a;
insert into items select g, 1, false, 'sp', 'bob', 2 from generate_series(3001, 3500) g;
update items set grp = 99 where id < 200;`)
	check("after a savepoint")
	execScript(t, s, "rollback to savepoint a")
	check("rolled back to the savepoint")
	if got := one("select count(*) from items"); got[0] != "2050" {
		t.Errorf("count(*) after rollback to savepoint: %v, want 2050", got)
	}
	execScript(t, s, "rollback")
	check("rolled back")
	if got := one("select count(*) from items"); got[0] != "2000" {
		t.Errorf("count(*) after rollback: %v, want 2000", got)
	}

	// another session's uncommitted rows are not counted
	other := mustSession(t, e)
	defer other.Close()
	execScript(t, other, "begin; insert into items values (9001, 1, true, 'x', 'bob', 1)")
	if got := one("select count(*) from items"); got[0] != "2000" {
		t.Errorf("count(*) sees another transaction's uncommitted row: %v", got)
	}
	execScript(t, other, "commit")
	if got := one("select count(*) from items"); got[0] != "2001" {
		t.Errorf("count(*) after the other commit: %v", got)
	}
}
