package extensions

import (
	_ "embed"
	"sort"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/internal/pgerror"
)

//go:embed pg_tle.sql
var pgTleScript string

// pgTle is pg_tle (aws/pg_tle) 1.4.0, the version Supabase ships for
// PostgreSQL 15: Trusted Language Extensions, installed from SQL
// (pgtle.install_extension) rather than from files, as database.dev's
// dbdev does. Its management functions are in pg_tle_funcs.go; TLE reads
// an installed one back for CREATE / ALTER EXTENSION.
func pgTle() *Extension {
	return &Extension{
		Name:    "pg_tle",
		Version: "1.4.0",
		Comment: "Trusted Language Extensions for PostgreSQL",
		// the control file's schema = 'pgtle', relocatable = false
		Schema: tleSchema,
		Script: pgTleScript,
		// Supabase's after-create script for pg_tle
		AfterCreate: "GRANT pgtle_admin TO postgres;\n",
		Funcs:       pgTleFuncs(),
	}
}

// tleSchema holds the functions that store TLEs (PG_TLE_NSPNAME).
const tleSchema = "pgtle"

// The dollar quotes of a stored TLE: its text is the body of
// `SELECT $_pgtle_i_$...$_pgtle_i_$`, itself quoted by the outer one, so
// neither may appear in what is stored (pg_tle's validate_tle_sql).
const (
	tleOuterQuote = "$_pgtle_o_$"
	tleInnerQuote = "$_pgtle_i_$"
)

// tleControl is a TLE's control file, as pg_tle writes and parses it.
type tleControl struct {
	defaultVersion, comment, schema string
	requires                        []string
}

// tleStored reads the text a pg_tle storage function returns: the
// function pgtle.<fname>() written by install_extension, or false.
func tleStored(cat *catalog.Catalog, fname string) (string, bool) {
	for _, f := range cat.Functions(catalog.QName{Schema: tleSchema, Name: fname}) {
		if len(f.InputArgs()) != 0 || f.Language != "sql" {
			continue
		}
		body := strings.TrimSpace(f.Body)
		rest, ok := strings.CutPrefix(body, "SELECT "+tleInnerQuote)
		if !ok {
			continue
		}
		text, ok := strings.CutSuffix(rest, tleInnerQuote)
		if !ok {
			continue
		}
		return text, true
	}
	return "", false
}

// parseTLEControl parses a control file's `key = 'value'` lines (only
// what build_extension_control_file_string writes, plus schema). An
// E” string, which pg_tle writes for a value with a backslash, is a
// syntax error to the configuration-file parser pg_tle reads it with;
// syntax says so.
func parseTLEControl(text string) (c tleControl, syntax bool) {
	for _, line := range strings.Split(text, "\n") {
		key, val, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		key = strings.TrimSpace(key)
		val = strings.TrimSpace(val)
		if strings.HasPrefix(val, "E'") || strings.HasPrefix(val, "e'") {
			syntax = true
		}
		val = tleUnquote(val)
		switch key {
		case "default_version":
			c.defaultVersion = val
		case "comment":
			c.comment = val
		case "schema":
			c.schema = val
		case "requires":
			for _, r := range strings.Split(val, ",") {
				if r = strings.TrimSpace(r); r != "" {
					c.requires = append(c.requires, r)
				}
			}
		}
	}
	return c, syntax
}

func tleUnquote(v string) string {
	if len(v) >= 2 && v[0] == '\'' && v[len(v)-1] == '\'' {
		return strings.ReplaceAll(v[1:len(v)-1], "''", "'")
	}
	return v
}

