package storage_test

import (
	"errors"
	"fmt"
	"iter"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
)

// deferLoad creates table t (id primary key, v indexed) and defers its
// load in a committed transaction, returning the load function.
func deferLoad(t *testing.T, h *harness) func(iter.Seq[[]sql.Row], func() error) error {
	t.Helper()
	h.exec("create table t (id bigint primary key, v varchar(20))", "create index t_v on t (v)")
	s := h.session()
	load, ok, err := s.txn.DeferLoad(h.ctx(s), "public", "t")
	if err != nil || !ok {
		t.Fatalf("DeferLoad: ok %v, %v", ok, err)
	}
	if err := s.txn.Commit(); err != nil {
		t.Fatal(err)
	}
	return load
}

// chunksOf yields rows 1..n in chunks of 100, pausing between chunks so
// that statements run while the table is half loaded.
func chunksOf(n int, pause time.Duration) iter.Seq[[]sql.Row] {
	return func(yield func([]sql.Row) bool) {
		for lo := 1; lo <= n; lo += 100 {
			var c []sql.Row
			for i := lo; i < lo+100 && i <= n; i++ {
				c = append(c, sql.Row{int64(i), fmt.Sprintf("v%d", i%10)})
			}
			if !yield(c) {
				return
			}
			time.Sleep(pause)
		}
	}
}

// TestDeferLoadGate: statements that touch a table being loaded in the
// background wait for the whole of it — scans, index lookups, writes — and
// one that does not touch it does not wait.
func TestDeferLoadGate(t *testing.T) {
	h := newHarness(t)
	h.exec("create table other (id bigint primary key)", "insert into other values (1)")
	load := deferLoad(t, h)

	const n = 2000
	type result struct {
		what string
		rows []sql.Row
		err  error
	}
	results := make(chan result, 8)
	var wg sync.WaitGroup
	for _, q := range []string{
		"select count(*) from t",
		"select count(*) from t where v = 'v3'",
		"select max(id) from t",
		"insert into t values (100000, 'new')",
	} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rows, err := h.autocommit(q)
			results <- result{q, rows, err}
		}()
	}
	// The other table answers at once, while t's statements wait.
	if got := h.query("select count(*) from other"); len(got) != 1 || got[0][0] != int64(1) {
		t.Fatalf("other: %v", got)
	}
	time.Sleep(20 * time.Millisecond)
	select {
	case r := <-results:
		t.Fatalf("%s finished before the load: %v %v", r.what, r.rows, r.err)
	default:
	}
	// The insert may commit before or after a reader's snapshot.
	wants := map[string][]any{
		"select count(*) from t":                {int64(n), int64(n + 1)},
		"select count(*) from t where v = 'v3'": {int64(n / 10)},
		"select max(id) from t":                 {int64(n), int64(100000)},
	}
	if err := load(chunksOf(n, time.Millisecond), func() error { return nil }); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	close(results)
	for r := range results {
		if r.err != nil {
			t.Fatalf("%s: %v", r.what, r.err)
		}
		if want, ok := wants[r.what]; ok && !slices.Contains(want, r.rows[0][0]) {
			t.Errorf("%s = %v, want one of %v", r.what, r.rows[0][0], want)
		}
	}
	if got := h.query("select count(*) from t"); got[0][0] != int64(n+1) {
		t.Errorf("after the load and the insert: %v rows, want %d", got[0][0], n+1)
	}
	if _, err := h.store.Image(); err != nil {
		t.Errorf("image after the load: %v", err)
	}
}

// TestDeferLoadError: a load whose rows stopped with an error fails every
// statement that touches the table (with that error, no panic), and the
// store's image (a checkpoint must not be written without the rows);
// other tables still answer.
func TestDeferLoadError(t *testing.T) {
	h := newHarness(t)
	h.exec("create table other (id bigint primary key)")
	load := deferLoad(t, h)
	bad := errors.New("checkpoint section damaged")
	if err := load(chunksOf(250, 0), func() error { return bad }); !errors.Is(err, bad) {
		t.Fatalf("load: %v, want %v", err, bad)
	}
	for _, q := range []string{"select count(*) from t", "insert into t values (1000, 'x')", "alter table t add column w int"} {
		// GMS may keep only the message of an error it passes on
		if _, err := h.autocommit(q); err == nil || !strings.Contains(err.Error(), bad.Error()) {
			t.Errorf("%s: %v, want the load's error", q, err)
		}
	}
	if _, err := h.store.Image(); !errors.Is(err, bad) {
		t.Errorf("image: %v, want the load's error", err)
	}
	h.query("select count(*) from other")
}

// TestDeferLoadKeyless: a table without a primary key is left
// to LoadRows.
func TestDeferLoadKeyless(t *testing.T) {
	h := newHarness(t)
	h.exec("create table k (v int)")
	s := h.session()
	defer s.txn.Rollback()
	if _, ok, err := s.txn.DeferLoad(h.ctx(s), "public", "k"); ok || err != nil {
		t.Errorf("keyless: ok %v, %v; want false, nil", ok, err)
	}
}
