package pgwire

import (
	"fmt"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgproto3"
)

// frontendTrace connects with the raw protocol (trust auth), sends msgs and
// lists the server's replies until the n-th ReadyForQuery.
func frontendTrace(t *testing.T, addr string, rfqs int, ms ...pgproto3.FrontendMessage) []string {
	t.Helper()
	nc, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	_ = nc.SetDeadline(time.Now().Add(20 * time.Second))
	fe := pgproto3.NewFrontend(nc, nc)
	fe.Send(&pgproto3.StartupMessage{ProtocolVersion: pgproto3.ProtocolVersionNumber, Parameters: map[string]string{"user": "postgres"}})
	for _, m := range ms {
		fe.Send(m)
	}
	if err := fe.Flush(); err != nil {
		t.Fatal(err)
	}
	var out []string
	seen := 0
	for seen <= rfqs { // the first ReadyForQuery ends the startup
		m, err := fe.Receive()
		if err != nil {
			t.Fatalf("after %v: %v", out, err)
		}
		switch x := m.(type) {
		case *pgproto3.ParameterStatus, *pgproto3.BackendKeyData, *pgproto3.AuthenticationOk:
			continue
		case *pgproto3.ReadyForQuery:
			seen++
			if seen == 1 {
				continue
			}
			out = append(out, "Z "+string(x.TxStatus))
		case *pgproto3.DataRow:
			var vals []string
			for _, v := range x.Values {
				vals = append(vals, string(v))
			}
			out = append(out, "D "+strings.Join(vals, ","))
		case *pgproto3.CommandComplete:
			out = append(out, "C "+string(x.CommandTag))
		case *pgproto3.ErrorResponse:
			out = append(out, "E "+x.Code)
		case *pgproto3.ParameterDescription:
			out = append(out, fmt.Sprintf("t %v", x.ParameterOIDs))
		case *pgproto3.RowDescription:
			var f []string
			for _, fd := range x.Fields {
				f = append(f, fmt.Sprintf("%s:%d", fd.Name, fd.DataTypeOID))
			}
			out = append(out, "T "+strings.Join(f, ","))
		default:
			out = append(out, strings.TrimPrefix(fmt.Sprintf("%T", m), "*pgproto3."))
		}
	}
	return out
}

func TestExtendedProtocol(t *testing.T) {
	_, url := startServer(t, Config{Auth: AuthTrust})
	addr := strings.TrimSuffix(strings.SplitN(strings.SplitN(url, "@", 2)[1], "/", 2)[0], "")
	got := frontendTrace(t, addr, 3,
		&pgproto3.Query{String: "create table e (id int primary key); insert into e values (1), (2), (3)"},
		// named statement, described, portal suspended after 2 rows
		&pgproto3.Parse{Name: "s1", Query: "select id from e where id >= $1 order by id"},
		&pgproto3.Describe{ObjectType: 'S', Name: "s1"},
		&pgproto3.Bind{DestinationPortal: "p1", PreparedStatement: "s1", Parameters: [][]byte{[]byte("1")}},
		&pgproto3.Execute{Portal: "p1", MaxRows: 2},
		&pgproto3.Execute{Portal: "p1", MaxRows: 2},
		&pgproto3.Close{ObjectType: 'P', Name: "p1"},
		&pgproto3.Sync{},
		// an error skips to Sync; the statement survives
		&pgproto3.Bind{PreparedStatement: "s1", Parameters: [][]byte{[]byte("x")}},
		&pgproto3.Execute{},
		&pgproto3.Bind{PreparedStatement: "s1", Parameters: [][]byte{[]byte("3")}},
		&pgproto3.Sync{},
	)
	want := []string{
		"C CREATE TABLE", "C INSERT 0 3", "Z I",
		"ParseComplete", "t [23]", "T id:23", "BindComplete",
		"D 1", "D 2", "PortalSuspended", "D 3", "C SELECT 1", "CloseComplete", "Z I",
		"E 22P02", "Z I",
	}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

// TestExtendedInterleavedPortals reads two suspended portals of one
// statement in turns, its select list calling a function that runs a
// query of its own: each portal's rows stay its own although pgwire lets
// the top projection build every row in one buffer (Rows.ReuseRows).
func TestExtendedInterleavedPortals(t *testing.T) {
	_, url := startServer(t, Config{Auth: AuthTrust})
	addr := strings.SplitN(strings.SplitN(url, "@", 2)[1], "/", 2)[0]
	for _, sel := range []string{"t", "e2t(id)"} {
		got := frontendTrace(t, addr, 2,
			&pgproto3.Query{String: `create table if not exists e2 (id int primary key, t text);
delete from e2; insert into e2 select g, 't' || g from generate_series(1, 6) g;
create or replace function e2t(i int) returns text language plpgsql as $$ begin return (select t from e2 where id = i); end $$`},
			&pgproto3.Parse{Name: "s1", Query: "select id, " + sel + " from e2 where id >= $1 order by id limit 5"},
			&pgproto3.Bind{DestinationPortal: "p1", PreparedStatement: "s1", Parameters: [][]byte{[]byte("1")}},
			&pgproto3.Bind{DestinationPortal: "p2", PreparedStatement: "s1", Parameters: [][]byte{[]byte("2")}},
			&pgproto3.Execute{Portal: "p1", MaxRows: 2},
			&pgproto3.Execute{Portal: "p2", MaxRows: 2},
			&pgproto3.Execute{Portal: "p1", MaxRows: 2},
			&pgproto3.Execute{Portal: "p2"},
			&pgproto3.Execute{Portal: "p1"},
			&pgproto3.Sync{},
		)
		var rows []string
		for _, m := range got {
			if strings.HasPrefix(m, "D ") || m == "PortalSuspended" {
				rows = append(rows, m)
			}
		}
		want := []string{
			"D 1,t1", "D 2,t2", "PortalSuspended",
			"D 2,t2", "D 3,t3", "PortalSuspended",
			"D 3,t3", "D 4,t4", "PortalSuspended",
			"D 4,t4", "D 5,t5", "D 6,t6",
			"D 5,t5",
		}
		if strings.Join(rows, "|") != strings.Join(want, "|") {
			t.Errorf("%s: got  %q\nwant %q", sel, rows, want)
		}
	}
}
