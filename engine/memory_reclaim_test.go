package engine_test

import (
	"fmt"
	"runtime"
	"testing"
)

// liveHeap returns the bytes of live heap objects after a full collection.
func liveHeap() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// TestUpdateTransactionsReclaimMemory runs write transactions on a table
// of fixed size and checks the live heap does not grow with their number:
// dead row versions, the tree nodes an update replaces, and per-transaction
// and per-savepoint state must become garbage once the transaction ends
// (issue 18: a leak of ~20 KB per write transaction took a server from 157
// MB to 1.4 GB). Each transaction updates two rows, one under a savepoint
// it releases and one under a savepoint it rolls back to, so every row
// version moves to the end of the table's heap many times over. The
// statement texts repeat (100 keys), so the session's statement cache
// fills during the warm-up and stays full.
func TestUpdateTransactionsReclaimMemory(t *testing.T) {
	const (
		rows   = 1000
		warmUp = 500
		txns   = 2000
		// bound is the growth allowed over txns transactions: 1 MiB, about
		// 500 bytes a transaction, against the ~40 MB a 20 KB leak would
		// leave. It absorbs the collector's noise, not a per-transaction
		// cost.
		bound = 1 << 20
	)
	e := seeded(t, rows)
	s := mustSession(t, e)
	defer s.Close()
	run := func(from, n int) {
		for i := from; i < from+n; i++ {
			k, j := i%100+1, (i+50)%100+1
			exec(t, s, "begin")
			exec(t, s, fmt.Sprintf("update t set score = score + 1, name = 'n' || score where id = %d", k))
			exec(t, s, "savepoint a")
			exec(t, s, fmt.Sprintf("update t set score = score + 1 where id = %d", j))
			exec(t, s, "release savepoint a")
			exec(t, s, "savepoint b")
			exec(t, s, fmt.Sprintf("update t set score = score - 1 where id = %d", j+100))
			exec(t, s, "rollback to savepoint b")
			exec(t, s, "commit")
		}
	}
	run(0, warmUp)
	before := liveHeap()
	run(warmUp, txns)
	after := liveHeap()
	growth := int64(after) - int64(before)
	t.Logf("live heap %d KiB after %d transactions, %d KiB after %d more (%+d bytes/transaction)",
		before>>10, warmUp, after>>10, txns, growth/txns)
	if growth > bound {
		t.Errorf("live heap grew by %d KiB over %d update transactions on a table of constant size (bound %d KiB): finished transactions' state is retained",
			growth>>10, txns, bound>>10)
	}
}
