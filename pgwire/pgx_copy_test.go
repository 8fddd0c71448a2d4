package pgwire

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"
)

func TestPgxCopyFromAndEnums(t *testing.T) {
	_, url := startServer(t, Config{})
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	for _, q := range []string{
		"create type mood as enum ('sad', 'ok', 'happy')",
		"create table items (id int8 primary key, name text not null, price numeric(10,2), at timestamptz, tags text[], m mood, ms mood[], u uuid, b bytea, f float8, d date, j jsonb)",
	} {
		if _, err := conn.Exec(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	at := time.Date(2024, 1, 2, 3, 4, 5, 123456000, time.UTC)
	var rows [][]any
	for i := 0; i < 10000; i++ {
		rows = append(rows, []any{int64(i), fmt.Sprintf("item %d", i), fmt.Sprintf("%d.25", i), at, []string{"a", "b"}, "happy", []string{"sad", "ok"},
			"a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11", []byte{1, 2, 3}, float64(i) / 4, at, map[string]any{"k": i}})
	}
	n, err := conn.CopyFrom(ctx, pgx.Identifier{"items"}, []string{"id", "name", "price", "at", "tags", "m", "ms", "u", "b", "f", "d", "j"}, pgx.CopyFromRows(rows))
	if err != nil {
		t.Fatal(err)
	}
	if n != 10000 {
		t.Fatalf("copied %d", n)
	}
	var count int64
	var sum float64
	if err := conn.QueryRow(ctx, "select count(*), sum(f) from items").Scan(&count, &sum); err != nil {
		t.Fatal(err)
	}
	if count != 10000 || sum != 12498750 {
		t.Fatalf("count %d sum %v", count, sum)
	}
	// Binary results of every type, read back through the statement cache twice.
	for range 2 {
		var (
			name string
			tags []string
			m    string
			ms   []string
			u    [16]byte
			b    []byte
			f    float64
			d    time.Time
			ts   time.Time
			j    map[string]any
		)
		err := conn.QueryRow(ctx, "select name, tags, m, ms, u, b, f, d, at, j from items where id = $1", 42).Scan(&name, &tags, &m, &ms, &u, &b, &f, &d, &ts, &j)
		if err != nil {
			t.Fatal(err)
		}
		got := []any{name, tags, m, ms, fmt.Sprintf("%x", u), b, f, d.Format("2006-01-02"), ts.UTC(), j["k"]}
		want := []any{"item 42", []string{"a", "b"}, "happy", []string{"sad", "ok"}, "a0eebc999c0b4ef8bb6d6bb9bd380a11", []byte{1, 2, 3}, 10.5, "2024-01-02", at, float64(42)}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("row (-want +got):\n%s", diff)
		}
	}
	// Enum parameters, and an array of enums as a parameter.
	var c2 int64
	if err := conn.QueryRow(ctx, "select count(*) from items where m = $1 and ms = $2", "happy", []string{"sad", "ok"}).Scan(&c2); err != nil {
		t.Fatal(err)
	}
	if c2 != 10000 {
		t.Fatalf("enum filter count %d", c2)
	}
}
