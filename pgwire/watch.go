package pgwire

import (
	"bytes"
	"errors"
	"net"
	"os"
	"sync"
	"time"
)

// watchedConn lets the server notice a client that disconnects while a
// statement runs: after watchDelay a watcher goroutine blocks in Read; an
// EOF or reset cancels the statement, and bytes the client pipelined
// meanwhile are kept for the message reader.
type watchedConn struct {
	net.Conn
	mu      sync.Mutex
	pending []byte
	// the running statement's watch (watch): the connection's timer, the
	// statement's cancel, armed until its watcher starts, the watcher's
	// done once started, and stop (unwatch, bound once)
	timer  *time.Timer
	cancel func()
	armed  bool
	done   chan struct{}
	stop   func()
}

var terminateMsg = []byte{'X', 0, 0, 0, 4}

// watchDelay is how long a statement runs before its connection is
// watched; short statements never pay for the watcher.
const watchDelay = 50 * time.Millisecond

func (w *watchedConn) Read(b []byte) (int, error) {
	w.mu.Lock()
	if len(w.pending) > 0 {
		n := copy(b, w.pending)
		w.pending = w.pending[n:]
		w.mu.Unlock()
		return n, nil
	}
	w.mu.Unlock()
	return w.Conn.Read(b)
}

// watch starts watching after watchDelay; the returned stop ends the watch
// and waits for the watcher. A connection runs one statement at a time, so
// one timer serves all of them, re-armed per statement: a statement that
// ends before watchDelay allocates nothing for its watch.
func (w *watchedConn) watch(cancel func()) (stop func()) {
	w.mu.Lock()
	w.cancel, w.armed = cancel, true
	if w.timer == nil {
		w.timer = time.AfterFunc(watchDelay, w.startWatcher)
		w.stop = w.unwatch
	} else {
		w.timer.Reset(watchDelay)
	}
	w.mu.Unlock()
	return w.stop
}

// startWatcher starts the watcher goroutine of the armed statement (the
// timer's function). A run of the timer's function that a statement's stop
// could not cancel any more may start the next statement's watcher early,
// which only costs that statement a goroutine.
func (w *watchedConn) startWatcher() {
	w.mu.Lock()
	if !w.armed {
		w.mu.Unlock()
		return
	}
	w.armed = false
	cancel := w.cancel
	done := make(chan struct{})
	w.done = done
	w.mu.Unlock()
	go func() {
		defer close(done)
		buf := make([]byte, 4096)
		for {
			n, err := w.Conn.Read(buf)
			if n > 0 {
				w.mu.Lock()
				w.pending = append(w.pending, buf[:n]...)
				terminated := bytes.HasPrefix(w.pending, terminateMsg)
				w.mu.Unlock()
				if terminated {
					cancel() // the client said goodbye mid-statement
				}
			}
			if err != nil {
				if !errors.Is(err, os.ErrDeadlineExceeded) {
					cancel() // the client is gone
				}
				return
			}
		}
	}()
}

// unwatch ends the running statement's watch, waiting for its watcher.
func (w *watchedConn) unwatch() {
	w.timer.Stop()
	w.mu.Lock()
	w.armed = false
	done := w.done
	w.done, w.cancel = nil, nil
	w.mu.Unlock()
	if done != nil {
		_ = w.Conn.SetReadDeadline(time.Unix(1, 0))
		<-done
		_ = w.Conn.SetReadDeadline(time.Time{})
	}
}
