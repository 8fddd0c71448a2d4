package session

import (
	"strconv"
	"strings"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// gucKind is how a run-time parameter's values are checked and printed
// (PostgreSQL docs 20.1, "Setting Parameters").
type gucKind uint8

const (
	gucString gucKind = iota
	gucBool
	gucInt
	gucTimeMs // an integer number of milliseconds, with optional unit
	gucEnum
	gucList // comma-separated identifiers (search_path)
)

// guc describes one built-in parameter.
type guc struct {
	name    string // canonical spelling, as SHOW's column and pg_settings use it
	def     string
	kind    gucKind
	choices []string
	fixed   bool // cannot be changed (server_version, ...)
	// boot, when set, is pg_settings.boot_val where the compiled-in value
	// differs from the one initdb sets (server_encoding: SQL_ASCII).
	boot string
	// check, when set, refuses values the parameter's check hook refuses
	// (an access method or tablespace tinybase does not have).
	check func(value string) error
}

// gucs are the parameters tinybase knows. Immutable package data.
var gucs = func() map[string]*guc {
	list := []*guc{
		{name: "search_path", def: `"$user", public`, kind: gucList},
		{name: "TimeZone", def: "UTC"},
		{name: "DateStyle", def: "ISO, MDY"},
		{name: "IntervalStyle", def: "postgres", kind: gucEnum, choices: []string{"postgres", "postgres_verbose", "sql_standard", "iso_8601"}},
		{name: "client_encoding", def: "UTF8"},
		{name: "server_encoding", def: "UTF8", fixed: true, boot: "SQL_ASCII"},
		{name: "server_version", def: "15.8", fixed: true},
		{name: "server_version_num", def: "150008", fixed: true},
		{name: "standard_conforming_strings", def: "on", kind: gucBool},
		{name: "application_name", def: ""},
		{name: "statement_timeout", def: "0", kind: gucTimeMs},
		{name: "lock_timeout", def: "0", kind: gucTimeMs},
		{name: "idle_in_transaction_session_timeout", def: "0", kind: gucTimeMs},
		{name: "transaction_isolation", def: "read committed", kind: gucEnum, choices: []string{"serializable", "repeatable read", "read committed", "read uncommitted"}},
		{name: "default_transaction_isolation", def: "read committed", kind: gucEnum, choices: []string{"serializable", "repeatable read", "read committed", "read uncommitted"}},
		{name: "transaction_read_only", def: "off", kind: gucBool},
		{name: "default_transaction_read_only", def: "off", kind: gucBool},
		{name: "integer_datetimes", def: "on", kind: gucBool, fixed: true},
		{name: "max_identifier_length", def: "63", kind: gucInt, fixed: true},
		{name: "client_min_messages", def: "notice", kind: gucEnum, choices: []string{"debug5", "debug4", "debug3", "debug2", "debug1", "log", "notice", "warning", "error"}},
		{name: "extra_float_digits", def: "1", kind: gucInt},
		{name: "check_function_bodies", def: "on", kind: gucBool},
		{name: "role", def: "none"},
		{name: "bytea_output", def: "hex", kind: gucEnum, choices: []string{"hex", "escape"}},
		{name: "work_mem", def: "4MB"},
		// the Supabase server's postgresql.conf sets 128MB
		{name: "effective_cache_size", def: "128MB", boot: "4GB"},
		{name: "compute_query_id", def: "auto", kind: gucEnum, choices: []string{"auto", "regress", "on", "off"}},
		{name: "maintenance_work_mem", def: "64MB"},
		{name: "row_security", def: "on", kind: gucBool},
		{name: "jit", def: "off", kind: gucBool},
		// planner method settings (docs 20.7.1): enable_indexscan off
		// leaves plans without tinybase's index scans (gmsadapter)
		{name: "enable_indexscan", def: "on", kind: gucBool},
		{name: "enable_seqscan", def: "on", kind: gucBool},
		{name: "enable_bitmapscan", def: "on", kind: gucBool},
		{name: "enable_indexonlyscan", def: "on", kind: gucBool},
		{name: "enable_sort", def: "on", kind: gucBool},
		{name: "enable_hashjoin", def: "on", kind: gucBool},
		{name: "enable_mergejoin", def: "on", kind: gucBool},
		{name: "enable_nestloop", def: "on", kind: gucBool},
		{name: "timezone_abbreviations", def: "Default"},
		{name: "default_text_search_config", def: "pg_catalog.english"},
		{name: "lc_messages", def: "C"},
		{name: "lc_monetary", def: "C"},
		{name: "lc_numeric", def: "C"},
		{name: "lc_time", def: "C"},
		{name: "is_superuser", def: "on", kind: gucBool, fixed: true},
		{name: "session_authorization", def: "postgres"},
		{name: "synchronous_commit", def: "on"},
		{name: "log_statement", def: "none"},
		// Supabase's data dumps (`supabase db dump --data-only`) start
		// with SET session_replication_role = replica, so a seed loads
		// without firing triggers or checking foreign keys
		{name: "session_replication_role", def: "origin", kind: gucEnum, choices: []string{"origin", "replica", "local"}},
		// the header pg_dump and `supabase db pull` write
		{name: "xmloption", def: "content", kind: gucEnum, choices: []string{"content", "document"}},
		{name: "default_tablespace", def: "", check: oneOf("default_tablespace", "Tablespace", "", "pg_default")},
		{name: "default_table_access_method", def: "heap", check: oneOf("default_table_access_method", "Table access method", "heap")},
		{name: "idle_session_timeout", def: "0", kind: gucTimeMs},
		// pg_dump sets it off before reading; tinybase's scans always start
		// at the beginning anyway.
		{name: "synchronize_seqscans", def: "on", kind: gucBool},
		{name: "default_with_oids", def: "off", kind: gucBool, check: func(v string) error {
			if v == "on" {
				return pgerror.New(pgerror.FeatureNotSupported, "tables declared WITH OIDS are not supported")
			}
			return nil
		}},
		{name: "search_path_hack", def: ""},
	}
	m := map[string]*guc{}
	for _, g := range list {
		m[strings.ToLower(g.name)] = g
	}
	delete(m, "search_path_hack")
	return m
}()

// defaultSettings are the values a fresh session starts with.
func defaultSettings() map[string]string {
	out := make(map[string]string, len(gucs))
	for k, g := range gucs {
		out[k] = g.def
	}
	return out
}

// canonicalName is the spelling SHOW uses for name.
func canonicalName(name string) string {
	if g, ok := gucs[strings.ToLower(name)]; ok {
		return g.name
	}
	return name
}

// normalizeSetting checks value for parameter name and returns the form
// SHOW prints.
func normalizeSetting(name, value string) (string, error) {
	g, ok := gucs[name]
	if !ok {
		if !strings.Contains(name, ".") {
			return "", pgerror.New(pgerror.UndefinedObject, "unrecognized configuration parameter %q", name)
		}
		return value, nil // custom placeholder variables (app.tenant, request.jwt.claims)
	}
	if g.fixed {
		return "", pgerror.New(pgerror.CantChangeRuntimeParam, "parameter %q cannot be changed", g.name)
	}
	invalid := func() error {
		return pgerror.New(pgerror.InvalidParameterValue, "invalid value for parameter %q: %q", g.name, value)
	}
	if g.check != nil {
		v, err := normalizeKind(g, value, invalid)
		if err == nil {
			err = g.check(v)
		}
		return v, err
	}
	return normalizeKind(g, value, invalid)
}

// oneOf is the check of a parameter naming an object of which tinybase
// has only the listed ones (PostgreSQL's check hooks say which is missing).
func oneOf(param, what string, names ...string) func(string) error {
	return func(v string) error {
		for _, n := range names {
			if v == n {
				return nil
			}
		}
		return pgerror.New(pgerror.InvalidParameterValue, "invalid value for parameter %q: %q", param, v).
			WithDetail("%s \"%s\" does not exist.", what, v)
	}
}

// normalizeKind checks value by the parameter's kind.
func normalizeKind(g *guc, value string, invalid func() error) (string, error) {
	switch g.kind {
	case gucBool:
		switch strings.ToLower(value) {
		case "on", "true", "yes", "1", "t", "y":
			return "on", nil
		case "off", "false", "no", "0", "f", "n":
			return "off", nil
		}
		return "", pgerror.New(pgerror.InvalidParameterValue, "parameter %q requires a Boolean value", g.name)
	case gucInt:
		if _, err := strconv.Atoi(value); err != nil {
			return "", pgerror.New(pgerror.InvalidParameterValue, "invalid value for parameter %q: %q", g.name, value)
		}
	case gucTimeMs:
		ms, ok := parseMillis(value)
		if !ok {
			return "", invalid()
		}
		return formatMillis(ms), nil
	case gucEnum:
		v := strings.ToLower(value)
		for _, c := range g.choices {
			if c == v {
				return c, nil
			}
		}
		return "", invalid()
	case gucList:
		return quoteList(value), nil
	}
	return value, nil
}

// parseMillis reads a time parameter: a number of milliseconds or a number
// with a unit (us, ms, s, min, h, d).
func parseMillis(v string) (int64, bool) {
	v = strings.TrimSpace(v)
	i := 0
	for i < len(v) && (v[i] >= '0' && v[i] <= '9' || v[i] == '.' || v[i] == '-') {
		i++
	}
	num, err := strconv.ParseFloat(v[:i], 64)
	if err != nil {
		return 0, false
	}
	mult := map[string]float64{"": 1, "us": 0.001, "ms": 1, "s": 1000, "min": 60000, "h": 3600000, "d": 86400000}[strings.TrimSpace(v[i:])]
	if mult == 0 {
		return 0, false
	}
	return int64(num * mult), true
}

func formatMillis(ms int64) string {
	switch {
	case ms == 0:
		return "0"
	case ms%86400000 == 0:
		return strconv.FormatInt(ms/86400000, 10) + "d"
	case ms%3600000 == 0:
		return strconv.FormatInt(ms/3600000, 10) + "h"
	case ms%60000 == 0:
		return strconv.FormatInt(ms/60000, 10) + "min"
	case ms%1000 == 0:
		return strconv.FormatInt(ms/1000, 10) + "s"
	}
	return strconv.FormatInt(ms, 10) + "ms"
}

// quoteList re-quotes a list of identifiers as PostgreSQL prints
// GUC_LIST_QUOTE parameters: elements needing quotes get them.
func quoteList(v string) string {
	parts := strings.Split(v, ",")
	for i, p := range parts {
		p = strings.TrimSpace(p)
		if strings.HasPrefix(p, `"`) {
			parts[i] = p
			continue
		}
		if p != strings.ToLower(p) || strings.ContainsAny(p, "$ -") {
			p = `"` + p + `"`
		}
		parts[i] = p
	}
	return strings.Join(parts, ", ")
}

// KnownParameter implements security.Host: GRANT ... ON PARAMETER names
// a parameter tinybase knows or a custom one ("app.setting": two or more
// identifiers joined by dots, as PostgreSQL's valid_custom_variable_name
// requires).
func (s *Session) KnownParameter(name string) bool {
	if _, ok := gucs[strings.ToLower(name)]; ok {
		return true
	}
	parts := strings.Split(name, ".")
	if len(parts) < 2 {
		return false
	}
	for _, p := range parts {
		if p == "" || !(p[0] == '_' || p[0] >= 'a' && p[0] <= 'z' || p[0] >= 'A' && p[0] <= 'Z' || p[0] >= 0x80) {
			return false
		}
		for i := 1; i < len(p); i++ {
			c := p[i]
			if !(c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80) {
				return false
			}
		}
	}
	return true
}
