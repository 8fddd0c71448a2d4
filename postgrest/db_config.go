package postgrest

import (
	"context"
	"encoding/base64"
	"errors"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// ConfigVersioned is implemented by executors that can tell when PostgREST
// must re-read its in-database configuration (NOTIFY pgrst, 'reload
// config'); the server reads it before its first request and whenever the
// version moves.
type ConfigVersioned interface {
	ConfigVersion() uint64
}

// liveConfig is the part of Config that in-database configuration can
// override: the Go Config's values, then the authenticator role's pgrst.*
// settings (PostgREST docs: In-Database Configuration — they override the
// config file and the environment), plus the settings of the roles the
// authenticator can switch to (role_settings.go), read at the same time.
type liveConfig struct {
	Schemas           []string
	ExtraSearchPath   []string
	MaxRows           int
	AggregatesEnabled bool
	// AnonRole is db-anon-role; JWTSecret the HS key (jwt-secret, decoded
	// when jwt-secret-is-base64); JWTAud is jwt-aud; RoleClaim the parsed
	// jwt-role-claim-key (nil: .role).
	AnonRole  string
	JWTSecret []byte
	JWTAud    string
	RoleClaim []claimStep
	// PreRequest is db-pre-request, a function called before the main
	// query of every request ("" for none).
	PreRequest string
	// TxEnd is db-tx-end: commit, commit-allow-override, rollback or
	// rollback-allow-override.
	TxEnd string
	// OpenAPIDisabled is openapi-mode = disabled.
	OpenAPIDisabled bool
	// PreConfig is db-pre-config: a function run when the configuration
	// is read, whose set_config('pgrst.…', …) values count below the role
	// settings; a value set in the database applies from the next reload.
	PreConfig string
	// TraceHeader is server-trace-header: a request header whose value
	// the response repeats (e.g. X-Request-Id).
	TraceHeader string
	// PlanEnabled is db-plan-enabled: the execution plan media type
	// (plan.go) is offered.
	PlanEnabled bool
	// RoleSettings are each role's ALTER ROLE … SET settings that PostgREST
	// applies to the requests it runs as that role.
	RoleSettings map[string][][2]string
}

type configHolder struct {
	cur     atomic.Pointer[liveConfig]
	mu      sync.Mutex // held while reading the settings
	loaded  atomic.Bool
	version atomic.Uint64 // the executor's config version last read
}

func baseLive(cfg *Config) *liveConfig {
	return &liveConfig{Schemas: cfg.Schemas, ExtraSearchPath: cfg.ExtraSearchPath, MaxRows: cfg.MaxRows, AggregatesEnabled: cfg.AggregatesEnabled,
		AnonRole: cfg.AnonRole, JWTSecret: []byte(cfg.JWTSecret), JWTAud: cfg.JWTAud, RoleClaim: cfg.roleClaim, PreRequest: cfg.PreRequest, TxEnd: cfg.TxEnd,
		PreConfig: cfg.PreConfig, PlanEnabled: cfg.PlanEnabled}
}

// live is the configuration requests use now.
func (s *Server) live() *liveConfig { return s.conf.cur.Load() }

// dbSettingsSQL reads the current user's pgrst.* role settings, those set
// for the current database winning over those for every database, as
// PostgREST's queryDbSettings does.
const dbSettingsSQL = `with role_setting as (
  select setdatabase, unnest(setconfig) as setting
  from pg_catalog.pg_db_role_setting
  where setrole = (select oid from pg_catalog.pg_roles where rolname = current_user)
    and setdatabase in (0, (select oid from pg_catalog.pg_database where datname = current_catalog))
), kv as (
  select setdatabase, substr(setting, 1, strpos(setting, '=') - 1) as k, substr(setting, strpos(setting, '=') + 1) as v
  from role_setting
)
select distinct on (k) substr(k, 7) as key, v
from kv
where k like 'pgrst.%' and v is not null
order by k, setdatabase desc`

// dbSettingKeys are the pgrst.* keys PostgREST reads from the database
// (Config/Database.hs dbSettingsNames).
var dbSettingKeys = []string{"db_aggregates_enabled", "client_error_verbosity", "db_anon_role", "db_pre_config", "db_extra_search_path",
	"db_max_rows", "db_plan_enabled", "db_pre_request", "db_prepared_statements", "db_root_spec", "db_schemas", "db_timezone_enabled",
	"db_tx_end", "db_hoisted_tx_settings", "jwt_aud", "jwt_role_claim_key", "jwt_secret", "jwt_secret_is_base64", "jwt_cache_max_lifetime",
	"openapi_mode", "openapi_security_active", "openapi_server_proxy_uri", "server_cors_allowed_origins", "server_trace_header",
	"server_timing_enabled"}

// preConfigSQL reads, after the db-pre-config function ran in the same
// transaction, the pgrst.* values it set.
var preConfigSQL = "select k, current_setting('pgrst.' || k, true) from unnest(array['" + strings.Join(dbSettingKeys, "', '") + "']) as k"

// refreshConfig re-reads the in-database configuration when it has never
// been read or the executor's config version moved. A failed read or an
// invalid value keeps the configuration in use until the next 'reload
// config' (PostgREST logs it and carries on; a first read that fails is
// retried by the next request); a successful one marks the schema cache
// stale, since db-schemas may have changed.
func (s *Server) refreshConfig(ctx context.Context) {
	if s.cfg.NoDBConfig {
		return
	}
	var version uint64
	cv, versioned := s.cfg.Executor.(ConfigVersioned)
	if versioned {
		version = cv.ConfigVersion()
	}
	fresh := func() bool { return s.conf.loaded.Load() && (!versioned || s.conf.version.Load() == version) }
	if fresh() { // no lock on the request path
		return
	}
	s.conf.mu.Lock()
	defer s.conf.mu.Unlock()
	if fresh() {
		return
	}
	kv := map[string]string{}
	var roles map[string][][2]string
	preConfig := s.live().PreConfig
	err := s.cfg.Executor.Tx(ctx, true, func(q Querier) (bool, error) {
		if preConfig != "" { // db-pre-config: its set_config('pgrst.…') values rank below the role's
			if _, err := q.Query(ctx, "select "+qualifiedFunc(preConfig)+"()"); err != nil {
				return false, err
			}
			res, err := q.Query(ctx, preConfigSQL)
			if err != nil {
				return false, err
			}
			for _, r := range res.Rows {
				if len(r) == 2 && r[0] != nil && r[1] != nil && *r[1] != "" {
					kv[*r[0]] = *r[1]
				}
			}
		}
		res, err := q.Query(ctx, dbSettingsSQL)
		if err != nil {
			return false, err
		}
		for _, r := range res.Rows {
			if len(r) == 2 && r[0] != nil && r[1] != nil {
				kv[*r[0]] = *r[1]
			}
		}
		roles, err = readRoleSettings(ctx, q) // role_settings.go
		return false, err
	})
	if err != nil {
		if s.conf.loaded.Load() { // not retried until the next 'reload config'
			s.conf.version.Store(version)
		}
		return
	}
	next, ok := applyDBConfig(baseLive(&s.cfg), kv)
	if !ok {
		s.conf.version.Store(version)
		s.conf.loaded.Store(true)
		return
	}
	next.RoleSettings = roles
	s.conf.cur.Store(next)
	s.jwts.clear() // verified with the previous secret, audience and role claim
	s.conf.version.Store(version)
	s.conf.loaded.Store(true)
	s.cache.mu.Lock()
	s.cache.dirty = true
	s.cache.mu.Unlock()
}

// applyDBConfig overrides base with pgrst.* settings (keys without the
// prefix); ok is false when a value is invalid, as PostgREST then refuses
// the new configuration. The keys are those PostgREST allows in the
// database (Config/Database.hs dbSettingsNames); the ones this server has
// no feature for (db_prepared_statements, db_root_spec,
// db_timezone_enabled, db_hoisted_tx_settings, client_error_verbosity,
// openapi_security_active, openapi_server_proxy_uri,
// server_cors_allowed_origins, server_timing_enabled,
// jwt_cache_max_lifetime) are ignored, as are unknown ones.
func applyDBConfig(base *liveConfig, kv map[string]string) (*liveConfig, bool) {
	c := *base
	secret, base64Secret := "", false
	for k, v := range kv {
		tv := strings.TrimSpace(v)
		switch k {
		case "db_schemas":
			l := ParseList(v)
			if len(l) == 0 {
				return nil, false
			}
			c.Schemas = l
		case "db_extra_search_path":
			c.ExtraSearchPath = ParseList(v)
		case "db_max_rows":
			if tv == "" {
				c.MaxRows = 0
				continue
			}
			n, err := strconv.Atoi(tv)
			if err != nil || n < 0 {
				return nil, false
			}
			c.MaxRows = n
		case "db_aggregates_enabled":
			b, ok := parseBool(tv)
			if !ok {
				return nil, false
			}
			c.AggregatesEnabled = b
		case "db_plan_enabled":
			b, ok := parseBool(tv)
			if !ok {
				return nil, false
			}
			c.PlanEnabled = b
		case "db_anon_role":
			c.AnonRole = tv
		case "db_pre_request":
			c.PreRequest = tv
		case "db_tx_end":
			switch tv {
			case "commit", "commit-allow-override", "rollback", "rollback-allow-override":
				c.TxEnd = tv
			default:
				return nil, false
			}
		case "jwt_secret":
			secret = v
		case "jwt_secret_is_base64":
			b, ok := parseBool(tv)
			if !ok {
				return nil, false
			}
			base64Secret = b
		case "jwt_aud":
			c.JWTAud = tv
		case "jwt_role_claim_key":
			steps, err := parseRoleClaimKey(tv)
			if err != nil {
				return nil, false
			}
			c.RoleClaim = steps
		case "db_pre_config":
			c.PreConfig = tv
		case "server_trace_header":
			c.TraceHeader = tv
		case "openapi_mode":
			switch tv {
			case "follow-privileges", "ignore-privileges":
				c.OpenAPIDisabled = false
			case "disabled":
				c.OpenAPIDisabled = true
			default:
				return nil, false
			}
		}
	}
	if secret != "" || base64Secret {
		key := []byte(secret)
		if secret == "" {
			key = base.JWTSecret
		}
		if base64Secret {
			dec, err := decodeBase64Secret(string(key))
			if err != nil {
				return nil, false
			}
			key = dec
		}
		if len(key) < 32 { // PostgREST: "The JWT secret must be at least 32 characters long"
			return nil, false
		}
		c.JWTSecret = key
	}
	return &c, true
}

// parseBool reads a boolean setting as PostgREST's config parser does
// (true/false, on/off, yes/no, 1/0, any case).
func parseBool(v string) (bool, bool) {
	switch strings.ToLower(v) {
	case "true", "on", "yes", "1", "t", "y":
		return true, true
	case "false", "off", "no", "0", "f", "n":
		return false, true
	}
	return false, false
}

// decodeBase64Secret decodes jwt-secret when jwt-secret-is-base64 is set
// (standard or URL alphabet, padded or not).
func decodeBase64Secret(s string) ([]byte, error) {
	s = strings.TrimSpace(s)
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.URLEncoding, base64.RawStdEncoding, base64.RawURLEncoding} {
		if b, err := enc.DecodeString(s); err == nil {
			return b, nil
		}
	}
	return nil, errors.New("postgrest: jwt-secret is not valid base64")
}

// ParseList splits a comma-separated list setting (db-schemas,
// db-extra-search-path) into its trimmed, non-empty items, as PostgREST
// reads it; tinybase's config.toml [api] lists use it too.
func ParseList(v string) []string {
	var out []string
	for _, p := range strings.Split(v, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
