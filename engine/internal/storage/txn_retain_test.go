package storage_test

import (
	"fmt"
	"runtime"
	"testing"
	"weak"
)

// TestCommitsDoNotPinEarlierStates checks that a committed state does not
// keep the states before it alive: after later transactions replace a
// value, the value an early transaction committed must be collectable.
// (Each table version points at the transaction that wrote it; a
// transaction that kept the root it started from chained every committed
// state to the one before it, so memory grew with every write.)
func TestCommitsDoNotPinEarlierStates(t *testing.T) {
	h := newHarness(t)
	h.exec("create table t (id bigint primary key, v bigint)")
	type marker struct{ pad [64]byte }
	commit := func(i int, meta *marker) {
		s := h.session()
		s.txn.SetMeta(meta)
		if _, err := h.run(s, fmt.Sprintf("insert into t values (%d, %d)", i, i)); err != nil {
			t.Fatal(err)
		}
		if err := s.txn.Commit(); err != nil {
			t.Fatal(err)
		}
	}
	first := &marker{}
	ref := weak.Make(first)
	commit(0, first)
	first = nil
	for i := 1; i <= 10; i++ {
		commit(i, &marker{})
	}
	for range 3 {
		runtime.GC()
	}
	if ref.Value() != nil {
		t.Fatal("the state the first transaction committed is still reachable after ten later commits")
	}
	if n := len(h.query("select * from t")); n != 11 {
		t.Fatalf("%d rows, want 11", n)
	}
}
