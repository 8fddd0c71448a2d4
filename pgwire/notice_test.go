package pgwire

import (
	"context"
	"slices"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// TestNoticesBeforeError: what a statement raised before it failed reaches
// the client ahead of the error, over both protocols, as PostgreSQL sends
// each notice when it is raised.
func TestNoticesBeforeError(t *testing.T) {
	_, url := startServer(t, Config{Auth: AuthTrust})
	ctx := context.Background()
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	cfg.OnNotice = func(_ *pgconn.PgConn, n *pgconn.Notice) { got = append(got, n.Message) }
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, `create function noisy(n int) returns int language plpgsql as $$
		begin raise notice 'dividing by %', n; return 1 / n; end $$`); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		mode pgx.QueryExecMode
		sql  string
		args []any
		want []string
	}{
		{"simple DO", pgx.QueryExecModeSimpleProtocol,
			`do $$ begin raise notice 'before'; raise exception 'boom'; end $$`, nil, []string{"before"}},
		{"extended call", pgx.QueryExecModeCacheStatement, `select noisy($1)`, []any{0}, []string{"dividing by 0"}},
		{"caught in a handler", pgx.QueryExecModeSimpleProtocol,
			`do $$ begin perform noisy(0); exception when division_by_zero then raise notice 'caught'; end $$`,
			nil, []string{"dividing by 0", "caught"}},
	} {
		got = nil
		_, err := conn.Exec(ctx, tc.sql, append([]any{tc.mode}, tc.args...)...)
		if tc.name != "caught in a handler" && err == nil {
			t.Errorf("%s: no error", tc.name)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: notices %q, want %q", tc.name, got, tc.want)
		}
	}
}
