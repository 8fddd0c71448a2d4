package tinybase

import (
	"io"
	"net/http"

	"github.com/labstack/echo/v4"
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

// serveWire starts the Postgres wire listener on p.Config.Host:DBPort. The
// call site for the wire branch: when it is merged, listen and serve
// p.Engine there and return the server (an io.Closer with Addr()).
// Until then there is no listener and it returns nil.
func serveWire(p *Project) (io.Closer, error) { return nil, nil }
