package tinybase

import (
	"io"
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/tinybase/tinybase/realtime"
)

// mountRealtime mounts Supabase Realtime at /realtime/v1 (prefix
// stripped), verifying tokens with the project's JWT secret. The
// returned closer disconnects its clients.
func mountRealtime(e *echo.Echo, p *Project) io.Closer {
	if p.pool != nil {
		return closerFunc(func() error { return nil })
	}
	rt := realtime.New(realtime.Config{Engine: p.Engine, JWTSecret: p.Config.JWTSecret})
	h := echo.WrapHandler(http.StripPrefix("/realtime/v1", rt))
	e.Any("/realtime/v1", h)
	e.Any("/realtime/v1/*", h)
	return rt
}

// closers closes each in turn, returning the first error.
type closers []io.Closer

func (cs closers) Close() error {
	var first error
	for _, c := range cs {
		if err := c.Close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}
