package session

import "testing"

// BenchmarkConnect times opening and closing a session on a bootstrapped
// engine: the engine's share of a client's connection setup (issue 5).
func BenchmarkConnect(b *testing.B) {
	e, err := Open(Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		s, err := e.Connect(SessionOptions{User: "postgres", Database: "postgres"})
		if err != nil {
			b.Fatal(err)
		}
		s.Close()
	}
}
