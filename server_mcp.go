package tinybase

import (
	"context"
	"net/http"
	"sync"

	"github.com/labstack/echo/v4"
	"github.com/tinybase/tinybase/logs"
	"github.com/tinybase/tinybase/mcp"
	"github.com/tinybase/tinybase/migrations"
)

// MCPConfig is the agent tools' view of the project (package mcp): its
// database, migrations folder and cached validator, the API's exposed
// schemas, URL and keys. apiURL is where the API is served.
func (p *Project) MCPConfig(apiURL string) (mcp.Config, error) {
	keys, err := MintKeys(p.Config.JWTSecret)
	if err != nil {
		return mcp.Config{}, err
	}
	// apply_migration's validator skips lint (it lints the database once
	// after applying); primed with the database as opened, so its first
	// use replays nothing.
	check := migrations.NewValidator(migrations.Options{NewEngine: NewEngine})
	check.Prime(p.Migrations, p.Engine)
	return mcp.Config{
		Engine: p.Engine, Dir: p.Config.Dir, Validator: p.validator, Check: check, Lint: lintFunc(), Schemas: p.Config.Schemas,
		APIURL: apiURL, AnonKey: keys.Anon, ServiceRoleKey: keys.ServiceRole,
	}, nil
}

// MCPTools is the Supabase MCP tool set over the project as plain Go
// functions — an agent loop in Go calls them with no server in between.
func (p *Project) MCPTools(apiURL string) (*mcp.Tools, error) {
	cfg, err := p.MCPConfig(apiURL)
	if err != nil {
		return nil, err
	}
	return mcp.New(cfg), nil
}

// mountMCP serves the MCP server (every feature, read-write) over
// streamable HTTP at /mcp, as the Supabase CLI's local stack does. The
// server is built at the first request to /mcp: building it infers the
// JSON schemas of every tool's input and output (~10 ms of CPU), which
// `tinybase start` need not pay before its ports answer.
func mountMCP(e *echo.Echo, p *Project, apiURL string, set *logs.Set) {
	var (
		once sync.Once
		h    http.Handler
		herr error
	)
	build := func() (http.Handler, error) {
		cfg, err := p.MCPConfig(apiURL)
		if err != nil {
			return nil, err
		}
		cfg.Logs = func(_ context.Context, services []string) ([]logs.Entry, error) {
			return set.Since(0, services...), nil
		}
		srv, err := mcp.NewServer(mcp.New(cfg), mcp.ServerOptions{Version: Version})
		if err != nil {
			return nil, err
		}
		return mcp.Handler(srv), nil
	}
	e.Any("/mcp", echo.WrapHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		once.Do(func() { h, herr = build() })
		if herr != nil {
			http.Error(w, "mcp: "+herr.Error(), http.StatusInternalServerError)
			return
		}
		h.ServeHTTP(w, r)
	})))
}
