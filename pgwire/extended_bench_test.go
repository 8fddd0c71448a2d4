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
	_, u := startServer(b, Config{Auth: AuthTrust})
	ctx := context.Background()
	c, err := pgx.Connect(ctx, u)
	if err != nil {
		b.Fatal(err)
	}
	defer c.Close(ctx)
	for _, q := range []string{
		`create table posts (id bigint primary key, user_id bigint not null, published bool not null, title text not null)`,
		`insert into posts select g, 1 + g % 1000, g % 3 <> 0, 'post number ' || g from generate_series(1, 10000) g`,
	} {
		if _, err := c.Exec(ctx, q); err != nil {
			b.Fatal(err)
		}
	}
	const q = `select id, user_id, title from posts where published and id > $1 order by id limit 20`
	var id, user int64
	var title string
	for i := 0; b.Loop(); i++ {
		rows, err := c.Query(ctx, q, int64(i*7919%9000))
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
