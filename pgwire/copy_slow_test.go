package pgwire

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// pausedReader hands over its chunks one per Read, each after its pause,
// like a client streaming a COPY from a slow source: each chunk becomes
// one CopyData message.
type pausedReader struct {
	chunks []string
	pauses []time.Duration
	inside bool // part of the current chunk was handed over
}

func (r *pausedReader) Read(p []byte) (int, error) {
	if len(r.chunks) == 0 {
		return 0, io.EOF
	}
	if !r.inside && len(r.pauses) > 0 {
		time.Sleep(r.pauses[0])
		r.pauses = r.pauses[1:]
	}
	n := copy(p, r.chunks[0])
	r.chunks[0] = r.chunks[0][n:]
	r.inside = r.chunks[0] != ""
	if !r.inside {
		r.chunks = r.chunks[1:]
	}
	return n, nil
}

// A COPY FROM STDIN that outlasts the disconnect watcher's delay must
// still receive all of its data. The watcher once read the connection
// beside the copy's own reader: a first chunk kept the server busy past
// the delay, the watcher took the socket, and the last chunk and CopyDone
// went into its buffer while the copy waited on the socket forever.
func TestCopyFromSlowClient(t *testing.T) {
	_, url := startServer(t, Config{})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "create table slow (id int primary key, name text)"); err != nil {
		t.Fatal(err)
	}
	var big strings.Builder
	const bigRows = 20000
	for i := 0; i < bigRows; i++ {
		fmt.Fprintf(&big, "%d\trow %d\n", i, i)
	}
	src := &pausedReader{
		chunks: []string{big.String(), fmt.Sprintf("%d\tlast\n", bigRows)},
		pauses: []time.Duration{0, 6 * watchDelay},
	}
	tag, err := conn.PgConn().CopyFrom(ctx, src, "copy slow from stdin")
	if err != nil {
		t.Fatal(err)
	}
	if tag.RowsAffected() != bigRows+1 {
		t.Fatalf("copied %d rows", tag.RowsAffected())
	}
}
