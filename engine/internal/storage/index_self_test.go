package storage

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// TestSelfIndexStaysConsistent: indexes whose key is a run of the row's
// columns, not integers only, hold the rows' primary entries
// (keyOrder.self: t_ab, t_b), the others index entries; after random
// inserts, updates of indexed and other columns and of the primary key,
// and deletes, every index holds exactly one entry a row, in key order,
// and each finds its row's current version, while a snapshot taken
// before still reads its own.
func TestSelfIndexStaysConsistent(t *testing.T) {
	cols := sql.Schema{
		{Name: "id", Type: types.Int64},
		{Name: "a", Type: types.Int64},
		{Name: "b", Type: types.Text},
		{Name: "c", Type: types.Int64},
	}
	s, id := imageTable(t, cols, []IndexImage{
		{Name: "t_a", Columns: []string{"a"}},
		{Name: "t_ab", Columns: []string{"a", "b"}},
		{Name: "t_ca", Columns: []string{"c", "a"}}, // not a run
		{Name: "t_b", Columns: []string{"b"}, Unique: true},
	})
	ctx := sql.NewEmptyContext()
	rng := rand.New(rand.NewPCG(1, 2))
	live := map[int64]sql.Row{}
	nextB := 0
	newRow := func(pk int64) sql.Row {
		nextB++
		return sql.Row{pk, int64(rng.IntN(50)), fmt.Sprintf("b%06d", nextB), int64(rng.IntN(7))}
	}
	check := func(td *tableData, want map[int64]sql.Row) {
		t.Helper()
		for i, ix := range td.def.indexes {
			if got := td.idx[i].Len(); got != len(want) {
				t.Fatalf("index %s holds %d entries, want %d", ix.name, got, len(want))
			}
			if ix.order.self != (ix.run && !intKeys(ix.order.types)) {
				t.Fatalf("index %s: self %v, run %v", ix.name, ix.order.self, ix.run)
			}
			var prev *entry
			td.idx[i].Ascend(func(e *entry) bool {
				if prev != nil && ix.order.compare(prev, e) >= 0 {
					t.Fatalf("index %s out of order at %v", ix.name, ix.order.fullKey(e))
				}
				prev = e
				key, pk := ix.order.split(e, len(ix.ords))
				pe, ok := td.fetch(e, len(ix.ords))
				if !ok {
					t.Fatalf("index %s: entry %v without a row", ix.name, ix.order.fullKey(e))
				}
				row := pe.row()
				if cur, ok := td.stored(pk); !ok || fmt.Sprint(cur.row()) != fmt.Sprint(want[pk[0].(int64)]) {
					t.Fatalf("index %s: entry of pk %v, stored %v", ix.name, pk, cur)
				}
				for j, o := range ix.ords {
					if row[o] != key[j] {
						t.Fatalf("index %s: key %v, row %v", ix.name, key, row)
					}
				}
				return true
			})
		}
	}
	begin := func() (*Txn, *tableData) {
		tx := s.Begin()
		if err := tx.Lock(context.Background()); err != nil {
			t.Fatal(err)
		}
		td, ok := tx.writable(id)
		if !ok {
			t.Fatal("no table")
		}
		return tx, td
	}
	tx, td := begin()
	for _, pk := range rng.Perm(3000) {
		r := newRow(int64(pk))
		if err := td.insert(ctx, r); err != nil {
			t.Fatal(err)
		}
		live[int64(pk)] = r
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	old := s.Begin()
	before := make(map[int64]sql.Row, len(live))
	for k, v := range live {
		before[k] = v
	}
	tx, td = begin()
	for step := 0; step < 4000; step++ {
		pk := int64(rng.IntN(3200))
		cur, ok := live[pk]
		switch {
		case !ok:
			r := newRow(pk)
			if err := td.insert(ctx, r); err != nil {
				t.Fatal(err)
			}
			live[pk] = r
			continue
		case step%7 == 0:
			if err := td.delete(ctx, cur); err != nil {
				t.Fatal(err)
			}
			delete(live, pk)
			continue
		}
		next := append(sql.Row(nil), cur...)
		switch step % 4 {
		case 0:
			next[1] = int64(rng.IntN(50)) // an indexed column
		case 1:
			next[3] = int64(rng.IntN(7)) // only t_ca's
		case 2:
			npk := int64(3200 + step) // the primary key
			next[0] = npk
			if err := td.update(ctx, cur, next); err != nil {
				t.Fatal(err)
			}
			delete(live, pk)
			live[npk] = next
			continue
		case 3:
			nextB++
			next[2] = fmt.Sprintf("b%06d", nextB)
		}
		if err := td.update(ctx, cur, next); err != nil {
			t.Fatal(err)
		}
		live[pk] = next
		if step%500 == 0 {
			check(td, live)
		}
	}
	check(td, live)
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	otd, _ := old.root.tables.get(id)
	check(otd, before)
	old.Rollback()
}
