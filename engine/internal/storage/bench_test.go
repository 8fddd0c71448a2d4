package storage_test

import (
	"fmt"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/tinybase/tinybase/engine/internal/storage"
)

// loadTable creates t(id bigint primary key, name varchar(20), score
// bigint) with n rows, inserted directly through the storage API.
func loadTable(tb testing.TB, n int) *harness {
	tb.Helper()
	h := newHarness(tb)
	h.exec("create table t (id bigint primary key, name varchar(20), score bigint)")
	s := h.session()
	ctx := h.ctx(s)
	tbl, _, err := h.prov.DB().Table(ctx, "public", "t")
	if err != nil {
		tb.Fatal(err)
	}
	ins := tbl.Inserter(ctx)
	for i := 0; i < n; i++ {
		if err := ins.Insert(ctx, sql.Row{int64(i), fmt.Sprintf("name%d", i), int64(i % 100)}); err != nil {
			tb.Fatal(err)
		}
	}
	if err := s.txn.Commit(); err != nil {
		tb.Fatal(err)
	}
	return h
}

func pkLookup(tb testing.TB, ctx *sql.Context, tbl *storage.Table, id int64) sql.Row {
	indexes, err := tbl.GetIndexes(ctx)
	if err != nil {
		tb.Fatal(err)
	}
	lookup := sql.IndexLookup{
		Index:         indexes[0],
		Ranges:        sql.MySQLRangeCollection{{sql.ClosedRangeColumnExpr(id, id, types.Int64)}},
		IsPointLookup: true,
	}
	it := tbl.IndexedAccess(ctx, lookup)
	parts, err := it.LookupPartitions(ctx, lookup)
	if err != nil {
		tb.Fatal(err)
	}
	part, err := parts.Next(ctx)
	if err != nil {
		tb.Fatal(err)
	}
	rows, err := it.PartitionRows(ctx, part)
	if err != nil {
		tb.Fatal(err)
	}
	row, err := rows.Next(ctx)
	if err != nil {
		tb.Fatal(err)
	}
	return row
}

func BenchmarkPointLookup(b *testing.B) {
	h := loadTable(b, 10_000)
	b.Run("gms", func(b *testing.B) {
		s := h.session()
		ctx := h.ctx(s)
		for i := 0; b.Loop(); i++ {
			_, iter, _, err := h.eng.Query(ctx, fmt.Sprintf("select * from t where id = %d", i%10_000))
			if err != nil {
				b.Fatal(err)
			}
			rows, err := sql.RowIterToRows(ctx, iter)
			if err != nil || len(rows) != 1 {
				b.Fatalf("rows %v, err %v", rows, err)
			}
		}
	})
	b.Run("direct", func(b *testing.B) {
		s := h.session()
		ctx := h.ctx(s)
		tbl, _, _ := h.prov.DB().Table(ctx, "public", "t")
		for i := 0; b.Loop(); i++ {
			if row := pkLookup(b, ctx, tbl, int64(i%10_000)); row[0] != int64(i%10_000) {
				b.Fatalf("row %v", row)
			}
		}
	})
}

// BenchmarkInsert inserts one row into a 10,000-row table per operation,
// each in its own committed transaction.
func BenchmarkInsert(b *testing.B) {
	b.Run("gms", func(b *testing.B) {
		h := loadTable(b, 10_000)
		s := h.session()
		for i := 0; b.Loop(); i++ {
			s.txn = h.store.Begin()
			if _, err := h.run(s, fmt.Sprintf("insert into t values (%d, 'new', 1)", 10_000+i)); err != nil {
				b.Fatal(err)
			}
			if err := s.txn.Commit(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("direct", func(b *testing.B) {
		h := loadTable(b, 10_000)
		s := h.session()
		ctx := h.ctx(s)
		for i := 0; b.Loop(); i++ {
			s.txn = h.store.Begin()
			tbl, _, _ := h.prov.DB().Table(ctx, "public", "t")
			if err := tbl.Inserter(ctx).Insert(ctx, sql.Row{int64(10_000 + i), "new", int64(1)}); err != nil {
				b.Fatal(err)
			}
			if err := s.txn.Commit(); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkSnapshot shows Store.Snapshot, and a snapshot's first write, cost
// the same at 10,000 and 100,000 rows.
func BenchmarkSnapshot(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		h := loadTable(b, n)
		b.Run(fmt.Sprintf("snapshot/rows=%d", n), func(b *testing.B) {
			for b.Loop() {
				_ = h.store.Snapshot()
			}
		})
		b.Run(fmt.Sprintf("snapshot+write/rows=%d", n), func(b *testing.B) {
			s := h.session()
			ctx := h.ctx(s)
			for i := 0; b.Loop(); i++ {
				s.txn = h.store.Snapshot().Begin()
				tbl, _, _ := h.prov.DB().Table(ctx, "public", "t")
				if err := tbl.Updater(ctx).Update(ctx, sql.Row{int64(7), "name7", int64(7)}, sql.Row{int64(7), "changed", int64(i)}); err != nil {
					b.Fatal(err)
				}
				if err := s.txn.Commit(); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("gms/rows=%d", n), func(b *testing.B) {
			s := h.session()
			for i := 0; b.Loop(); i++ {
				s.txn = h.store.Snapshot().Begin()
				if _, err := h.run(s, fmt.Sprintf("update t set score = %d where id = 7", i)); err != nil {
					b.Fatal(err)
				}
				if err := s.txn.Commit(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkHeapScan is a full scan in heap order of 10,000 rows inserted
// in key order, then after an UPDATE of every other row (which moves
// those rows to the end of the heap).
func BenchmarkHeapScan(b *testing.B) {
	h := loadTable(b, 10_000)
	scan := func(b *testing.B) {
		s := h.session()
		ctx := h.ctx(s)
		tbl, _, _ := h.prov.DB().Table(ctx, "public", "t")
		for b.Loop() {
			it, err := tbl.PartitionRows(ctx, nil)
			if err != nil {
				b.Fatal(err)
			}
			n := 0
			for {
				if _, err := it.Next(ctx); err != nil {
					break
				}
				n++
			}
			if n != 10_000 {
				b.Fatalf("%d rows", n)
			}
		}
	}
	b.Run("in-order", scan)
	h.exec("update t set score = score + 1 where id % 2 = 0")
	b.Run("half-moved", scan)
}