// tleQuoteLiteral is quote_literal_cstr: E” when a backslash is present.
func tleQuoteLiteral(s string) string {
	q := "'" + strings.ReplaceAll(s, "'", "''") + "'"
	if strings.Contains(s, `\`) {
		return "E" + strings.ReplaceAll(q, `\`, `\\`)
	}
	return q
}

// String is the control file as build_extension_control_file_string
// writes it (relocatable, superuser and trusted always false).
func (c tleControl) String() string {
	var b strings.Builder
	b.WriteString("default_version = " + tleQuoteLiteral(c.defaultVersion) + "\n")
	b.WriteString("comment = " + tleQuoteLiteral(c.comment) + "\n")
	b.WriteString("relocatable = false\nsuperuser = false\ntrusted = false\n")
	if len(c.requires) > 0 {
		b.WriteString("requires = " + tleQuoteLiteral(strings.Join(c.requires, ",")) + "\n")
	}
	return b.String()
}

// tleDef is everything stored for one TLE: its control file, its install
// scripts by version and its update scripts by "from--to".
type tleDef struct {
	name    string
	control tleControl
	// err is the control file's syntax error, which every reader of it
	// reports
	err     error
	install map[string]string
	update  map[[2]string]string
}

// tleNames lists the TLEs whose control function exists, sorted.
func tleNames(cat *catalog.Catalog) []string {
	var out []string
	for _, f := range cat.AllFunctions() {
		if f.Schema != tleSchema || len(f.InputArgs()) != 0 {
			continue
		}
		if n, ok := strings.CutSuffix(f.Name, ".control"); ok {
			if _, stored := tleStored(cat, f.Name); stored {
				out = append(out, n)
			}
		}
	}
	sort.Strings(out)
	return out
}

// loadTLE reads the TLE called name; false when it has no control
// function.
func loadTLE(cat *catalog.Catalog, name string) (*tleDef, bool) {
	ctl, ok := tleStored(cat, name+".control")
	if !ok {
		return nil, false
	}
	d := &tleDef{name: name, install: map[string]string{}, update: map[[2]string]string{}}
	var syntax bool
	if d.control, syntax = parseTLEControl(ctl); syntax {
		d.err = pgerror.New(pgerror.SyntaxError, "syntax error in extension control function for %q", name)
	}
	prefix := name + "--"
	for _, f := range cat.AllFunctions() {
		if f.Schema != tleSchema || !strings.HasPrefix(f.Name, prefix) || !strings.HasSuffix(f.Name, ".sql") {
			continue
		}
		text, ok := tleStored(cat, f.Name)
		if !ok {
			continue
		}
		vers := strings.TrimSuffix(strings.TrimPrefix(f.Name, prefix), ".sql")
		if from, to, two := strings.Cut(vers, "--"); two {
			if !strings.Contains(to, "--") {
				d.update[[2]string{from, to}] = text
			}
		} else {
			d.install[vers] = text
		}
	}
	return d, true
}

// versions lists the versions that can be installed: those with an
// install script and those an update path reaches from one (PostgreSQL
// 15's pg_available_extension_versions), sorted.
func (d *tleDef) versions() []string {
	seen := map[string]bool{}
	var queue []string
	for v := range d.install {
		seen[v] = true
		queue = append(queue, v)
	}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		for k := range d.update {
			if k[0] == v && !seen[k[1]] {
				seen[k[1]] = true
				queue = append(queue, k[1])
			}
		}
	}
	out := make([]string, 0, len(seen))
	for v := range seen {
		out = append(out, v)
	}
	sort.Strings(out)
	return out
}

// allVersions lists every version named by a script, sorted.
func (d *tleDef) allVersions() []string {
	seen := map[string]bool{}
	for v := range d.install {
		seen[v] = true
	}
	for k := range d.update {
		seen[k[0]], seen[k[1]] = true, true
	}
	out := make([]string, 0, len(seen))
	for v := range seen {
		out = append(out, v)
	}
	sort.Strings(out)
	return out
}

// path is the shortest chain of update scripts from one version to
// another (extension.c's find_update_path), or false.
func (d *tleDef) path(from, to string) ([]Update, bool) {
	if from == to {
		return nil, true
	}
	prev := map[string]string{from: ""}
	queue := []string{from}
	keys := make([][2]string, 0, len(d.update))
	for k := range d.update {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i][0]+"\x00"+keys[i][1] < keys[j][0]+"\x00"+keys[j][1] })
	for len(queue) > 0 && prev[to] == "" {
		v := queue[0]
		queue = queue[1:]
		for _, k := range keys {
			if _, seen := prev[k[1]]; k[0] == v && !seen {
				prev[k[1]] = v
				queue = append(queue, k[1])
			}
		}
	}
	if _, ok := prev[to]; !ok {
		return nil, false
	}
	var out []Update
	for v := to; v != from; v = prev[v] {
		out = append([]Update{{From: prev[v], To: v, Script: d.update[[2]string{prev[v], v}]}}, out...)
	}
	return out, true
}

// TLE returns the extension CREATE or ALTER EXTENSION runs for a trusted
// language extension pg_tle stored as functions of schema pgtle, shaped
// for one operation: from the installed version (ALTER ... UPDATE) or,
// when from is empty, from the install script CREATE EXTENSION starts at
// (the version's own, else the one with the shortest update path to it),
// to version to (the control file's default_version when empty). False
// when name is not a TLE. Its Version is the target; Versions()[0] and
// UpdatePath then give the scripts to run, and an unreachable target has
// no path, so the callers' errors are PostgreSQL's.
func TLE(cat *catalog.Catalog, name, from, to string) (*Extension, bool, error) {
	d, ok := loadTLE(cat, name)
	if !ok {
		return nil, false, nil
	}
	if d.err != nil {
		return nil, true, d.err
	}
	if to == "" {
		to = d.control.defaultVersion
	}
	e := &Extension{Name: name, Version: to, Comment: d.control.comment, Schema: d.control.schema,
		Requires: d.control.requires}
	if from != "" {
		e.ScriptVersion = from
		e.Updates, _ = d.path(from, to)
		return e, true, nil
	}
	if s, ok := d.install[to]; ok {
		e.Script, e.ScriptVersion = s, to
		return e, true, nil
	}
	// the install script with the shortest path to the target
	best := -1
	starts := make([]string, 0, len(d.install))
	for v := range d.install {
		starts = append(starts, v)
	}
	sort.Strings(starts)
	for _, v := range starts {
		p, ok := d.path(v, to)
		if ok && (best < 0 || len(p) < best) {
			best = len(p)
			e.Script, e.ScriptVersion, e.Updates = d.install[v], v, p
		}
	}
	if best < 0 {
		// no script reaches it: a start no path leads from
		e.ScriptVersion = "\x00"
	}
	return e, true, nil
}

// TLERequires lists the extensions the TLE called name requires (its
// control file's requires); false when it is not one.
func TLERequires(cat *catalog.Catalog, name string) ([]string, bool) {
	ctl, ok := tleStored(cat, name+".control")
	if !ok {
		return nil, false
	}
	c, _ := parseTLEControl(ctl)
	return c.requires, true
}

// TLEStore lists the functions of pgtle that pg_tle records as depending
// on itself: each TLE's control function and install scripts.
func TLEStore(cat *catalog.Catalog) []string {
	var out []string
	for _, n := range tleNames(cat) {
		out = append(out, n+".control")
		d, _ := loadTLE(cat, n)
		vers := make([]string, 0, len(d.install))
		for v := range d.install {
			vers = append(vers, v)
		}
		sort.Strings(vers)
		for _, v := range vers {
			out = append(out, n+"--"+v+".sql")
		}
	}
	return out
}
