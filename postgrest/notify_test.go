package postgrest

import (
	"context"
	"net/http"
	"os"
	"testing"
	"time"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

// NOTIFY pgrst, 'reload schema' reloads the cache of a PgxExecutor.
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

// On the engine, NOTIFY pgrst moves the executor's schema version when the
// notifying transaction commits, as PostgREST's listener reloads on
// 'reload schema' (or an empty payload), and not for other payloads,
// channels or rolled-back transactions.
func TestEngineNotifyReload(t *testing.T) {
	srv := engineServer(t, fixtureSQL(t, "fixture.sql"))
	x := srv.cfg.Executor.(*EngineExecutor)
	s, err := x.Engine.Connect(engine.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, tc := range []struct {
		name   string
		stmts  []string
		reload bool
	}{
		{"reload schema", []string{"notify pgrst, 'reload schema'"}, true},
		{"empty payload", []string{"notify pgrst"}, true},
		{"pg_notify from a function call", []string{"select pg_notify('pgrst', 'reload schema')"}, true},
		{"in a committed transaction", []string{"begin", "notify pgrst, 'reload schema'", "commit"}, true},
		{"rolled back", []string{"begin", "notify pgrst, 'reload schema'", "rollback"}, false},
		{"reload config", []string{"notify pgrst, 'reload config'"}, false},
		{"other channel", []string{"notify other, 'reload schema'"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := x.SchemaVersion()
			for _, q := range tc.stmts {
				rows, err := s.Query(context.Background(), q)
				if err != nil {
					t.Fatalf("%s: %v", q, err)
				}
				for rows.Next() {
				}
				rows.Close()
			}
			if moved := x.SchemaVersion() != before; moved != tc.reload {
				t.Errorf("schema version moved = %v, want %v", moved, tc.reload)
			}
		})
	}
	// The server reloads its cache when the version moves.
	if w := do(t, srv, "GET", "/authors?select=id&id=eq.1", ""); w.Code != http.StatusOK {
		t.Fatalf("%d %s", w.Code, w.Body)
	}
	c1, _ := srv.schema(context.Background(), false)
	if _, err := s.Query(context.Background(), "notify pgrst, 'reload schema'"); err != nil {
		t.Fatal(err)
	}
	c2, _ := srv.schema(context.Background(), false)
	if c1 == c2 {
		t.Error("schema cache not reloaded after NOTIFY pgrst")
	}
}

// Closing the server ends the executor's NOTIFY pgrst subscription on the
// engine (the engine outlives the server): reloads notified afterwards
// reach no one, and Close may be called twice.
func TestEngineExecutorCloseUnsubscribes(t *testing.T) {
	e := enginetest.New(t)
	admin, err := e.Connect(engine.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	x := &EngineExecutor{Engine: e}
	srv, err := New(Config{Executor: x, JWTSecret: testSecret})
	if err != nil {
		t.Fatal(err)
	}
	notify := func() {
		t.Helper()
		if _, err := admin.Exec(context.Background(), "notify pgrst, 'reload config'"); err != nil {
			t.Fatal(err)
		}
	}
	v0 := x.ConfigVersion() // subscribes
	notify()
	v1 := x.ConfigVersion()
	if v1 != v0+1 {
		t.Fatalf("before Close: version %d, want %d", v1, v0+1)
	}
	if err := srv.Close(); err != nil {
		t.Fatal(err)
	}
	notify()
	if v := x.ConfigVersion(); v != v1 {
		t.Errorf("after Close: version moved to %d", v)
	}
	if err := srv.Close(); err != nil {
		t.Fatal(err)
	}
}
