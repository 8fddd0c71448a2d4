package storageapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/logs"
	"github.com/tinybase/tinybase/postgrest"
)

// DefaultFileSizeLimit is the Supabase CLI's [storage] file_size_limit,
// 50MiB.
const DefaultFileSizeLimit = 50 << 20

// Config is what a Server runs with.
type Config struct {
	// Engine is the database (engine mode); when nil, Executor runs the
	// storage server's SQL instead.
	Engine *engine.Engine
	// Executor runs the SQL on another database (a PostgreSQL through
	// postgrest.PgxExecutor) as a role that may SET ROLE to the callers'
	// roles and bypasses RLS for the server's own lookups.
	Executor postgrest.Executor
	// JWTSecret verifies callers' JWTs and signs signed-URL tokens, as
	// the storage server uses the project's JWT secret for both.
	JWTSecret string
	// Blobs holds object bytes: NewDirBlobs under the data directory, or
	// NewMemBlobs for an in-memory project.
	Blobs Blobs
	// FileSizeLimit is the global upload limit in bytes ([storage]
	// file_size_limit); 0 is DefaultFileSizeLimit. A bucket's own limit
	// can only lower it.
	FileSizeLimit int64
	// NoImageTransformation turns /render/image off ([storage.
	// image_transformation] enabled = false): its routes answer 404 and
	// a signed URL ignores a transform, as the storage server without
	// imgproxy does.
	NoImageTransformation bool
	// Now is the clock (time.Now when nil), for token expiry in tests.
	Now func() time.Time
	// Logf reports failures answered with a 500 (log.Printf when nil).
	Logf func(format string, args ...any)
	// OnStatement, when set, receives each statement a request runs,
	// for the postgres log.
	OnStatement logs.StatementFunc
}

// Server serves Supabase Storage's HTTP API (mount it with the
// /storage/v1 prefix stripped).
type Server struct {
	cfg Config
	// user runs statements as the caller: sessions as authenticator
	// that switch to the JWT's role with its claims, so RLS decides.
	user postgrest.Executor
	// admin runs what the storage server runs as its superuser: bucket
	// lookups for uploads and public reads, the sweep.
	admin postgrest.Executor
	// gc orders the blob sweep and removals against uploads: an upload
	// holds it shared from storing its bytes until its row commits, so a
	// removal never deletes bytes a row is about to reference.
	gc sync.RWMutex
}

