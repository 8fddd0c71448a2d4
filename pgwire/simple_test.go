package pgwire

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5/pgconn"
)

// execAll runs a simple Query message and returns each statement's tag or
// error code, and the transaction status after it.
func execAll(t *testing.T, c *pgconn.PgConn, sql string) ([]string, byte) {
	t.Helper()
	res, err := c.Exec(context.Background(), sql).ReadAll()
	var out []string
	for _, r := range res {
		out = append(out, r.CommandTag.String())
	}
	if err != nil {
		var pe *pgconn.PgError
		if !errors.As(err, &pe) {
			t.Fatal(err)
		}
		out = append(out, "ERROR "+pe.Code)
	}
	return out, c.TxStatus()
}

func TestSimpleQuery(t *testing.T) {
	_, url := startServer(t, Config{})
	ctx := context.Background()
	c, err := pgconn.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close(ctx)
	steps := []struct {
		sql    string
		want   []string
		status byte
	}{
		{"create table t (id int primary key)", []string{"CREATE TABLE"}, 'I'},
		{"insert into t values (1); select * from t; insert into t values (1)", []string{"INSERT 0 1", "SELECT 1", "ERROR 23505"}, 'I'},
		{"select count(*) from t", []string{"SELECT 1"}, 'I'},
		{"begin; insert into t values (2)", []string{"BEGIN", "INSERT 0 1"}, 'T'},
		{"select nocol from t", []string{"ERROR 42703"}, 'E'},
		{"select 1", []string{"ERROR 25P02"}, 'E'},
		{"rollback", []string{"ROLLBACK"}, 'I'},
		{"insert into t values (3); insert into t values (4)", []string{"INSERT 0 1", "INSERT 0 1"}, 'I'},
		{"", []string{""}, 'I'}, // EmptyQueryResponse
	}
	for _, s := range steps {
		got, st := execAll(t, c, s.sql)
		if diff := cmp.Diff(s.want, got); diff != "" || st != s.status {
			t.Errorf("%q: status %c (want %c), results diff (-want +got):\n%s", s.sql, st, s.status, diff)
		}
	}
	res, err := c.Exec(ctx, "select id from t order by id").ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, r := range res[0].Rows {
		ids = append(ids, string(r[0]))
	}
	// 1 rolled back with its failed message; 2 with the aborted block.
	if diff := cmp.Diff([]string{"3", "4"}, ids); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}
	// An error's position counts from the start of the whole message.
	_, err = c.Exec(ctx, "select 1; select nocol from t").ReadAll()
	var pe *pgconn.PgError
	if !errors.As(err, &pe) || pe.Code != "42703" || pe.Position != 18 {
		t.Errorf("position: %v (%+v)", err, pe)
	}
}

func TestSplitQuery(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"select 1", []string{"select 1"}},
		{"  select 1;  \n", []string{"select 1"}},
		{";", nil},
		{"", nil},
		{"select ';'", []string{"select ';'"}},
		{"select 1; select 2", []string{"select 1", "select 2"}},
		{"-- only a comment", nil},
		{"select 1 -- c;\n", []string{"select 1 -- c;"}},
	}
	for _, tc := range tests {
		got, err := splitQuery(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		var sqls []string
		for _, s := range got {
			sqls = append(sqls, s.SQL)
			if tc.in[s.Offset:s.Offset+len(s.SQL)] != s.SQL {
				t.Errorf("%q: offset %d does not locate %q", tc.in, s.Offset, s.SQL)
			}
		}
		if diff := cmp.Diff(tc.want, sqls); diff != "" {
			t.Errorf("%q (-want +got):\n%s", tc.in, diff)
		}
	}
}
