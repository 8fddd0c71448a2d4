package tinybase

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/tinybase/tinybase/auth"
	"github.com/tinybase/tinybase/postgrest"
)

// DefaultJWTSecret is the Supabase CLI's local JWT secret, so existing
// .env files with the well-known anon/service_role keys keep working.
const DefaultJWTSecret = "super-secret-jwt-token-with-at-least-32-characters-long"

// Config is what a project runs with: supabase/config.toml's [api] and [db]
// sections (the auth package reads [auth] from Raw), then TINYBASE_*
// environment variables, then flags (the CLI applies those).
type Config struct {
	Dir             string   // project directory (holds supabase/)
	Host            string   // listen address for HTTP and Postgres
	APIPort         int      // [api] port
	DBPort          int      // [db] port
	Schemas         []string // [api] schemas (exposed through /rest/v1)
	ExtraSearchPath []string // [api] extra_search_path
	MaxRows         int      // [api] max_rows
	JWTSecret       string   // [auth] jwt_secret
	JWTExpiry       int      // [auth] jwt_expiry, seconds
	// SeedEnabled and SeedPaths are [db.seed] enabled and sql_paths:
	// seed files (globs allowed) relative to supabase/, run in order
	// after the migrations.
	SeedEnabled bool
	SeedPaths   []string
	// Vault is [db.vault]: secrets put in the vault (vault.secrets, by
	// name) before the first migration, as `supabase start` does; a value
	// env(NAME) is that environment variable's.
	Vault map[string]string
	// NetAllowExternal lets pg_net's worker reach hosts other than
	// loopback (TINYBASE_NET_ALLOW_EXTERNAL=true); off, a request
	// elsewhere gets an error response instead.
	NetAllowExternal bool
	// SlowStatement marks statements at least this long as slow in the
	// logs, as log_min_duration_statement does (TINYBASE_SLOW_STATEMENT,
	// `start --slow-statement`); 0 marks none.
	SlowStatement time.Duration
	// StorageFileSizeLimit is [storage] file_size_limit in bytes: the
	// largest upload /storage/v1 accepts ("50MiB" by default, units
	// read in binary as the Supabase CLI reads them).
	StorageFileSizeLimit int64
	// StorageImageTransformation serves /storage/v1/render/image
	// ([storage.image_transformation] enabled; on unless config.toml
	// turns it off, as in the Supabase CLI's template).
	StorageImageTransformation bool
	// Studio serves the dashboard (package studio) on StudioPort, bound
	// to Host: [studio] enabled (on when config.toml has no such key, as
	// the Supabase CLI has it; off in DefaultConfig, so a library Serve
	// opens no extra port unless asked). TINYBASE_STUDIO_PORT overrides
	// [studio] port.
	Studio     bool
	StudioPort int
	// InboxEnabled and InboxPort are [inbucket] enabled and port: the
	// local mail catcher (package inbox) `start` serves
	// (TINYBASE_INBOX_PORT, `start --inbox-port`); InboxAdminEmail and
	// InboxSenderName ([inbucket] admin_email, sender_name) are the From
	// of the emails auth sends.
	InboxEnabled    bool
	InboxPort       int
	InboxAdminEmail string
	InboxSenderName string
	// Raw is supabase/config.toml as read (nil when absent), for
	// auth.ParseConfig, which owns the [auth] sections.
	Raw []byte
	// Warnings are config.toml's keys no Supabase CLI section has
	// (typos, mostly): LoadConfig reports them and goes on.
	Warnings []string
}

// DefaultConfig is the Supabase CLI's init template's values.
func DefaultConfig(dir string) Config {
	return Config{
		Dir:             dir,
		Host:            "127.0.0.1",
		APIPort:         54321,
		DBPort:          54322,
		Schemas:         []string{"public", "graphql_public"},
		ExtraSearchPath: []string{"public", "extensions"},
		MaxRows:         1000,
		JWTSecret:       DefaultJWTSecret,
		JWTExpiry:       3600,
		SeedEnabled:     true,
		SeedPaths:       []string{"./seed.sql"},

		StorageFileSizeLimit:       50 << 20,
		StorageImageTransformation: true,
		StudioPort:                 54323,
		InboxEnabled:               true,
		InboxPort:                  54324,
		InboxAdminEmail:            "admin@email.com",
		InboxSenderName:            "Admin",
	}
}

