package session

import (
	"strconv"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// gucKind is how a run-time parameter's values are checked and printed
// (PostgreSQL docs 20.1, "Setting Parameters").
type gucKind uint8

const (
	gucString gucKind = iota
	gucBool
	gucInt  // an integer, with a unit when pg_settings gives one
	gucReal // a floating-point number, likewise
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
	// canon, when set, checks a value and returns the form stored
	// (client_encoding's canonical name).
	canon func(value string) (string, error)
	// info is PostgreSQL's description of the parameter (pg_settings'
	// columns, recorded); nil for those pg_settings hides (role).
	info *pgcatalog.SettingDef
	// recorded marks a parameter known only from pg_settings: stored and
	// shown, read by nothing.
	recorded bool
}

// gucs are the parameters tinybase knows. Immutable package data.
var gucs = func() map[string]*guc {
	list := []*guc{
		{name: "search_path", def: `"$user", public`, kind: gucList},
		{name: "TimeZone", def: "UTC"},
		{name: "DateStyle", def: "ISO, MDY"},
		{name: "IntervalStyle", def: "postgres", kind: gucEnum, choices: []string{"postgres", "postgres_verbose", "sql_standard", "iso_8601"}},
		{name: "client_encoding", def: "UTF8", canon: canonEncoding},
		{name: "server_encoding", def: "UTF8", fixed: true, boot: "SQL_ASCII"},
		{name: "server_version", def: "15.8", fixed: true},
		{name: "server_version_num", def: "150008", fixed: true},
		{name: "standard_conforming_strings", def: "on", kind: gucBool},
		{name: "application_name", def: ""},
		{name: "statement_timeout", def: "0", kind: gucInt},
		{name: "lock_timeout", def: "0", kind: gucInt},
		{name: "idle_in_transaction_session_timeout", def: "0", kind: gucInt},
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
		{name: "default_table_access_method", def: "heap", check: func(v string) error {
			if v == "" {
				return invalidValue("default_table_access_method", v).WithDetail("default_table_access_method cannot be empty.")
			}
			return oneOf("default_table_access_method", "Table access method", "heap")(v)
		}},
		{name: "idle_session_timeout", def: "0", kind: gucInt},
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
	// Every other PostgreSQL 15 parameter is known with its recorded
	// description and reset value: SET checks and stores it, SHOW and
	// pg_settings show it, and nothing else reads it.
	for _, name := range pgcatalog.SettingNames() {
		info, _ := pgcatalog.LookupSetting(name)
		if g, ok := m[strings.ToLower(name)]; ok {
			g.info = info
			if g.kind == gucString {
				g.kind = kindOf(info)
			}
			if g.kind == gucEnum && g.choices == nil {
				g.choices = info.EnumVals
			}
			continue
		}
		g := &guc{name: info.Name, kind: kindOf(info), choices: info.EnumVals, info: info,
			fixed: info.Context == "internal", recorded: true}
		g.def, g.boot = showRaw(g, info.Reset), showRaw(g, info.Boot)
		m[strings.ToLower(name)] = g
	}
	// the check hooks of string parameters (guc_checks.go); search_path
	// has none that refuses a value
	for name, check := range map[string]func(string) error{
		"lc_messages":                      checkLocale("lc_messages", false),
		"lc_monetary":                      checkLocale("lc_monetary", true),
		"lc_numeric":                       checkLocale("lc_numeric", true),
		"lc_time":                          checkLocale("lc_time", true),
		"timezone_abbreviations":           checkTZAbbreviations,
		"temp_tablespaces":                 checkTempTablespaces,
		"restrict_nonsystem_relation_kind": checkKeywordList("restrict_nonsystem_relation_kind", "view", "foreign-table"),
		"wal_consistency_checking":         checkKeywordList("wal_consistency_checking", walMaskRmgrs...),
	} {
		if g, ok := m[name]; ok {
			g.check = check
		}
	}
	return m
}()

// kindOf is the gucKind of a pg_settings vartype.
func kindOf(info *pgcatalog.SettingDef) gucKind {
	switch info.VarType {
	case "bool":
		return gucBool
	case "integer":
		return gucInt
	case "real":
		return gucReal
	case "enum":
		return gucEnum
	}
	return gucString
}

// unit is the parameter's pg_settings unit, its base unit ("" if none).
func (g *guc) unit() string {
	if g.info != nil {
		return g.info.Unit
	}
	return ""
}

// showRaw turns a pg_settings value (a number in the base unit) into
// the form SHOW prints.
func showRaw(g *guc, raw string) string {
	switch g.kind {
	case gucInt:
		if n, err := strconv.ParseInt(raw, 10, 64); err == nil {
			return showInt(n, g.unit())
		}
	case gucReal:
		if f, err := strconv.ParseFloat(raw, 64); err == nil {
			return showReal(f, g.unit())
		}
	}
	return raw
}

// contextError is SET's refusal of a parameter that cannot change in a
// running session, by its pg_settings context (set_config_option).
func contextError(g *guc) error {
	ctx := ""
	if g.info != nil {
		ctx = g.info.Context
	}
	switch {
	case g.fixed || ctx == "internal":
		return pgerror.New(pgerror.CantChangeRuntimeParam, "parameter %q cannot be changed", g.name)
	case ctx == "postmaster":
		return pgerror.New(pgerror.CantChangeRuntimeParam, "parameter %q cannot be changed without restarting the server", g.name)
	case ctx == "sighup":
		return pgerror.New(pgerror.CantChangeRuntimeParam, "parameter %q cannot be changed now", g.name)
	case ctx == "backend" || ctx == "superuser-backend":
		return pgerror.New(pgerror.CantChangeRuntimeParam, "parameter %q cannot be set after connection start", g.name)
	}
	return nil
}

// defaultSettings are the values a fresh session starts with, for the
// parameters tinybase acts on; the others read their recorded reset value
// until SET (Session.Setting), which keeps this map, copied at every
// BEGIN and SAVEPOINT, small.
func defaultSettings() map[string]string {
	out := make(map[string]string, len(tinybaseGUCs))
	for _, k := range tinybaseGUCs {
		out[k] = gucs[k].def
	}
	return out
}

// tinybaseGUCs are the lower-cased names of gucs' hand-written entries.
// Immutable package data.
var tinybaseGUCs = func() []string {
	var out []string
	for k, g := range gucs {
		if !g.recorded {
			out = append(out, k)
		}
	}
	return out
}()

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
	if err := contextError(g); err != nil {
		return "", err
	}
	invalid := func() error {
		return pgerror.New(pgerror.InvalidParameterValue, "invalid value for parameter \"%s\": \"%s\"", g.name, value)
	}
	if g.canon != nil {
		return g.canon(value)
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
		return pgerror.New(pgerror.InvalidParameterValue, "invalid value for parameter \"%s\": \"%s\"", param, v).
			WithDetail("%s \"%s\" does not exist.", what, v)
	}
}

// normalizeKind checks value by the parameter's kind.
func normalizeKind(g *guc, value string, invalid func() error) (string, error) {
	switch g.kind {
	case gucBool:
		b, ok := parseBool(value)
		if !ok {
			return "", pgerror.New(pgerror.InvalidParameterValue, "parameter %q requires a Boolean value", g.name)
		}
		return map[bool]string{true: "on", false: "off"}[b], nil
	case gucInt:
		n, hint, ok := parseGUCInt(value, g.unit())
		if !ok {
			return "", invalidHint(g, value, hint)
		}
		if g.info != nil && g.info.Min != "" {
			lo, _ := strconv.ParseInt(g.info.Min, 10, 64)
			hi, _ := strconv.ParseInt(g.info.Max, 10, 64)
			if n < lo || n > hi {
				return "", pgerror.New(pgerror.InvalidParameterValue, "%d%s is outside the valid range for parameter %q (%d .. %d)",
					n, spacedUnit(g.unit()), g.name, lo, hi)
			}
		}
		return showInt(n, g.unit()), nil
	case gucReal:
		f, hint, ok := parseGUCReal(value, g.unit())
		if !ok {
			return "", invalidHint(g, value, hint)
		}
		if g.info != nil && g.info.Min != "" {
			lo, _ := strconv.ParseFloat(g.info.Min, 64)
			hi, _ := strconv.ParseFloat(g.info.Max, 64)
			if f < lo || f > hi {
				return "", pgerror.New(pgerror.InvalidParameterValue, "%s%s is outside the valid range for parameter %q (%s .. %s)",
					formatCG(f), spacedUnit(g.unit()), g.name, formatCG(lo), formatCG(hi))
			}
		}
		return showReal(f, g.unit()), nil
	case gucEnum:
		if g.info != nil {
			for _, a := range g.info.EnumAliases {
				if k, v, _ := strings.Cut(a, "="); strings.EqualFold(k, value) {
					return v, nil
				}
			}
		}
		for _, c := range g.choices {
			if strings.EqualFold(c, value) {
				return c, nil
			}
		}
		return "", pgerror.New(pgerror.InvalidParameterValue, "invalid value for parameter \"%s\": \"%s\"", g.name, value).
			WithHint("Available values: %s.", strings.Join(g.choices, ", "))
	case gucList:
		return quoteList(value), nil
	}
	return value, nil
}

// invalidHint is 22023 "invalid value for parameter", with guc.c's hint
// when it has one (the units the parameter takes, the integer range).
func invalidHint(g *guc, value, hint string) error {
	err := pgerror.New(pgerror.InvalidParameterValue, "invalid value for parameter \"%s\": \"%s\"", g.name, value)
	if hint != "" {
		return err.WithHint("%s", hint)
	}
	return err
}

func spacedUnit(unit string) string {
	if unit == "" {
		return ""
	}
	return " " + unit
}

// parseBool is PostgreSQL's parse_bool: any prefix of true, false, yes
// or no, on, off (at least "of"), 1 or 0, in any case.
func parseBool(v string) (bool, bool) {
	l := strings.ToLower(v)
	if l == "" {
		return false, false
	}
	prefix := func(word string, min int) bool { return len(l) >= min && strings.HasPrefix(word, l) }
	switch {
	case prefix("true", 1), prefix("yes", 1), prefix("on", 2), l == "1":
		return true, true
	case prefix("false", 1), prefix("no", 1), prefix("off", 2), l == "0":
		return false, true
	}
	return false, false
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
