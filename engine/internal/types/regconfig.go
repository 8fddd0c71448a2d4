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

// regconfigOID resolves a configuration name (lower-cased unless quoted,
// optionally qualified by pg_catalog) or a number; o, when known, tells
// a missing schema (3F000) from a missing configuration.
func regconfigOID(s string, o ObjectResolver) (uint32, error) {
	if s == "-" {
		return 0, nil
	}
	if n, err := strconv.ParseUint(s, 10, 32); err == nil {
		return uint32(n), nil
	}
	if r, ok := o.(TSResolver); ok {
		return r.TSConfigOID(s) // user configurations too
	}
	parts := SplitQualifiedName(s)
	switch {
	case len(parts) == 2 && parts[0] != "pg_catalog":
		if o != nil {
			if _, err := o.NamespaceOID(parts[0]); err != nil {
				return 0, err
			}
		}
		return 0, pgerror.New(pgerror.UndefinedObject, "text search configuration %q does not exist", s)
	case len(parts) == 2:
		parts = parts[1:]
	case len(parts) != 1:
		return 0, pgerror.New(pgerror.InvalidName, "improper qualified name (too many dotted names): %s", s)
	}
	for _, c := range TSConfigs {
		if c.Name == parts[0] {
			return c.OID, nil
		}
	}
	return 0, pgerror.New(pgerror.UndefinedObject, "text search configuration %q does not exist", s)
}

// regconfigName is regconfig output: the configuration's name (pg_catalog
// is always on the search path; a user one's qualified when the search
// path does not find it), or the number when none has the OID.
func regconfigName(oid uint32, o ObjectResolver) string {
	if r, ok := o.(TSResolver); ok {
		return r.TSConfigName(oid)
	}
	for _, c := range TSConfigs {
		if c.OID == oid {
			return c.Name
		}
	}
	return strconv.FormatUint(uint64(oid), 10)
}

// regconfigIn is regconfig's input function.
func regconfigIn(s string, o ObjectResolver) (any, error) {
	oid, err := regconfigOID(s, o)
	if err != nil {
		return nil, err
	}
	if oid == 0 {
		return "-", nil
	}
	return regconfigName(oid, o), nil
}

// compareRegconfig orders regconfig values by OID, as oid's operators do.
func compareRegconfig(a, b any) int {
	x, _ := regconfigOID(a.(string), nil)
	y, _ := regconfigOID(b.(string), nil)
	return cmpInt(int(x), int(y))
}

// regdictionary (docs 8.19): a text search dictionary's OID, printed as
// its name, as regconfig is.

func regdictionaryOID(s string, o ObjectResolver) (uint32, error) {
	if s == "-" {
		return 0, nil
	}
	if n, err := strconv.ParseUint(s, 10, 32); err == nil {
		return uint32(n), nil
	}
	if r, ok := o.(TSResolver); ok {
		return r.TSDictOID(s)
	}
	parts := SplitQualifiedName(s)
	if len(parts) == 2 && parts[0] == "pg_catalog" {
		parts = parts[1:]
	}
	if len(parts) == 1 {
		for _, d := range TSDicts {
			if d.Name == parts[0] {
				return d.OID, nil
			}
		}
	}
	return 0, pgerror.New(pgerror.UndefinedObject, "text search dictionary %q does not exist", s)
}

func regdictionaryName(oid uint32, o ObjectResolver) string {
	if r, ok := o.(TSResolver); ok {
		return r.TSDictName(oid)
	}
	for _, d := range TSDicts {
		if d.OID == oid {
			return d.Name
		}
	}
	return strconv.FormatUint(uint64(oid), 10)
}

func regdictionaryIn(s string, o ObjectResolver) (any, error) {
	oid, err := regdictionaryOID(s, o)
	if err != nil {
		return nil, err
	}
	if oid == 0 {
		return "-", nil
	}
	return regdictionaryName(oid, o), nil
}