// ConfigPath is the project's config.toml.
func ConfigPath(dir string) string { return filepath.Join(dir, "supabase", "config.toml") }

// fileConfig is the part of config.toml this package reads.
type fileConfig struct {
	API struct {
		Port            *int     `toml:"port"`
		Schemas         []string `toml:"schemas"`
		ExtraSearchPath []string `toml:"extra_search_path"`
		MaxRows         *int     `toml:"max_rows"`
	} `toml:"api"`
	DB struct {
		Port *int `toml:"port"`
		Seed struct {
			Enabled  *bool    `toml:"enabled"`
			SQLPaths []string `toml:"sql_paths"`
		} `toml:"seed"`
		Vault map[string]string `toml:"vault"`
	} `toml:"db"`
	Auth struct {
		JWTExpiry *int   `toml:"jwt_expiry"`
		JWTSecret string `toml:"jwt_secret"`
	} `toml:"auth"`
	Storage struct {
		FileSizeLimit       string `toml:"file_size_limit"`
		ImageTransformation struct {
			Enabled *bool `toml:"enabled"`
		} `toml:"image_transformation"`
	} `toml:"storage"`
	Studio struct {
		Enabled *bool `toml:"enabled"`
		Port    *int  `toml:"port"`
	} `toml:"studio"`
	Inbucket struct {
		Enabled    *bool  `toml:"enabled"`
		Port       *int   `toml:"port"`
		AdminEmail string `toml:"admin_email"`
		SenderName string `toml:"sender_name"`
	} `toml:"inbucket"`
}

// LoadConfig returns dir's configuration: defaults, overridden by
// supabase/config.toml when present, overridden by TINYBASE_* variables
// read through getenv (os.Getenv when nil).
func LoadConfig(dir string, getenv func(string) string) (Config, error) {
	cfg := DefaultConfig(dir)
	raw, err := os.ReadFile(ConfigPath(dir))
	switch {
	case err == nil:
		cfg.Raw = raw
		var fc fileConfig
		md, err := toml.Decode(string(raw), &fc)
		if err != nil {
			return cfg, fmt.Errorf("reading %s: %w", ConfigPath(dir), err)
		}
		cfg.Warnings = unknownKeyWarnings(ConfigPath(dir), md)
		cfg.Warnings = append(cfg.Warnings, authKeyWarnings(ConfigPath(dir), raw)...) // config_auth.go
		if fc.API.Port != nil {
			cfg.APIPort = *fc.API.Port
		}
		if fc.API.Schemas != nil {
			cfg.Schemas = fc.API.Schemas
		}
		if fc.API.ExtraSearchPath != nil {
			cfg.ExtraSearchPath = fc.API.ExtraSearchPath
		}
		if fc.API.MaxRows != nil {
			cfg.MaxRows = *fc.API.MaxRows
		}
		if fc.DB.Port != nil {
			cfg.DBPort = *fc.DB.Port
		}
		if fc.DB.Seed.Enabled != nil {
			cfg.SeedEnabled = *fc.DB.Seed.Enabled
		}
		if fc.DB.Seed.SQLPaths != nil {
			cfg.SeedPaths = fc.DB.Seed.SQLPaths
		}
		cfg.Vault = fc.DB.Vault
		if fc.Auth.JWTExpiry != nil {
			cfg.JWTExpiry = *fc.Auth.JWTExpiry
		}
		if fc.Auth.JWTSecret != "" {
			cfg.JWTSecret = fc.Auth.JWTSecret
		}
		cfg.Studio = fc.Studio.Enabled == nil || *fc.Studio.Enabled
		if fc.Studio.Port != nil {
			cfg.StudioPort = *fc.Studio.Port
		}
		if fc.Inbucket.Enabled != nil {
			cfg.InboxEnabled = *fc.Inbucket.Enabled
		}
		if fc.Inbucket.Port != nil {
			cfg.InboxPort = *fc.Inbucket.Port
		}
		if fc.Inbucket.AdminEmail != "" {
			cfg.InboxAdminEmail = fc.Inbucket.AdminEmail
		}
		if fc.Inbucket.SenderName != "" {
			cfg.InboxSenderName = fc.Inbucket.SenderName
		}
		if v := fc.Storage.FileSizeLimit; v != "" {
			n, err := parseByteSize(v)
			if err != nil {
				return cfg, fmt.Errorf("reading %s: [storage] file_size_limit: %w", ConfigPath(dir), err)
			}
			cfg.StorageFileSizeLimit = n
		}
		if v := fc.Storage.ImageTransformation.Enabled; v != nil {
			cfg.StorageImageTransformation = *v
		}
	case errors.Is(err, fs.ErrNotExist):
	default:
		return cfg, fmt.Errorf("reading %s: %w", ConfigPath(dir), err)
	}
	if getenv == nil {
		getenv = os.Getenv
	}
	if err := cfg.applyEnv(getenv); err != nil {
		return cfg, err
	}
	for name, v := range cfg.Vault {
		if ref, ok := auth.EnvRef(v); ok {
			cfg.Vault[name] = getenv(ref)
		}
	}
	return cfg, cfg.Check()
}

