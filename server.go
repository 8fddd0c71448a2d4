package tinybase

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"github.com/tinybase/tinybase/internal/workers"
	"github.com/tinybase/tinybase/logs"
)

// Server is a running project: the HTTP API (echo: /rest/v1, /auth/v1, /graphql/v1,
// open CORS as the Supabase CLI's local gateway has it) and the Postgres
// wire listener.
type Server struct {
	project *Project
	http    *http.Server
	httpLn  net.Listener
	wire    io.Closer     // the pgwire server (nil if a build has none)
	rest    io.Closer     // PostgREST's hold on the engine (server_mount.go)
	studio  *studioServer // the dashboard (server_studio.go); nil when off
	keys    Keys
	served  chan error
	stop    sync.Once
	stopErr error
	// workers are pg_net's and pg_cron's (internal/workers); cancelled
	// and waited for at Shutdown.
	stopWorkers context.CancelFunc
	workers     sync.WaitGroup

	// Logs holds the statements on the Postgres port and the API
	// requests of this server (package logs), one ring per service.
	Logs    *logs.Set
	token   string        // the control endpoints' secret (ControlToken)
	pid     int           // the process, as /_tinybase/v1/instance reports it
	closing chan struct{} // closed at Shutdown: ends log streams
	resetMu sync.Mutex    // one Reset at a time
	notices []string      // enabled config.toml sections not served
	inbox   *inboxServer  // [inbucket]: the mail catcher (server_inbox.go)
}

// Serve starts the servers on Config.Host at Config.APIPort and
// Config.DBPort (0 picks a free port; see APIURL / DBURL for the result).
// It returns once both are listening, so a client may connect at once.
func (p *Project) Serve(ctx context.Context) (*Server, error) { return p.ServeOn(ctx, nil) }

// ServeOn is Serve on ports bound ahead of Open (Listen); a nil l, or a
// nil listener in it, binds that port as Serve does. The server owns l's
// listeners from then on: it closes them when it fails or shuts down.
func (p *Project) ServeOn(ctx context.Context, l *Listeners) (*Server, error) {
	if l == nil {
		l = &Listeners{}
	}
	s, err := p.serveOn(l)
	if err != nil {
		l.Close()
	}
	return s, err
}

func (p *Project) serveOn(l *Listeners) (*Server, error) {
	keys, err := MintKeys(p.Config.JWTSecret)
	if err != nil {
		return nil, err
	}
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	set := logs.NewSet(logs.DefaultRingSize)
	set.SlowThreshold = p.Config.SlowStatement
	e.Use(logRequests(set))
	e.Use(middleware.CORSWithConfig(middleware.CORSConfig{
		AllowOrigins:  []string{"*"},
		AllowMethods:  []string{http.MethodGet, http.MethodHead, http.MethodPut, http.MethodPatch, http.MethodPost, http.MethodDelete, http.MethodOptions},
		ExposeHeaders: []string{"Content-Range", "Content-Location", "Preference-Applied", "Range-Unit", "Location", "X-Supabase-Api-Version"},
		MaxAge:        86400,
	}))
	ln := l.API
	if ln == nil {
		if ln, err = net.Listen("tcp", net.JoinHostPort(p.Config.Host, strconv.Itoa(p.Config.APIPort))); err != nil {
			return nil, fmt.Errorf("API port: %w", err)
		}
		l.API = ln
	}
	// The database port first: a client waiting in its listen queue
	// (Listen) is answered while the HTTP APIs are mounted.
	var wire io.Closer
	if p.pool == nil { // over PostgreSQL, clients reach the database itself
		if wire, err = serveWire(p, l, statementLogger(set)); err != nil {
			return nil, fmt.Errorf("database port: %w", err)
		}
	}
	mail := newInbox(p)
	rest, err := mountAPIs(e, p, "http://"+ln.Addr().String(), set, mail.mailer())
	if err != nil {
		if wire != nil {
			wire.Close()
		}
		return nil, err
	}
	s := &Server{project: p, httpLn: ln, keys: keys, served: make(chan error, 1), rest: rest,
		Logs: set, token: newToken(), pid: os.Getpid(), closing: make(chan struct{}), inbox: mail}
	s.mountControl(e)
	s.notices = p.Config.UnservedSections(func(prefix string) bool {
		for _, r := range e.Routes() {
			if strings.HasPrefix(r.Path, prefix) {
				return true
			}
		}
		return false
	})
	s.http = &http.Server{Handler: e}
	s.wire = wire
	if p.Config.Studio && p.pool == nil { // the dashboard runs SQL on the engine
		if s.studio, err = serveStudio(p, "http://"+ln.Addr().String(), keys, set, p.mailbox(mail)); err != nil {
			rest.Close()
			if wire != nil {
				wire.Close()
			}
			return nil, fmt.Errorf("studio port: %w", err)
		}
	}
	mail.serve(p.Config.Host, p.Config.InboxPort)
	s.startWorkers()
	go func() {
		err := s.http.Serve(ln)
		if errors.Is(err, http.ErrServerClosed) {
			err = nil
		}
		s.served <- err
	}()
	return s, nil
}

