package engine

import (
	"context"
	"testing"
)

func TestBootstrapOpen(t *testing.T) {
	e, err := Open(Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := e.Connect(SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, q := range []string{
		"select count(*) from auth.users",
		"show search_path",
		"select current_user",
		"insert into storage.buckets (id, name) values ('avatars', 'avatars')",
		"select uuid_generate_v4() is not null, extensions.gen_random_uuid() is not null",
	} {
		rows, err := s.Query(ctx, q)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		if err := rows.Close(); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

func BenchmarkOpenBootstrapped(b *testing.B) {
	if _, err := Open(Options{}); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e, err := Open(Options{})
		if err != nil {
			b.Fatal(err)
		}
		s, err := e.Connect(SessionOptions{})
		if err != nil {
			b.Fatal(err)
		}
		s.Close()
	}
}
