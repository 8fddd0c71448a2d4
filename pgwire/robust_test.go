package pgwire

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"io"
	"net"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgproto3"
	"github.com/tinybase/tinybase/engine/enginetest"
)

// startupBytes is a StartupMessage for postgres/postgres.
func startupBytes() []byte {
	m := &pgproto3.StartupMessage{ProtocolVersion: pgproto3.ProtocolVersionNumber, Parameters: map[string]string{"user": "postgres", "database": "postgres"}}
	b, _ := m.Encode(nil)
	return b
}

func msgs(ms ...pgproto3.FrontendMessage) []byte {
	var out []byte
	for _, m := range ms {
		out, _ = m.Encode(out)
	}
	return out
}

// rawExchange runs one connection of srv over a pipe: it writes input,
// closes the client's write side and returns everything the server sent
// until it closed the connection.
func rawExchange(t testing.TB, srv *Server, input []byte) []byte {
	client, server := net.Pipe()
	c := srv.newConn(server)
	if c == nil {
		t.Fatal("server closed")
	}
	done := make(chan struct{})
	go func() {
		c.serve()
		close(done)
	}()
	written := make(chan struct{})
	go func() {
		_, _ = client.Write(input)
		close(written)
	}()
	var out bytes.Buffer
	buf := make([]byte, 4096)
	idle := 2 * time.Second
	giveUp := time.Now().Add(3 * time.Second) // then hang up, as an impatient client would
	for time.Now().Before(giveUp) {
		select {
		case <-written:
			idle = 50 * time.Millisecond // all input consumed: wait only for the answer
		default:
		}
		_ = client.SetReadDeadline(time.Now().Add(idle))
		n, err := client.Read(buf)
		out.Write(buf[:n])
		if err != nil {
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() && idle > 50*time.Millisecond {
				continue
			}
			break
		}
	}
	client.Close()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatalf("connection goroutine did not end; input %q", input)
	}
	return out.Bytes()
}

func newTestServer(t testing.TB) *Server { return newTestServerMax(t, 0) }

func newTestServerMax(t testing.TB, max int) *Server {
	eng := enginetest.New(t)
	srv, err := New(eng, Config{Auth: AuthTrust, MaxMessageBytes: max})
	if err != nil {
		t.Fatal(err)
	}
	return srv
}

// errorCodes decodes the server's messages and lists the SQLSTATEs of
// its ErrorResponses.
func errorCodes(out []byte) []string {
	fe := pgproto3.NewFrontend(bytes.NewReader(out), io.Discard)
	var codes []string
	for {
		m, err := fe.Receive()
		if err != nil {
			return codes
		}
		if e, ok := m.(*pgproto3.ErrorResponse); ok {
			codes = append(codes, e.Severity+" "+e.Code)
		}
	}
}

func TestBadInput(t *testing.T) {
	srv := newTestServer(t)
	start := startupBytes()
	oversized := append([]byte{'Q'}, binary.BigEndian.AppendUint32(nil, 1<<30+10)...)
	tests := []struct {
		name  string
		input []byte
		want  []string
	}{
		{"unknown message", append(append([]byte{}, start...), 'z', 0, 0, 0, 4), []string{"FATAL 08P01"}},
		// PostgreSQL logs an invalid length and closes without answering
		{"oversized message", append(append([]byte{}, start...), oversized...), nil},
		{"truncated message", append(append([]byte{}, start...), 'Q', 0, 0, 0, 50, 's', 'e'), nil},
		{"bind before parse", append(append([]byte{}, start...), msgs(&pgproto3.Bind{PreparedStatement: "nope"}, &pgproto3.Execute{}, &pgproto3.Sync{}, &pgproto3.Terminate{})...), []string{"ERROR 26000"}},
		{"execute unknown portal", append(append([]byte{}, start...), msgs(&pgproto3.Execute{Portal: "p"}, &pgproto3.Sync{}, &pgproto3.Terminate{})...), []string{"ERROR 34000"}},
		{"parse error then sync", append(append([]byte{}, start...), msgs(&pgproto3.Parse{Query: "selec 1"}, &pgproto3.Bind{}, &pgproto3.Execute{}, &pgproto3.Sync{}, &pgproto3.Query{String: "select 1"}, &pgproto3.Terminate{})...), []string{"ERROR 42601"}},
		{"protocol 2", []byte{0, 0, 0, 8, 0, 2, 0, 0}, []string{"FATAL 0A000"}},
		{"no user", msgs(&pgproto3.StartupMessage{ProtocolVersion: pgproto3.ProtocolVersionNumber, Parameters: map[string]string{"database": "postgres"}}), []string{"FATAL 28000"}},
		{"garbage startup", []byte{0, 0, 0, 3}, []string{"FATAL 08P01"}},
		{"copy data outside copy", append(append([]byte{}, start...), msgs(&pgproto3.CopyData{Data: []byte("x")}, &pgproto3.Query{String: "select 1"}, &pgproto3.Terminate{})...), nil},
		{"copy from then garbage", append(append([]byte{}, start...), msgs(&pgproto3.Query{String: "create table t (a int); copy t from stdin"}, &pgproto3.CopyData{Data: []byte("1\nx\n")}, &pgproto3.CopyDone{}, &pgproto3.Terminate{})...), []string{"ERROR 22P02"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := errorCodes(rawExchange(t, srv, tc.input))
			if strings.Join(got, ",") != strings.Join(tc.want, ",") {
				t.Errorf("errors %v, want %v", got, tc.want)
			}
		})
	}
}

