package pgwire

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// LISTEN over the wire: an idle listener receives a NotificationResponse
// as soon as the notifying transaction commits, nothing for a rolled back
// one, and a session's own notifications arrive with its command's result.
func TestListenNotifyWire(t *testing.T) {
	_, url := startServer(t, Config{})
	ctx := context.Background()
	listener, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer listener.Close(ctx)
	sender, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer sender.Close(ctx)
	if _, err := listener.Exec(ctx, "listen ch"); err != nil {
		t.Fatal(err)
	}
	wait := func(d time.Duration) (string, error) {
		wctx, cancel := context.WithTimeout(ctx, d)
		defer cancel()
		n, err := listener.WaitForNotification(wctx)
		if err != nil {
			return "", err
		}
		if n.PID == 0 {
			t.Errorf("notification without PID")
		}
		return n.Channel + ":" + n.Payload, nil
	}
	exec := func(c *pgx.Conn, sql string) {
		t.Helper()
		if _, err := c.Exec(ctx, sql); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}

	exec(sender, "notify ch, 'autocommit'")
	if got, err := wait(5 * time.Second); err != nil || got != "ch:autocommit" {
		t.Fatalf("got %q, %v", got, err)
	}

	exec(sender, "begin")
	exec(sender, "select pg_notify('ch', 'in transaction')")
	if got, err := wait(200 * time.Millisecond); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("before commit: got %q, %v", got, err)
	}
	exec(sender, "commit")
	if got, err := wait(5 * time.Second); err != nil || got != "ch:in transaction" {
		t.Fatalf("after commit: got %q, %v", got, err)
	}

	exec(sender, "begin")
	exec(sender, "notify ch, 'rolled back'")
	exec(sender, "rollback")
	exec(sender, "notify other, 'elsewhere'")
	if got, err := wait(200 * time.Millisecond); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("after rollback: got %q, %v", got, err)
	}

	exec(listener, "notify ch, 'self'")
	wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	n, err := listener.WaitForNotification(wctx)
	if err != nil || n.Payload != "self" {
		t.Fatalf("own notification: got %v, %v", n, err)
	}
	if n.PID != listener.PgConn().PID() {
		t.Errorf("own notification from PID %d, the connection's BackendKeyData says %d", n.PID, listener.PgConn().PID())
	}
	exec(sender, "notify ch, 'from sender'")
	if n, err := listener.WaitForNotification(wctx); err != nil || n.PID != sender.PgConn().PID() {
		t.Fatalf("sender's notification: got %v, %v (sender PID %d)", n, err, sender.PgConn().PID())
	}

	exec(listener, "unlisten *")
	exec(sender, "notify ch, 'after unlisten'")
	if got, err := wait(200 * time.Millisecond); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("after UNLISTEN: got %q, %v", got, err)
	}
}
