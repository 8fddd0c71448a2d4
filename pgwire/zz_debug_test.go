package pgwire

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"
)

func TestZZDebug(t *testing.T) {
	_, url := startServer(t, Config{})
	ctx := context.Background()
	c, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	p := c.PgConn()
	for _, q := range []string{
		"CREATE TABLE todos (id serial PRIMARY KEY, title text NOT NULL)",
		"INSERT INTO todos (title) VALUES ('a'), ('b') RETURNING id, title",
		"select last_value from todos_id_seq",
		"INSERT INTO todos VALUES (DEFAULT, 'c') RETURNING id",
	} {
		rs, err := p.Exec(ctx, q).ReadAll()
		for _, r := range rs {
			t.Logf("%s: %q %v", q, r.Rows, r.Err)
		}
		t.Log(err)
		rr := p.ExecParams(ctx, "SELECT format_type($1::oid, $2::int)", [][]byte{[]byte("23"), []byte("-1")}, nil, nil, nil).Read()
		t.Logf("ft %q %v", rr.Rows, rr.Err)
	}
}