// EnvVars are the environment variables LoadConfig reads, for the README
// and `--help`.
var EnvVars = []string{"TINYBASE_HOST", "TINYBASE_PORT", "TINYBASE_DB_PORT", "TINYBASE_JWT_SECRET", "TINYBASE_JWT_EXPIRY", "TINYBASE_SCHEMAS", "TINYBASE_EXTRA_SEARCH_PATH", "TINYBASE_MAX_ROWS", "TINYBASE_NET_ALLOW_EXTERNAL", "TINYBASE_SLOW_STATEMENT", "TINYBASE_STUDIO_PORT", "TINYBASE_INBOX_PORT"}

func (c *Config) applyEnv(getenv func(string) string) error {
	ints := []struct {
		name string
		dst  *int
	}{{"TINYBASE_PORT", &c.APIPort}, {"TINYBASE_DB_PORT", &c.DBPort}, {"TINYBASE_JWT_EXPIRY", &c.JWTExpiry}, {"TINYBASE_MAX_ROWS", &c.MaxRows}, {"TINYBASE_STUDIO_PORT", &c.StudioPort}, {"TINYBASE_INBOX_PORT", &c.InboxPort}}
	for _, it := range ints {
		if v := getenv(it.name); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil {
				return fmt.Errorf("%s=%q is not an integer", it.name, v)
			}
			*it.dst = n
		}
	}
	if v := getenv("TINYBASE_HOST"); v != "" {
		c.Host = v
	}
	if v := getenv("TINYBASE_JWT_SECRET"); v != "" {
		c.JWTSecret = v
	}
	if v := getenv("TINYBASE_SCHEMAS"); v != "" {
		c.Schemas = postgrest.ParseList(v)
	}
	if v := getenv("TINYBASE_EXTRA_SEARCH_PATH"); v != "" {
		c.ExtraSearchPath = postgrest.ParseList(v)
	}
	if v := getenv("TINYBASE_SLOW_STATEMENT"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil {
			return fmt.Errorf("TINYBASE_SLOW_STATEMENT=%q is not a duration (like 200ms)", v)
		}
		c.SlowStatement = d
	}
	if v := getenv("TINYBASE_NET_ALLOW_EXTERNAL"); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return fmt.Errorf("TINYBASE_NET_ALLOW_EXTERNAL=%q is not a boolean", v)
		}
		c.NetAllowExternal = b
	}
	return nil
}

// Check rejects values no server can run with.
func (c Config) Check() error {
	for _, p := range []struct {
		name string
		v    int
	}{{"api port", c.APIPort}, {"db port", c.DBPort}, {"studio port", c.StudioPort}, {"inbucket port", c.InboxPort}} {
		if p.v < 0 || p.v > 65535 {
			return fmt.Errorf("%s %d is out of range 0-65535", p.name, p.v)
		}
	}
	if len(c.JWTSecret) < 16 {
		return fmt.Errorf("JWT secret must be at least 16 characters")
	}
	if c.JWTExpiry <= 0 {
		return fmt.Errorf("jwt_expiry must be positive, not %d", c.JWTExpiry)
	}
	if c.MaxRows < 0 {
		return fmt.Errorf("max_rows must not be negative")
	}
	return nil
}
