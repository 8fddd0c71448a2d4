package storage_test

import (
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/google/go-cmp/cmp"

	"github.com/tinybase/tinybase/engine/internal/storage"
)

// TestKeyRowsMatchLookups compares KeyRows, the one-key lookup of a
// nested loop's inner side, with the general lookup of the same key as a
// point range in each order it offers: index order (IndexedAccess), heap
// order (HeapOrderRows) and a sequential scan's (SeqOrderRows). The table
// has HOT updates (key unchanged: the row stays at its chain's root in
// heap order), updates that move a row to another key, a row inserted
// last with the smallest primary key, deletes, NULL keys,
// a two-column index probed by its prefix and by both columns, the
// primary key, and an uncommitted update the transaction sees.
func TestKeyRowsMatchLookups(t *testing.T) {
	h := newHarness(t)
	h.exec(
		"create table k (id bigint primary key, a bigint, b bigint, v bigint)",
		"create index k_a on k (a)",
		"create index k_a_b on k (a, b)",
		`insert into k values (1, 1, 10, 0), (2, 2, 20, 0), (3, 1, 20, 0), (4, NULL, 10, 0),
			(5, 1, 10, 0), (6, 2, NULL, 0), (7, 3, 30, 0), (8, 1, 30, 0), (9, 2, 20, 0)`,
		"update k set v = 1 where id = 1", // HOT: a unchanged
		"update k set a = 1 where id = 9", // moves to key 1
		"delete from k where id = 3",
		"update k set v = 2 where id = 5",
		"insert into k values (0, 1, 40, 0)", // first by key, last in the heap
	)
	s := h.session()
	ctx := h.ctx(s)
	if _, err := h.run(s, "update k set v = 3 where id = 8"); err != nil {
		t.Fatal(err)
	}
	tbl, _, err := h.prov.DB().Table(ctx, "public", "k")
	if err != nil {
		t.Fatal(err)
	}
	indexes, err := tbl.GetIndexes(ctx)
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]sql.Index{}
	for _, ix := range indexes {
		byID[ix.ID()] = ix
	}
	ids := func(it sql.RowIter, err error) []int64 {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		var out []int64
		for _, r := range drain(t, ctx, it) {
			out = append(out, r[0].(int64), r[3].(int64))
		}
		return out
	}
	for _, tc := range []struct {
		index string
		key   sql.Row
	}{
		{"k_a", sql.Row{int64(1)}},
		{"k_a", sql.Row{int64(2)}},
		{"k_a", sql.Row{int64(4)}},
		{"k_a_b", sql.Row{int64(1)}},
		{"k_a_b", sql.Row{int64(1), int64(10)}},
		{"k_a_b", sql.Row{int64(2), int64(20)}},
		{"PRIMARY", sql.Row{int64(8)}},
		{"PRIMARY", sql.Row{int64(3)}},
	} {
		idx := byID[tc.index]
		if idx == nil {
			t.Fatalf("no index %s among %v", tc.index, indexes)
		}
		var rng sql.MySQLRange
		for i, v := range tc.key {
			rng = append(rng, sql.ClosedRangeColumnExpr(v, v, idx.ColumnExpressionTypes()[i].Type))
		}
		lookup := sql.IndexLookup{Index: idx, Ranges: sql.MySQLRangeCollection{rng}}
		it := tbl.IndexedAccess(ctx, lookup)
		parts, err := it.LookupPartitions(ctx, lookup)
		if err != nil {
			t.Fatal(err)
		}
		want := map[storage.RowOrder][]int64{
			storage.ByIndex: ids(sql.NewTableRowIter(ctx, it, parts), nil),
			storage.ByHeap:  ids(tbl.HeapOrderRows(ctx, lookup)),
			storage.BySeq:   ids(tbl.SeqOrderRows(ctx, lookup)),
		}
		for order, w := range want {
			for _, shared := range []bool{false, true} {
				got := ids(tbl.KeyRows(ctx, tc.index, tc.key, order, shared))
				if diff := cmp.Diff(w, got); diff != "" {
					t.Errorf("%s %v order %d shared %v: (id, v) mismatch (-lookup +KeyRows):\n%s", tc.index, tc.key, order, shared, diff)
				}
			}
		}
	}
	// the orders differ on the key with a HOT update and a moved row, so
	// the comparison above tells them apart
	heap := ids(tbl.KeyRows(ctx, "k_a", sql.Row{int64(1)}, storage.ByHeap, false))
	seq := ids(tbl.KeyRows(ctx, "k_a", sql.Row{int64(1)}, storage.BySeq, false))
	if cmp.Equal(heap, seq) {
		t.Errorf("heap and sequential order agree (%v): the fixture tests nothing", heap)
	}
	if _, err := tbl.KeyRows(ctx, "k_a", sql.Row{nil}, storage.ByIndex, false); err == nil {
		t.Error("KeyRows with a NULL key: no error")
	}
	s.txn.Rollback()
}
