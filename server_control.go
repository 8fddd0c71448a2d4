package tinybase

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"

	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/logs"
	"github.com/tinybase/tinybase/migrations"
	"github.com/tinybase/tinybase/pgwire"
)

// newToken is the secret the control endpoints ask for: the instance
// record (mode 0600) hands it to the CLI of the same user.
func newToken() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// mountControl serves the endpoints `tinybase status|logs|db reset` use
// under /_tinybase/v1, to loopback clients only: GET /instance (the pid,
// no token: it proves who serves the port), and with the token GET /logs
// (NDJSON entries; follow=1 streams), POST /reset, and POST /snapshot and
// /restore (`db snapshot`/`db restore` of a running instance).
func (s *Server) mountControl(e *echo.Echo) {
	g := e.Group(controlPrefix, func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			host, _, err := net.SplitHostPort(c.Request().RemoteAddr)
			if ip := net.ParseIP(host); err != nil || ip == nil || !ip.IsLoopback() {
				return c.JSON(http.StatusForbidden, map[string]string{"message": "the control endpoints answer loopback clients only"})
			}
			if c.Path() != controlPrefix+"/instance" && c.Request().Header.Get("Authorization") != "Bearer "+s.token {
				return c.JSON(http.StatusUnauthorized, map[string]string{"message": "missing or wrong instance token"})
			}
			return next(c)
		}
	})
	g.GET("/instance", func(c echo.Context) error {
		return c.JSON(http.StatusOK, map[string]any{"pid": s.pid})
	})
	g.GET("/logs", s.serveLogs)
	g.POST("/reset", func(c echo.Context) error {
		var opts ResetOptions
		if err := json.NewDecoder(c.Request().Body).Decode(&opts); err != nil {
			return c.JSON(http.StatusBadRequest, map[string]string{"message": "invalid reset request: " + err.Error()})
		}
		res, err := s.Reset(c.Request().Context(), opts)
		if err != nil {
			return c.JSON(http.StatusUnprocessableEntity, map[string]string{"message": err.Error()})
		}
		return c.JSON(http.StatusOK, res)
	})
	g.POST("/snapshot", func(c echo.Context) error {
		var req snapshotRequest
		if err := json.NewDecoder(c.Request().Body).Decode(&req); err != nil {
			return c.JSON(http.StatusBadRequest, map[string]string{"message": "invalid snapshot request: " + err.Error()})
		}
		info, err := s.TakeSnapshot(c.Request().Context(), req.Name)
		if err != nil {
			return c.JSON(http.StatusUnprocessableEntity, map[string]string{"message": err.Error()})
		}
		return c.JSON(http.StatusOK, info)
	})
	g.POST("/restore", func(c echo.Context) error {
		var req snapshotRequest
		if err := json.NewDecoder(c.Request().Body).Decode(&req); err != nil {
			return c.JSON(http.StatusBadRequest, map[string]string{"message": "invalid restore request: " + err.Error()})
		}
		if err := s.RestoreSnapshot(c.Request().Context(), req.Name); err != nil {
			return c.JSON(http.StatusUnprocessableEntity, map[string]string{"message": err.Error()})
		}
		return c.JSON(http.StatusOK, map[string]string{"restored": req.Name})
	})
}

// snapshotRequest is the body of POST /snapshot and /restore.
type snapshotRequest struct {
	Name string `json:"name"`
}

func (s *Server) serveLogs(c echo.Context) error {
	q := c.Request().URL.Query()
	var services []string
	if v := q.Get("service"); v != "" {
		for _, name := range strings.Split(v, ",") {
			if s.Logs.Ring(name) == nil {
				return c.JSON(http.StatusBadRequest, map[string]string{"message": "unknown service " + strconv.Quote(name) + ": use " + strings.Join(logs.Services, ", ")})
			}
			services = append(services, name)
		}
	}
	since, _ := strconv.ParseUint(q.Get("since"), 10, 64)
	w := c.Response()
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.WriteHeader(http.StatusOK)
	enc := json.NewEncoder(w)
	if q.Get("follow") == "" {
		for _, e := range s.Logs.Since(since, services...) {
			if err := enc.Encode(e); err != nil {
				return nil
			}
		}
		return nil
	}
	w.Flush()
	// Shutdown does not cancel request contexts: the stream also ends
	// when the server stops.
	ctx, cancel := context.WithCancel(c.Request().Context())
	defer cancel()
	go func() {
		select {
		case <-s.closing:
			cancel()
		case <-ctx.Done():
		}
	}()
	s.Logs.Follow(ctx, since, func(e logs.Entry) bool {
		if enc.Encode(e) != nil {
			return false
		}
		w.Flush()
		return true
	}, services...)
	return nil
}

// logRequests records each API request (not the control endpoints') in
// its service's ring.
func logRequests(set *logs.Set) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			r := c.Request()
			if strings.HasPrefix(r.URL.Path, controlPrefix+"/") {
				return next(c)
			}
			start := time.Now()
			err := next(c)
			if err != nil {
				c.Error(err) // writes the response, so its status is known
			}
			set.Add(logs.Entry{
				Time: start, Service: logs.ServiceOfPath(r.URL.Path), Role: requestRole(r),
				Duration: time.Since(start), Method: r.Method, Path: loggedPath(r), Status: c.Response().Status,
			})
			return nil
		}
	}
}

