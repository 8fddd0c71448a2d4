package postgrest

import (
	"context"
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
// config file and the environment).
type liveConfig struct {
	Schemas           []string
	ExtraSearchPath   []string
	MaxRows           int
	AggregatesEnabled bool
}

type configHolder struct {
	cur     atomic.Pointer[liveConfig]
	mu      sync.Mutex // held while reading the settings
	loaded  atomic.Bool
	version atomic.Uint64 // the executor's config version last read
}

func baseLive(cfg *Config) *liveConfig {
	return &liveConfig{Schemas: cfg.Schemas, ExtraSearchPath: cfg.ExtraSearchPath, MaxRows: cfg.MaxRows, AggregatesEnabled: cfg.AggregatesEnabled}
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
	err := s.cfg.Executor.Tx(ctx, true, func(q Querier) (bool, error) {
		res, err := q.Query(ctx, dbSettingsSQL)
		if err != nil {
			return false, err
		}
		for _, r := range res.Rows {
			if len(r) == 2 && r[0] != nil && r[1] != nil {
				kv[*r[0]] = *r[1]
			}
		}
		return false, nil
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
	s.conf.cur.Store(next)
	s.conf.version.Store(version)
	s.conf.loaded.Store(true)
	s.cache.mu.Lock()
	s.cache.dirty = true
	s.cache.mu.Unlock()
}

// applyDBConfig overrides base with pgrst.* settings (keys without the
// prefix); ok is false when a value is invalid, as PostgREST then refuses
// the new configuration. Settings this server does not read are ignored.
func applyDBConfig(base *liveConfig, kv map[string]string) (*liveConfig, bool) {
	c := *base
	for k, v := range kv {
		switch k {
		case "db_schemas":
			l := splitList(v)
			if len(l) == 0 {
				return nil, false
			}
			c.Schemas = l
		case "db_extra_search_path":
			c.ExtraSearchPath = splitList(v)
		case "db_max_rows":
			if strings.TrimSpace(v) == "" {
				c.MaxRows = 0
				continue
			}
			n, err := strconv.Atoi(strings.TrimSpace(v))
			if err != nil || n < 0 {
				return nil, false
			}
			c.MaxRows = n
		case "db_aggregates_enabled":
			b, err := strconv.ParseBool(strings.TrimSpace(v))
			if err != nil {
				return nil, false
			}
			c.AggregatesEnabled = b
		}
	}
	return &c, true
}

// splitList splits a comma-separated config list, trimming blanks.
func splitList(v string) []string {
	var out []string
	for _, p := range strings.Split(v, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
