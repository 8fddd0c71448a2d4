package storage_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/google/go-cmp/cmp"

	"github.com/tinybase/tinybase/engine/internal/storage"
)

func mustRun(t *testing.T, h *harness, s *testSession, q string) []sql.Row {
	t.Helper()
	rows, err := h.run(s, q)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return rows
}

func TestSnapshotIndependence(t *testing.T) {
	h := newHarness(t)
	h.exec("create table t (id bigint primary key, v varchar(10))", "insert into t values (1, 'a'), (2, 'b')")
	clone := h.withStore(h.store.Snapshot())

	clone.exec("insert into t values (3, 'clone')", "update t set v = 'c' where id = 1", "create table only_clone (x bigint)")
	h.exec("delete from t where id = 2", "create table only_orig (x bigint)")

	wantRows(t, h.query("select * from t"), "1,a")
	wantRows(t, clone.query("select * from t"), "2,b", "3,clone", "1,c")
	for _, c := range []struct {
		h      *harness
		table  string
		exists bool
	}{
		{h, "only_orig", true}, {h, "only_clone", false},
		{clone, "only_clone", true}, {clone, "only_orig", false},
	} {
		if _, err := c.h.autocommit("select * from " + c.table); (err == nil) != c.exists {
			t.Errorf("select from %s: err = %v, want exists=%v", c.table, err, c.exists)
		}
	}
	// A snapshot of a snapshot, and indexes, stay independent too.
	h.exec("create index t_v on t (v)")
	clone2 := h.withStore(h.store.Snapshot())
	clone2.exec("insert into t values (9, 'z')")
	wantRows(t, h.query("select id from t where v = 'z'"))
	wantRows(t, clone2.query("select id from t where v = 'z'"), "9")
}

