package pgwire

import (
	"sync"
	"sync/atomic"

	"github.com/jackc/pgx/v5/pgproto3"
	"github.com/tinybase/tinybase/engine"
)

// Asynchronous notifications (PostgreSQL docs: 55.2.7 Asynchronous
// Operations; LISTEN): a session's notifications are sent as
// NotificationResponse messages before ReadyForQuery when the session is
// outside a transaction block, and to a client that sits idle outside a
// transaction block as soon as they are committed — pgx's
// WaitForNotification and psql's "Asynchronous notification ... received"
// rely on the latter.
type notifier struct {
	once    sync.Once
	started atomic.Bool // the sender goroutine runs
	wake    chan struct{}
	done    chan struct{}
	idle    bool // under conn.mu: ReadyForQuery 'I' flushed, no message being processed
}

// watchNotifications hooks the session's inbox to the connection.
func (c *conn) watchNotifications() {
	c.notes.done = make(chan struct{})
	c.sess.OnNotification(c.notifyWake)
}

// notificationMessage is n as the client sees it: the notifying session's
// process ID, which its connection reported in BackendKeyData, so a
// client can tell its own notifications apart.
func (c *conn) notificationMessage(n engine.Notification) *pgproto3.NotificationResponse {
	return &pgproto3.NotificationResponse{PID: uint32(n.PID), Channel: n.Channel, Payload: n.Payload}
}

// notifyWake runs on the notifying session's goroutine: it only signals.
func (c *conn) notifyWake() {
	c.notes.once.Do(func() {
		c.notes.wake = make(chan struct{}, 1)
		c.notes.started.Store(true)
		go c.notifyLoop()
	})
	select {
	case c.notes.wake <- struct{}{}:
	default:
	}
}

func (c *conn) notifyLoop() {
	for {
		select {
		case <-c.notes.done:
			return
		case <-c.notes.wake:
		}
		c.mu.Lock()
		if c.notes.idle && !c.busy && !c.closed {
			var buf []byte
			for _, n := range c.sess.Notifications() {
				buf, _ = c.notificationMessage(n).Encode(buf)
			}
			if len(buf) > 0 {
				_, _ = c.nc.Write(buf) // a failed write ends the connection's next read
			}
		}
		c.mu.Unlock()
	}
}

// sendNotifications queues the session's notifications before a
// ReadyForQuery that reports no transaction block.
func (c *conn) sendNotifications() {
	if c.sess.TxStatus() != 'I' {
		return
	}
	for _, n := range c.sess.Notifications() {
		c.be.Send(c.notificationMessage(n))
	}
}

// markIdle records that the client was told ReadyForQuery; notifications
// arriving from now on are sent at once. Any that arrived after
// sendNotifications ran are sent by the wake it makes.
func (c *conn) markIdle() {
	c.mu.Lock()
	c.notes.idle = c.sess.TxStatus() == 'I'
	c.mu.Unlock()
	if c.notes.idle && c.notes.started.Load() {
		c.notifyWake()
	}
}

// stopNotifications ends the connection's notification sender.
func (c *conn) stopNotifications() {
	if c.notes.done != nil {
		close(c.notes.done)
	}
}
