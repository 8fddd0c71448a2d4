package storage

import (
	"context"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// TestUpdateKeepsUnchangedIndexEntries: an UPDATE that leaves an index's
// key alone writes that index once (its entry stops pointing at the first
// row version) and never again; one that changes the key moves the entry.
// Every read through the index sees its own snapshot's version
// (index_fetch_test.go covers the SQL paths: savepoints, old snapshots).
func TestUpdateKeepsUnchangedIndexEntries(t *testing.T) {
	cols := sql.Schema{
		{Name: "id", Type: types.Int64},
		{Name: "a", Type: types.Int64},
		{Name: "b", Type: types.Int64},
	}
	s, id := imageTable(t, cols, []IndexImage{{Name: "t_a", Columns: []string{"a"}}},
		sql.Row{int64(1), int64(10), int64(100)}, sql.Row{int64(2), int64(20), int64(200)})
	ctx := sql.NewEmptyContext()
	entryOf := func(td *tableData, a int64) *entry {
		e, ok := td.idx[0].Get(pivot(sql.Row{a, int64(1)}, 0))
		if !ok {
			t.Fatalf("no index entry for a = %d", a)
		}
		return e
	}
	// bValue reads b of row 1 through index t_a, as an index scan does
	bValue := func(td *tableData, a int64) any {
		pe, ok := td.fetch(entryOf(td, a), 1)
		if !ok {
			t.Fatal("index entry without a row")
		}
		return pe.row()[2]
	}

	old := s.Begin() // a snapshot before the updates
	tx := s.Begin()
	if err := tx.Lock(context.Background()); err != nil {
		t.Fatal(err)
	}
	td, ok := tx.writable(id)
	if !ok {
		t.Fatal("no table")
	}
	if err := td.update(ctx, sql.Row{int64(1), int64(10), int64(100)}, sql.Row{int64(1), int64(10), int64(101)}); err != nil {
		t.Fatal(err)
	}
	first := entryOf(td, 10)
	if first.ref != nil {
		t.Fatal("the kept entry still points at the first row version")
	}
	if got := bValue(td, 10); got != int64(101) {
		t.Fatalf("b through the index: %v, want 101", got)
	}
	mark := tx.Savepoint()
	td, _ = tx.writable(id)
	if err := td.update(ctx, sql.Row{int64(1), int64(10), int64(101)}, sql.Row{int64(1), int64(10), int64(102)}); err != nil {
		t.Fatal(err)
	}
	if entryOf(td, 10) != first {
		t.Error("a second update of a non-indexed column rewrote the index entry")
	}
	if got := bValue(td, 10); got != int64(102) {
		t.Fatalf("b through the index: %v, want 102", got)
	}
	tx.RollbackTo(mark)
	td, _ = tx.writable(id)
	if got := bValue(td, 10); got != int64(101) {
		t.Fatalf("after rollback to savepoint: b %v, want 101", got)
	}
	// an indexed column: the entry moves
	if err := td.update(ctx, sql.Row{int64(1), int64(10), int64(101)}, sql.Row{int64(1), int64(11), int64(103)}); err != nil {
		t.Fatal(err)
	}
	if _, ok := td.idx[0].Get(pivot(sql.Row{int64(10), int64(1)}, 0)); ok {
		t.Error("the entry of the old key is still there")
	}
	if got := bValue(td, 11); got != int64(103) {
		t.Fatalf("b through the moved entry: %v, want 103", got)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	otd, _ := old.root.tables.get(id)
	if got := bValue(otd, 10); got != int64(100) {
		t.Errorf("the older snapshot reads b %v through the index, want 100", got)
	}
	old.Rollback()
}

// imageTable returns a store holding public.t, keyed by its first
// column, with indexes and rows, and the table's id.
func imageTable(t *testing.T, cols sql.Schema, indexes []IndexImage, rows ...sql.Row) (*Store, tableID) {
	t.Helper()
	s, err := NewStoreFromImage(nil, "postgres", Image{Schemas: []string{"public"}, Tables: []TableImage{{
		Schema: "public", Name: "t", Columns: cols, PKOrds: []int{0}, PKName: "t_pkey",
		Indexes: indexes, Rows: rows,
	}}})
	if err != nil {
		t.Fatal(err)
	}
	return s, s.latest().schemas["public"].tables["t"]
}
