package storage_test

import (
	"testing"

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