// FuzzConn feeds arbitrary bytes after a valid startup: the server must
// answer or close, never panic or hang.
func FuzzConn(f *testing.F) {
	// A 1 MiB message limit keeps fuzzed lengths from allocating up to the
	// default 1 GiB per input (TestBadInput covers the 1 GiB limit).
	srv := newTestServerMax(f, 1<<20)
	f.Add(msgs(&pgproto3.Query{String: "select 1"}, &pgproto3.Terminate{}))
	f.Add(msgs(&pgproto3.Parse{Query: "select $1::int"}, &pgproto3.Bind{Parameters: [][]byte{[]byte("1")}}, &pgproto3.Describe{ObjectType: 'P'}, &pgproto3.Execute{MaxRows: 1}, &pgproto3.Sync{}))
	f.Add(msgs(&pgproto3.Parse{Name: "s", Query: "select $1"}, &pgproto3.Bind{PreparedStatement: "s", ParameterFormatCodes: []int16{1}, Parameters: [][]byte{{0, 0, 0, 1}}}, &pgproto3.Execute{}, &pgproto3.Close{ObjectType: 'S', Name: "s"}, &pgproto3.Sync{}))
	f.Add(msgs(&pgproto3.Query{String: "create table t (a int, b text); copy t from stdin"}, &pgproto3.CopyData{Data: []byte("1\tx\n2\t\\N\n")}, &pgproto3.CopyDone{}, &pgproto3.Query{String: "copy t to stdout (format binary)"}))
	// binary Bind values: right and wrong lengths, arrays, numerics, NULLs
	for _, b := range []struct {
		sql string
		oid uint32
		val []byte
	}{
		{"select $1::int4", 23, []byte{0, 0, 0, 7}},
		{"select $1::int8", 20, []byte{0, 0, 0, 0, 0, 0, 0, 1, 9}},
		{"select $1::bool", 16, nil},
		{"select $1::float8", 701, []byte{0x40, 0x09, 0x21, 0xfb, 0x54, 0x44, 0x2d, 0x18}},
		{"select $1::numeric", 1700, []byte{0, 1, 0, 0, 0, 0, 0, 2, 0, 12}},
		{"select $1::int4[]", 1007, []byte{0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 23, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 1, 0xff, 0xff, 0xff, 0xff}},
		{"select $1::text[]", 1009, []byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 25}},
		{"select $1::jsonb", 3802, []byte{1, '{', '}'}},
		{"select $1::uuid", 2950, make([]byte, 15)},
		{"select $1::timestamptz", 1184, []byte{0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}},
	} {
		f.Add(msgs(&pgproto3.Parse{Query: b.sql, ParameterOIDs: []uint32{b.oid}}, &pgproto3.Bind{ParameterFormatCodes: []int16{1}, Parameters: [][]byte{b.val}, ResultFormatCodes: []int16{1}}, &pgproto3.Execute{}, &pgproto3.Sync{}))
	}
	// COPY data: text, CSV and binary, well formed and not
	f.Add(msgs(&pgproto3.Query{String: "create table c (a int, b text, d jsonb); copy c from stdin (format csv)"}, &pgproto3.CopyData{Data: []byte("1,\"x,y\",{}\n2,,null\n")}, &pgproto3.CopyDone{}, &pgproto3.Query{String: "select * from c"}))
	f.Add(msgs(&pgproto3.Query{String: "create table c (a int, b text); copy c from stdin (format binary)"}, &pgproto3.CopyData{Data: append([]byte("PGCOPY\n\xff\r\n\x00"), 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 4, 0, 0, 0, 1, 0, 0, 0, 1, 'x', 0xff, 0xff)}, &pgproto3.CopyDone{}))
	f.Add(msgs(&pgproto3.Query{String: "create table c (a int); copy c from stdin"}, &pgproto3.CopyData{Data: []byte("1\n2")}, &pgproto3.CopyFail{Message: "client gave up"}, &pgproto3.Query{String: "select count(*) from c"}))
	f.Add(msgs(&pgproto3.Query{String: "create table c (a text); copy c from stdin"}, &pgproto3.CopyData{Data: []byte("a\xff\n\\x41\n")}, &pgproto3.CopyDone{}))
	f.Add([]byte{'Q', 0, 0, 0, 4})
	f.Add([]byte{'B', 0, 0, 0, 12, 0, 0, 0, 1, 0, 1, 0, 0})
	start := startupBytes()
	f.Fuzz(func(t *testing.T, data []byte) {
		rawExchange(t, srv, append(append([]byte{}, start...), data...))
	})
}

