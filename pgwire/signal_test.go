package pgwire

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// TestSignalBackend checks pg_cancel_backend and pg_terminate_backend
// over the wire: a cancelled statement fails with 57014 and leaves its
// connection usable; a terminated connection, busy or idle, gets FATAL
// 57P01 and is gone; the process ID they take is the one BackendKeyData
// reported; and a role signals only sessions of roles whose privileges it
// has, or with pg_signal_backend's.
func TestSignalBackend(t *testing.T) {
	_, url := startServer(t, Config{})
	ctx := context.Background()
	connect := func(url string) *pgx.Conn {
		c, err := pgx.Connect(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close(ctx) })
		return c
	}
	a, b := connect(url), connect(url)
	var pidA uint32
	if err := a.QueryRow(ctx, "select pg_backend_pid()").Scan(&pidA); err != nil {
		t.Fatal(err)
	}
	if pidA != a.PgConn().PID() {
		t.Fatalf("pg_backend_pid() = %d, BackendKeyData's = %d", pidA, a.PgConn().PID())
	}
	signal := func(c *pgx.Conn, q string, pid uint32) (bool, error) {
		var ok bool
		err := c.QueryRow(ctx, fmt.Sprintf(q, pid)).Scan(&ok)
		return ok, err
	}
	// sleeping runs pg_sleep on c and waits until b sees it wait
	sleeping := func(c *pgx.Conn) chan error {
		done := make(chan error, 1)
		go func() {
			_, err := c.Exec(ctx, "select pg_sleep(30)")
			done <- err
		}()
		deadline := time.Now().Add(5 * time.Second)
		for {
			var n int
			if err := b.QueryRow(ctx, "select count(*) from pg_stat_activity where pid = $1 and wait_event = 'PgSleep'", int32(c.PgConn().PID())).Scan(&n); err != nil {
				t.Fatal(err)
			}
			if n == 1 {
				return done
			}
			if time.Now().After(deadline) {
				t.Fatal("pg_sleep never showed in pg_stat_activity")
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	code := func(err error) string {
		var pe *pgconn.PgError
		if errors.As(err, &pe) {
			return pe.Severity + " " + pe.Code
		}
		return fmt.Sprint(err)
	}

	done := sleeping(a)
	if ok, err := signal(b, "select pg_cancel_backend(%d)", pidA); err != nil || !ok {
		t.Fatalf("pg_cancel_backend: %v %v", ok, err)
	}
	if got := code(<-done); got != "ERROR 57014" {
		t.Fatalf("cancelled statement: %s, want ERROR 57014", got)
	}
	var one int
	if err := a.QueryRow(ctx, "select 1").Scan(&one); err != nil {
		t.Fatalf("after a cancel the connection stays usable: %v", err)
	}

	done = sleeping(a)
	if ok, err := signal(b, "select pg_terminate_backend(%d, 5000)", pidA); err != nil || !ok {
		t.Fatalf("pg_terminate_backend of a busy session: %v %v", ok, err)
	}
	if got := code(<-done); got != "FATAL 57P01" {
		t.Fatalf("terminated statement: %s, want FATAL 57P01", got)
	}

	c := connect(url)
	pidC := c.PgConn().PID()
	if ok, err := signal(b, "select pg_terminate_backend(%d, 5000)", pidC); err != nil || !ok {
		t.Fatalf("pg_terminate_backend of an idle session: %v %v", ok, err)
	}
	if _, err := c.Exec(ctx, "select 1"); err == nil {
		t.Fatal("a terminated idle connection still answered")
	}

	// privileges: a plain role signals its own role's sessions only
	for _, q := range []string{
		"create role sig_low login password 'pw'",
		"create role sig_other login password 'pw'",
		"create role sig_admin login password 'pw' in role pg_signal_backend",
	} {
		if _, err := b.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	as := func(role string) *pgx.Conn {
		return connect(strings.Replace(url, "postgres:postgres@", role+":pw@", 1))
	}
	low, other, admin := as("sig_low"), as("sig_other"), as("sig_admin")
	_, err := signal(other, "select pg_cancel_backend(%d)", low.PgConn().PID())
	var pe *pgconn.PgError
	if !errors.As(err, &pe) || pe.Code != "42501" || pe.Message != "must be a member of the role whose query is being canceled or member of pg_signal_backend" {
		t.Fatalf("another role's cancel: %v", err)
	}
	if _, err := signal(admin, "select pg_cancel_backend(%d)", b.PgConn().PID()); !errors.As(err, &pe) || pe.Message != "must be a superuser to cancel superuser query" {
		t.Fatalf("cancelling a superuser's session: %v", err)
	}
	if ok, err := signal(admin, "select pg_cancel_backend(%d)", low.PgConn().PID()); err != nil || !ok {
		t.Fatalf("pg_signal_backend's cancel: %v %v", ok, err)
	}
	low2 := as("sig_low")
	if ok, err := signal(low2, "select pg_terminate_backend(%d, 5000)", low.PgConn().PID()); err != nil || !ok {
		t.Fatalf("a role terminating its own other session: %v %v", ok, err)
	}
}
