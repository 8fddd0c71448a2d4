package session

import (
	"context"
	"testing"
)

// BenchmarkDurableOpen100k opens a data directory holding 100,000 rows
// (from its checkpoint, as after a clean stop): issue 18's restart target
// is 200 ms.
func BenchmarkDurableOpen100k(b *testing.B) {
	dir := b.TempDir()
	e, err := Open(Options{DataDir: dir})
	if err != nil {
		b.Fatal(err)
	}
	s, _ := e.Connect(SessionOptions{})
	if _, err := s.Exec(context.Background(), `create table items (id bigint primary key, title text not null, score int, created timestamptz default now());
insert into items (id, title, score) select g, 'item number ' || g, g % 1000 from generate_series(1, 100000) g`); err != nil {
		b.Fatal(err)
	}
	s.Close()
	if err := e.Close(); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		e, err := Open(Options{DataDir: dir})
		if err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		e.durable.closed.Store(true)
		e.durable.dir.Close()
		b.StartTimer()
	}
}