func TestSavepointRollbackTo(t *testing.T) {
	h := newHarness(t)
	h.exec("create table t (id bigint primary key, v varchar(10))", "create index t_v on t (v)", "insert into t values (1, 'a')")
	s := h.session()
	tx := s.txn
	tx.SetMeta("catalog v1")

	m1 := tx.Savepoint()
	mustRun(t, h, s, "create table x (id bigint primary key)")
	mustRun(t, h, s, "insert into x values (1)")
	mustRun(t, h, s, "insert into t values (2, 'b')")
	if err := tx.CreateSchema("extra"); err != nil {
		t.Fatal(err)
	}
	tx.SetMeta("catalog v2")

	m2 := tx.Savepoint()
	mustRun(t, h, s, "insert into t values (3, 'c')")
	mustRun(t, h, s, "update t set v = 'A' where id = 1")
	mustRun(t, h, s, "drop table x")

	tx.RollbackTo(m2)
	wantRows(t, mustRun(t, h, s, "select * from t"), "1,a", "2,b")
	wantRows(t, mustRun(t, h, s, "select id from t where v = 'c'"))
	wantRows(t, mustRun(t, h, s, "select id from t where v = 'a'"), "1")
	wantRows(t, mustRun(t, h, s, "select * from x"), "1")
	if got := tx.Meta(); got != "catalog v2" {
		t.Errorf("Meta() = %v at m2, want catalog v2", got)
	}

	// A mark can be rolled back to repeatedly.
	mustRun(t, h, s, "insert into t values (4, 'd')")
	tx.RollbackTo(m2)
	wantRows(t, mustRun(t, h, s, "select id from t"), "1", "2")

	tx.RollbackTo(m1)
	if _, err := h.run(s, "select * from x"); err == nil {
		t.Error("table x still exists after RollbackTo(m1)")
	}
	wantRows(t, mustRun(t, h, s, "select * from t"), "1,a")
	wantRows(t, mustRun(t, h, s, "select id from t where v = 'b'"))
	if tx.HasSchema("extra") {
		t.Error("schema extra still exists after RollbackTo(m1)")
	}
	if got := tx.Meta(); got != "catalog v1" {
		t.Errorf("Meta() = %v at m1, want catalog v1", got)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	wantRows(t, h.query("select * from t"), "1,a")
}

func TestTransactionIsolation(t *testing.T) {
	h := newHarness(t)
	h.exec("create table t (id bigint primary key)", "insert into t values (1)")
	a, b := h.session(), h.session()

	mustRun(t, h, a, "insert into t values (2)")
	mustRun(t, h, a, "create table a_only (x bigint)")
	wantRows(t, mustRun(t, h, a, "select id from t"), "1", "2")
	wantRows(t, mustRun(t, h, b, "select id from t"), "1")
	if _, err := h.run(b, "select * from a_only"); err == nil {
		t.Error("uncommitted table visible to another transaction")
	}
	if err := a.txn.Commit(); err != nil {
		t.Fatal(err)
	}
	// b keeps its snapshot until it refreshes.
	wantRows(t, mustRun(t, h, b, "select id from t"), "1")
	b.txn.Refresh()
	wantRows(t, mustRun(t, h, b, "select id from t"), "1", "2")
	mustRun(t, h, b, "select * from a_only")
	b.txn.Rollback()
}

func TestRefreshAfterWriteKeepsOwnState(t *testing.T) {
	h := newHarness(t)
	h.exec("create table t (id bigint primary key)")
	a, b := h.session(), h.session()
	mustRun(t, h, a, "insert into t values (1)")
	a.txn.Refresh() // a has written: no effect
	wantRows(t, mustRun(t, h, a, "select id from t"), "1")
	if err := a.txn.Commit(); err != nil {
		t.Fatal(err)
	}
	// b took its snapshot before a committed; its first write moves it to
	// the latest committed root, so a's row is not lost.
	mustRun(t, h, b, "insert into t values (2)")
	if err := b.txn.Commit(); err != nil {
		t.Fatal(err)
	}
	wantRows(t, h.query("select id from t"), "1", "2")
}

func TestWriterLock(t *testing.T) {
	h := newHarness(t)
	h.exec("create table counter (id bigint primary key, n bigint)", "insert into counter values (1, 0)")
	a := h.session()
	mustRun(t, h, a, "update counter set n = n + 1 where id = 1")

	t.Run("readers do not block", func(t *testing.T) {
		r := h.session()
		wantRows(t, mustRun(t, h, r, "select n from counter"), "0")
		r.txn.Rollback()
	})

	t.Run("waiting writer honours cancellation", func(t *testing.T) {
		b := h.session()
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
		defer cancel()
		_, err := h.runCtx(h.ctx(b).WithContext(ctx), b, "update counter set n = n + 10 where id = 1")
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("err = %v, want context.DeadlineExceeded", err)
		}
		if b.txn.Wrote() {
			t.Error("cancelled waiter holds the writer lock")
		}
		b.txn.Rollback()
	})

	t.Run("waiting writer proceeds after commit without losing the update", func(t *testing.T) {
		b := h.session()
		done := make(chan error, 1)
		go func() {
			_, err := h.run(b, "update counter set n = n + 1 where id = 1")
			if err == nil {
				err = b.txn.Commit()
			}
			done <- err
		}()
		select {
		case err := <-done:
			t.Fatalf("second writer did not wait (err %v)", err)
		case <-time.After(30 * time.Millisecond):
		}
		if err := a.txn.Commit(); err != nil {
			t.Fatal(err)
		}
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		wantRows(t, h.query("select n from counter"), "2")
	})

	t.Run("rollback releases the lock", func(t *testing.T) {
		c, d := h.session(), h.session()
		mustRun(t, h, c, "update counter set n = 100 where id = 1")
		c.txn.Rollback()
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		if _, err := h.runCtx(h.ctx(d).WithContext(ctx), d, "update counter set n = n + 1 where id = 1"); err != nil {
			t.Fatal(err)
		}
		if err := d.txn.Commit(); err != nil {
			t.Fatal(err)
		}
		wantRows(t, h.query("select n from counter"), "3")
	})
}

// TestMarkBeforeFirstWrite: rolling back to a mark taken before the
// transaction's first write keeps the committed state it moved to.
func TestMarkBeforeFirstWrite(t *testing.T) {
	h := newHarness(t)
	h.exec("create table t (id bigint primary key)")
	a := h.session()
	mark := a.txn.Savepoint()
	h.exec("insert into t values (1)") // another transaction commits
	mustRun(t, h, a, "insert into t values (2)")
	a.txn.RollbackTo(mark)
	mustRun(t, h, a, "insert into t values (3)")
	if err := a.txn.Commit(); err != nil {
		t.Fatal(err)
	}
	wantRows(t, h.query("select id from t"), "1", "3")
}

