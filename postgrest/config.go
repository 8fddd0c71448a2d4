package postgrest

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/tinybase/tinybase/logs"
)

// Config configures a Server.
type Config struct {
	// Executor runs the generated SQL (EngineExecutor or PgxExecutor).
	Executor Executor
	// OnStatement, when set, receives each statement a request runs
	// (after its settings), for the postgres log.
	OnStatement logs.StatementFunc
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
	// JWTAud, when set, is the audience a token's aud claim must name
	// (jwt-aud).
	JWTAud string
	// JWTRoleClaimKey is the JSPath of the role in the claims
	// (jwt-role-claim-key, e.g. .app_metadata.role). Default: .role.
	JWTRoleClaimKey string
	// PreRequest names a function called before the main query of every
	// request, after the request's settings (db-pre-request), e.g.
	// "public.check_request". Default: none.
	PreRequest string
	// PreConfig names a function run whenever the in-database
	// configuration is read (db-pre-config); the pgrst.* settings it makes
	// with set_config count below the authenticator's role settings.
	PreConfig string
	// TxEnd is db-tx-end: commit, commit-allow-override (the default here,
	// so Prefer: tx=rollback is honoured), rollback or
	// rollback-allow-override.
	TxEnd string
	// MaxBodyBytes rejects larger request bodies with 413. Default 10 MiB.
	MaxBodyBytes int64
	// PlanEnabled offers the execution plan media type (db-plan-enabled;
	// off by default, as in PostgREST and the Supabase CLI).
	PlanEnabled bool
	// NoDBConfig turns off in-database configuration (db-config = false):
	// otherwise the session user's pgrst.* role settings (ALTER ROLE
	// authenticator SET pgrst.db_max_rows = '100'; db_schemas,
	// db_extra_search_path, db_max_rows, db_aggregates_enabled, db_plan_enabled,
	// db_anon_role, db_pre_request, db_tx_end, jwt_secret,
	// jwt_secret_is_base64, jwt_aud, jwt_role_claim_key, openapi_mode,
	// server_trace_header, db_pre_config)
	// override the fields above, and the ALTER ROLE … SET settings of the
	// roles it switches to apply to their requests; both are read before
	// the first request and on NOTIFY pgrst, 'reload config'
	// (db_config.go, role_settings.go).
	NoDBConfig bool

	roleClaim []claimStep // JWTRoleClaimKey parsed
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
	if cfg.TxEnd == "" {
		cfg.TxEnd = "commit-allow-override"
	}
	switch cfg.TxEnd {
	case "commit", "commit-allow-override", "rollback", "rollback-allow-override":
	default:
		return nil, fmt.Errorf("postgrest: invalid TxEnd %q", cfg.TxEnd)
	}
	if cfg.JWTRoleClaimKey != "" {
		steps, err := parseRoleClaimKey(cfg.JWTRoleClaimKey)
		if err != nil {
			return nil, fmt.Errorf("postgrest: JWTRoleClaimKey %q: %w", cfg.JWTRoleClaimKey, err)
		}
		cfg.roleClaim = steps
	}
	s := &Server{cfg: cfg, now: time.Now}
	s.conf.cur.Store(baseLive(&s.cfg))
	return s, nil
}

// Close releases what the server holds through its executor when the
// executor is an io.Closer (EngineExecutor: its NOTIFY pgrst subscription
// and idle sessions). Requests must have finished.
func (s *Server) Close() error {
	if c, ok := s.cfg.Executor.(io.Closer); ok {
		return c.Close()
	}
	return nil
}
