package postgrest

import (
	"errors"
	"net/http"
	"time"
)

// Config configures a Server.
type Config struct {
	// Executor runs the generated SQL (EngineExecutor or PgxExecutor).
	Executor Executor
	// JWTSecret verifies HS256 bearer tokens.
	JWTSecret string
	// JWTPublicKeys verify asymmetrically signed tokens when set:
	// *rsa.PublicKey (RS*/PS*), *ecdsa.PublicKey (ES*), ed25519.PublicKey
	// (EdDSA). A token's "kid" header selects JWTKeyIDs[kid] first.
	JWTPublicKeys []any
	JWTKeyIDs     map[string]any
	// Schemas are the exposed schemas; the first is the default
	// (db-schemas). Default: public.
	Schemas []string
	// ExtraSearchPath follows the request's schema on search_path
	// (db-extra-search-path). Default: public, extensions.
	ExtraSearchPath []string
	// MaxRows caps every read (db-max-rows); 0 means no cap.
	MaxRows int
	// AnonRole is the role of requests without a JWT (db-anon-role).
	// Default: anon.
	AnonRole string
	// AggregatesEnabled allows count()/sum()/… in select= (Supabase
	// enables db-aggregates-enabled).
	AggregatesEnabled bool
	// MaxBodyBytes rejects larger request bodies with 413. Default 10 MiB.
	MaxBodyBytes int64
	// NoDBConfig turns off in-database configuration (db-config = false):
	// otherwise the session user's pgrst.db_schemas, db_extra_search_path,
	// db_max_rows and db_aggregates_enabled role settings (ALTER ROLE
	// authenticator SET pgrst.db_max_rows = '100') override the fields
	// above, read before the first request and on NOTIFY pgrst, 'reload
	// config' (db_config.go).
	NoDBConfig bool
}

// Server is the PostgREST API as an http.Handler; paths are relative to
// /rest/v1.
type Server struct {
	cfg   Config
	cache cacheHolder
	conf  configHolder // db_config.go
	jwts  jwtCache     // jwt_cache.go
	// now is the clock JWT expiry is checked against (tests replace it).
	now func() time.Time
}

var _ http.Handler = (*Server)(nil)

// New builds a Server.
func New(cfg Config) (*Server, error) {
	if cfg.Executor == nil {
		return nil, errors.New("postgrest: Config.Executor is required")
	}
	if len(cfg.Schemas) == 0 {
		cfg.Schemas = []string{"public"}
	}
	if cfg.ExtraSearchPath == nil {
		cfg.ExtraSearchPath = []string{"public", "extensions"}
	}
	if cfg.AnonRole == "" {
		cfg.AnonRole = "anon"
	}
	if cfg.MaxBodyBytes == 0 {
		cfg.MaxBodyBytes = 10 << 20
	}
	s := &Server{cfg: cfg, now: time.Now}
	s.conf.cur.Store(baseLive(&s.cfg))
	return s, nil
}
