package realtime

import (
	"bufio"
	"encoding/binary"
	"errors"
	"net"
	"net/http"
	"sync"
	"syscall"
	"time"
	"unsafe"

	"github.com/coder/websocket"
)

// The websocket library writes each message with its own write syscall
// and a few locks and channel operations, and each connection's writer
// goroutine had to be woken for every change; at 100 subscribers that
// was most of a change's cost. So outgoing messages are framed here and
// a connection's queued frames leave in one write on the socket under
// the library: server frames are unmasked and, without compression
// (never negotiated here), a header and the payload (RFC 6455, section
// 5.2). The dispatcher writes the frames of postgres_changes itself,
// without blocking (tryFlush); only what a full socket does not take is
// left to the connection's writer goroutine, which may wait.
//
// The library still reads, and writes its control frames (pong, close);
// batchConn serializes the two writers at frame boundaries, which hold
// because a control frame (at most 125 bytes of payload) reaches the
// socket in one write from the library's buffer.

// batchConn is the hijacked socket under a websocket connection.
type batchConn struct {
	net.Conn
	rc syscall.RawConn // for writes that must not block; nil: none

	mu      sync.Mutex // serializes writes to Conn
	stopped bool       // no more data frames: a close frame may follow
	pending []byte     // of frames a non-blocking write left unwritten
	iov     net.Buffers

	// tryWriteLocked's writev, made once: rc.Write would otherwise
	// allocate a closure per call.
	try    func(fd uintptr) bool
	tryIov []syscall.Iovec
	tryN   int
	tryErr error
}

// errStopped is the answer to a write of frames once stop was called.
var errStopped = errors.New("realtime: connection closing")

// Write is the websocket library's path to the socket.
func (c *batchConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.writePendingLocked(); err != nil {
		return 0, err
	}
	return c.Conn.Write(p)
}

// stop refuses further data frames, so that none follows the close frame
// the library is about to send.
func (c *batchConn) stop() {
	c.mu.Lock()
	c.stopped = true
	c.mu.Unlock()
}

// wsFrame frames a message: an unmasked, final frame's header, then
// the payload, in one slice that many connections can share.
func wsFrame(bin bool, payload []byte) []byte {
	op := byte(websocket.MessageText)
	if bin {
		op = byte(websocket.MessageBinary)
	}
	b := make([]byte, 0, 10+len(payload))
	b = append(b, 0x80|op) // FIN
	switch n := len(payload); {
	case n < 126:
		b = append(b, byte(n))
	case n <= 0xffff:
		b = append(b, 126)
		b = binary.BigEndian.AppendUint16(b, uint16(n))
	default:
		b = append(b, 127)
		b = binary.BigEndian.AppendUint64(b, uint64(n))
	}
	return append(b, payload...)
}

// writeDeadlined writes with writeTimeout as the deadline.
func (c *batchConn) writeDeadlined(w func() error) error {
	_ = c.Conn.SetWriteDeadline(time.Now().Add(writeTimeout))
	err := w()
	_ = c.Conn.SetWriteDeadline(time.Time{})
	return err
}

func (c *batchConn) writePendingLocked() error {
	if len(c.pending) == 0 {
		return nil
	}
	err := c.writeDeadlined(func() error {
		_, err := c.Conn.Write(c.pending)
		return err
	})
	c.pending = c.pending[:0]
	return err
}

// writeFramesLocked sends frames, after anything pending, in one write
// (writev) that may wait up to writeTimeout.
func (c *batchConn) writeFramesLocked(frames []frame) error {
	if c.stopped {
		return errStopped
	}
	if err := c.writePendingLocked(); err != nil || len(frames) == 0 {
		return err
	}
	iov := c.iov[:0]
	for _, f := range frames {
		iov = append(iov, f.wire)
	}
	err := c.writeDeadlined(func() error {
		out := iov // WriteTo consumes its receiver
		_, err := out.WriteTo(c.Conn)
		return err
	})
	clear(iov) // drop the frames
	c.iov = iov[:0]
	return err
}

// maxIovecs is how many slices one writev takes (Linux's IOV_MAX).
const maxIovecs = 1024

// tryWriteLocked sends frames with writes that do not wait (writev from
// the frames' own slices): what the socket does not take now stays
// pending, and it returns false (the caller wakes the writer
// goroutine).
func (c *batchConn) tryWriteLocked(frames []frame) bool {
	if c.rc == nil || c.stopped || len(c.pending) > 0 {
		return false
	}
	for len(frames) > 0 {
		chunk := frames[:min(len(frames), maxIovecs)]
		frames = frames[len(chunk):]
		iov, total := c.tryIov[:0], 0
		for _, f := range chunk {
			if len(f.wire) > 0 {
				v := syscall.Iovec{Base: &f.wire[0]}
				v.SetLen(len(f.wire))
				iov = append(iov, v)
				total += len(f.wire)
			}
		}
		c.tryIov = iov
		n := 0
		for n < total {
			err := c.rc.Write(c.try)
			m, werr := c.tryN, c.tryErr
			c.tryErr = nil
			if err != nil || werr != nil || m <= 0 {
				if werr == syscall.EINTR {
					continue
				}
				break
			}
			n += m
			if n < total {
				c.tryIov = advance(c.tryIov, m)
			}
		}
		clear(iov) // drop the frames
		c.tryIov = iov[:0]
		if n < total {
			// Keep the unwritten bytes, in order, for the writer goroutine.
			for _, f := range chunk {
				if n >= len(f.wire) {
					n -= len(f.wire)
					continue
				}
				c.pending = append(c.pending, f.wire[n:]...)
				n = 0
			}
			for _, f := range frames {
				c.pending = append(c.pending, f.wire...)
			}
			return false
		}
	}
	return true
}

// advance drops the first n bytes from iov.
func advance(iov []syscall.Iovec, n int) []syscall.Iovec {
	for n > 0 && len(iov) > 0 {
		l := int(iov[0].Len)
		if n < l {
			iov[0].Base = (*byte)(unsafe.Add(unsafe.Pointer(iov[0].Base), n))
			iov[0].SetLen(l - n)
			return iov
		}
		n -= l
		iov = iov[1:]
	}
	return iov
}

// writev writes iov to the socket fd (non-blocking, as Go opens it).
func writev(fd uintptr, iov []syscall.Iovec) (int, error) {
	if len(iov) == 0 {
		return 0, nil
	}
	n, _, errno := syscall.Syscall(syscall.SYS_WRITEV, fd, uintptr(unsafe.Pointer(&iov[0])), uintptr(len(iov)))
	if errno != 0 {
		return 0, errno
	}
	return int(n), nil
}

// batchWriter hands the websocket library a batchConn when it hijacks
// the HTTP connection.
type batchWriter struct {
	http.ResponseWriter
	conn *batchConn
}

func (w *batchWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	nc, brw, err := http.NewResponseController(w.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	// The 101 response is flushed before the hijack; flush again in case
	// a server buffered it.
	if err := brw.Writer.Flush(); err != nil {
		nc.Close()
		return nil, nil, err
	}
	c := &batchConn{Conn: nc}
	if sc, ok := nc.(syscall.Conn); ok {
		if rc, err := sc.SyscallConn(); err == nil {
			c.rc = rc
			c.try = func(fd uintptr) bool {
				c.tryN, c.tryErr = writev(fd, c.tryIov)
				return true // never wait for the poller
			}
		}
	}
	w.conn = c
	return w.conn, bufio.NewReadWriter(brw.Reader, bufio.NewWriter(w.conn)), nil
}

// Unwrap lets http.ResponseController reach the server's writer.
func (w *batchWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
