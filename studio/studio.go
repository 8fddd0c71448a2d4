package studio

import (
	"context"
	"embed"
	"encoding/json"
	"io/fs"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/logs"
	"github.com/tinybase/tinybase/migrations"
	"github.com/tinybase/tinybase/postgrest"
)

//go:embed static
var static embed.FS

// Message is one email the local mail catcher kept.
type Message struct {
	ID      string    `json:"id"`
	From    string    `json:"from"`
	To      []string  `json:"to"`
	Subject string    `json:"subject"`
	Text    string    `json:"text"`
	HTML    string    `json:"html"`
	Date    time.Time `json:"date"`
}

// Mailbox is the local inbox of auth emails (confirmation, magic link,
// recovery), newest first.
type Mailbox interface {
	Messages(ctx context.Context) ([]Message, error)
}

// Config is what the dashboard runs on.
type Config struct {
	// Engine is the project's database.
	Engine *engine.Engine
	// ProjectDir holds supabase/migrations ("" disables saving migrations).
	ProjectDir string
	// DataDir keeps the SQL editor's history ("" keeps it in memory).
	DataDir string
	// Validator checks SQL as the next migration, as `migration new` does;
	// nil disables validation and saving.
	Validator *migrations.Validator
	// Logs is the running server's log rings (nil: no Logs page data).
	Logs *logs.Set
	// APIURL and ServiceRoleKey reach the GoTrue admin and Storage APIs of
	// the running server; the key is used server-side only.
	APIURL         string
	ServiceRoleKey string
	// Hosts are the host names accepted besides loopback (the configured
	// listen host).
	Hosts []string
	// Mailbox, when set, is shown as the Inbox page.
	Mailbox Mailbox
	// Client makes the API requests (http.DefaultClient when nil).
	Client *http.Client
}

// Server is the dashboard's handler.
type Server struct {
	cfg   Config
	x     *postgrest.EngineExecutor
	mux   *http.ServeMux // /api/
	files http.Handler   // the embedded assets
	hist  *history
	mu    sync.Mutex // serializes migration saves
}

// New builds the dashboard over cfg.
func New(cfg Config) *Server {
	if cfg.Client == nil {
		cfg.Client = http.DefaultClient
	}
	s := &Server{cfg: cfg, x: &postgrest.EngineExecutor{Engine: cfg.Engine, User: "postgres"}, mux: http.NewServeMux()}
	s.hist = newHistory(cfg.DataDir)
	sub, _ := fs.Sub(static, "static")
	s.files = http.FileServerFS(sub)
	s.routes()
	return s
}

// Close releases the sessions the dashboard keeps between requests; the
// engine stays open.
func (s *Server) Close() error { return s.x.Close() }

// ServeHTTP refuses non-local requests, then serves assets or the API.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if msg := s.refuse(r); msg != "" {
		writeJSON(w, http.StatusForbidden, apiError{Error: errBody{Message: msg}})
		return
	}
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("X-Frame-Options", "DENY")
	w.Header().Set("Referrer-Policy", "no-referrer")
	// No inline script and nothing from elsewhere: a value that slipped
	// into markup could not run.
	w.Header().Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'")
	defer func() {
		if v := recover(); v != nil {
			writeJSON(w, http.StatusInternalServerError, apiError{Error: errBody{Code: "XX000", Message: "internal error in the dashboard"}})
		}
	}()
	if strings.HasPrefix(r.URL.Path, "/api/") {
		if _, pattern := s.mux.Handler(r); pattern == "" {
			// No route: the mux's 404 or 405, as this API's JSON error.
			c := &capture{header: http.Header{}}
			s.mux.ServeHTTP(c, r)
			if allow := c.header.Get("Allow"); allow != "" {
				w.Header().Set("Allow", allow)
			}
			writeJSON(w, c.status, apiError{errBody{Message: "no such dashboard endpoint: " + r.Method + " " + r.URL.Path}})
			return
		}
		s.mux.ServeHTTP(w, r)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		writeJSON(w, http.StatusMethodNotAllowed, apiError{errBody{Message: r.Method + " is not allowed here"}})
		return
	}
	s.files.ServeHTTP(w, r)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
