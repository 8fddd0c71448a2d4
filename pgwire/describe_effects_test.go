package pgwire

import (
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgproto3"
)

// TestDescribeRunsNoFunction checks that Parse + Describe, what pgx and
// node-postgres send for every query, plans the statement without running
// its functions, as PostgreSQL does: no row, notice or error comes of it.
func TestDescribeRunsNoFunction(t *testing.T) {
	_, url := startServer(t, Config{Auth: AuthTrust})
	addr := strings.SplitN(strings.SplitN(url, "@", 2)[1], "/", 2)[0]
	got := frontendTrace(t, addr, 3,
		&pgproto3.Query{String: `create table log (x int);
create function f() returns int language plpgsql as $$ begin insert into log values (1); raise notice 'f ran'; return 1; end $$;
create function g() returns setof int language plpgsql as $$ begin insert into log values (2); raise notice 'g ran'; return next 1; end $$;
create function boom() returns setof int language plpgsql as $$ begin raise exception 'boom ran'; end $$`},
		&pgproto3.Parse{Query: "select f()"},
		&pgproto3.Describe{ObjectType: 'S'},
		&pgproto3.Parse{Name: "s2", Query: "select * from g()"},
		&pgproto3.Describe{ObjectType: 'S', Name: "s2"},
		&pgproto3.Parse{Name: "s3", Query: "select * from boom() where boom > 0"},
		&pgproto3.Describe{ObjectType: 'S', Name: "s3"},
		&pgproto3.Sync{},
		&pgproto3.Query{String: "select count(*) from log"},
	)
	want := []string{
		"C CREATE TABLE", "C CREATE FUNCTION", "C CREATE FUNCTION", "C CREATE FUNCTION", "Z I",
		"ParseComplete", "t []", "T f:23",
		"ParseComplete", "t []", "T g:23",
		"ParseComplete", "t []", "T boom:23", "Z I",
		"T count:20", "D 0", "C SELECT 1", "Z I",
	}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}
