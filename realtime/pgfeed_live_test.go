package realtime

import (
	"context"
	"log/slog"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// TestAwaitVisibleLive: on the oracle ($TINYBASE_PG_URL), awaitVisible
// holds a decoded commit back while its transaction is still running
// for other snapshots and lets it go once it is not.
func TestAwaitVisibleLive(t *testing.T) {
	url := os.Getenv("TINYBASE_PG_URL")
	if url == "" {
		t.Skip("TINYBASE_PG_URL not set")
	}
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	tx, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var xid string
	if err := tx.QueryRow(ctx, "select pg_current_xact_id()::text").Scan(&xid); err != nil {
		t.Fatal(err)
	}
	n, err := strconv.ParseUint(xid, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	p := &pgFeed{s: &Server{ctx: ctx, cfg: Config{Postgres: pool, Logger: slog.New(slog.DiscardHandler)}}}
	done := make(chan struct{})
	go func() {
		p.awaitVisible(ctx, uint32(n))
		close(done)
	}()
	select {
	case <-done:
		t.Fatal("awaitVisible returned while the transaction was running")
	case <-time.After(300 * time.Millisecond):
	}
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	select {
	case <-done:
	case <-time.After(time.Second):
		t.Fatal("awaitVisible still waits after the commit")
	}
}
