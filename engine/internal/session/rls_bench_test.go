package session

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// BenchmarkRLSCount compares select count(*) over 10,000 rows under the
// policy user_id = (select auth.uid()) as authenticated with the same
// query run by the owner (row security bypassed). Target: <= 1.5x.
func BenchmarkRLSCount(b *testing.B) {
	e, err := Open(Options{})
	if err != nil {
		b.Fatal(err)
	}
	owner, err := e.Connect(SessionOptions{})
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	exec := func(s *Session, q string) {
		rows, err := s.Query(ctx, q)
		if err != nil {
			b.Fatalf("%s: %v", q, err)
		}
		for rows.Next() {
		}
		if err := rows.Close(); err != nil {
			b.Fatalf("%s: %v", q, err)
		}
	}
	exec(owner, "create table items (id int primary key, user_id uuid not null, v int)")
	const n = 10000
	for start := 0; start < n; start += 1000 {
		var vals []string
		for i := start; i < start+1000; i++ {
			vals = append(vals, fmt.Sprintf("(%d, '%08d-0000-4000-8000-000000000000', %d)", i, i%10, i))
		}
		exec(owner, "insert into items values "+strings.Join(vals, ","))
	}
	exec(owner, "alter table items enable row level security")
	exec(owner, "create policy own on items for select to authenticated using (user_id = (select auth.uid()))")
	user, err := e.Connect(SessionOptions{Role: "authenticated", Claims: `{"sub":"00000003-0000-4000-8000-000000000000","role":"authenticated"}`})
	if err != nil {
		b.Fatal(err)
	}
	count := func(s *Session) string {
		rows, err := s.Query(ctx, "select count(*) from items")
		if err != nil {
			b.Fatal(err)
		}
		rows.Next()
		v := *rows.Text()[0]
		rows.Close()
		return v
	}
	if got := count(user); got != "1000" {
		b.Fatalf("authenticated sees %s rows, want 1000", got)
	}
	if got := count(owner); got != "10000" {
		b.Fatalf("owner sees %s rows, want 10000", got)
	}
	b.Run("owner", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			count(owner)
		}
	})
	b.Run("authenticated", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			count(user)
		}
	})
}
