package pgwire

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// TestPipelinedPastWatch sends a pipeline with two statements that outlast
// the disconnect watcher's delay, the messages after each sent while it
// runs: the watcher started for it reads them, and they must still run in
// order; the connection's one timer must watch the second one too.
func TestPipelinedPastWatch(t *testing.T) {
	_, url := startServer(t, Config{})
	ctx := context.Background()
	conn, err := pgconn.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	sleep := fmt.Sprintf("select pg_sleep(%g)::text", 3*watchDelay.Seconds())
	stmts := []string{sleep, "select '1'", sleep, "select '2'", "select '3'"}
	p := conn.StartPipeline(ctx)
	for _, s := range stmts {
		p.SendQueryParams(s, nil, nil, nil, nil)
		if s == sleep {
			// the rest arrives while the sleep runs, watched
			if err := p.Flush(); err != nil {
				t.Fatal(err)
			}
			time.Sleep(2 * watchDelay)
		}
	}
	if err := p.Sync(); err != nil {
		t.Fatal(err)
	}
	var got []string
	for range stmts {
		res, err := p.GetResults()
		if err != nil {
			t.Fatal(err)
		}
		rr, ok := res.(*pgconn.ResultReader)
		if !ok {
			t.Fatalf("result %T, want rows", res)
		}
		r := rr.Read()
		if r.Err != nil {
			t.Fatal(r.Err)
		}
		for _, row := range r.Rows {
			got = append(got, string(row[0]))
		}
	}
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	if want := "[ 1  2 3]"; fmt.Sprint(got) != want {
		t.Errorf("rows %q, want %s", got, want)
	}
}
