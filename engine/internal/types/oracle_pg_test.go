package types

import (
	"context"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"
)

// oracleConn connects to the PostgreSQL 15 on TINYBASE_PG_URL for the
// tests that compare with it, closed when the test ends; the test is
// skipped without one.
func oracleConn(t *testing.T) *pgx.Conn {
	t.Helper()
	url := os.Getenv("TINYBASE_PG_URL")
	if url == "" {
		t.Skip("TINYBASE_PG_URL not set")
	}
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(ctx) })
	return conn
}