// New returns a Server for cfg, after sweeping the blob store of bytes
// no storage.objects row references (left by a crash between storing
// the bytes and committing the row, or by a removal that failed).
func New(ctx context.Context, cfg Config) (*Server, error) {
	if (cfg.Engine == nil && cfg.Executor == nil) || cfg.Blobs == nil {
		return nil, errors.New("storageapi: Config needs Engine (or Executor) and Blobs")
	}
	if len(cfg.JWTSecret) == 0 {
		return nil, errors.New("storageapi: Config needs JWTSecret")
	}
	if cfg.FileSizeLimit <= 0 {
		cfg.FileSizeLimit = DefaultFileSizeLimit
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logf == nil {
		cfg.Logf = log.Printf
	}
	s := &Server{cfg: cfg, user: cfg.Executor, admin: cfg.Executor}
	if cfg.Engine != nil {
		s.user = &postgrest.EngineExecutor{Engine: cfg.Engine, User: "authenticator"}
		s.admin = &postgrest.EngineExecutor{Engine: cfg.Engine, User: "postgres"}
	}
	if err := s.Sweep(ctx); err != nil {
		return nil, err
	}
	return s, nil
}

// Sweep removes stored bytes that no storage.objects row references.
func (s *Server) Sweep(ctx context.Context) error {
	s.gc.Lock()
	defer s.gc.Unlock()
	hashes, err := s.cfg.Blobs.Hashes()
	if err != nil {
		return fmt.Errorf("storageapi: sweep: %w", err)
	}
	if len(hashes) == 0 {
		return nil
	}
	used := map[string]bool{}
	err = s.admin.Tx(ctx, true, func(q postgrest.Querier) (bool, error) {
		res, err := q.Query(ctx, "select distinct version from storage.objects where version is not null")
		if err != nil {
			return false, err
		}
		for _, r := range res.Rows {
			used[str(r[0])] = true
		}
		return false, nil
	})
	if err != nil {
		return fmt.Errorf("storageapi: sweep: %w", err)
	}
	for _, h := range hashes {
		if !used[h] {
			if err := s.cfg.Blobs.Remove(h); err != nil {
				return fmt.Errorf("storageapi: sweep: %w", err)
			}
		}
	}
	return nil
}

// release removes the bytes of hashes no row references any more, after
// the rows that held them were deleted or replaced.
func (s *Server) release(ctx context.Context, hashes ...string) {
	var todo []string
	for _, h := range hashes {
		if h != "" {
			todo = append(todo, h)
		}
	}
	if len(todo) == 0 {
		return
	}
	s.gc.Lock()
	defer s.gc.Unlock()
	// on failure the bytes stay until the next start's sweep
	err := s.admin.Tx(ctx, true, func(q postgrest.Querier) (bool, error) {
		for _, h := range todo {
			res, err := q.Query(ctx, "select 1 from storage.objects where version = $1 limit 1", h)
			if err != nil {
				return false, err
			}
			if len(res.Rows) == 0 {
				if err := s.cfg.Blobs.Remove(h); err != nil {
					s.cfg.Logf("storageapi: removing %s: %v", h, err)
				}
			}
		}
		return false, nil
	})
	if err != nil {
		s.cfg.Logf("storageapi: releasing bytes: %v", err)
	}
}

// caller is who a request runs as.
type caller struct {
	role   string
	claims string // request.jwt.claims
	sub    string // the JWT's sub: the owner of what the caller creates
}

// localSetter is the engine querier's transaction-local set_config.
type localSetter interface {
	SetLocal(settings [][2]string) error
}

// asCaller runs fn in one transaction in the caller's role with its JWT
// claims set, as the storage server's database connection does; fn's
// error rolls back.
func (s *Server) asCaller(ctx context.Context, c *caller, readOnly bool, fn func(q postgrest.Querier) error) error {
	settings := [][2]string{{"role", c.role}, {"request.jwt.claims", c.claims},
		{"request.jwt.claim.role", c.role}, {"request.jwt.claim.sub", c.sub}}
	return s.user.Tx(ctx, readOnly, func(q postgrest.Querier) (bool, error) {
		if ls, ok := q.(localSetter); ok {
			if err := ls.SetLocal(settings); err != nil {
				return false, err
			}
		} else {
			for _, kv := range settings {
				if _, err := q.Query(ctx, "select set_config($1, $2, true)", kv[0], kv[1]); err != nil {
					return false, err
				}
			}
		}
		if err := fn(postgrest.LogStatements(q, logs.Storage, c.role, s.cfg.OnStatement)); err != nil {
			return false, err
		}
		return !readOnly, nil
	})
}

// asAdmin runs fn as the database superuser (RLS bypassed).
func (s *Server) asAdmin(ctx context.Context, readOnly bool, fn func(q postgrest.Querier) error) error {
	return s.admin.Tx(ctx, readOnly, func(q postgrest.Querier) (bool, error) {
		if err := fn(postgrest.LogStatements(q, logs.Storage, "postgres", s.cfg.OnStatement)); err != nil {
			return false, err
		}
		return !readOnly, nil
	})
}

func str(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// ServeHTTP routes a request (path relative to /storage/v1) and turns
// every failure, panics included, into the storage server's error body.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	defer func() {
		if p := recover(); p != nil {
			s.cfg.Logf("storageapi: panic serving %s %s: %v", r.Method, r.URL.Path, p)
			errInternal().write(w)
		}
	}()
	if err := s.route(w, r); err != nil {
		s.fail(w, r, err)
	}
}

func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	ae := dbError(err)
	if ae.status >= 500 {
		s.cfg.Logf("storageapi: %s %s: %v", r.Method, r.URL.Path, err)
	}
	ae.write(w)
}

// decodeBody reads a JSON request body into v.
func decodeBody(r *http.Request, v any) error {
	dec := json.NewDecoder(http.MaxBytesReader(nil, r.Body, 1<<20))
	if err := dec.Decode(v); err != nil {
		return errInvalidRequest("body must be a JSON object")
	}
	return nil
}

