package realtime

import (
	"context"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/tinybase/tinybase/engine"
)

// Config configures a Server.
type Config struct {
	// Engine is the database whose committed changes are streamed.
	Engine *engine.Engine
	// Postgres, when Engine is nil, is a PostgreSQL with the Supabase
	// bootstrap (`tinybase start --db-url`): postgres_changes come from
	// logical replication of its supabase_realtime publication
	// (pgfeed.go; wal_level=logical), private channels are authorized
	// and realtime.messages cleaned on it.
	Postgres *pgxpool.Pool
	// JWTSecret verifies apikeys and access tokens (HS256).
	JWTSecret string
	// Logger receives one line per failed connection; nil discards.
	Logger *slog.Logger
	// SendQueue bounds each connection's queue of outgoing frames
	// (default 1024); a client that lets it fill is disconnected.
	SendQueue int
	// ChangeQueue bounds the commits waiting for the dispatcher (default
	// 10000); past it commits are dropped and counted (Stats).
	ChangeQueue int
	// Coalesce is how often, at most, postgres_changes frames are
	// written to a connection while changes arrive in a steady stream
	// (on average more than one per quarter of it); each write carries
	// every frame queued since. When a round of writes takes long the
	// interval grows, to at most 100ms (Supabase Realtime polls for
	// changes every 100ms). A change after a quieter spell is sent at
	// once. Default 20ms; negative: every change at once.
	Coalesce time.Duration
	// MessageRetention is how long rows of realtime.messages are kept
	// (default 72 hours, Realtime's); JanitorInterval how often older
	// ones are deleted (default an hour). A negative interval disables it.
	MessageRetention time.Duration
	JanitorInterval  time.Duration
	// Now is the janitor's clock (default time.Now).
	Now func() time.Time
}

// Server serves /realtime/v1 (mount it with that prefix stripped).
type Server struct {
	cfg Config
	ctx context.Context
	end context.CancelFunc
	wg  sync.WaitGroup // connections and the dispatcher

	mu       sync.Mutex
	conns    map[*conn]struct{}
	topics   map[string]map[*channel]struct{} // joined channels by room (roomOf)
	presence map[string]*presenceState        // by topic
	closed   bool

	changes *changeFeed
	pg      *pgFeed // Config.Postgres's replication; nil on an engine
}

// New returns a server; Close ends its connections.
func New(cfg Config) *Server {
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.SendQueue <= 0 {
		cfg.SendQueue = 1024
	}
	if cfg.ChangeQueue <= 0 {
		cfg.ChangeQueue = 10000
	}
	if cfg.Coalesce == 0 {
		cfg.Coalesce = 20 * time.Millisecond
	}
	if cfg.MessageRetention <= 0 {
		cfg.MessageRetention = 72 * time.Hour
	}
	if cfg.JanitorInterval == 0 {
		cfg.JanitorInterval = time.Hour
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	ctx, end := context.WithCancel(context.Background())
	s := &Server{cfg: cfg, ctx: ctx, end: end, conns: map[*conn]struct{}{},
		topics: map[string]map[*channel]struct{}{}, presence: map[string]*presenceState{}}
	s.changes = newChangeFeed(s)
	if cfg.Engine == nil && cfg.Postgres != nil {
		s.pg = &pgFeed{s: s, emit: s.changes.enqueueListened}
		s.wg.Add(1)
		go s.pg.run()
	}
	if cfg.JanitorInterval >= 0 {
		s.wg.Add(1)
		go s.janitor()
	}
	return s
}

// ServeHTTP routes /websocket and /api/broadcast.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch p := strings.TrimSuffix(r.URL.Path, "/"); {
	case p == "/websocket":
		s.serveSocket(w, r)
	case p == "/api/broadcast" && r.Method == http.MethodPost:
		s.serveBroadcast(w, r)
	case strings.HasPrefix(p, "/api/broadcast/") && r.Method == http.MethodPost:
		s.serveBroadcastEvent(w, r, strings.TrimPrefix(p, "/api/broadcast/"))
	default:
		writeJSON(w, http.StatusNotFound, map[string]string{"error": "Not found"})
	}
}

// Close disconnects every client and stops the dispatcher.
func (s *Server) Close() error {
	s.mu.Lock()
	s.closed = true
	conns := make([]*conn, 0, len(s.conns))
	for c := range s.conns {
		conns = append(conns, c)
	}
	s.mu.Unlock()
	s.end()
	for _, c := range conns {
		c.shut()
	}
	s.changes.stop()
	s.wg.Wait()
	return nil
}

// join registers ch under its topic.
func (s *Server) join(ch *channel) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.topics[ch.room]
	if m == nil {
		m = map[*channel]struct{}{}
		s.topics[ch.room] = m
	}
	m[ch] = struct{}{}
	s.changes.attach()
}

// leave removes ch from its topic and presence.
func (s *Server) leave(ch *channel) {
	s.mu.Lock()
	joined := false
	if m := s.topics[ch.room]; m != nil {
		_, joined = m[ch]
		delete(m, ch)
		if len(m) == 0 {
			delete(s.topics, ch.room)
		}
	}
	s.mu.Unlock()
	s.untrack(ch)
	if ch.pg != nil {
		s.changes.remove(ch)
	}
	if joined {
		s.changes.detach()
	}
}

// members returns the channels joined to a room (roomOf).
func (s *Server) members(topic string) []*channel {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]*channel, 0, len(s.topics[topic]))
	for ch := range s.topics[topic] {
		out = append(out, ch)
	}
	return out
}

// Stats is a snapshot of a server's load.
type Stats struct {
	Connections int   // open websockets
	Channels    int   // joined channels
	Dropped     int64 // commits lost because the change queue was full
}

// Stats reports the server's connections, channels and dropped commits.
func (s *Server) Stats() Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := Stats{Connections: len(s.conns), Dropped: s.changes.dropped.Load()}
	for _, m := range s.topics {
		st.Channels += len(m)
	}
	return st
}
