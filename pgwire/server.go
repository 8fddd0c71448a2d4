package pgwire

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"log/slog"
	"net"
	"sync"
	"time"

	"github.com/tinybase/tinybase/engine"
)

// AuthMethod is how clients prove who they are.
type AuthMethod string

const (
	// AuthSCRAM is SCRAM-SHA-256, PostgreSQL's default (the zero value).
	AuthSCRAM AuthMethod = "scram-sha-256"
	// AuthMD5 is md5 password hashing; a role whose secret is a SCRAM
	// verifier is authenticated with SCRAM instead, as PostgreSQL does.
	AuthMD5 AuthMethod = "md5"
	// AuthPassword is a cleartext password.
	AuthPassword AuthMethod = "password"
	// AuthTrust accepts any existing role without a password.
	AuthTrust AuthMethod = "trust"
)

// Credentials finds a login role's secret: a plaintext password or a
// SCRAM-SHA-256 verifier ("SCRAM-SHA-256$<iter>:<salt>$<StoredKey>:<ServerKey>",
// as pg_authid.rolpassword holds it). ok is false for an unknown role.
type Credentials interface {
	LookupPassword(user string) (secret string, ok bool)
}

// CredentialsFunc adapts a function to Credentials.
type CredentialsFunc func(user string) (string, bool)

// LookupPassword implements Credentials.
func (f CredentialsFunc) LookupPassword(user string) (string, bool) { return f(user) }

// DefaultCredentials knows one login role, postgres with password
// postgres, as the Supabase CLI's database has. Servers whose Config has
// no Credentials use EngineCredentials instead.
var DefaultCredentials Credentials = CredentialsFunc(func(user string) (string, bool) {
	if user == "postgres" {
		return "postgres", true
	}
	return "", false
})

// LoginChecker is implemented by Credentials that know whether a role has
// LOGIN; a role without it is refused after authentication with 28000,
// as PostgreSQL does.
type LoginChecker interface {
	CanLogin(user string) bool
}

// DefaultPassword is the password of login roles that have none stored
// (postgres and the Supabase service roles), as the Supabase CLI's local
// database has it.
const DefaultPassword = "postgres"

// EngineCredentials authenticates against the engine's roles
// (pg_authid): a role's stored SCRAM-SHA-256 verifier or md5 hash, or
// DefaultPassword for a login role with no password stored. A role that
// may not log in and has no password fails authentication.
func EngineCredentials(eng *engine.Engine) Credentials { return engineCredentials{eng} }

type engineCredentials struct{ eng *engine.Engine }

func (c engineCredentials) LookupPassword(user string) (string, bool) {
	v, login, ok := c.eng.RolePassword(user)
	if !ok {
		return "", false
	}
	if v == "" && login {
		v = DefaultPassword
	}
	return v, true
}

func (c engineCredentials) CanLogin(user string) bool {
	_, login, ok := c.eng.RolePassword(user)
	return ok && login
}

// Config configures a Server. The zero value serves SCRAM-SHA-256 with
// EngineCredentials.
type Config struct {
	Auth        AuthMethod
	Credentials Credentials
	// Logger receives connection-level failures; nil discards them.
	Logger *slog.Logger
	// MaxMessageBytes bounds one client message; longer ones end the
	// connection with 08P01. Zero means PostgreSQL's 1 GiB.
	MaxMessageBytes int
	// OnStatement, when set, is called after each statement a client
	// runs (simple query or Execute) with its outcome; it runs on the
	// connection's goroutine and must be quick. Nil costs nothing.
	OnStatement func(StatementInfo)
}

// Server serves one engine over the PostgreSQL wire protocol.
type Server struct {
	eng *engine.Engine
	cfg Config
	log *slog.Logger

	mu        sync.Mutex
	listeners map[net.Listener]struct{}
	conns     map[*conn]struct{}
	byPID     map[uint32]*conn
	closing   bool
	wg        sync.WaitGroup
	nextPID   uint32

	verifiers verifierCache
}