func TestCancelRequest(t *testing.T) {
	_, url := startServer(t, Config{})
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	qctx, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
	defer cancel()
	// pgx sends a CancelRequest when the context ends mid-query.
	_, err = conn.Exec(qctx, "select count(*) from generate_series(1, 500000000)")
	var pe *pgconn.PgError
	if !errors.As(err, &pe) || pe.Code != "57014" {
		// pgx may also close the connection instead of waiting.
		if !pgconn.Timeout(err) {
			t.Fatalf("want 57014 or a timeout, got %v", err)
		}
	}
}

// TestNoGoroutineLeaks opens many connections, abandons some mid-query and
// shuts the server down: every goroutine it started must end.
func TestNoGoroutineLeaks(t *testing.T) {
	before := runtime.NumGoroutine()
	func() {
		srv, url := startServerNoCleanup(t)
		ctx := context.Background()
		var conns []*pgx.Conn
		for i := 0; i < 20; i++ {
			c, err := pgx.Connect(ctx, url)
			if err != nil {
				t.Fatal(err)
			}
			conns = append(conns, c)
		}
		for i, c := range conns {
			if i%2 == 0 {
				// Disconnect abruptly while a long query runs.
				go func() { _, _ = c.Exec(ctx, "select count(*) from generate_series(1, 2000000)") }()
				time.Sleep(10 * time.Millisecond)
				_ = c.PgConn().Conn().Close()
				continue
			}
			var n int
			if err := c.QueryRow(ctx, "select $1::int", i).Scan(&n); err != nil || n != i {
				t.Fatalf("query: %v", err)
			}
		}
		sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		if err := srv.Shutdown(sctx); err != nil {
			t.Fatalf("shutdown: %v", err)
		}
		for _, c := range conns {
			_ = c.Close(ctx)
		}
	}()
	deadline := time.Now().Add(10 * time.Second)
	for runtime.NumGoroutine() > before+2 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before+2 {
		buf := make([]byte, 1<<20)
		t.Fatalf("%d goroutines before, %d after:\n%s", before, n, buf[:runtime.Stack(buf, true)])
	}
}

func startServerNoCleanup(t *testing.T) (*Server, string) {
	eng := enginetest.New(t)
	srv, err := New(eng, Config{})
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.Serve(l) }()
	return srv, "postgres://postgres:postgres@" + l.Addr().String() + "/postgres?sslmode=disable"
}