// loggedPath is the request's path and query, without an apikey
// parameter (a key does not belong in a log).
func loggedPath(r *http.Request) string {
	q := r.URL.Query()
	if q.Has("apikey") {
		q.Del("apikey")
		if len(q) == 0 {
			return r.URL.Path
		}
		return r.URL.Path + "?" + q.Encode()
	}
	return r.URL.RequestURI()
}

// requestRole is the role claim of the request's JWT (Authorization,
// else apikey), for the log only: it is not verified here — PostgREST and
// Auth verify it — so a forged token shows the role it claims.
func requestRole(r *http.Request) string {
	tok := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
	if tok == "" {
		tok = r.Header.Get("apikey")
	}
	parts := strings.Split(tok, ".")
	if len(parts) != 3 {
		return ""
	}
	b, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		return ""
	}
	var claims struct {
		Role string `json:"role"`
	}
	if json.Unmarshal(b, &claims) != nil {
		return ""
	}
	return claims.Role
}

// statementSink records the statements tinybase's own services (REST,
// Auth, Storage) run in the postgres ring; nil when nothing is logged.
func statementSink(set *logs.Set) logs.StatementFunc {
	if set == nil {
		return nil
	}
	return func(e logs.Entry) { set.Add(e) }
}

// statementLogger records each statement on the Postgres port in the
// postgres ring.
func statementLogger(set *logs.Set) func(pgwire.StatementInfo) {
	return func(st pgwire.StatementInfo) {
		set.Add(logs.Entry{
			Time: time.Now().Add(-st.Duration), Service: logs.Postgres, Role: st.Role, Duration: st.Duration,
			SQL: st.SQL, Rows: st.Rows, SQLState: st.SQLState, Error: st.Error,
		})
	}
}

// rebuild builds, in memory, the database a reset returns to: the
// project's migrations up to opts.Version, then its seed unless NoSeed.
func rebuild(ctx context.Context, cfg Config, opts ResetOptions, applying func(migrations.File)) (*engine.Engine, *ResetResult, error) {
	d, err := migrations.Discover(migrations.MigrationsDir(cfg.Dir), true)
	if err != nil {
		return nil, nil, err
	}
	files, err := filesUpTo(d.Files, opts.Version)
	if err != nil {
		return nil, nil, err
	}
	eng, err := NewEngine()
	if err != nil {
		return nil, nil, err
	}
	p, err := build(ctx, Options{Applying: applying}, cfg, &migrations.Discovery{Files: files, Warnings: d.Warnings}, eng)
	if err != nil {
		return nil, nil, err
	}
	if err := p.seed(ctx, Options{NoSeed: opts.NoSeed}); err != nil {
		return nil, nil, err
	}
	res := &ResetResult{Migrations: []string{}, Seeded: p.Seeded}
	for _, f := range files {
		res.Migrations = append(res.Migrations, f.Base())
	}
	return eng, res, nil
}

// Reset returns the running database to the project's migrations (up to
// opts.Version) and seed, as `supabase db reset` recreates the local
// database: the new database is built aside first (a failing migration
// leaves the running one untouched), then every Postgres connection is
// ended with 57P01 (clients reconnect) and the database replaced in one
// commit. Ports, keys and the HTTP API stay up.
func (s *Server) Reset(ctx context.Context, opts ResetOptions) (*ResetResult, error) {
	if s.project.pool != nil {
		return nil, errors.New("db reset does not reset a database tinybase serves with --db-url: it is not tinybase's to drop")
	}
	s.resetMu.Lock()
	defer s.resetMu.Unlock()
	fresh, res, err := rebuild(ctx, s.project.Config, opts, nil)
	if err != nil {
		return nil, err
	}
	if t, ok := s.wire.(interface{ TerminateAll() }); ok && s.wire != nil {
		t.TerminateAll()
	}
	if err := s.project.Engine.Restore(ctx, fresh.Snapshot()); err != nil {
		return nil, err
	}
	s.Logs.Add(logs.Entry{Service: logs.Postgres, SQL: "-- tinybase db reset: " + strconv.Itoa(len(res.Migrations)) + " migration(s), seed " + strconv.FormatBool(res.Seeded), Rows: -1})
	return res, nil
}

// ResetDatabase resets the stopped project's database in dataDir (see
// Server.Reset for a running one): the database is rebuilt from the
// migrations up to opts.Version and the seed, then written to dataDir.
// It fails when a running tinybase holds the directory.
func ResetDatabase(ctx context.Context, cfg Config, dataDir string, opts ResetOptions, applying func(migrations.File)) (*ResetResult, error) {
	fresh, res, err := rebuild(ctx, cfg, opts, applying)
	if err != nil {
		return nil, err
	}
	if err := ResetDataDir(dataDir); err != nil {
		return nil, &DataDirError{Err: err}
	}
	eng, err := engine.Open(engine.Options{DataDir: dataDir, AutoanalyzeNaptime: engine.DefaultAutoanalyzeNaptime})
	if err != nil {
		return nil, &DataDirError{Err: err}
	}
	if err := writeGitignore(dataDir); err != nil {
		eng.Close()
		return nil, err
	}
	if err := eng.Restore(ctx, fresh.Snapshot()); err != nil {
		eng.Close()
		return nil, err
	}
	if err := eng.Close(); err != nil {
		return nil, &DataDirError{Err: err}
	}
	return res, nil
}

// TerminateAll is on the Postgres listener (server_mount.go's
// wireServer).
func (w *wireServer) TerminateAll() { w.srv.TerminateAll() }