// New builds a server for eng.
func New(eng *engine.Engine, cfg Config) (*Server, error) {
	switch cfg.Auth {
	case "":
		cfg.Auth = AuthSCRAM
	case AuthSCRAM, AuthMD5, AuthPassword, AuthTrust:
	default:
		return nil, errors.New("pgwire: unknown auth method " + string(cfg.Auth))
	}
	if cfg.MaxMessageBytes <= 0 {
		cfg.MaxMessageBytes = maxMessageLen
	}
	if cfg.Credentials == nil {
		cfg.Credentials = EngineCredentials(eng)
	}
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Server{
		eng: eng, cfg: cfg, log: log,
		listeners: map[net.Listener]struct{}{},
		conns:     map[*conn]struct{}{},
		byPID:     map[uint32]*conn{},
		nextPID:   1000,
		verifiers: verifierCache{m: map[string]*scramVerifier{}},
	}, nil
}

// ErrServerClosed is returned by Serve after Shutdown.
var ErrServerClosed = errors.New("pgwire: server closed")

// Serve accepts connections on l until Shutdown or a listener error.
func (s *Server) Serve(l net.Listener) error {
	s.mu.Lock()
	if s.closing {
		s.mu.Unlock()
		return ErrServerClosed
	}
	s.listeners[l] = struct{}{}
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.listeners, l)
		s.mu.Unlock()
	}()
	var delay time.Duration
	for {
		nc, err := l.Accept()
		if err != nil {
			s.mu.Lock()
			closing := s.closing
			s.mu.Unlock()
			if closing {
				return ErrServerClosed
			}
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				delay = min(max(2*delay, 5*time.Millisecond), time.Second)
				time.Sleep(delay)
				continue
			}
			return err
		}
		delay = 0
		if tc, ok := nc.(*net.TCPConn); ok {
			_ = tc.SetNoDelay(true)
		}
		c := s.newConn(nc)
		if c == nil {
			nc.Close()
			return ErrServerClosed
		}
		go c.serve()
	}
}

func (s *Server) newConn(nc net.Conn) *conn {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing {
		return nil
	}
	s.nextPID++
	var sec [4]byte
	_, _ = rand.Read(sec[:])
	c := &conn{srv: s, nc: nc, pid: s.nextPID, secret: binary.BigEndian.Uint32(sec[:])}
	s.conns[c] = struct{}{}
	s.wg.Add(1)
	return c
}

func (s *Server) dropConn(c *conn) {
	s.mu.Lock()
	delete(s.conns, c)
	if s.byPID[c.pid] == c {
		delete(s.byPID, c.pid)
	}
	s.mu.Unlock()
	s.wg.Done()
}

// adoptPID gives the connection its session's process ID, which
// BackendKeyData reports, pg_backend_pid() returns and pg_stat_activity
// lists, and makes it the key of CancelRequests. Until then a connection
// has a provisional ID for logs only.
func (s *Server) adoptPID(c *conn, pid uint32) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c.pid = pid
	s.byPID[pid] = c
}

// cancel handles a CancelRequest: it cancels the running statement of the
// connection with that process ID when the secret matches.
func (s *Server) cancel(pid uint32, secret []byte) {
	s.mu.Lock()
	c := s.byPID[pid]
	s.mu.Unlock()
	if c != nil && len(secret) == 4 && binary.BigEndian.Uint32(secret) == c.secret {
		c.cancelQuery()
	}
}

// Shutdown stops accepting connections, then waits for open connections
// to end; when ctx ends first it closes them (rolling back their open
// transactions) and returns ctx's error.
func (s *Server) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	s.closing = true
	for l := range s.listeners {
		l.Close()
	}
	// Idle connections are closed now; busy ones finish their statement.
	for c := range s.conns {
		c.closeIfIdle()
	}
	s.mu.Unlock()
	done := make(chan struct{})
	go func() {
		s.wg.Wait()
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		s.mu.Lock()
		for c := range s.conns {
			c.cancelQuery()
			c.nc.Close()
		}
		s.mu.Unlock()
		<-done
		return ctx.Err()
	}
}
