package pgwire

import (
	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// TerminateAll ends every open connection as pg_terminate_backend does:
// the client gets FATAL 57P01 "terminating connection due to
// administrator command" and may reconnect; the server keeps accepting.
// An idle connection is told at once; a busy one has its statement
// cancelled and is told when the statement ends. `tinybase db reset` on a
// running instance calls it before replacing the database.
func (s *Server) TerminateAll() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for c := range s.conns {
		c.terminate()
	}
}

// signal is the session's hook for pg_cancel_backend and
// pg_terminate_backend, called from the signalling session's goroutine.
func (c *conn) signal(sig engine.Signal) {
	if sig == engine.SignalTerminate {
		c.terminate()
		return
	}
	c.cancelQuery()
}

func (c *conn) terminate() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return
	}
	c.closed, c.terminated = true, true
	if c.cancelFn != nil {
		c.cancelFn()
	}
	if !c.busy {
		// The connection's goroutine is blocked reading and has flushed
		// everything it wrote: the error can be written here.
		buf, err := errorResponse(adminShutdown(), 0).Encode(nil)
		if err == nil {
			_, _ = c.nc.Write(buf)
		}
		c.nc.Close()
		c.terminated = false
	}
}

// terminatedError is what loop returns once the connection is closed:
// the 57P01 FATAL a busy connection is owed, or nothing.
func (c *conn) terminatedError() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.terminated {
		return adminShutdown()
	}
	return nil
}

func adminShutdown() *pgerror.Error {
	return fatal(codeAdminShutdown, "terminating connection due to administrator command")
}

// takeTermination reports whether TerminateAll ended this busy
// connection, clearing it: the caller sends the 57P01 itself.
func (c *conn) takeTermination() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := c.terminated
	c.terminated = false
	return t
}
