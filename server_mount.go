package tinybase

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/tinybase/tinybase/auth"
	"github.com/tinybase/tinybase/logs"
	"github.com/tinybase/tinybase/pgwire"
	"github.com/tinybase/tinybase/postgrest"
)

// mountAPIs mounts PostgREST at /rest/v1 and GoTrue at /auth/v1, each
// with its prefix stripped, configured from p.Config: [api] schemas,
// extra_search_path, max_rows and the JWT secret for PostgREST (anon role
// "anon", sessions as the authenticator); auth.ParseConfig over the whole
// config.toml for GoTrue, with the secret, expiry and the external URL
// (apiURL + "/auth/v1") tinybase serves; emails go to mailer (the local
// inbox) when it is not nil.
// The returned closer ends PostgREST's NOTIFY subscription on the engine
// once the HTTP server has stopped.
func mountAPIs(e *echo.Echo, p *Project, apiURL string, set *logs.Set, mailer auth.Mailer) (io.Closer, error) {
	var ex postgrest.Executor = &postgrest.EngineExecutor{Engine: p.Engine, User: "authenticator"}
	var extra closers
	if p.pool != nil {
		// Over PostgreSQL the pool's user (a superuser or Supabase's
		// postgres) switches to the request's role as the authenticator
		// would; NOTIFY pgrst reloads the schema cache as PostgREST's does.
		px := &postgrest.PgxExecutor{Pool: p.pool}
		ctx, cancel := context.WithCancel(context.Background())
		go px.Listen(ctx)
		ex = px
		extra = append(extra, closerFunc(func() error { cancel(); return nil }))
	}
	rest, err := postgrest.New(postgrest.Config{
		Executor:        ex,
		JWTSecret:       p.Config.JWTSecret,
		Schemas:         p.Config.Schemas,
		ExtraSearchPath: p.Config.ExtraSearchPath,
		MaxRows:         p.Config.MaxRows,
		AnonRole:        "anon",
		OnStatement:     statementSink(set),
	})
	if err != nil {
		return nil, fmt.Errorf("rest: %w", err)
	}
	acfg := auth.DefaultConfig()
	if p.Config.Raw != nil {
		if acfg, err = auth.ParseConfig(p.Config.Raw, acfg); err != nil {
			rest.Close()
			return nil, fmt.Errorf("auth: %w", err)
		}
		acfg = acfg.ResolvePaths(filepath.Dir(ConfigPath(p.Config.Dir)))
	}
	acfg.JWTSecret = p.Config.JWTSecret
	acfg.JWTExpiry = p.Config.JWTExpiry
	acfg.ExternalURL = apiURL + "/auth/v1"
	acfg.Email.AdminEmail, acfg.Email.SenderName = p.Config.InboxAdminEmail, p.Config.InboxSenderName
	acfg = acfg.ResolveEnv(os.LookupEnv)
	acfg.Hooks.AllowExternal = p.Config.NetAllowExternal
	aopts := []auth.Option{auth.WithStatementLog(statementSink(set))}
	if mailer != nil {
		aopts = append(aopts, auth.WithMailer(mailer))
		if sms, ok := mailer.(auth.SMSSender); ok {
			aopts = append(aopts, auth.WithSMSSender(sms))
		}
	}
	var a *auth.Server
	if p.pool != nil {
		a, err = auth.NewOnDB(acfg, auth.OnPostgres(p.pool), aopts...)
	} else {
		a, err = auth.New(acfg, p.Engine, aopts...)
	}
	if err != nil {
		rest.Close()
		return nil, fmt.Errorf("auth: %w", err)
	}
	if err := mountStorage(e, p, ex, statementSink(set)); err != nil { // server_storage.go
		rest.Close()
		return nil, err
	}
	if p.pool == nil { // the MCP tools work on the engine's catalog and snapshots
		mountMCP(e, p, apiURL, set)
	}
	for prefix, h := range map[string]http.Handler{"/rest/v1": rest, "/auth/v1": a} {
		wrapped := echo.WrapHandler(http.StripPrefix(prefix, h))
		e.Any(prefix, wrapped)
		e.Any(prefix+"/*", wrapped)
	}
	e.Any("/graphql/v1", echo.WrapHandler(graphqlHandler(rest)))
	return append(closers{rest, mountRealtime(e, p)}, extra...), nil
}

// closerFunc is a func as an io.Closer.
type closerFunc func() error

func (f closerFunc) Close() error { return f() }

// graphqlHandler serves /graphql/v1 as Supabase's gateway routes it: a
// PostgREST call of graphql_public.graphql (/rpc/graphql with the
// graphql_public profile), the request's body its named arguments.
func graphqlHandler(rest http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r2 := r.Clone(r.Context())
		u := *r.URL
		u.Path, u.RawPath = "/rpc/graphql", ""
		r2.URL = &u
		r2.RequestURI = ""
		r2.Header.Set("Content-Profile", "graphql_public")
		r2.Header.Set("Accept-Profile", "graphql_public")
		rest.ServeHTTP(w, r2)
	})
}

// serveWire starts the Postgres wire server (pgwire) for p.Engine on l.DB,
// or else on p.Config.Host:DBPort: user postgres, password postgres (SCRAM-SHA-256),
// database postgres, as the Supabase CLI's database; onStatement logs
// each statement.
func serveWire(p *Project, l *Listeners, onStatement func(pgwire.StatementInfo)) (io.Closer, error) {
	srv, err := pgwire.New(p.Engine, pgwire.Config{OnStatement: onStatement, Credentials: l.credentials(p.Engine)})
	if err != nil {
		return nil, err
	}
	ln := l.DB
	if ln == nil {
		if ln, err = net.Listen("tcp", net.JoinHostPort(p.Config.Host, strconv.Itoa(p.Config.DBPort))); err != nil {
			return nil, err
		}
		l.DB = ln
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
