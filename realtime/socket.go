package realtime

import (
	"encoding/json"
	"net/http"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// Socket limits.
const (
	maxFrame     = 1 << 20 // bytes of one incoming frame
	writeTimeout = 10 * time.Second
)

// Close codes and reasons of the disconnections this package starts.
const (
	closeSlowConsumer = websocket.StatusPolicyViolation // 1008
	reasonSlow        = "too many messages queued for a slow client"
)

// conn is one websocket client.
type conn struct {
	s      *Server
	ws     *websocket.Conn
	vsn    string
	apikey string

	raw *batchConn // the socket under ws: data frames are written here

	// Outgoing frames wait in queue (at most SendQueue) until the
	// writer takes them all; wake tells it there are some.
	qmu      sync.Mutex
	queue    []frame
	spare    []frame // the array of the last batch written (under raw.mu)
	wake     chan struct{}
	done     chan struct{}
	shutOnce sync.Once

	mu       sync.Mutex
	channels map[string]*channel // by topic
}

// frame is one outgoing websocket message, framed (wsFrame).
type frame struct {
	wire []byte
}

func (s *Server) serveSocket(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	key := r.Header.Get("x-api-key")
	if key == "" {
		key = q.Get("apikey")
	}
	if key == "" {
		writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "API key is missing"})
		return
	}
	if _, jerr := s.verify(key); jerr != nil {
		writeJSON(w, http.StatusUnauthorized, map[string]string{"error": jerr.connectMessage()})
		return
	}
	vsn := q.Get("vsn")
	switch vsn {
	case "", vsn1:
		vsn = vsn1
	case vsn2:
	default:
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "unsupported vsn " + vsn})
		return
	}
	s.mu.Lock()
	closed := s.closed
	s.mu.Unlock()
	if closed {
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"error": "Realtime is restarting, please standby"})
		return
	}
	bw := &batchWriter{ResponseWriter: w}
	ws, err := websocket.Accept(bw, r, &websocket.AcceptOptions{InsecureSkipVerify: true})
	if err != nil {
		return // Accept wrote the HTTP error
	}
	ws.SetReadLimit(maxFrame)
	c := &conn{s: s, ws: ws, raw: bw.conn, vsn: vsn, apikey: key, wake: make(chan struct{}, 1),
		done: make(chan struct{}), channels: map[string]*channel{}}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		ws.CloseNow()
		return
	}
	s.conns[c] = struct{}{}
	s.wg.Add(2)
	s.mu.Unlock()
	go c.writeLoop()
	c.readLoop() // on the handler's goroutine: the HTTP server owns the connection
}

func (c *conn) readLoop() {
	defer c.s.wg.Done()
	defer c.shut()
	for {
		typ, data, err := c.ws.Read(c.s.ctx)
		if err != nil {
			return
		}
		var m message
		if typ == websocket.MessageBinary {
			if c.vsn != vsn2 {
				continue
			}
			m, err = decodeBinary(data)
		} else {
			m, err = decodeText(c.vsn, data)
		}
		if err != nil {
			// Phoenix drops a frame it cannot decode and keeps the socket.
			continue
		}
		c.handle(m)
	}
}

// writeLoop sends the queued frames, everything queued since its last
// write in one write to the socket.
func (c *conn) writeLoop() {
	defer c.s.wg.Done()
	for {
		select {
		case <-c.wake:
		case <-c.done:
			return
		}
		c.raw.mu.Lock()
		batch := c.takeQueue()
		err := c.raw.writeFramesLocked(batch)
		c.giveBack(batch)
		c.raw.mu.Unlock()
		if err != nil {
			c.shut()
			return
		}
	}
}

// tryFlush writes the queued frames from the caller's goroutine if that
// needs no waiting, else leaves them to the writer goroutine.
func (c *conn) tryFlush() {
	if !c.raw.mu.TryLock() {
		c.notify() // the writer is at it
		return
	}
	if c.raw.rc == nil || c.raw.stopped || len(c.raw.pending) > 0 {
		c.raw.mu.Unlock()
		c.notify()
		return
	}
	batch := c.takeQueue()
	ok := c.raw.tryWriteLocked(batch)
	c.giveBack(batch)
	c.raw.mu.Unlock()
	if !ok {
		c.notify()
	}
}

// takeQueue returns the queued frames, leaving the queue empty; the
// caller holds c.raw.mu, so frames leave in the order they came.
func (c *conn) takeQueue() []frame {
	c.qmu.Lock()
	batch := c.queue
	c.queue = c.spare[:0]
	c.qmu.Unlock()
	return batch
}

// giveBack keeps a written batch's array for the queue (under c.raw.mu).
func (c *conn) giveBack(batch []frame) {
	clear(batch) // the frames' bytes can go
	c.spare = batch[:0]
}

// send queues a frame and wakes the writer; a full queue disconnects
// the client.
func (c *conn) send(f frame) {
	if c.enqueue(f) {
		c.notify()
	}
}

// enqueue queues a frame without waking the writer: the caller calls
// notify when it has queued what it has (true: this queue was empty).
func (c *conn) enqueue(f frame) bool {
	select {
	case <-c.done:
		return false
	default:
	}
	c.qmu.Lock()
	n := len(c.queue)
	full := n >= c.s.cfg.SendQueue
	if !full {
		c.queue = append(c.queue, f)
	}
	c.qmu.Unlock()
	if full {
		c.s.cfg.Logger.Warn("realtime: disconnecting a slow client", "queued", n)
		c.closeWith(closeSlowConsumer, reasonSlow)
		return false
	}
	return n == 0
}

// notify wakes the writer.
func (c *conn) notify() {
	select {
	case c.wake <- struct{}{}:
	default: // already awake or about to be
	}
}

// push sends a message in the socket's protocol version.
func (c *conn) push(joinRef, ref json.RawMessage, topic, event string, payload []byte) {
	c.send(frame{wire: wsFrame(false, encode(c.vsn, joinRef, ref, topic, event, payload))})
}

// reply sends a phx_reply.
func (c *conn) reply(m message, status string, response any) {
	c.push(m.JoinRef, m.Ref, m.Topic, "phx_reply", replyPayload(status, response))
}

// closeWith ends the connection with a close frame.
func (c *conn) closeWith(code websocket.StatusCode, why string) {
	c.shutOnce.Do(func() {
		close(c.done)
		c.raw.stop()
		// The close handshake waits for the client: not on the caller's
		// goroutine, which may be delivering to other clients.
		c.s.wg.Add(1)
		go func() {
			defer c.s.wg.Done()
			_ = c.ws.Close(code, why)
		}()
		c.cleanup()
	})
}

// shut ends the connection at once (the client went away, or the
// server is closing).
func (c *conn) shut() {
	c.shutOnce.Do(func() {
		close(c.done)
		c.ws.CloseNow()
		c.cleanup()
	})
}

func (c *conn) cleanup() {
	c.mu.Lock()
	chans := make([]*channel, 0, len(c.channels))
	for _, ch := range c.channels {
		chans = append(chans, ch)
	}
	c.channels = map[string]*channel{}
	c.mu.Unlock()
	for _, ch := range chans {
		c.s.leave(ch)
	}
	c.s.mu.Lock()
	delete(c.s.conns, c)
	c.s.mu.Unlock()
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
