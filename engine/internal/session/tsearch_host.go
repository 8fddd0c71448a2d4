package session

import (
	"strconv"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// sessionRelations resolves text search configurations and dictionaries
// (types.TSResolver) through the session's catalog and search path, so
// regconfig and the text search functions find the database's own.
var _ types.TSResolver = sessionRelations{}

// tsCatalog is the catalog the resolver reads: index key functions call
// it inside storage operations that hold the transaction (Txn.MetaNoWait).
func (r sessionRelations) tsCatalog() *catalog.Catalog {
	return catalog.Of(r.s.StorageTxn().MetaNoWait())
}

// tsName splits a regconfig / regdictionary name.
func tsName(s string) (schema, name string, err error) {
	parts := types.SplitQualifiedName(s)
	switch len(parts) {
	case 1:
		return "", parts[0], nil
	case 2:
		return parts[0], parts[1], nil
	case 3:
		return "", "", pgerror.New(pgerror.FeatureNotSupported, "cross-database references are not implemented: %s", s)
	}
	return "", "", pgerror.New(pgerror.SyntaxError, "improper qualified name (too many dotted names): %s", s)
}

// tsLookup finds a text search object by schema (or the search path)
// and name: catalog.LookupTSConfig or LookupTSDict.
type tsLookup func(path []string, schema, name string) (uint32, bool)

// tsDisplay prints an object's name as regconfig / regdictionary output
// does: bare when the search path finds it, qualified otherwise.
func (r sessionRelations) tsDisplay(lookup tsLookup) func(schema, name string) string {
	path := r.s.SearchPath()
	return func(schema, name string) string {
		want, _ := lookup(nil, schema, name)
		if got, ok := lookup(path, "", name); ok && got == want {
			return quoteIdentPart(name)
		}
		return quoteIdentPart(schema) + "." + quoteIdentPart(name)
	}
}

// tsOID is regconfig / regdictionary input: a number, or a name found
// through the search path; what names the missing object in errors.
func (r sessionRelations) tsOID(s, what string, lookup tsLookup) (uint32, error) {
	if n, err := strconv.ParseUint(s, 10, 32); err == nil {
		return uint32(n), nil
	}
	schema, name, err := tsName(s)
	if err != nil {
		return 0, err
	}
	if oid, ok := lookup(r.s.SearchPath(), schema, name); ok {
		return oid, nil
	}
	if schema != "" && schema != "pg_catalog" && !r.s.StorageTxn().HasSchema(schema) {
		return 0, pgerror.New(pgerror.InvalidSchemaName, "schema %q does not exist", schema)
	}
	return 0, pgerror.New(pgerror.UndefinedObject, "%s %q does not exist", what, s)
}

// tsObjectName is regconfig / regdictionary output: the object's name
// (pg_catalog's bare), or the number when none has the OID.
func (r sessionRelations) tsObjectName(oid uint32, ident func(uint32) (string, string, bool), lookup tsLookup) string {
	if schema, name, ok := ident(oid); ok {
		if schema == "pg_catalog" {
			return name
		}
		return r.tsDisplay(lookup)(schema, name)
	}
	return strconv.FormatUint(uint64(oid), 10)
}

// TSConfigOID implements types.TSResolver.
func (r sessionRelations) TSConfigOID(s string) (uint32, error) {
	return r.tsOID(s, "text search configuration", r.tsCatalog().LookupTSConfig)
}

// TSConfigName implements types.TSResolver.
func (r sessionRelations) TSConfigName(oid uint32) string {
	cat := r.tsCatalog()
	return r.tsObjectName(oid, cat.TSConfigIdent, cat.LookupTSConfig)
}

// TSConfig implements types.TSResolver.
func (r sessionRelations) TSConfig(s string) (*types.TSConfig, error) {
	if _, name, err := tsName(s); err == nil && len(s) > 0 && s[0] != '"' {
		// the built-in names, found first as pg_catalog comes first
		if c, ok, err := types.BuiltinTSConfig(name); ok && (s == name || s == "pg_catalog."+name) {
			return c, err
		}
	}
	cat := r.tsCatalog()
	oid, err := r.tsOID(s, "text search configuration", cat.LookupTSConfig)
	if err != nil {
		return nil, err
	}
	c, err := cat.TSConfigValue(oid, r.tsDisplay(cat.LookupTSDict))
	if err == nil && oid >= catalog.FirstOID {
		c.Name = r.TSConfigName(oid)
	}
	return c, err
}

// TSDictOID implements types.TSResolver.
func (r sessionRelations) TSDictOID(s string) (uint32, error) {
	return r.tsOID(s, "text search dictionary", r.tsCatalog().LookupTSDict)
}

// TSDictName implements types.TSResolver.
func (r sessionRelations) TSDictName(oid uint32) string {
	cat := r.tsCatalog()
	return r.tsObjectName(oid, cat.TSDictIdent, cat.LookupTSDict)
}

// TSDict implements types.TSResolver.
func (r sessionRelations) TSDict(s string) (*types.TSDict, error) {
	oid, err := r.TSDictOID(s)
	if err != nil {
		return nil, err
	}
	cat := r.tsCatalog()
	return cat.TSDictValue(oid, r.tsDisplay(cat.LookupTSDict))
}

// DefaultTSConfig implements types.TSResolver: default_text_search_config.
func (r sessionRelations) DefaultTSConfig() (*types.TSConfig, error) {
	v, ok := r.s.Setting("default_text_search_config")
	if !ok || v == "" || v == "pg_catalog.english" {
		return types.DefaultTSConfig, nil
	}
	return r.TSConfig(v)
}

// checkTSConfigSetting is check_default_text_search_config for SET and
// set_config: the configuration must exist, and the setting keeps its
// qualified name (pg_catalog.german).
func (s *Session) checkTSConfigSetting(value string) (string, error) {
	if _, ok := types.SplitIdentifierString(value, '.'); !ok || strings.TrimSpace(value) == "" {
		return "", pgerror.New(pgerror.InvalidName, "invalid name syntax") // stringToQualifiedNameList
	}
	r := sessionRelations{s}
	oid, err := r.TSConfigOID(value)
	if pe, ok := pgerror.As(err); ok && pe.Code != pgerror.UndefinedObject && pe.Code != pgerror.InvalidSchemaName {
		return "", err // cross-database references, too many dotted names
	}
	if err != nil {
		return "", pgerror.New(pgerror.InvalidParameterValue, "invalid value for parameter \"%s\": \"%s\"", "default_text_search_config", value)
	}
	cat := r.tsCatalog()
	schema, name, ok := cat.TSConfigIdent(oid)
	if !ok {
		return "", pgerror.New(pgerror.InvalidParameterValue, "invalid value for parameter \"%s\": \"%s\"", "default_text_search_config", value)
	}
	return quoteIdentPart(schema) + "." + quoteIdentPart(name), nil
}
