package storage_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/tinybase/tinybase/engine/internal/storage"
)

// TestHeapOrderSurvivesSnapshotAndImage: a snapshot and a store rebuilt
// from an image keep the heap order and the tuple numbers, so the next
// insert still goes to the end.
func TestHeapOrderSurvivesSnapshotAndImage(t *testing.T) {
	h := newHarness(t)
	h.exec("create table t (id bigint primary key, v varchar(10))",
		"insert into t values (3, 'c'), (1, 'a'), (2, 'b')",
		"update t set v = 'a2' where id = 1",
		"delete from t where id = 2")
	want := []string{"3,c", "1,a2"}
	wantRows(t, h.query("select * from t"), want...)

	snap := h.withStore(h.store.Snapshot())
	wantRows(t, snap.query("select * from t"), want...)
	snap.exec("insert into t values (0, 'z')")
	wantRows(t, snap.query("select * from t"), "3,c", "1,a2", "0,z")
	wantRows(t, h.query("select * from t"), want...)

	img, err := h.store.Image()
	if err != nil {
		t.Fatal(err)
	}
	var ti *storage.TableImage
	for i := range img.Tables {
		if img.Tables[i].Name == "t" {
			ti = &img.Tables[i]
		}
	}
	if ti == nil || len(ti.TIDs) != 2 || ti.TIDs[0] != 0 || ti.TIDs[1] != 3 || ti.NextTID != 4 {
		t.Fatalf("image of t: %+v", ti)
	}
	s, err := storage.NewStoreFromImage(h.ctx(h.session()), dbName, img)
	if err != nil {
		t.Fatal(err)
	}
	rebuilt := h.withStore(s)
	wantRows(t, rebuilt.query("select * from t"), want...)
	rebuilt.exec("update t set v = 'c2' where id = 3", "insert into t values (9, 'n')")
	wantRows(t, rebuilt.query("select * from t"), "1,a2", "3,c2", "9,n")
}

// TestHeapRollbackRestoresOrder: a statement or savepoint rolled back
// leaves the heap as it was.
func TestHeapRollbackRestoresOrder(t *testing.T) {
	h := newHarness(t)
	h.exec("create table t (id bigint primary key, v bigint)", "insert into t values (1, 1), (2, 2), (3, 3)")
	s := h.session()
	mark := s.txn.Savepoint()
	mustRun(t, h, s, "update t set v = 10 where id = 1")
	wantRows(t, mustRun(t, h, s, "select id from t"), "2", "3", "1")
	s.txn.RollbackTo(mark)
	wantRows(t, mustRun(t, h, s, "select id from t"), "1", "2", "3")
	mustRun(t, h, s, "update t set v = 20 where id = 2")
	if err := s.txn.Commit(); err != nil {
		t.Fatal(err)
	}
	wantRows(t, h.query("select id from t"), "1", "3", "2")
}

// TestTransactionIDs: ids are assigned on first use, grow per
// transaction, stay fixed within one, and a snapshot continues from its
// origin's next id.
func TestTransactionIDs(t *testing.T) {
	st := storage.NewStore()
	a := st.Begin()
	if a.CurrentXID() != 0 {
		t.Fatalf("assigned before use: %d", a.CurrentXID())
	}
	x := a.XID()
	if x < 3 || a.XID() != x || a.CurrentXID() != x {
		t.Fatalf("XID = %d, then %d", x, a.XID())
	}
	a.Rollback()
	b := st.Begin()
	y := b.XID()
	if y <= x {
		t.Fatalf("second transaction's id %d not after %d", y, x)
	}
	snap := st.Snapshot()
	if z := snap.Begin().XID(); z <= y {
		t.Fatalf("snapshot's id %d not after %d", z, y)
	}
}

// TestHeapFromPrimaryTree: a table whose rows lie in primary key order
// has no heap tail until a write breaks the order, and every scan meets
// PostgreSQL's physical order either way, snapshots taken before the
// tail started included.
func TestHeapFromPrimaryTree(t *testing.T) {
	h := newHarness(t)
	h.exec("create table t (id bigint primary key, v varchar(10))",
		"create table k (v bigint)", // keyless: row ids only grow
		"insert into t values (1, 'a'), (2, 'b'), (3, 'c')",
		"insert into t values (4, 'd')",
		"delete from t where id = 2",
		"update t set v = 'd2' where id = 4", // the last row: still at the end
		"insert into k values (3), (1), (2)",
		"delete from k where v = 1")
	own := func(table string, want bool) {
		t.Helper()
		if got := storage.HeapTail(h.store, "public", table); got != want {
			t.Fatalf("%s has a heap tail: %v, want %v", table, got, want)
		}
	}
	own("t", false)
	own("k", false)
	wantRows(t, h.query("select * from t"), "1,a", "3,c", "4,d2")
	wantRows(t, h.query("select * from k"), "3", "2")

	before := h.withStore(h.store.Snapshot())
	h.exec("update t set v = 'a2' where id = 1")
	own("t", true)
	wantRows(t, h.query("select * from t"), "3,c", "4,d2", "1,a2")
	wantRows(t, before.query("select * from t"), "1,a", "3,c", "4,d2")
	h.exec("insert into t values (0, 'z')", "update t set v = 'c2' where id = 3")
	wantRows(t, h.query("select * from t"), "4,d2", "1,a2", "0,z", "3,c2")

	h.exec("update k set v = 30 where v = 3")
	own("k", true)
	wantRows(t, h.query("select * from k"), "2", "30")

	// a key below the greatest, or a new key above it
	h.exec("create table u (id bigint primary key)", "insert into u values (5), (7)")
	own("u", false)
	h.exec("update u set id = 9 where id = 5")
	own("u", false)
	wantRows(t, h.query("select * from u"), "7", "9")
	h.exec("insert into u values (8)")
	own("u", true)
	wantRows(t, h.query("select * from u"), "7", "9", "8")
	h.exec("delete from u where id = 8") // the tail's first entry
	wantRows(t, h.query("select * from u"), "7", "9")
	h.exec("insert into u values (1)", "update u set id = 10 where id = 1")
	wantRows(t, h.query("select * from u"), "7", "9", "10")
	h.exec("truncate u", "insert into u values (2), (3)")
	own("u", false)
	wantRows(t, h.query("select * from u"), "2", "3")
}