// APIURL is the HTTP API's base URL (what supabase-js is given).
func (s *Server) APIURL() string { return "http://" + s.httpLn.Addr().String() }

// DBURL is the Postgres connection URL (user postgres, password postgres);
// over PostgreSQL (Options.DBURL), that database's URL without its
// password.
func (s *Server) DBURL() string {
	if s.project.pool != nil {
		return s.project.dbURL
	}
	port := s.project.Config.DBPort
	if a, ok := s.wireAddr(); ok {
		port = a
	}
	return fmt.Sprintf("postgresql://postgres:postgres@%s/postgres", net.JoinHostPort(s.project.Config.Host, strconv.Itoa(port)))
}

// StudioURL is the dashboard's URL ("" when it is not served).
func (s *Server) StudioURL() string {
	if s.studio == nil {
		return ""
	}
	return s.studio.URL()
}

// ServesDB reports whether the Postgres wire listener is running in this
// build.
func (s *Server) ServesDB() bool { return s.wire != nil }

func (s *Server) wireAddr() (int, bool) {
	if a, ok := s.wire.(interface{ Addr() net.Addr }); ok && s.wire != nil {
		if t, ok := a.Addr().(*net.TCPAddr); ok {
			return t.Port, true
		}
	}
	return 0, false
}

// UnservedSections are the sections config.toml enables for services
// this server does not run (studio, inbucket, ...): `tinybase start`
// prints them once.
func (s *Server) UnservedSections() []string { return s.notices }

// ControlToken is the secret the control endpoints under /_tinybase/v1
// ask for; `tinybase start` writes it to the instance record.
func (s *Server) ControlToken() string { return s.token }

// Keys are the anon and service_role keys for the project's JWT secret.
func (s *Server) Keys() Keys { return s.keys }

// Shutdown stops accepting, lets running requests finish (until ctx ends)
// and closes the listeners.
// Later calls return the first call's result.
func (s *Server) Shutdown(ctx context.Context) error {
	s.stop.Do(func() { s.stopErr = s.shutdown(ctx) })
	return s.stopErr
}

// startWorkers runs the extensions' background work while the server
// serves: pg_net's HTTP worker and pg_cron's scheduler, idle until their
// extension is created.
func (s *Server) startWorkers() {
	ctx, cancel := context.WithCancel(context.Background())
	s.stopWorkers = cancel
	if s.project.pool != nil { // PostgreSQL runs its own extensions' workers
		return
	}
	s.project.Engine.SetNetAllowExternal(s.project.Config.NetAllowExternal) // the http extension
	netw := &workers.Net{Engine: s.project.Engine, AllowExternal: s.project.Config.NetAllowExternal}
	cron := &workers.Cron{Engine: s.project.Engine}
	s.workers.Add(2)
	go func() { defer s.workers.Done(); netw.Run(ctx) }()
	go func() { defer s.workers.Done(); cron.Run(ctx) }()
}

func (s *Server) shutdown(ctx context.Context) error {
	close(s.closing)
	s.stopWorkers()
	s.workers.Wait()
	err := s.http.Shutdown(ctx)
	if s.studio != nil {
		if serr := s.studio.Close(); err == nil {
			err = serr
		}
	}
	if ierr := s.inbox.shutdown(ctx); err == nil {
		err = ierr
	}
	if s.wire != nil {
		if werr := s.wire.Close(); err == nil {
			err = werr
		}
	}
	if serr := <-s.served; err == nil {
		err = serr
	}
	if rerr := s.rest.Close(); err == nil {
		err = rerr
	}
	return err
}
