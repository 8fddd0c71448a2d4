package session

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"sync"
	"testing"
)

// TestDurableLoadAfterOpen: a big table of a checkpoint is loaded after
// Open returns (storage's DeferLoad); statements in several sessions
// started at once, reading and writing it, each see the whole table, its
// statistics are the checkpoint's, and after a crash the log's changes to
// it are replayed over the whole table.
func TestDurableLoadAfterOpen(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	open := func() *Engine {
		e, err := Open(Options{DataDir: dir})
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	e := open()
	s, err := e.Connect(SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	const rows = 30000
	execAll(t, s, fmt.Sprintf(`
create table public.small (id int primary key);
insert into public.small values (1), (2);
create table public.big (id bigint primary key, code text unique, n int);
insert into public.big select g, 'C' || g, g %% 7 from generate_series(1, %d) g;
update public.big set n = -1 where id %% 1000 = 0;
analyze public.big;
`, rows))
	sumN := 0
	for g := 1; g <= rows; g++ {
		if g%1000 == 0 {
			sumN--
		} else {
			sumN += g % 7
		}
	}
	const stats = "select reltuples from pg_class where relname = 'big'"
	wantStats := queryAll(t, s, stats)
	if wantStats != fmt.Sprintf("%d\n", rows) {
		t.Fatalf("reltuples before reopening: %q", wantStats)
	}
	s.Close()
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}

	e = open()
	const insert = "insert into public.big values (40000, 'new', 0)"
	want := map[string][]string{
		// the insert may commit before the sum's snapshot
		"select count(*), sum(n), max(id) from public.big":  {fmt.Sprintf("%d|%d|%d\n", rows, sumN, rows), fmt.Sprintf("%d|%d|40000\n", rows+1, sumN)},
		"select id, n from public.big where code = 'C7000'": {"7000|-1\n"},
		stats:                               {wantStats},
		"select count(*) from public.small": {"2\n"},
		insert:                              nil,
	}
	var wg sync.WaitGroup
	errs := make(chan error, len(want))
	for q, w := range want {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got, err := textOf(e, q)
			if err != nil {
				errs <- fmt.Errorf("%s: %w", q, err)
			} else if w != nil && !slices.Contains(w, got) {
				errs <- fmt.Errorf("%s = %q, want one of %q", q, got, w)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}

	s, err = e.Connect(SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	execAll(t, s, "update public.big set n = n + 1 where id <= 10")
	s.Close()
	crash(t, e) // the insert and the update are in the log only
	e = open()
	defer e.Close()
	const after = "select count(*), sum(n) from public.big"
	if got, err := textOf(e, after); err != nil || got != fmt.Sprintf("%d|%d\n", rows+1, sumN+10) {
		t.Errorf("%s after the crash: %q, %v", after, got, err)
	}
}

// textOf runs q in a session of its own and returns its rows as queryAll
// does (for goroutines, which may not call t.Fatal).
func textOf(e *Engine, q string) (string, error) {
	s, err := e.Connect(SessionOptions{})
	if err != nil {
		return "", err
	}
	defer s.Close()
	rows, err := s.Query(context.Background(), q)
	if err != nil {
		return "", err
	}
	return rowsText(rows)
}
