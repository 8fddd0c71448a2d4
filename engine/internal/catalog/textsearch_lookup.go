package catalog

import (
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// tsPath is the search path as name lookups walk it: pg_catalog first
// unless the path places it.
func tsPath(path []string) []string {
	for _, s := range path {
		if s == "pg_catalog" {
			return path
		}
	}
	return append([]string{"pg_catalog"}, path...)
}

// LookupTSConfig resolves a configuration: schema "" walks path.
func (c *Catalog) LookupTSConfig(path []string, schema, name string) (uint32, bool) {
	schemas := []string{schema}
	if schema == "" {
		schemas = tsPath(path)
	}
	for _, sc := range schemas {
		if sc == "pg_catalog" {
			for _, e := range types.TSConfigs {
				if e.Name == name {
					return e.OID, true
				}
			}
			continue
		}
		if d, ok := c.TSConfigDef(sc, name); ok {
			return d.OID, true
		}
	}
	return 0, false
}

// LookupTSDict resolves a dictionary: schema "" walks path.
func (c *Catalog) LookupTSDict(path []string, schema, name string) (uint32, bool) {
	schemas := []string{schema}
	if schema == "" {
		schemas = tsPath(path)
	}
	for _, sc := range schemas {
		if sc == "pg_catalog" {
			for _, e := range types.TSDicts {
				if e.Name == name {
					return e.OID, true
				}
			}
			continue
		}
		if d, ok := c.TSDictDef(sc, name); ok {
			return d.OID, true
		}
	}
	return 0, false
}

// LookupTSTemplate resolves a template: schema "" walks path.
func (c *Catalog) LookupTSTemplate(path []string, schema, name string) (uint32, bool) {
	schemas := []string{schema}
	if schema == "" {
		schemas = tsPath(path)
	}
	for _, sc := range schemas {
		if sc == "pg_catalog" {
			for _, e := range types.TSTemplates {
				if e.Name == name {
					return e.OID, true
				}
			}
			continue
		}
		if d, ok := c.TSTemplateDef(sc, name); ok {
			return d.OID, true
		}
	}
	return 0, false
}

// TSConfigIdent returns a configuration's schema and name, built-in or
// user.
func (c *Catalog) TSConfigIdent(oid uint32) (schema, name string, ok bool) {
	for _, e := range types.TSConfigs {
		if e.OID == oid {
			return "pg_catalog", e.Name, true
		}
	}
	if d, ok := c.TSConfigDefByOID(oid); ok {
		return d.Schema, d.Name, true
	}
	return "", "", false
}

// TSDictIdent returns a dictionary's schema and name.
func (c *Catalog) TSDictIdent(oid uint32) (schema, name string, ok bool) {
	for _, e := range types.TSDicts {
		if e.OID == oid {
			return "pg_catalog", e.Name, true
		}
	}
	if d, ok := c.TSDictDefByOID(oid); ok {
		return d.Schema, d.Name, true
	}
	return "", "", false
}

// TSTemplateIdent returns a template's schema and name.
func (c *Catalog) TSTemplateIdent(oid uint32) (schema, name string, ok bool) {
	for _, e := range types.TSTemplates {
		if e.OID == oid {
			return "pg_catalog", e.Name, true
		}
	}
	if d, ok := c.TSTemplateDefByOID(oid); ok {
		return d.Schema, d.Name, true
	}
	return "", "", false
}

// TSConfigMap returns a configuration's mapping: token type →
// dictionaries, built-in or user.
func (c *Catalog) TSConfigMap(oid uint32) []TSMapEntry {
	if d, ok := c.TSConfigDefByOID(oid); ok {
		return d.Map
	}
	for _, e := range types.TSConfigs {
		if e.OID == oid {
			m := types.TSBuiltinMap(e.Name)
			var out []TSMapEntry
			for t := 1; t < len(types.TSTokenTypes); t++ {
				if d, ok := m[t]; ok {
					out = append(out, TSMapEntry{TokenType: t, Dicts: []uint32{d}})
				}
			}
			return out
		}
	}
	return nil
}

// TSTemplateKind is the implementation a template's dictionaries use:
// simple, snowball, unaccent, or the template's name for one tinybase
// does not implement.
func (c *Catalog) TSTemplateKind(oid uint32) string {
	for _, e := range types.TSTemplates {
		if e.OID == oid {
			return e.Name
		}
	}
	if d, ok := c.TSTemplateDefByOID(oid); ok {
		if d.Lexize == "unaccent_lexize" {
			return "unaccent"
		}
		return d.Name
	}
	return ""
}

// TSDictValue builds a dictionary; display prints its name as
// regdictionary does.
func (c *Catalog) TSDictValue(oid uint32, display func(schema, name string) string) (*types.TSDict, error) {
	schema, name, ok := c.TSDictIdent(oid)
	if !ok {
		return nil, pgerror.New(pgerror.InternalError, "cache lookup failed for text search dictionary %d", oid)
	}
	if schema == "pg_catalog" {
		d, _, err := types.BuiltinTSDict(name)
		return d, err
	}
	def, _ := c.TSDictDefByOID(oid)
	return types.NewTSDict(display(schema, name), c.TSTemplateKind(def.Template), def.Options)
}

// TSConfigValue builds a configuration; display prints object names as
// the reg* types do.
func (c *Catalog) TSConfigValue(oid uint32, display func(schema, name string) string) (*types.TSConfig, error) {
	schema, name, ok := c.TSConfigIdent(oid)
	if !ok {
		return nil, pgerror.New(pgerror.InternalError, "cache lookup failed for text search configuration %d", oid)
	}
	if schema == "pg_catalog" {
		if cfg, ok, err := types.BuiltinTSConfig(name); ok {
			return cfg, err
		}
	}
	def, _ := c.TSConfigDefByOID(oid)
	dicts := map[uint32]*types.TSDict{}
	maps := map[int][]*types.TSDict{}
	for _, m := range def.Map {
		for _, d := range m.Dicts {
			td, ok := dicts[d]
			if !ok {
				var err error
				if td, err = c.TSDictValue(d, display); err != nil {
					return nil, err
				}
				dicts[d] = td
			}
			maps[m.TokenType] = append(maps[m.TokenType], td)
		}
	}
	return types.NewTSConfig(display(schema, name), maps), nil
}
