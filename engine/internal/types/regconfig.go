package types

import (
	"strconv"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// regconfig (docs 8.19, 12.7): a text search configuration's OID, printed
// as its name. PostgreSQL 15's initdb makes simple (pinned, 3748) and one
// Snowball configuration per language, all in pg_catalog; their OIDs are
// initdb's, the same on every PostgreSQL 15 cluster. TSConfigs lists them
// as pg_ts_config does. Values are kept, as the other reg* types', as the
// text their output prints.

// TSConfigEntry is one row of pg_ts_config.
type TSConfigEntry struct {
	OID  uint32
	Name string
}

// TSConfigs are PostgreSQL 15's built-in text search configurations, by
// OID. Only simple and english can parse text (TSConfigByName); the
// others name real configurations, so regconfig accepts them.
var TSConfigs = []TSConfigEntry{
	{3748, "simple"}, {13152, "arabic"}, {13154, "armenian"}, {13156, "basque"}, {13158, "catalan"},
	{13160, "danish"}, {13162, "dutch"}, {13164, "english"}, {13166, "finnish"}, {13168, "french"},
	{13170, "german"}, {13172, "greek"}, {13174, "hindi"}, {13176, "hungarian"}, {13178, "indonesian"},
	{13180, "irish"}, {13182, "italian"}, {13184, "lithuanian"}, {13186, "nepali"}, {13188, "norwegian"},
	{13190, "portuguese"}, {13192, "romanian"}, {13194, "russian"}, {13196, "serbian"}, {13198, "spanish"},
	{13200, "swedish"}, {13202, "tamil"}, {13204, "turkish"}, {13206, "yiddish"},
}

// tsRegKind is what regconfig and regdictionary share: PostgreSQL's
// built-in objects of the kind by name and OID, and the session's
// resolver for the user ones.
type tsRegKind struct {
	word     string // "text search configuration"
	builtins func(yield func(oid uint32, name string) bool)
	oid      func(r TSResolver, name string) (uint32, error)
	name     func(r TSResolver, oid uint32) string
}

var regconfigKind = tsRegKind{
	word: "text search configuration",
	builtins: func(yield func(uint32, string) bool) {
		for _, c := range TSConfigs {
			if !yield(c.OID, c.Name) {
				return
			}
		}
	},
	oid:  TSResolver.TSConfigOID,
	name: TSResolver.TSConfigName,
}

// regdictionary (docs 8.19): a text search dictionary's OID, printed as
// its name, as regconfig is.
var regdictionaryKind = tsRegKind{
	word: "text search dictionary",
	builtins: func(yield func(uint32, string) bool) {
		for _, d := range TSDicts {
			if !yield(d.OID, d.Name) {
				return
			}
		}
	},
	oid:  TSResolver.TSDictOID,
	name: TSResolver.TSDictName,
}

// oidOf resolves a name (lower-cased unless quoted, optionally qualified
// by pg_catalog) or a number; o, when known, resolves user objects and
// tells a missing schema (3F000) from a missing object.
func (k tsRegKind) oidOf(s string, o ObjectResolver) (uint32, error) {
	if s == "-" {
		return 0, nil
	}
	if n, err := strconv.ParseUint(s, 10, 32); err == nil {
		return uint32(n), nil
	}
	if r, ok := o.(TSResolver); ok {
		return k.oid(r, s)
	}
	parts := SplitQualifiedName(s)
	switch {
	case len(parts) == 2 && parts[0] != "pg_catalog":
		if o != nil {
			if _, err := o.NamespaceOID(parts[0]); err != nil {
				return 0, err
			}
		}
		return 0, pgerror.New(pgerror.UndefinedObject, "%s %q does not exist", k.word, s)
	case len(parts) == 2:
		parts = parts[1:]
	case len(parts) != 1:
		return 0, pgerror.New(pgerror.SyntaxError, "improper qualified name (too many dotted names): %s", s)
	}
	var found uint32
	for oid, name := range k.builtins {
		if name == parts[0] {
			found = oid
			break
		}
	}
	if found == 0 {
		return 0, pgerror.New(pgerror.UndefinedObject, "%s %q does not exist", k.word, s)
	}
	return found, nil
}

// nameOf is the output: the object's name (pg_catalog is always on the
// search path; a user one's qualified when the search path does not
// find it), or the number when none has the OID.
func (k tsRegKind) nameOf(oid uint32, o ObjectResolver) string {
	if r, ok := o.(TSResolver); ok {
		return k.name(r, oid)
	}
	for id, name := range k.builtins {
		if id == oid {
			return name
		}
	}
	return strconv.FormatUint(uint64(oid), 10)
}

// in is the type's input function.
func (k tsRegKind) in(s string, o ObjectResolver) (any, error) {
	oid, err := k.oidOf(s, o)
	if err != nil {
		return nil, err
	}
	if oid == 0 {
		return "-", nil
	}
	return k.nameOf(oid, o), nil
}

// compare orders values by OID, as oid's operators do.
func (k tsRegKind) compare(a, b any) int {
	x, _ := k.oidOf(a.(string), nil)
	y, _ := k.oidOf(b.(string), nil)
	return cmpInt(int(x), int(y))
}
