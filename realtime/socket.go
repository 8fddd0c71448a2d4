package realtime

import (
	"context"
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

	out      chan frame
	done     chan struct{}
	shutOnce sync.Once

	mu       sync.Mutex
	channels map[string]*channel // by topic
}

// frame is one outgoing websocket message.
type frame struct {
	binary bool
	data   []byte
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
	ws, err := websocket.Accept(w, r, &websocket.AcceptOptions{InsecureSkipVerify: true})
	if err != nil {
		return // Accept wrote the HTTP error
	}
	ws.SetReadLimit(maxFrame)
	c := &conn{s: s, ws: ws, vsn: vsn, apikey: key, out: make(chan frame, s.cfg.SendQueue),
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

func (c *conn) writeLoop() {
	defer c.s.wg.Done()
	for {
		select {
		case f := <-c.out:
			ctx, cancel := context.WithTimeout(c.s.ctx, writeTimeout)
			typ := websocket.MessageText
			if f.binary {
				typ = websocket.MessageBinary
			}
			err := c.ws.Write(ctx, typ, f.data)
			cancel()
			if err != nil {
				c.shut()
				return
			}
		case <-c.done:
			return
		}
	}
}

// send queues a frame; a full queue disconnects the client.
func (c *conn) send(f frame) {
	select {
	case <-c.done:
		return
	default:
	}
	select {
	case c.out <- f:
	default:
		c.s.cfg.Logger.Warn("realtime: disconnecting a slow client", "queued", len(c.out))
		c.closeWith(closeSlowConsumer, reasonSlow)
	}
}

// push sends a message in the socket's protocol version.
func (c *conn) push(joinRef, ref json.RawMessage, topic, event string, payload []byte) {
	c.send(frame{data: encode(c.vsn, joinRef, ref, topic, event, payload)})
}

// reply sends a phx_reply.
func (c *conn) reply(m message, status string, response any) {
	c.push(m.JoinRef, m.Ref, m.Topic, "phx_reply", replyPayload(status, response))
}

// closeWith ends the connection with a close frame.
func (c *conn) closeWith(code websocket.StatusCode, why string) {
	c.shutOnce.Do(func() {
		close(c.done)
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
