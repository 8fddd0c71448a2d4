package storage_test

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// lookupRow is one row of the lookup fixture: t(id, a, b) with a nullable.
type lookupRow struct {
	id int
	a  *int
	b  int
}

func lookupFixture(t *testing.T) (*harness, []lookupRow) {
	h := newHarness(t)
	h.exec(
		"create table t (id bigint primary key, a bigint, b bigint)",
		"create index t_a on t (a)",
		"create table t2 (id bigint primary key, a bigint, b bigint)",
		"create index t2_a_b on t2 (a, b)",
	)
	var rows []lookupRow
	for i := 0; i < 60; i++ {
		r := lookupRow{id: i, b: i % 3}
		if i%5 != 0 {
			a := i % 7
			r.a = &a
		}
		rows = append(rows, r)
	}
	for _, table := range []string{"t", "t2"} {
		h.exec(insertValues(table, len(rows), func(i int) string {
			r := rows[i]
			a := "NULL"
			if r.a != nil {
				a = fmt.Sprint(*r.a)
			}
			return fmt.Sprintf("(%d, %s, %d)", r.id, a, r.b)
		}))
	}
	return h, rows
}

func TestIndexLookups(t *testing.T) {
	h, fixture := lookupFixture(t)
	aIs := func(f func(a int) bool) func(r lookupRow) bool {
		return func(r lookupRow) bool { return r.a != nil && f(*r.a) }
	}
	tests := []struct {
		name  string
		where string
		index string // expected "table.index"
		match func(r lookupRow) bool
	}{
		{"pk point", "id = 17", "t.PRIMARY", func(r lookupRow) bool { return r.id == 17 }},
		{"pk missing point", "id = 1000", "t.PRIMARY", func(r lookupRow) bool { return false }},
		{"pk closed range", "id between 10 and 14", "t.PRIMARY", func(r lookupRow) bool { return r.id >= 10 && r.id <= 14 }},
		{"pk open range", "id > 10 and id < 14", "t.PRIMARY", func(r lookupRow) bool { return r.id > 10 && r.id < 14 }},
		{"pk half-open range", "id >= 55", "t.PRIMARY", func(r lookupRow) bool { return r.id >= 55 }},
		{"pk below", "id < 3", "t.PRIMARY", func(r lookupRow) bool { return r.id < 3 }},
		{"pk in list", "id in (3, 9, 27, 1000)", "t.PRIMARY", func(r lookupRow) bool { return r.id == 3 || r.id == 9 || r.id == 27 }},
		{"pk disjoint ranges", "id < 2 or id > 57", "t.PRIMARY", func(r lookupRow) bool { return r.id < 2 || r.id > 57 }},
		{"secondary equality", "a = 3", "t.t_a", aIs(func(a int) bool { return a == 3 })},
		{"secondary less than excludes NULL", "a < 2", "t.t_a", aIs(func(a int) bool { return a < 2 })},
		{"secondary less or equal", "a <= 2", "t.t_a", aIs(func(a int) bool { return a <= 2 })},
		{"secondary greater", "a > 4", "t.t_a", aIs(func(a int) bool { return a > 4 })},
		{"secondary greater or equal", "a >= 6", "t.t_a", aIs(func(a int) bool { return a >= 6 })},
		{"secondary is null", "a is null", "t.t_a", func(r lookupRow) bool { return r.a == nil }},
		{"secondary is not null", "a is not null", "t.t_a", func(r lookupRow) bool { return r.a != nil }},
		{"secondary null or small", "a is null or a < 2", "t.t_a", func(r lookupRow) bool { return r.a == nil || *r.a < 2 }},
		{"secondary null or large", "a is null or a > 5", "t.t_a", func(r lookupRow) bool { return r.a == nil || *r.a > 5 }},
		{"secondary not equal", "a <> 3", "t.t_a", aIs(func(a int) bool { return a != 3 })},
		{"secondary in list", "a in (0, 6)", "t.t_a", aIs(func(a int) bool { return a == 0 || a == 6 })},
		{"composite prefix and range", "a = 2 and b > 0", "t2.t2_a_b", func(r lookupRow) bool { return r.a != nil && *r.a == 2 && r.b > 0 }},
		{"composite range and second column", "a > 4 and b = 1", "t2.t2_a_b", func(r lookupRow) bool { return r.a != nil && *r.a > 4 && r.b == 1 }},
		{"composite null prefix", "a is null and b = 2", "t2.t2_a_b", func(r lookupRow) bool { return r.a == nil && r.b == 2 }},
		{"composite in lists", "a in (1, 2) and b in (0, 2)", "t2.t2_a_b", func(r lookupRow) bool {
			return r.a != nil && (*r.a == 1 || *r.a == 2) && (r.b == 0 || r.b == 2)
		}},
		{"empty range", "a > 5 and a < 3", "t.t_a", func(r lookupRow) bool { return false }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			table := tc.index[:strings.Index(tc.index, ".")]
			q := "select id from " + table + " where " + tc.where
			if used := indexesUsed(h.plan(h.session(), q)); len(used) != 1 || used[0] != tc.index {
				t.Errorf("indexes used = %v, want %s", used, tc.index)
			}
			want := []int{}
			for _, r := range fixture {
				if tc.match(r) {
					want = append(want, r.id)
				}
			}
			got := ints(t, h.query(q))
			sort.Ints(got)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("ids mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestIndexOrder checks that an ordered scan GMS answers from an index (the
// sort is eliminated) follows PostgreSQL's order: NULL last ascending, NULL
// first descending, ties by primary key.
func TestIndexOrder(t *testing.T) {
	h, fixture := lookupFixture(t)
	type key struct {
		a  *int
		id int
	}
	var asc []key
	for _, r := range fixture {
		asc = append(asc, key{r.a, r.id})
	}
	sort.Slice(asc, func(i, j int) bool {
		x, y := asc[i], asc[j]
		switch {
		case x.a == nil && y.a == nil:
			return x.id < y.id
		case x.a == nil:
			return false
		case y.a == nil:
			return true
		case *x.a != *y.a:
			return *x.a < *y.a
		}
		return x.id < y.id
	})
	fmtKeys := func(ks []key) []string {
		out := make([]string, len(ks))
		for i, k := range ks {
			a := "NULL"
			if k.a != nil {
				a = fmt.Sprint(*k.a)
			}
			out[i] = fmt.Sprintf("%s,%d", a, k.id)
		}
		return out
	}
	desc := make([]key, len(asc))
	for i := range asc {
		desc[i] = asc[len(asc)-1-i]
	}
	var above2 []key
	for _, k := range asc {
		if k.a != nil && *k.a > 2 {
			above2 = append(above2, k)
		}
	}
	tests := []struct {
		name, query string
		want        []string
	}{
		{"ascending scan", "select a, id from t order by a", fmtKeys(asc)},
		{"descending scan", "select a, id from t order by a desc", fmtKeys(desc)},
		{"ascending range", "select a, id from t where a > 2 order by a", fmtKeys(above2)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if used := indexesUsed(h.plan(h.session(), tc.query)); len(used) != 1 {
				t.Fatalf("indexes used = %v, want one index", used)
			}
			if diff := cmp.Diff(tc.want, norm(h.query(tc.query))); diff != "" {
				t.Errorf("order mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func ints(t *testing.T, rows []sqlRow) []int {
	t.Helper()
	out := make([]int, 0, len(rows))
	for _, r := range rows {
		var n int
		if _, err := fmt.Sscan(fmt.Sprint(r[0]), &n); err != nil {
			t.Fatal(err)
		}
		out = append(out, n)
	}
	return out
}
