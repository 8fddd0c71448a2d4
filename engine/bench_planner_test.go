package engine_test

import (
	"context"
	"strconv"
	"testing"

	"github.com/tinybase/tinybase/engine"
)

// benchPrepared runs one prepared statement b.N times with the arguments
// args(i) gives, reading every row as a driver does: bench/planbench's
// shapes without the wire, for profiles.
func benchPrepared(b *testing.B, s *engine.Session, q string, oids []uint32, args func(i int) []any) {
	b.Helper()
	ctx := context.Background()
	p, err := s.Prepare(ctx, q, oids)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rows, err := s.QueryPrepared(ctx, p, args(i))
		if err != nil {
			b.Fatal(err)
		}
		n := 0
		for rows.Next() {
			n++
		}
		if err := rows.Close(); err != nil {
			b.Fatal(err)
		}
		if n == 0 {
			b.Fatal("no rows")
		}
	}
}

// BenchmarkFKJoinOneUser is planbench's "FK join, one user" at 100k posts.
func BenchmarkFKJoinOneUser(b *testing.B) {
	s := postsSession(b)
	benchPrepared(b, s, "select p.id, p.title, u.name from posts p join users u on u.id = p.user_id where u.id = $1",
		[]uint32{20}, func(i int) []any { return []any{strconv.Itoa(1 + i*7%1000)} })
}

// BenchmarkLatest20 is planbench's "latest 20" at 100k posts.
func BenchmarkLatest20(b *testing.B) {
	s := postsSession(b)
	exec(b, s, "create index posts_created_at_idx on posts (created_at)")
	benchPrepared(b, s, "select id, title, created_at from posts order by created_at desc limit 20",
		nil, func(int) []any { return nil })
}
