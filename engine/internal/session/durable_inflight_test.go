package session

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// inflightWriters is how many sessions of TestDurableKillInFlightHelper
// commit at once: their commits share fsyncs, so a kill finds several in
// flight.
const inflightWriters = 8

// TestDurableKillInFlightHelper is the child process of
// TestDurableKillInFlight: inflightWriters sessions insert rows (writer w's
// n-th commit inserts id start + n*inflightWriters + w and its negation,
// and bumps a counter, in one autocommit statement each) and print
// "ack ID" once the commit returned; a reader prints "seen ID" for the
// largest id it read. It runs until killed.
func TestDurableKillInFlightHelper(t *testing.T) {
	dir := os.Getenv("TINYBASE_INFLIGHT_DIR")
	if dir == "" {
		t.Skip("the child process of TestDurableKillInFlight")
	}
	e, err := Open(Options{DataDir: dir})
	if err != nil {
		fmt.Println("open:", err)
		os.Exit(3)
	}
	e.durable.checkpointAt = 32 << 10 // background checkpoints among the writes
	ctx := context.Background()
	s, err := e.Connect(SessionOptions{})
	if err != nil {
		os.Exit(3)
	}
	if _, err := s.Exec(ctx, `create table if not exists items (id int primary key);
create or replace function bump() returns trigger language plpgsql as $$ begin update total set n = n + 1 where one = 1; return new; end $$;
create table if not exists total (one int primary key, n int); insert into total values (1, 0) on conflict do nothing;
create or replace trigger items_total after insert on items for each row execute function bump()`); err != nil {
		fmt.Println("setup:", err)
		os.Exit(3)
	}
	start, _ := strconv.Atoi(os.Getenv("TINYBASE_INFLIGHT_START"))
	var out sync.Mutex
	w := bufio.NewWriter(os.Stdout)
	say := func(f string, args ...any) {
		out.Lock()
		fmt.Fprintf(w, f, args...)
		w.Flush()
		out.Unlock()
	}
	for k := range inflightWriters {
		go func() {
			s, err := e.Connect(SessionOptions{})
			if err != nil {
				say("write: %v\n", err)
				os.Exit(3)
			}
			for n := 0; ; n++ {
				id := start + n*inflightWriters + k
				if _, err := s.Exec(ctx, fmt.Sprintf("insert into items values (%d), (%d)", id, -id)); err != nil {
					say("write: %v\n", err)
					os.Exit(3)
				}
				say("ack %d\n", id)
			}
		}()
	}
	r, err := e.Connect(SessionOptions{})
	if err != nil {
		os.Exit(3)
	}
	for {
		rows, err := r.Query(ctx, "select coalesce(max(id), 0) from items")
		if err != nil {
			say("read: %v\n", err)
			os.Exit(3)
		}
		for rows.Next() {
			say("seen %s\n", *rows.Text()[0])
		}
		time.Sleep(100 * time.Microsecond)
	}
}

// TestDurableKillInFlight kills a child process while several sessions'
// commits are in flight (sharing fsyncs, the next ones' statements running
// meanwhile): after recovery every acknowledged commit is there, so is
// every row another session read, and each commit is whole.
func TestDurableKillInFlight(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns processes")
	}
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(2, uint64(time.Now().UnixNano())))
	next := 1
	for round := 0; round < 3; round++ {
		cmd, lines := startChild(t, "TestDurableKillInFlightHelper", "TINYBASE_INFLIGHT_DIR="+dir, "TINYBASE_INFLIGHT_START="+strconv.Itoa(next))
		acked := map[int]bool{}
		seen := 0
		note := func(l string) {
			if v, ok := strings.CutPrefix(l, "ack "); ok {
				id, _ := strconv.Atoi(v)
				acked[id] = true
			} else if v, ok := strings.CutPrefix(l, "seen "); ok {
				id, _ := strconv.Atoi(v)
				seen = max(seen, id)
			} else {
				t.Fatalf("round %d: child: %s", round, l)
			}
		}
		want := 100 + rng.IntN(400) // acknowledgements before the kill
		deadline := time.After(60 * time.Second)
	read:
		for len(acked) < want {
			select {
			case l, ok := <-lines:
				if !ok {
					t.Fatalf("round %d: the child exited", round)
				}
				note(l)
			case <-deadline:
				break read
			}
		}
		time.Sleep(time.Duration(rng.IntN(2000)) * time.Microsecond)
		cmd.Process.Kill()
		for l := range lines {
			note(l)
		}
		cmd.Wait()

		e, err := Open(Options{DataDir: dir})
		if err != nil {
			t.Fatalf("round %d: recovery: %v", round, err)
		}
		s, _ := e.Connect(SessionOptions{})
		have := map[int]bool{}
		for _, v := range strings.Fields(queryAll(t, s, "select id from items where id > 0")) {
			id, _ := strconv.Atoi(v)
			have[id] = true
		}
		pairs, _ := strconv.Atoi(queryValue(t, s, "select count(*) from items a join items b on b.id = -a.id where a.id > 0"))
		count, _ := strconv.Atoi(queryValue(t, s, "select count(*) from items"))
		total, _ := strconv.Atoi(queryValue(t, s, "select n from total"))
		maxID, _ := strconv.Atoi(queryValue(t, s, "select coalesce(max(id), 0) from items"))
		s.Close()
		lost := 0
		for id := range acked {
			if !have[id] {
				lost++
			}
		}
		if lost > 0 {
			t.Fatalf("round %d: %d of %d acknowledged commits lost", round, lost, len(acked))
		}
		if seen > 0 && !have[seen] {
			t.Fatalf("round %d: row %d was read by another session, and lost", round, seen)
		}
		if pairs != len(have) || count != 2*pairs || total != count {
			t.Fatalf("round %d: a torn commit: %d rows, %d pairs, counter %d", round, count, pairs, total)
		}
		if err := e.Close(); err != nil {
			t.Fatal(err)
		}
		t.Logf("round %d: killed after %d acknowledged commits (read up to %d), recovered %d", round, len(acked), seen, pairs)
		next = maxID + 1
	}
}
