package pgwire

import (
	"context"
	"fmt"
	"net/url"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
)

// TestSessionInfoFunctions checks what only a wire session knows: the
// connection's ends (inet_client_addr and friends, NULL in an embedded
// session) and current_query(), the text of the whole message.
func TestSessionInfoFunctions(t *testing.T) {
	_, u := startServer(t, Config{})
	ctx := context.Background()
	c, err := pgconn.Connect(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close(ctx)
	pu, _ := url.Parse(u)
	local := c.Conn().LocalAddr().String()
	for _, tc := range []struct {
		name, sql string
		want      []string
	}{
		{"client end", "select inet_client_addr()::text, host(inet_client_addr()) || ':' || inet_client_port()",
			[]string{"127.0.0.1/32", local}},
		{"server end", "select inet_server_addr()::text, inet_server_port()::text",
			[]string{"127.0.0.1/32", pu.Port()}},
		{"whole message", "select 1; select current_query()", []string{"select 1; select current_query()"}},
		{"extended protocol", "", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			if tc.sql == "" {
				res := c.ExecParams(ctx, "select current_query() || $1", [][]byte{[]byte("!")}, nil, nil, nil).Read()
				if res.Err != nil {
					t.Fatal(res.Err)
				}
				if g := string(res.Rows[0][0]); g != "select current_query() || $1!" {
					t.Errorf("current_query() = %q", g)
				}
				return
			}
			results, err := c.Exec(ctx, tc.sql).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			last := results[len(results)-1]
			for _, v := range last.Rows[0] {
				got = append(got, string(v))
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Errorf("%s = %q, want %q", tc.sql, got, tc.want)
			}
		})
	}
}