// TestLoadRowsHeapOrder: rows loaded in primary key order need no heap
// tail; rows out of that order start one, and scans meet them in the
// order loaded.
func TestLoadRowsHeapOrder(t *testing.T) {
	for _, tc := range []struct {
		name string
		ids  []int64
		own  bool
		want []string
	}{
		{"in order", []int64{1, 2, 3, 4, 5}, false, []string{"1", "2", "3", "4", "5"}},
		{"out of order in a later chunk", []int64{1, 2, 3, 5, 4}, true, []string{"1", "2", "3", "5", "4"}},
		{"out of order in the first chunk", []int64{2, 1, 3, 4, 5}, true, []string{"2", "1", "3", "4", "5"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			h.exec("create table t (id bigint primary key)", "insert into t values (7)")
			s := h.session()
			chunks := func(yield func([]sql.Row) bool) {
				for lo := 0; lo < len(tc.ids); lo += 2 {
					var c []sql.Row
					for _, id := range tc.ids[lo:min(lo+2, len(tc.ids))] {
						c = append(c, sql.Row{id})
					}
					if !yield(c) {
						return
					}
				}
			}
			if err := s.txn.LoadRows(h.ctx(s), "public", "t", chunks); err != nil {
				t.Fatal(err)
			}
			if err := s.txn.Commit(); err != nil {
				t.Fatal(err)
			}
			if got := storage.HeapTail(h.store, "public", "t"); got != tc.own {
				t.Fatalf("heap tail: %v, want %v", got, tc.own)
			}
			wantRows(t, h.query("select * from t"), tc.want...)
			h.exec("insert into t values (6)")
			wantRows(t, h.query("select * from t"), append(tc.want, "6")...)
		})
	}
}

// TestHeapOrderModel runs random inserts, updates and deletes against a
// model of PostgreSQL's heap order (an insert or an UPDATE's new version
// at the end), reading the table with scans long enough to resume across
// chunks and across the heap's head and tail, in snapshots too.
func TestHeapOrderModel(t *testing.T) {
	h := newHarness(t)
	h.exec("create table t (id bigint primary key, v bigint)")
	rng := rand.New(rand.NewPCG(1, 2))
	var model []int64 // ids in heap order
	has := map[int64]bool{}
	next := int64(1000)
	pick := func() int64 { return model[rng.IntN(len(model))] }
	moveToEnd := func(old, id int64) {
		i := slices.Index(model, old)
		model = append(slices.Delete(model, i, i+1), id)
		delete(has, old)
		has[id] = true
	}
	check := func(h *harness, want []int64) {
		t.Helper()
		var s []string
		for _, id := range want {
			s = append(s, fmt.Sprint(id))
		}
		wantRows(t, h.query("select id from t"), s...)
	}
	type snap struct {
		h    *harness
		want []int64
	}
	var snaps []snap
	for step := 0; step < 400; step++ {
		var stmt []string
		switch r := rng.IntN(10); {
		case r < 4 || len(model) < 5: // growing keys, several rows a statement
			var vals []string
			for range 1 + rng.IntN(40) {
				next++
				vals = append(vals, fmt.Sprintf("(%d, 0)", next))
				model = append(model, next)
				has[next] = true
			}
			stmt = append(stmt, "insert into t values "+strings.Join(vals, ", "))
		case r == 4: // a key below the greatest
			id := rng.Int64N(next)
			if has[id] {
				continue
			}
			stmt = append(stmt, fmt.Sprintf("insert into t values (%d, 0)", id))
			model = append(model, id)
			has[id] = true
		case r < 7:
			id := pick()
			stmt = append(stmt, fmt.Sprintf("update t set v = v + 1 where id = %d", id))
			moveToEnd(id, id)
		case r == 7:
			id, nid := pick(), next+1
			next++
			stmt = append(stmt, fmt.Sprintf("update t set id = %d where id = %d", nid, id))
			moveToEnd(id, nid)
		default:
			id := pick()
			stmt = append(stmt, fmt.Sprintf("delete from t where id = %d", id))
			i := slices.Index(model, id)
			model = slices.Delete(model, i, i+1)
			delete(has, id)
		}
		h.exec(stmt...)
		if step%25 == 0 {
			check(h, model)
			snaps = append(snaps, snap{h.withStore(h.store.Snapshot()), slices.Clone(model)})
		}
	}
	check(h, model)
	for _, s := range snaps {
		check(s.h, s.want)
	}
}