func TestFinishedTxn(t *testing.T) {
	h := newHarness(t)
	h.exec("create table t (id bigint primary key)")
	s := h.session()
	if err := s.txn.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := s.txn.Commit(); err == nil {
		t.Error("second Commit succeeded")
	}
	if _, err := h.run(s, "insert into t values (1)"); err == nil {
		t.Error("write in a committed transaction succeeded")
	}
}

// TestConcurrentReadersAndWriters exercises shared trees under the race
// detector: readers scan while writers commit, snapshots are taken and
// written to concurrently.
func TestConcurrentReadersAndWriters(t *testing.T) {
	h := newHarness(t)
	h.exec("create table t (id bigint primary key, v bigint)", "create index t_v on t (v)")
	h.exec(insertValues("t", 200, func(i int) string { return fmt.Sprintf("(%d, %d)", i, i%10) }))
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; i < 20; i++ {
				if _, err := h.autocommit(fmt.Sprintf("insert into t values (%d, %d)", 1000+w*100+i, i%10)); err != nil {
					errs <- err
					return
				}
			}
		}(w)
	}
	for r := 0; r < 4; r++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 20; i++ {
				rows, err := h.autocommit("select count(*) from t where v = 3")
				if err != nil {
					errs <- err
					return
				}
				if len(rows) != 1 {
					errs <- fmt.Errorf("count returned %d rows", len(rows))
					return
				}
			}
		}()
	}
	for c := 0; c < 2; c++ {
		wg.Add(1)
		go func(c int) {
			defer wg.Done()
			clone := h.withStore(h.store.Snapshot())
			for i := 0; i < 10; i++ {
				if _, err := clone.autocommit(fmt.Sprintf("update t set v = v + 1 where id = %d", i)); err != nil {
					errs <- err
					return
				}
			}
		}(c)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	wantRows(t, h.query("select count(*) from t"), "280")
}

func TestMetaVisibility(t *testing.T) {
	h := newHarness(t)
	a := h.session()
	a.txn.SetMeta(map[string]int{"version": 1})
	b := h.session()
	if b.txn.Meta() != nil {
		t.Errorf("uncommitted Meta visible: %v", b.txn.Meta())
	}
	if err := a.txn.Commit(); err != nil {
		t.Fatal(err)
	}
	b.txn.Refresh()
	if diff := cmp.Diff(map[string]int{"version": 1}, b.txn.Meta()); diff != "" {
		t.Errorf("Meta after refresh (-want +got):\n%s", diff)
	}
}

// TestWriteConflict: a row write that takes the writer lock itself, after
// its transaction read a committed state that has since moved, fails; with
// Lock taken first (as the engine does before a writing statement) the
// statement reads the latest state and succeeds.
func TestWriteConflict(t *testing.T) {
	h := newHarness(t)
	h.exec("create table t (id bigint primary key, n bigint)", "insert into t values (1, 0)")
	s := h.session()
	ctx := h.ctx(s)
	tbl, _, _ := h.prov.DB().Table(ctx, "public", "t")
	old := drain(t, ctx, must(tbl.Rows(ctx)))[0]
	h.exec("update t set n = 5 where id = 1")

	err := tbl.Updater(ctx).Update(ctx, old, sqlRow{int64(1), int64(1)})
	if !errors.Is(err, storage.ErrWriteConflict) {
		t.Fatalf("Update after a concurrent commit: err = %v, want ErrWriteConflict", err)
	}
	// The transaction now holds the lock at the latest state: a retry works.
	cur := drain(t, ctx, must(tbl.Rows(ctx)))[0]
	if err := tbl.Updater(ctx).Update(ctx, cur, sqlRow{int64(1), cur[1].(int64) + 1}); err != nil {
		t.Fatal(err)
	}
	if err := s.txn.Commit(); err != nil {
		t.Fatal(err)
	}
	wantRows(t, h.query("select n from t"), "6")

	// Lock first: reads see the latest committed state.
	s2 := h.session()
	ctx2 := h.ctx(s2)
	h.exec("update t set n = 10 where id = 1")
	if err := s2.txn.Lock(ctx2); err != nil {
		t.Fatal(err)
	}
	wantRows(t, mustRun(t, h, s2, "select n from t"), "10")
	s2.txn.Rollback()
}
