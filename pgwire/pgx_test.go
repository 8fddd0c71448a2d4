package pgwire

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"
)

func TestPgxBasics(t *testing.T) {
	_, url := startServer(t, Config{})
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "create table t (id int primary key, name text, score numeric(10,2), at timestamptz, ok bool)"); err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= 3; i++ {
		if _, err := conn.Exec(ctx, "insert into t values ($1, $2, $3, now(), $4)", i, "n", 1.5, i%2 == 0); err != nil {
			t.Fatal(err)
		}
	}
	var name string
	var id int32
	var ok bool
	if err := conn.QueryRow(ctx, "select id, name, ok from t where id = $1", 2).Scan(&id, &name, &ok); err != nil {
		t.Fatal(err)
	}
	if id != 2 || name != "n" || !ok {
		t.Fatalf("got %d %q %v", id, name, ok)
	}
	var n int64
	if err := conn.QueryRow(ctx, "select count(*) from t where score > $1", 1).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 3 {
		t.Fatalf("count %d", n)
	}
}