// route dispatches on the path's leading segments as the storage
// server's routes are laid out: /bucket..., /object/<verb>/..., and
// /object/<bucket>/<key>.
func (s *Server) route(w http.ResponseWriter, r *http.Request) error {
	p := r.URL.Path
	// An encoded slash inside a segment would make a key's folders
	// ambiguous; Supabase's keys cannot hold "%" either.
	if raw := strings.ToLower(r.URL.RawPath); strings.Contains(raw, "%2f") || strings.Contains(raw, "%5c") {
		return errInvalidKey(strings.TrimPrefix(p, "/"))
	}
	if strings.ContainsRune(p, 0) {
		return errInvalidKey(strings.ReplaceAll(strings.TrimPrefix(p, "/"), "\x00", ""))
	}
	p = strings.TrimPrefix(p, "/")
	head, rest, _ := strings.Cut(p, "/")
	m := r.Method
	switch head {
	case "bucket":
		return s.routeBucket(w, r, rest)
	case "object":
		return s.routeObject(w, r, rest)
	case "render":
		// /render/image/{public|authenticated|sign}/...: the image
		// transformed (render.go)
		if kind, rest, ok := strings.Cut(rest, "/"); ok && kind == "image" && (m == http.MethodGet || m == http.MethodHead) && !s.cfg.NoImageTransformation {
			verb, rest, _ := strings.Cut(rest, "/")
			switch verb {
			case "public":
				return s.getPublic(w, r, rest, true)
			case "authenticated":
				return s.getAuthenticated(w, r, rest, true)
			case "sign":
				return s.getSigned(w, r, rest, true)
			}
		}
	}
	return errNotFound(m, r.URL.RequestURI())
}

func (s *Server) routeBucket(w http.ResponseWriter, r *http.Request, rest string) error {
	m := r.Method
	rest = strings.TrimSuffix(rest, "/")
	if rest == "" {
		switch m {
		case http.MethodGet:
			return s.listBuckets(w, r)
		case http.MethodPost:
			return s.createBucket(w, r)
		}
		return errNotFound(m, r.URL.RequestURI())
	}
	id, sub, hasSub := strings.Cut(rest, "/")
	if hasSub {
		if sub == "empty" && m == http.MethodPost {
			return s.emptyBucket(w, r, id)
		}
		return errNotFound(m, r.URL.RequestURI())
	}
	switch m {
	case http.MethodGet:
		return s.getBucket(w, r, id)
	case http.MethodPut:
		return s.updateBucket(w, r, id)
	case http.MethodDelete:
		return s.deleteBucket(w, r, id)
	}
	return errNotFound(m, r.URL.RequestURI())
}

func (s *Server) routeObject(w http.ResponseWriter, r *http.Request, rest string) error {
	m := r.Method
	get := m == http.MethodGet || m == http.MethodHead
	verb, tail, _ := strings.Cut(rest, "/")
	switch {
	case verb == "list" && m == http.MethodPost && tail != "":
		return s.listObjects(w, r, tail)
	case verb == "list-v2" && m == http.MethodPost && tail != "":
		return s.listObjectsV2(w, r, tail)
	case verb == "move" && tail == "" && m == http.MethodPost:
		return s.moveObject(w, r)
	case verb == "copy" && tail == "" && m == http.MethodPost:
		return s.copyObject(w, r)
	case verb == "public" && get:
		return s.getPublic(w, r, tail, false)
	case verb == "authenticated" && get:
		return s.getAuthenticated(w, r, tail, false)
	case verb == "info" && get:
		switch k, t, _ := strings.Cut(tail, "/"); k {
		case "public":
			return s.objectInfo(w, r, t, true)
		case "authenticated":
			return s.objectInfo(w, r, t, false)
		}
		return s.objectInfo(w, r, tail, false)
	case verb == "sign":
		bucket, key, hasKey := strings.Cut(tail, "/")
		switch {
		case m == http.MethodPost && !hasKey:
			return s.signURLs(w, r, bucket)
		case m == http.MethodPost:
			return s.signURL(w, r, bucket, key)
		case get:
			return s.getSigned(w, r, tail, false)
		}
	case verb == "upload" && strings.HasPrefix(tail, "sign/"):
		bucket, key, _ := strings.Cut(strings.TrimPrefix(tail, "sign/"), "/")
		switch m {
		case http.MethodPost:
			return s.signUploadURL(w, r, bucket, key)
		case http.MethodPut:
			return s.uploadSigned(w, r, bucket, key)
		}
	}
	bucket, key, hasKey := strings.Cut(rest, "/")
	switch {
	case !hasKey && m == http.MethodDelete:
		return s.deleteObjects(w, r, bucket)
	case !hasKey:
	case m == http.MethodPost:
		return s.upload(w, r, bucket, key, false)
	case m == http.MethodPut:
		return s.upload(w, r, bucket, key, true)
	case get:
		return s.getAuthenticated(w, r, rest, false)
	case m == http.MethodDelete:
		return s.deleteObject(w, r, bucket, key)
	}
	return errNotFound(m, r.URL.RequestURI())
}
