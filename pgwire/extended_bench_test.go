package pgwire

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"
)

// BenchmarkExtendedKeyset runs planbench's keyset page over the wire as
// pgx runs a query it has prepared: Bind, Execute and Sync per call, and
// a DataRow per row. Allocations reported are the server's and pgx's.
func BenchmarkExtendedKeyset(b *testing.B) {
	c := benchPosts(b)
	const q = `select id, user_id, title from posts where published and id > $1 order by id limit 20`
	var id, user int64
	var title string
	for i := 0; b.Loop(); i++ {
		rows, err := c.Query(context.Background(), q, int64(i*7919%9000))
		if err != nil {
			b.Fatal(err)
		}
		n := 0
		for rows.Next() {
			if err := rows.Scan(&id, &user, &title); err != nil {
				b.Fatal(err)
			}
			n++
		}
		if err := rows.Err(); err != nil {
			b.Fatal(err)
		}
		if n != 20 {
			b.Fatalf("%d rows", n)
		}
	}
}

// BenchmarkExtendedLatest20 is planbench's "latest 20" over the wire: an
// index scan backwards, no parameters, a timestamptz column in binary.
func BenchmarkExtendedLatest20(b *testing.B) {
	c := benchPosts(b)
	benchRows(b, c, `select id, title, created_at from posts order by created_at desc limit 20`, 20, func(int) []any { return nil })
}

// BenchmarkExtendedIDAny is planbench's "id = any($1)" over the wire: ten
// ids in a binary int8[] parameter.
func BenchmarkExtendedIDAny(b *testing.B) {
	c := benchPosts(b)
	benchRows(b, c, `select id, user_id, title from posts where id = any($1::bigint[])`, 10, func(i int) []any {
		ids := make([]int64, 10)
		for k := range ids {
			ids[k] = int64(1 + (i*10+k)*7919%10000)
		}
		return []any{ids}
	})
}

// benchPosts connects to a new server holding planbench's posts table at
// 10k rows.
func benchPosts(b *testing.B) *pgx.Conn {
	b.Helper()
	_, u := startServer(b, Config{Auth: AuthTrust})
	ctx := context.Background()
	c, err := pgx.Connect(ctx, u)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { c.Close(ctx) })
	for _, q := range []string{
		`create table posts (id bigint primary key, user_id bigint not null, published bool not null, created_at timestamptz not null, title text not null)`,
		`insert into posts select g, 1 + g % 1000, g % 3 <> 0, timestamptz '2024-01-01 00:00:00+00' + ((g * 37) % 10000) * interval '1 second', 'post number ' || g from generate_series(1, 10000) g`,
		`create index posts_created_at_idx on posts (created_at)`,
		`analyze posts`,
	} {
		if _, err := c.Exec(ctx, q); err != nil {
			b.Fatal(err)
		}
	}
	return c
}

// benchRows runs q with args(i) per call, reading every row, and checks
// it returned want rows.
func benchRows(b *testing.B, c *pgx.Conn, q string, want int, args func(i int) []any) {
	b.Helper()
	for i := 0; b.Loop(); i++ {
		rows, err := c.Query(context.Background(), q, args(i)...)
		if err != nil {
			b.Fatal(err)
		}
		n := 0
		for rows.Next() {
			n++
		}
		if err := rows.Err(); err != nil {
			b.Fatal(err)
		}
		if n != want {
			b.Fatalf("%d rows", n)
		}
	}
}

// BenchmarkExtendedPointSelect is pgbench -S over the extended protocol:
// one primary-key lookup per Bind/Execute/Sync.
func BenchmarkExtendedPointSelect(b *testing.B) {
	c := benchPosts(b)
	benchRows(b, c, `select title from posts where id = $1`, 1, func(i int) []any { return []any{int64(1 + i*7919%10000)} })
}

// BenchmarkExtendedInsert is one INSERT per Bind/Execute/Sync: the
// statement's transaction ends at Sync.
func BenchmarkExtendedInsert(b *testing.B) {
	c := benchPosts(b)
	ctx := context.Background()
	for i := 0; b.Loop(); i++ {
		if _, err := c.Exec(ctx, `insert into posts values ($1, 1, true, now(), 'x')`, int64(20000+i)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkExtendedBatch is a pgx Batch of ten INSERTs and one Sync: one
// transaction.
func BenchmarkExtendedBatch(b *testing.B) {
	c := benchPosts(b)
	ctx := context.Background()
	for i := 0; b.Loop(); i++ {
		batch := &pgx.Batch{}
		for k := range 10 {
			batch.Queue(`insert into posts values ($1, 1, true, now(), 'x')`, int64(20000+i*10+k))
		}
		if err := c.SendBatch(ctx, batch).Close(); err != nil {
			b.Fatal(err)
		}
	}
}
