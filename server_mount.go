package tinybase

import (
	"context"
	"io"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/tinybase/tinybase/pgwire"
)

// mountAPIs mounts the HTTP APIs under their Supabase paths. This is the
// call site for the rest and auth branches: when they are merged,
//
//	rest, _ := postgrest.New(postgrest.Config{...from p.Config...})
//	e.Any("/rest/v1/*", echo.WrapHandler(http.StripPrefix("/rest/v1", rest)))
//	a, _ := auth.New(authCfg /* auth.ParseConfig(p.Config.Raw, auth.DefaultConfig()) */, p.Engine)
//	e.Any("/auth/v1/*", echo.WrapHandler(http.StripPrefix("/auth/v1", a)))
//
// Until then both answer 501 with a JSON message saying so.
func mountAPIs(e *echo.Echo, p *Project) error {
	for _, prefix := range []string{"/rest/v1", "/auth/v1"} {
		msg := map[string]string{"message": "tinybase: " + prefix + " is not in this build yet"}
		h := func(c echo.Context) error { return c.JSON(http.StatusNotImplemented, msg) }
		e.Any(prefix, h)
		e.Any(prefix+"/*", h)
	}
	return nil
}

// serveWire starts the Postgres wire server (pgwire) for p.Engine on
// p.Config.Host:DBPort: user postgres, password postgres (SCRAM-SHA-256),
// database postgres, as the Supabase CLI's database.
func serveWire(p *Project) (io.Closer, error) {
	srv, err := pgwire.New(p.Engine, pgwire.Config{})
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", net.JoinHostPort(p.Config.Host, strconv.Itoa(p.Config.DBPort)))
	if err != nil {
		return nil, err
	}
	w := &wireServer{srv: srv, ln: ln, done: make(chan struct{})}
	go func() {
		defer close(w.done)
		_ = srv.Serve(ln)
	}()
	return w, nil
}

// wireServer is the running pgwire server and its listener.
type wireServer struct {
	srv  *pgwire.Server
	ln   net.Listener
	done chan struct{}
}

func (w *wireServer) Addr() net.Addr { return w.ln.Addr() }

// Close shuts the server down, giving open connections five seconds to
// finish their statements.
func (w *wireServer) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	err := w.srv.Shutdown(ctx)
	<-w.done
	return err
}
