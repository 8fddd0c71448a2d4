package storage_test

import (
	"sort"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/google/go-cmp/cmp"
)

// TestRangeBounds drives IndexedAccess directly with hand-built MySQL
// ranges, including shapes GMS's planner rarely produces: NULL mixed with a
// bounded interval (NULL sorts first in MySQL ranges, last in tinybase's
// trees), open and closed bounds, and empty intervals.
func TestRangeBounds(t *testing.T) {
	h := newHarness(t)
	h.exec(
		"create table r (id bigint primary key, a bigint, b bigint)",
		"create index r_a_b on r (a, b)",
		// a in {NULL, 1, 2, 3}, b in {NULL, 10, 20}
		`insert into r values
			(1, NULL, NULL), (2, NULL, 10), (3, 1, NULL), (4, 1, 10), (5, 1, 20),
			(6, 2, 10), (7, 2, 20), (8, 3, NULL), (9, 3, 10), (10, 3, 20)`,
	)
	i64 := types.Int64
	col := func(lo, hi sql.MySQLRangeCut) sql.MySQLRangeColumnExpr {
		return sql.MySQLRangeColumnExpr{LowerBound: lo, UpperBound: hi, Typ: i64}
	}
	all := sql.AllRangeColumnExpr(i64)
	null := sql.NullRangeColumnExpr(i64)
	notNull := sql.NotNullRangeColumnExpr(i64)
	tests := []struct {
		name   string
		ranges sql.MySQLRangeCollection
		want   []int64
	}{
		{"all", sql.MySQLRangeCollection{{all, all}}, []int64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}},
		{"null prefix", sql.MySQLRangeCollection{{null, all}}, []int64{1, 2}},
		{"not null prefix", sql.MySQLRangeCollection{{notNull, all}}, []int64{3, 4, 5, 6, 7, 8, 9, 10}},
		{"closed", sql.MySQLRangeCollection{{sql.ClosedRangeColumnExpr(int64(1), int64(2), i64), all}}, []int64{3, 4, 5, 6, 7}},
		{"open", sql.MySQLRangeCollection{{sql.OpenRangeColumnExpr(int64(1), int64(3), i64), all}}, []int64{6, 7}},
		{"closed-open", sql.MySQLRangeCollection{{sql.CustomRangeColumnExpr(int64(1), int64(3), sql.Closed, sql.Open, i64), all}}, []int64{3, 4, 5, 6, 7}},
		{"open-closed", sql.MySQLRangeCollection{{sql.CustomRangeColumnExpr(int64(1), int64(3), sql.Open, sql.Closed, i64), all}}, []int64{6, 7, 8, 9, 10}},
		{"unbounded above", sql.MySQLRangeCollection{{sql.GreaterThanRangeColumnExpr(int64(2), i64), all}}, []int64{8, 9, 10}},
		{"unbounded below excludes null", sql.MySQLRangeCollection{{sql.LessThanRangeColumnExpr(int64(2), i64), all}}, []int64{3, 4, 5}},
		{"null or at most 1: one MySQL range, two tree pieces",
			sql.MySQLRangeCollection{{col(sql.BelowNull{}, sql.Above{Key: int64(1)}), all}}, []int64{1, 2, 3, 4, 5}},
		{"null or below 2 with second column", sql.MySQLRangeCollection{{
			col(sql.BelowNull{}, sql.Below{Key: int64(2)}),
			col(sql.BelowNull{}, sql.Above{Key: int64(10)}),
		}}, []int64{1, 2, 3, 4}},
		{"range then null or small: one span, index order kept", sql.MySQLRangeCollection{{
			sql.ClosedRangeColumnExpr(int64(1), int64(3), i64),
			col(sql.BelowNull{}, sql.Below{Key: int64(15)}),
		}}, []int64{3, 4, 6, 8, 9}},
		{"point then null", sql.MySQLRangeCollection{{sql.ClosedRangeColumnExpr(int64(3), int64(3), i64), null}}, []int64{8}},
		{"point then range", sql.MySQLRangeCollection{{sql.ClosedRangeColumnExpr(int64(1), int64(1), i64), sql.GreaterOrEqualRangeColumnExpr(int64(10), i64)}}, []int64{4, 5}},
		{"prefix only", sql.MySQLRangeCollection{{sql.ClosedRangeColumnExpr(int64(2), int64(2), i64)}}, []int64{6, 7}},
		{"two ranges", sql.MySQLRangeCollection{
			{null, all},
			{sql.GreaterThanRangeColumnExpr(int64(2), i64), sql.ClosedRangeColumnExpr(int64(20), int64(20), i64)},
		}, []int64{1, 2, 10}},
		{"empty interval", sql.MySQLRangeCollection{{sql.OpenRangeColumnExpr(int64(2), int64(2), i64), all}}, []int64{}},
		{"empty column", sql.MySQLRangeCollection{{sql.EmptyRangeColumnExpr(i64), all}}, []int64{}},
	}
	s := h.session()
	ctx := h.ctx(s)
	tbl, _, err := h.prov.DB().Table(ctx, "public", "r")
	if err != nil {
		t.Fatal(err)
	}
	indexes, err := tbl.GetIndexes(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var idx sql.Index
	for _, ix := range indexes {
		if ix.ID() == "r_a_b" {
			idx = ix
		}
	}
	if idx == nil {
		t.Fatalf("index r_a_b not among %v", indexes)
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, reverse := range []bool{false, true} {
				lookup := sql.IndexLookup{Index: idx, Ranges: tc.ranges, IsReverse: reverse}
				it := tbl.IndexedAccess(ctx, lookup)
				parts, err := it.LookupPartitions(ctx, lookup)
				if err != nil {
					t.Fatal(err)
				}
				rows := drain(t, ctx, sql.NewTableRowIter(ctx, it, parts))
				got := []int64{}
				for _, r := range rows {
					got = append(got, r[0].(int64))
				}
				want := inIndexOrder(tc.want, reverse)
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("reverse=%v: ids mismatch (-want +got):\n%s", reverse, diff)
				}
			}
		})
	}
}

// inIndexOrder sorts ids of the r fixture in (a, b) order, NULL last, ties
// by id; reversed for a reverse lookup.
func inIndexOrder(ids []int64, reverse bool) []int64 {
	order := []int64{4, 5, 3, 6, 7, 9, 10, 8, 2, 1}
	pos := map[int64]int{}
	for i, id := range order {
		pos[id] = i
	}
	out := append([]int64{}, ids...)
	sort.Slice(out, func(i, j int) bool { return (pos[out[i]] < pos[out[j]]) != reverse })
	return out
}
