package postgrest

import (
	"context"
	"net/http"
	"os"
	"testing"
	"time"
)

// NOTIFY pgrst, 'reload schema' reloads the cache of a PgxExecutor (the
// engine reloads by DDL version instead; it has no NOTIFY).
func TestNotifyReload(t *testing.T) {
	if os.Getenv("TINYBASE_PG_URL") == "" {
		t.Skip("needs TINYBASE_PG_URL")
	}
	srv := pgServer(t, "create table n1 (id int primary key); insert into n1 values (1); grant all on n1 to anon;")
	px := srv.cfg.Executor.(*PgxExecutor)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go px.Listen(ctx)
	waitVersion := func(after uint64) {
		for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
			if px.SchemaVersion() > after {
				return
			}
		}
		t.Fatal("schema version did not move")
	}
	waitVersion(0)
	if w := do(t, srv, "GET", "/n1?select=id", ""); w.Code != http.StatusOK {
		t.Fatalf("%d %s", w.Code, w.Body)
	}
	if _, err := px.Pool.Exec(ctx, "alter table n1 add column extra text default 'x'"); err != nil {
		t.Fatal(err)
	}
	if w := do(t, srv, "GET", "/n1?select=extra", ""); w.Code != http.StatusBadRequest {
		t.Fatalf("stale cache should not know the column yet: %d %s", w.Code, w.Body)
	}
	v := px.SchemaVersion()
	if _, err := px.Pool.Exec(ctx, "notify pgrst, 'reload schema'"); err != nil {
		t.Fatal(err)
	}
	waitVersion(v)
	if w := do(t, srv, "GET", "/n1?select=extra", ""); w.Code != http.StatusOK || w.Body.String() != `[{"extra":"x"}]` {
		t.Fatalf("after NOTIFY: %d %s", w.Code, w.Body)
	}
}
