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
// and waits for the watcher.
func (w *watchedConn) watch(cancel func()) (stop func()) {
	var (
		mu      sync.Mutex
		started bool
		stopped bool
		done    = make(chan struct{})
	)
	timer := time.AfterFunc(watchDelay, func() {
		mu.Lock()
		if stopped {
			mu.Unlock()
			return
		}
		started = true
		mu.Unlock()
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
	})
	return func() {
		timer.Stop()
		mu.Lock()
		stopped = true
		s := started
		mu.Unlock()
		if s {
			_ = w.Conn.SetReadDeadline(time.Unix(1, 0))
			<-done
			_ = w.Conn.SetReadDeadline(time.Time{})
		}
	}
}
