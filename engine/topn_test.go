package engine_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/tinybase/tinybase/engine/enginetest"
)

// TestTopNMatchesFullSort checks ORDER BY … LIMIT n OFFSET m through the
// bounded top-N sort (gmsadapter's exec_topn.go) against the same query's
// full sort cut in Go: equal keys keep the order the full sort gives them,
// NULLS FIRST/LAST, DESC, several keys, a collation, expressions and a
// computed select list, for bounds below, at and far above the rows'
// count (the heap is built only past twice the bound) and LIMIT ALL,
// LIMIT NULL, LIMIT 0, a bound parameter and a PL/pgSQL variable.
func TestTopNMatchesFullSort(t *testing.T) {
	e := enginetest.New(t)
	s := mustSession(t, e)
	defer s.Close()
	execScript(t, s, `
create table tn (id int primary key, a int, b text, c float8);
insert into tn select g, case when g % 7 = 0 then null else (g * 37) % 11 end,
  case when g % 5 = 0 then null else chr(65 + (g * 13) % 26) || chr(97 + g % 3) end,
  (g * 7919) % 101 / 4.0
  from generate_series(1, 600) g;`)
	orders := []string{
		"a",
		"a desc",
		"a nulls first",
		"a desc nulls last",
		"b, a desc",
		"b collate \"C\" desc nulls last, a",
		"c",
		"a % 3, c desc",
		"lower(b) nulls first",
		"a, b, c, id",
	}
	bounds := [][2]int{{1, 0}, {5, 0}, {10, 3}, {20, 17}, {250, 0}, {299, 1}, {300, 0}, {301, 299}, {600, 0}, {1000, 0}, {7, 590}, {3, 700}}
	for _, o := range orders {
		for _, sel := range []string{"id, a, b, c", "id, upper(b) u"} {
			full := queryStrings(t, s, fmt.Sprintf("select %s from tn order by %s", sel, o))
			for _, bd := range bounds {
				q := fmt.Sprintf("select %s from tn order by %s limit %d offset %d", sel, o, bd[0], bd[1])
				want := cut(full, bd[0], bd[1])
				if got := queryStrings(t, s, q); !equalRows(got, want) {
					t.Fatalf("%s:\ngot  %v\nwant %v", q, got, want)
				}
				// the same through bound parameters
				pq := fmt.Sprintf("select %s from tn order by %s limit $1 offset $2", sel, o)
				if got := queryStrings(t, s, pq, bd[0], bd[1]); !equalRows(got, want) {
					t.Fatalf("%s (%d, %d):\ngot  %v\nwant %v", pq, bd[0], bd[1], got, want)
				}
			}
			for _, lim := range []string{"all", "null"} {
				q := fmt.Sprintf("select %s from tn order by %s limit %s offset 2", sel, o, lim)
				if got := queryStrings(t, s, q); !equalRows(got, full[2:]) {
					t.Fatalf("%s: got %d rows, want the full sort's after 2", q, len(got))
				}
			}
			if got := queryStrings(t, s, fmt.Sprintf("select %s from tn order by %s limit 0", sel, o)); len(got) != 0 {
				t.Fatalf("limit 0 over %s: %v", o, got)
			}
		}
	}
	// a PL/pgSQL variable's LIMIT and OFFSET are held until the statement
	// runs: the bound is their sum then
	execScript(t, s, `
create function tn_page(n int, m int) returns setof int language plpgsql as $$
begin
  return query select id from tn order by b desc, a limit n offset m;
end $$;`)
	full := queryStrings(t, s, "select id from tn order by b desc, a")
	for _, bd := range [][2]int{{4, 0}, {10, 5}, {0, 3}, {1000, 10}} {
		q := fmt.Sprintf("select * from tn_page(%d, %d)", bd[0], bd[1])
		if got, want := queryStrings(t, s, q), cut(full, bd[0], bd[1]); !equalRows(got, want) {
			t.Fatalf("%s:\ngot  %v\nwant %v", q, got, want)
		}
	}
}

// cut is rows[offset:offset+limit] within bounds.
func cut(rows [][]string, limit, offset int) [][]string {
	if offset > len(rows) {
		offset = len(rows)
	}
	end := offset + limit
	if end > len(rows) {
		end = len(rows)
	}
	return rows[offset:end]
}

func equalRows(a, b [][]string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if strings.Join(a[i], "|") != strings.Join(b[i], "|") {
			return false
		}
	}
	return true
}

// TestTopNMemoryBounded shows the top-N sort's memory is O(LIMIT), not
// O(input): ORDER BY an unindexed column LIMIT 10 over 100k rows
// allocates about what it does over 10k rows (the kept rows, a few more
// admitted and replaced on the way), far below one copy of the input,
// and EXPLAIN ANALYZE reports the heap and its size as PostgreSQL does.
func TestTopNMemoryBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("loads 110k rows")
	}
	e := enginetest.New(t)
	s := mustSession(t, e)
	defer s.Close()
	execScript(t, s, `
create table small (id bigint primary key, title text not null);
insert into small select g, 'post number ' || g from generate_series(1, 10000) g;
create table big (id bigint primary key, title text not null);
insert into big select g, 'post number ' || g from generate_series(1, 100000) g;`)
	allocated := func(table string) uint64 {
		q := "select * from " + table + " order by title desc limit 10"
		if got := queryStrings(t, s, q); len(got) != 10 {
			t.Fatalf("%s: %d rows", q, len(got))
		}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		const runs = 5
		for i := 0; i < runs; i++ {
			exec(t, s, q)
		}
		runtime.ReadMemStats(&after)
		return (after.TotalAlloc - before.TotalAlloc) / runs
	}
	small, big := allocated("small"), allocated("big")
	// one copy of 100k rows of (bigint, ~17 bytes of text) is over 6 MB
	if big > 2*small+256<<10 || big > 1<<20 {
		t.Fatalf("LIMIT 10 allocated %d bytes over 10k rows, %d over 100k", small, big)
	}
	var plan []string
	for _, r := range queryStrings(t, s, "explain (analyze, costs off, timing off, summary off) select * from big order by title desc limit 10") {
		plan = append(plan, r[0])
	}
	text := strings.Join(plan, "\n")
	if !strings.Contains(text, "Sort Key: title DESC") || !strings.Contains(text, "Sort Method: top-N heapsort  Memory: ") {
		t.Fatalf("EXPLAIN ANALYZE:\n%s", text)
	}
	// within twice the bound PostgreSQL sorts all the rows it got
	plan = plan[:0]
	for _, r := range queryStrings(t, s, "explain (analyze, costs off, timing off, summary off) select * from big where id <= 15 order by title limit 10") {
		plan = append(plan, r[0])
	}
	if text := strings.Join(plan, "\n"); !strings.Contains(text, "Sort Method: quicksort  Memory: ") {
		t.Fatalf("EXPLAIN ANALYZE:\n%s", text)
	}
}
