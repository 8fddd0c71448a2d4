package extensions

import (
	"strings"
	"sync"
)

// Extension is one extension tinybase can install.
type Extension struct {
	// Name is the extension's name in CREATE EXTENSION and pg_extension.
	Name string
	// Version is the version Supabase (PostgreSQL 15) installs by default.
	Version string
	// Comment is pg_available_extensions.comment.
	Comment string
	// Schema is the schema a non-relocatable extension always installs
	// into (pg_net: net, pg_cron: cron…); empty for a relocatable one,
	// which goes to WITH SCHEMA or the first existing schema of the
	// search_path, as in PostgreSQL.
	Schema string
	// ControlSchema is the schema the control file pins the extension
	// itself to while its script puts its objects in a schema of their
	// own (pg_cron 1.5+: pg_catalog, objects in cron): CREATE EXTENSION
	// installs it there, and WITH SCHEMA naming another fails, as
	// extension.c does for a control file's schema.
	ControlSchema string
	// Requires names the extensions that must be installed first.
	Requires []string
	// Script is run at CREATE EXTENSION, @extschema@ replaced by the
	// target schema.
	Script string
	// AfterCreate is what Supabase runs once CREATE EXTENSION has created
	// the extension (its supautils after-create scripts: grants to its
	// roles). CREATE EXTENSION runs it after Script and the updates; a
	// real PostgreSQL with the real extension needs it too to judge as
	// Supabase does (bootstrap.ApplyPostgresFiles).
	AfterCreate string
	// ScriptVersion is the version Script installs when it is older than
	// Version; Updates then lead from it to Version, as PostgreSQL
	// installs a version that has no script of its own by running an
	// older one's and the update scripts after it. Empty: Version.
	ScriptVersion string
	// Updates are the extension's update scripts, in order: CREATE
	// EXTENSION runs them after Script up to the version asked for, ALTER
	// EXTENSION UPDATE from the installed version on.
	Updates []Update
	// BaseTypes names the base types the extension defines (pgvector's
	// vector): created in its schema before the script runs, with OIDs
	// of the database, their behaviour the types.ExtBase of that name
	// (PostgreSQL's scripts declare them with CREATE TYPE and C I/O
	// functions).
	BaseTypes []string
	// AccessMethods and OpClasses are the index access methods and
	// operator classes it adds (access_methods.go), listed in pg_am and
	// pg_opclass while it is installed.
	AccessMethods []AccessMethod
	OpClasses     []OpClass
	// FamilyMembers are the operators and support functions of its
	// operator families (pg_amop, pg_amproc).
	FamilyMembers []AmMember
	// Casts are the casts between its types its script would declare
	// with CREATE CAST, listed in pg_cast while it is installed; the
	// types' ExtBase.CastContext carries them out.
	Casts []Cast

	// Relocatable allows ALTER EXTENSION ... SET SCHEMA (the control
	// file's relocatable = true). Ignored when Schema is set.
	Relocatable bool
	// Funcs are the Go implementations of the script's C-language
	// functions, by link symbol: a script declares
	//
	//	CREATE FUNCTION similarity(text, text) RETURNS real
	//	AS 'MODULE_PATHNAME', 'similarity' LANGUAGE c IMMUTABLE STRICT;
	//
	// as PostgreSQL's extension scripts do, and the call runs
	// Funcs["similarity"]. MODULE_PATHNAME becomes $libdir/<Name>.
	Funcs map[string]Func
	// NativeOps maps symbols of Funcs that compare two values exactly as
	// the types' own order (ExtBase.Compare) does to that comparison
	// ("int8eq": "="): an operator bound to one, between two values of
	// the same type, is the engine's own comparison, which index scans
	// can serve (NativeOperator).
	NativeOps map[string]string
	// Settings are the extension's configuration parameters with their
	// defaults ("pg_trgm.similarity_threshold": "0.3"): once it is
	// installed, SHOW and current_setting see them until SET changes them
	// (PostgreSQL defines them when the module loads).
	Settings map[string]string
	// SettingLimits are the valid values of those of Settings the module
	// defines with a range or a list (DefineCustomIntVariable's min and
	// max, say); SET outside them fails as in PostgreSQL.
	SettingLimits map[string]SettingLimit
}

// Update is one update script, taking an installed extension from
// version From to version To (pgtap--1.2.0--1.3.3.sql).
type Update struct {
	From, To, Script string
}

// Versions lists the versions CREATE EXTENSION ... VERSION installs:
// Script's, then each update's, Version last.
func (e *Extension) Versions() []string {
	v := e.ScriptVersion
	if v == "" {
		v = e.Version
	}
	out := []string{v}
	for _, u := range e.Updates {
		out = append(out, u.To)
	}
	return out
}

// UpdatePath returns the update scripts taking version from to version
// to, in order; ok is false when there is no such path (to is older, or
// unknown). From equal to to is the empty path.
func (e *Extension) UpdatePath(from, to string) (path []Update, ok bool) {
	cur := from
	for _, u := range e.Updates {
		if cur == to {
			break
		}
		if u.From == cur {
			path = append(path, u)
			cur = u.To
		}
	}
	return path, cur == to
}

// SettingLimit is a configuration parameter's valid values: a range of
// integers (Real false) or reals, or a list of Choices.
type SettingLimit struct {
	Min, Max float64
	Real     bool
	Choices  []string
}

// Cast is one pg_cast row of an extension: Source and Target are its
// types, Func the function of one argument (Target's name, in the
// extension's schema) carrying it out, "" for a binary-coercible one;
// Context is castcontext ('e', 'a' or 'i').
type Cast struct {
	Source, Target, Func string
	Context              byte
}

// NativeOperator is the engine comparison an operator whose function is
// the C function symbol of module stands for ("" when none).
func NativeOperator(module, symbol string) string {
	name := module
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		name = name[i+1:]
	}
	if e, ok := Lookup(name); ok {
		return e.NativeOps[symbol]
	}
	return ""
}

// Lookup returns the extension called name.
func Lookup(name string) (*Extension, bool) {
	for _, e := range All() {
		if e.Name == name {
			return e, true
		}
	}
	return nil, false
}

// SettingOwner returns the extension defining configuration parameter
// name and its default. Most use their own name as the prefix
// (pg_trgm.*); pgvector's are hnsw.* and ivfflat.*.
func SettingOwner(name string) (*Extension, string, bool) {
	e, ok := settingOwners()[name]
	if !ok {
		return nil, "", false
	}
	return e, e.Settings[name], true
}

// settingOwners maps each extension-defined setting to its extension:
// SettingOwner runs for every SET of a dotted name (PostgREST sets
// request.jwt.claims per request), so it is a map lookup, built once.
var settingOwners = sync.OnceValue(func() map[string]*Extension {
	m := map[string]*Extension{}
	for _, e := range All() {
		for name := range e.Settings {
			m[name] = e
		}
	}
	return m
})
