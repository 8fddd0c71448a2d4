package pgwire

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
)

// TestDiscardAllDropsProtocolStatements: PostgreSQL's protocol-level named
// statements and SQL-level PREPAREd ones share one namespace, so DISCARD
// ALL (a pooler's reset query) and DEALLOCATE ALL drop both; a client may
// then Parse the same name again, and the old one no longer runs.
func TestDiscardAllDropsProtocolStatements(t *testing.T) {
	_, url := startServer(t, Config{})
	ctx := context.Background()
	conn, err := pgconn.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	for _, reset := range []string{"DISCARD ALL", "DEALLOCATE ALL"} {
		if _, err := conn.Prepare(ctx, "s1", "select 1", nil); err != nil {
			t.Fatalf("%s: first Parse: %v", reset, err)
		}
		if err := conn.Exec(ctx, reset).Close(); err != nil {
			t.Fatalf("%s: %v", reset, err)
		}
		rr := conn.ExecPrepared(ctx, "s1", nil, nil, nil).Read()
		if pe, ok := rr.Err.(*pgconn.PgError); !ok || pe.Code != "26000" {
			t.Errorf("%s: executing the dropped statement: %v, want 26000", reset, rr.Err)
		}
		if _, err := conn.Prepare(ctx, "s1", "select 2", nil); err != nil {
			t.Errorf("%s: Parse of the same name after it: %v", reset, err)
		}
		if err := conn.Exec(ctx, "DEALLOCATE ALL").Close(); err != nil {
			t.Fatal(err)
		}
	}
}
