package tinybase

import (
	"context"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/tinybase/tinybase/logs"
	"github.com/tinybase/tinybase/studio"
)

// studioServer is the dashboard (package studio) on its own listener, as
// Supabase Studio has its own port.
type studioServer struct {
	h    *studio.Server
	http *http.Server
	ln   net.Listener
	done chan struct{}
}

// serveStudio serves the dashboard on Config.Host:StudioPort over the
// project's engine, migrations and validator, reaching GoTrue and
// Storage at apiURL with the service_role key (server-side only).
func serveStudio(p *Project, apiURL string, keys Keys, set *logs.Set, mailbox studio.Mailbox) (*studioServer, error) {
	ln, err := net.Listen("tcp", net.JoinHostPort(p.Config.Host, strconv.Itoa(p.Config.StudioPort)))
	if err != nil {
		return nil, err
	}
	h := studio.New(studio.Config{
		Engine: p.Engine, ProjectDir: p.Config.Dir, DataDir: p.DataDir, Validator: p.validator, Logs: set,
		APIURL: apiURL, ServiceRoleKey: keys.ServiceRole, Hosts: []string{p.Config.Host}, Mailbox: mailbox,
	})
	s := &studioServer{h: h, http: &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}, ln: ln, done: make(chan struct{})}
	go func() {
		defer close(s.done)
		_ = s.http.Serve(ln) // ErrServerClosed after Shutdown; a failed listener leaves nothing to report to
	}()
	return s, nil
}

func (s *studioServer) URL() string { return "http://" + s.ln.Addr().String() }

// Close stops the dashboard, letting running requests finish for a while.
func (s *studioServer) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	err := s.http.Shutdown(ctx)
	<-s.done
	if cerr := s.h.Close(); err == nil {
		err = cerr
	}
	return err
}
