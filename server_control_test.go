package tinybase_test

import (
	"context"
	"errors"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/tinybase/tinybase"
	"github.com/tinybase/tinybase/logs"
)

// TestResetRunningServer resets a served database: an open connection
// gets 57P01 and reconnects to the migrations' and seed's state, the
// logs kept both clients' statements and requests, and --version stops
// at a migration.
func TestResetRunningServer(t *testing.T) {
	ctx := context.Background()
	cfg := tinybase.DefaultConfig("")
	cfg.APIPort, cfg.DBPort, cfg.InboxPort = 0, 0, 0
	dir := project(t, map[string]string{
		"migrations/20240101000000_todos.sql": "create table public.todos (id bigint primary key, title text not null);",
		"migrations/20240102000000_done.sql":  "alter table public.todos add column done boolean;",
		"seed.sql":                            "insert into public.todos values (1, 'seeded');",
	})
	p, err := tinybase.Open(ctx, tinybase.Options{Dir: dir, Config: &cfg})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := p.Serve(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown(ctx)
	in := &tinybase.Instance{PID: os.Getpid(), APIURL: srv.APIURL(), Token: srv.ControlToken()}
	if err := in.Ping(ctx); err != nil {
		t.Fatalf("ping: %v", err)
	}

	conn, err := pgx.Connect(ctx, srv.DBURL())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "insert into public.todos values (2, 'mine', true)"); err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequest(http.MethodGet, srv.APIURL()+"/rest/v1/todos?select=id", nil)
	req.Header.Set("apikey", srv.Keys().Anon)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()

	res, err := in.Reset(ctx, tinybase.ResetOptions{})
	if err != nil {
		t.Fatalf("reset: %v", err)
	}
	if len(res.Migrations) != 2 || !res.Seeded {
		t.Errorf("reset applied %+v, want 2 migrations and the seed", res)
	}
	_, err = conn.Exec(ctx, "select 1")
	var pe *pgconn.PgError
	if !errors.As(err, &pe) || pe.Code != "57P01" {
		t.Fatalf("the open connection got %v, want 57P01", err)
	}
	conn2, err := pgx.Connect(ctx, srv.DBURL())
	if err != nil {
		t.Fatal(err)
	}
	defer conn2.Close(ctx)
	var n int
	if err := conn2.QueryRow(ctx, "select count(*) from public.todos").Scan(&n); err != nil || n != 1 {
		t.Errorf("after reset: %d rows, %v; want the seed's 1", n, err)
	}

	// --version: only the first migration, no seed.
	if _, err := in.Reset(ctx, tinybase.ResetOptions{Version: "20240101000000", NoSeed: true}); err != nil {
		t.Fatal(err)
	}
	conn3, err := pgx.Connect(ctx, srv.DBURL())
	if err != nil {
		t.Fatal(err)
	}
	defer conn3.Close(ctx)
	if err := conn3.QueryRow(ctx, "select count(*) from information_schema.columns where table_name = 'todos' and column_name = 'done'").Scan(&n); err != nil || n != 0 {
		t.Errorf("reset to the first version kept the second's column (%d, %v)", n, err)
	}
	if _, err := in.Reset(ctx, tinybase.ResetOptions{Version: "19990101000000"}); err == nil || !strings.Contains(err.Error(), "no migration with version 19990101000000") {
		t.Errorf("unknown version: %v", err)
	}

	var got []logs.Entry
	if err := in.Logs(ctx, nil, 0, false, func(e logs.Entry) bool { got = append(got, e); return true }); err != nil {
		t.Fatal(err)
	}
	var sawInsert, sawREST, saw57 bool
	for _, e := range got {
		sawInsert = sawInsert || (e.Service == logs.Postgres && strings.HasPrefix(e.SQL, "insert into public.todos") && e.Rows == 1 && e.Role == "postgres")
		sawREST = sawREST || (e.Service == logs.REST && e.Method == "GET" && e.Status == 200 && e.Role == "anon")
		saw57 = saw57 || strings.Contains(e.SQL, "db reset")
	}
	if !sawInsert || !sawREST || !saw57 {
		t.Errorf("logs lack the insert (%v), the REST request (%v) or the reset (%v): %+v", sawInsert, sawREST, saw57, got)
	}

	// A follower sees a new statement.
	fctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	seen := make(chan logs.Entry, 1)
	go in.Logs(fctx, []string{logs.Postgres}, srv.Logs.LastSeq(), true, func(e logs.Entry) bool { seen <- e; return false })
	deadline := time.After(10 * time.Second)
	for {
		if _, err := conn3.Exec(ctx, "select 42"); err != nil {
			t.Fatal(err)
		}
		select {
		case e := <-seen:
			if e.Service != logs.Postgres {
				t.Errorf("followed %+v", e)
			}
			return
		case <-time.After(50 * time.Millisecond):
		case <-deadline:
			t.Fatal("the follower saw nothing")
		}
	}
}

func TestControlNeedsTheToken(t *testing.T) {
	ctx := context.Background()
	cfg := tinybase.DefaultConfig("")
	cfg.APIPort, cfg.DBPort, cfg.InboxPort = 0, 0, 0
	p, err := tinybase.Open(ctx, tinybase.Options{Dir: project(t, nil), Config: &cfg})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := p.Serve(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown(ctx)
	in := &tinybase.Instance{PID: os.Getpid(), APIURL: srv.APIURL(), Token: "wrong"}
	if _, err := in.Reset(ctx, tinybase.ResetOptions{}); err == nil || !strings.Contains(err.Error(), "token") {
		t.Errorf("reset with a wrong token: %v", err)
	}
	in.PID = 1
	if err := in.Ping(ctx); err == nil {
		t.Error("ping accepted another pid")
	}
}
