package logs

import (
	"context"
	"testing"
	"time"
)

func TestRingKeepsTheLastEntries(t *testing.T) {
	r := NewRing(3)
	for i := 0; i < 5; i++ {
		r.Add(Entry{Service: Postgres, SQL: "select", Rows: int64(i)})
	}
	got := r.Since(0)
	if len(got) != 3 {
		t.Fatalf("kept %d entries, want 3", len(got))
	}
	for i, e := range got {
		if e.Rows != int64(i+2) || e.Seq != uint64(i+3) {
			t.Errorf("entry %d = rows %d seq %d, want rows %d seq %d", i, e.Rows, e.Seq, i+2, i+3)
		}
	}
	if got := r.Since(4); len(got) != 1 || got[0].Seq != 5 {
		t.Errorf("Since(4) = %+v, want only seq 5", got)
	}
}

func TestSubscribeSeesNewEntries(t *testing.T) {
	r := NewRing(10)
	r.Add(Entry{SQL: "before"})
	ch, cancel := r.Subscribe(4)
	r.Add(Entry{SQL: "after"})
	select {
	case e := <-ch:
		if e.SQL != "after" {
			t.Errorf("got %q, want after", e.SQL)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no entry")
	}
	cancel()
	if _, ok := <-ch; ok {
		t.Error("channel open after cancel")
	}
	cancel() // a second cancel is harmless
	r.Add(Entry{SQL: "after cancel"})
}

func TestSetOrdersServicesAndMarksSlow(t *testing.T) {
	s := NewSet(10)
	s.SlowThreshold = 100 * time.Millisecond
	s.Add(Entry{Service: Postgres, SQL: "select 1", Duration: time.Millisecond})
	s.Add(Entry{Service: REST, Method: "GET", Path: "/rest/v1/t", Status: 200})
	s.Add(Entry{Service: Postgres, SQL: "select pg_sleep(1)", Duration: time.Second})
	s.Add(Entry{Service: "nope", Method: "GET", Path: "/x", Status: 404})
	all := s.Since(0)
	if len(all) != 4 {
		t.Fatalf("got %d entries, want 4", len(all))
	}
	for i, e := range all {
		if e.Seq != uint64(i+1) {
			t.Errorf("entry %d has seq %d", i, e.Seq)
		}
	}
	if all[0].Slow || !all[2].Slow {
		t.Errorf("slow marks wrong: %v %v", all[0].Slow, all[2].Slow)
	}
	if all[3].Service != API {
		t.Errorf("unknown service kept as %q, want api", all[3].Service)
	}
	if pg := s.Since(0, Postgres); len(pg) != 2 {
		t.Errorf("postgres entries: %d, want 2", len(pg))
	}
}

func TestFollow(t *testing.T) {
	s := NewSet(10)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	got := make(chan Entry, 1)
	started := make(chan struct{})
	go func() {
		close(started)
		s.Follow(ctx, s.LastSeq(), func(e Entry) bool { got <- e; return false }, REST)
	}()
	<-started
	// Follow subscribes asynchronously; add until the entry is seen.
	for {
		s.Add(Entry{Service: Postgres, SQL: "ignored"})
		s.Add(Entry{Service: REST, Method: "GET", Path: "/rest/v1/x", Status: 200})
		select {
		case e := <-got:
			if e.Service != REST {
				t.Fatalf("followed a %s entry", e.Service)
			}
			return
		case <-time.After(10 * time.Millisecond):
		case <-ctx.Done():
			t.Fatal("no entry followed")
		}
	}
}

func TestServiceOfPath(t *testing.T) {
	for path, want := range map[string]string{"/rest/v1/todos": REST, "/rest/v1": REST, "/auth/v1/token": Auth, "/storage/v1/object": Storage, "/restx": API, "/": API} {
		if got := ServiceOfPath(path); got != want {
			t.Errorf("ServiceOfPath(%q) = %q, want %q", path, got, want)
		}
	}
}

func TestEntryString(t *testing.T) {
	e := Entry{Time: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), Service: Postgres, SQL: "select\n  1", Rows: 1, Role: "postgres", Duration: 1500 * time.Microsecond}
	if got, want := e.String(), "03:04:05.000 postgres 00000 rows=1 1.5ms role=postgres select 1"; got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

func TestFollowSendsTheBacklogFirst(t *testing.T) {
	s := NewSet(10)
	s.Add(Entry{Service: Postgres, SQL: "one"})
	s.Add(Entry{Service: Postgres, SQL: "two"})
	var got []string
	s.Follow(context.Background(), 1, func(e Entry) bool { got = append(got, e.SQL); return false })
	if len(got) != 1 || got[0] != "two" {
		t.Errorf("got %v, want [two]", got)
	}
}

// BenchmarkSetAdd is the cost a logged statement pays (a served
// statement takes tens of microseconds).
func BenchmarkSetAdd(b *testing.B) {
	s := NewSet(DefaultRingSize)
	e := Entry{Service: Postgres, SQL: "select 1", Rows: 1, Role: "postgres", Duration: time.Millisecond}
	for i := 0; i < b.N; i++ {
		s.Add(e)
	}
}
