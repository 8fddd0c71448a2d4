package pgwire

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

func TestOnStatement(t *testing.T) {
	var mu sync.Mutex
	var got []StatementInfo
	_, url := startServer(t, Config{OnStatement: func(s StatementInfo) {
		mu.Lock()
		got = append(got, s)
		mu.Unlock()
	}})
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "create table t (a int); insert into t values (1), (2)"); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := conn.QueryRow(ctx, "select count(*) from t where a > $1", 0).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(ctx, "select nope from t"); err == nil {
		t.Fatal("no error")
	}
	mu.Lock()
	defer mu.Unlock()
	want := []struct {
		sql, state string
		rows       int64
	}{
		{"create table t (a int)", "", -1},
		{"insert into t values (1), (2)", "", 2},
		{"select count(*) from t where a > $1", "", 1},
		{"select nope from t", "42703", -1},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d statements, want %d: %+v", len(got), len(want), got)
	}
	for i, w := range want {
		g := got[i]
		if g.SQL != w.sql || g.SQLState != w.state || g.Rows != w.rows || g.User != "postgres" || g.Role != "postgres" || g.Duration <= 0 {
			t.Errorf("statement %d = %+v, want sql %q state %q rows %d", i, g, w.sql, w.state, w.rows)
		}
	}
}

func TestTerminateAll(t *testing.T) {
	srv, url := startServer(t, Config{})
	ctx := context.Background()
	idle, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer idle.Close(ctx)
	busy, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close(ctx)
	// One busy connection on the simple protocol, one on the extended.
	busyExt, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer busyExt.Close(ctx)
	busyErr := make(chan error, 2)
	go func() {
		_, err := busy.Exec(ctx, "select pg_sleep(30)")
		busyErr <- err
	}()
	go func() {
		_, err := busyExt.Exec(ctx, "select pg_sleep(30) where $1::int = 1", 1)
		busyErr <- err
	}()
	time.Sleep(300 * time.Millisecond) // let the sleeps start
	srv.TerminateAll()

	for range 2 {
		select {
		case err := <-busyErr:
			var pe *pgconn.PgError
			if !errors.As(err, &pe) || pe.Code != "57P01" || pe.Severity != "FATAL" {
				t.Errorf("busy connection got %v, want FATAL 57P01", err)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("a busy statement was not cancelled")
		}
	}
	_, err = idle.Exec(ctx, "select 1")
	var pe *pgconn.PgError
	if !errors.As(err, &pe) || pe.Code != "57P01" || pe.Message != "terminating connection due to administrator command" {
		t.Errorf("idle connection got %v, want FATAL 57P01", err)
	}
	again, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatalf("reconnect: %v", err)
	}
	defer again.Close(ctx)
	if _, err := again.Exec(ctx, "select 1"); err != nil {
		t.Errorf("after reconnect: %v", err)
	}
}

// BenchmarkStatementLog compares a simple query without a statement hook,
// with a no-op hook, and with the hook tinybase start uses (a logs.Set
// entry per statement is measured in package tinybase; here the hook's
// own bookkeeping).
func BenchmarkStatementLog(b *testing.B) {
	for _, bc := range []struct {
		name string
		hook func(StatementInfo)
	}{{"none", nil}, {"noop", func(StatementInfo) {}}} {
		b.Run(bc.name, func(b *testing.B) {
			_, url := startServer(b, Config{OnStatement: bc.hook})
			ctx := context.Background()
			conn, err := pgx.Connect(ctx, url)
			if err != nil {
				b.Fatal(err)
			}
			defer conn.Close(ctx)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := conn.Exec(ctx, "select 1", pgx.QueryExecModeSimpleProtocol); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
