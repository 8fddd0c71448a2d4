package session

import "testing"

// BenchmarkOpenEmpty times opening an empty engine (Options.NoBootstrap):
// the fixed part of every Open, before the bootstrap's state. Its cost in
// a fresh process, with the first uses it pays, is
// bench/first_statement.sh's.
func BenchmarkOpenEmpty(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := Open(Options{NoBootstrap: true}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkConnectEmpty times opening and closing a session on an empty
// engine.
func BenchmarkConnectEmpty(b *testing.B) {
	e, err := Open(Options{NoBootstrap: true})
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
