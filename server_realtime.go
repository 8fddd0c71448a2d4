package tinybase

import (
	"io"
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/tinybase/tinybase/realtime"
)

// mountRealtime mounts Supabase Realtime at /realtime/v1 (prefix
// stripped), verifying tokens with the project's JWT secret; over
// PostgreSQL without postgres_changes. The
// returned closer disconnects its clients.
func mountRealtime(e *echo.Echo, p *Project) io.Closer {
	cfg := realtime.Config{Engine: p.Engine, JWTSecret: p.Config.JWTSecret}
	if p.pool != nil {
		// over PostgreSQL: broadcast, presence and private channels;
		// postgres_changes bindings are refused (realtime.Config.Postgres)
		cfg.Engine, cfg.Postgres = nil, p.pool
	}
	rt := realtime.New(cfg)
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
