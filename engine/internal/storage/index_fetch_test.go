package storage_test

import (
	"slices"
	"testing"
)

// An index scan reaches its rows through the primary entries its index
// entries point at (entry.ref): after updates that leave the index key
// alone, change it, or change the primary key, after a rolled-back
// savepoint, and in a transaction that began before the update, every
// lookup through the index returns the row version its transaction sees.
func TestIndexFetchFollowsRowVersions(t *testing.T) {
	h := newHarness(t)
	h.exec(
		"create table t (id bigint primary key, a bigint, b bigint)",
		"create index t_a on t (a)",
		"insert into t values (1, 10, 100), (2, 10, 200), (3, 30, 300)",
	)
	byA := "select id, b from t where a = 10 order by id"
	if s := h.session(); !slices.Contains(indexesUsed(h.plan(s, byA)), "t.t_a") {
		t.Fatalf("%s uses %v, not t_a", byA, indexesUsed(h.plan(s, byA)))
	}
	old := h.session() // began before the updates
	h.exec("update t set b = 101 where id = 1")
	wantRows(t, h.query(byA), "1,101", "2,200")

	h.exec("update t set a = 10, b = 301 where id = 3")
	wantRows(t, h.query(byA), "1,101", "2,200", "3,301")

	h.exec("update t set id = 4, b = 202 where id = 2")
	wantRows(t, h.query(byA), "1,101", "3,301", "4,202")
	h.exec("update t set b = 203 where id = 4")
	wantRows(t, h.query(byA), "1,101", "3,301", "4,203")

	s := h.session()
	mark := s.txn.Savepoint()
	if _, err := h.run(s, "update t set b = 0 where a = 10"); err != nil {
		t.Fatal(err)
	}
	rows, err := h.run(s, byA)
	if err != nil {
		t.Fatal(err)
	}
	wantRows(t, rows, "1,0", "3,0", "4,0")
	s.txn.RollbackTo(mark)
	rows, err = h.run(s, byA)
	if err != nil {
		t.Fatal(err)
	}
	wantRows(t, rows, "1,101", "3,301", "4,203")
	s.txn.Rollback()

	rows, err = h.run(old, byA)
	if err != nil {
		t.Fatal(err)
	}
	wantRows(t, rows, "1,100", "2,200")
	old.txn.Rollback()

	h.exec("delete from t where id = 3", "create index t_b on t (b)", "update t set a = 11 where id = 1")
	wantRows(t, h.query("select id, a from t where b = 101"), "1,11")
	wantRows(t, h.query(byA), "4,203")
}
