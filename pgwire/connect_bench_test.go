package pgwire

import (
	"context"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"
)

// BenchmarkConnect times connection setup as a client sees it: startup,
// authentication (SCRAM-SHA-256 by default, 4096 PBKDF2 iterations on
// the client as against PostgreSQL), the first ReadyForQuery and
// Terminate (issue 5: at most 2 ms). With TINYBASE_PG_URL set, the same
// loop runs against that PostgreSQL for comparison (its authentication is
// whatever its pg_hba.conf says).
func BenchmarkConnect(b *testing.B) {
	_, tb := startServer(b, Config{})
	targets := []struct{ name, url string }{{"tinybase_scram", tb}}
	_, trust := startServer(b, Config{Auth: AuthTrust})
	targets = append(targets, struct{ name, url string }{"tinybase_trust", trust})
	if pg := os.Getenv("TINYBASE_PG_URL"); pg != "" {
		targets = append(targets, struct{ name, url string }{"postgres", pg})
	}
	ctx := context.Background()
	for _, tg := range targets {
		b.Run(tg.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				c, err := pgx.Connect(ctx, tg.url)
				if err != nil {
					b.Fatal(err)
				}
				if err := c.Close(ctx); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
