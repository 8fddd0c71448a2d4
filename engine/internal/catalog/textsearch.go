package catalog

import (
	"sort"

	"github.com/tinybase/tinybase/engine/internal/types"
)

// TextSearch holds a database's own text search objects (docs 12.10,
// "Configuration Example"; pg_ts_config, pg_ts_config_map, pg_ts_dict,
// pg_ts_template): configurations, dictionaries and templates made by
// CREATE TEXT SEARCH ... or an extension's script (unaccent). The
// built-in ones are PostgreSQL 15's (types.TSConfigs, types.TSDicts).
type TextSearch struct {
	Configs   []TSConfigDef
	Dicts     []TSDictDef
	Templates []TSTemplateDef
}

// TSConfigDef is a user text search configuration.
type TSConfigDef struct {
	OID                 uint32
	Schema, Name, Owner string
	// Map lists the mapped token types in order, each with its chain of
	// dictionaries by OID (pg_ts_config_map).
	Map []TSMapEntry
}

// TSMapEntry is one token type's dictionaries.
type TSMapEntry struct {
	TokenType int
	Dicts     []uint32
}

// TSDictDef is a user text search dictionary.
type TSDictDef struct {
	OID                 uint32
	Schema, Name, Owner string
	Template            uint32
	Options             []types.TSOption
}

// TSTemplateDef is a user text search template; Lexize names its lexize
// function, which tells tinybase's implementation (unaccent_lexize).
type TSTemplateDef struct {
	OID                uint32
	Schema, Name       string
	Init, Lexize, Kind string
}

func (c *Catalog) ts() *TextSearch {
	if c == nil || c.textSearch == nil {
		return &TextSearch{}
	}
	return c.textSearch
}

// TextSearchObjects returns the user text search objects.
func (c *Catalog) TextSearchObjects() TextSearch { return *c.ts() }

// TSConfigDef finds a user configuration by schema and name.
func (c *Catalog) TSConfigDef(schema, name string) (TSConfigDef, bool) {
	for _, d := range c.ts().Configs {
		if d.Schema == schema && d.Name == name {
			return d, true
		}
	}
	return TSConfigDef{}, false
}

// TSConfigDefByOID finds a user configuration by OID.
func (c *Catalog) TSConfigDefByOID(oid uint32) (TSConfigDef, bool) {
	for _, d := range c.ts().Configs {
		if d.OID == oid {
			return d, true
		}
	}
	return TSConfigDef{}, false
}

// TSDictDef finds a user dictionary by schema and name.
func (c *Catalog) TSDictDef(schema, name string) (TSDictDef, bool) {
	for _, d := range c.ts().Dicts {
		if d.Schema == schema && d.Name == name {
			return d, true
		}
	}
	return TSDictDef{}, false
}

// TSDictDefByOID finds a user dictionary by OID.
func (c *Catalog) TSDictDefByOID(oid uint32) (TSDictDef, bool) {
	for _, d := range c.ts().Dicts {
		if d.OID == oid {
			return d, true
		}
	}
	return TSDictDef{}, false
}

// TSTemplateDef finds a user template by schema and name.
func (c *Catalog) TSTemplateDef(schema, name string) (TSTemplateDef, bool) {
	for _, d := range c.ts().Templates {
		if d.Schema == schema && d.Name == name {
			return d, true
		}
	}
	return TSTemplateDef{}, false
}

// TSTemplateDefByOID finds a user template by OID.
func (c *Catalog) TSTemplateDefByOID(oid uint32) (TSTemplateDef, bool) {
	for _, d := range c.ts().Templates {
		if d.OID == oid {
			return d, true
		}
	}
	return TSTemplateDef{}, false
}

func (c *Catalog) withTS(edit func(ts *TextSearch)) *Catalog {
	n := c.clone()
	old := c.ts()
	ts := &TextSearch{Configs: append([]TSConfigDef(nil), old.Configs...), Dicts: append([]TSDictDef(nil), old.Dicts...),
		Templates: append([]TSTemplateDef(nil), old.Templates...)}
	edit(ts)
	sort.Slice(ts.Configs, func(i, j int) bool { return ts.Configs[i].OID < ts.Configs[j].OID })
	sort.Slice(ts.Dicts, func(i, j int) bool { return ts.Dicts[i].OID < ts.Dicts[j].OID })
	sort.Slice(ts.Templates, func(i, j int) bool { return ts.Templates[i].OID < ts.Templates[j].OID })
	if len(ts.Configs)+len(ts.Dicts)+len(ts.Templates) == 0 {
		ts = nil
	}
	n.textSearch = ts
	return n
}

// PutTSConfig returns a catalog with d added (a new OID when it has
// none) or replacing the configuration with its OID.
func (c *Catalog) PutTSConfig(d TSConfigDef) (*Catalog, uint32) {
	n := c.clone()
	if d.OID == 0 {
		d.OID = n.allocOID()
	}
	d.Map = append([]TSMapEntry(nil), d.Map...)
	sort.SliceStable(d.Map, func(i, j int) bool { return d.Map[i].TokenType < d.Map[j].TokenType })
	return n.withTS(func(ts *TextSearch) {
		ts.Configs = append(dropOID(ts.Configs, d.OID, func(x TSConfigDef) uint32 { return x.OID }), d)
	}), d.OID
}

// PutTSDict returns a catalog with d added or replaced.
func (c *Catalog) PutTSDict(d TSDictDef) (*Catalog, uint32) {
	n := c.clone()
	if d.OID == 0 {
		d.OID = n.allocOID()
	}
	return n.withTS(func(ts *TextSearch) {
		ts.Dicts = append(dropOID(ts.Dicts, d.OID, func(x TSDictDef) uint32 { return x.OID }), d)
	}), d.OID
}

// PutTSTemplate returns a catalog with d added or replaced.
func (c *Catalog) PutTSTemplate(d TSTemplateDef) (*Catalog, uint32) {
	n := c.clone()
	if d.OID == 0 {
		d.OID = n.allocOID()
	}
	return n.withTS(func(ts *TextSearch) {
		ts.Templates = append(dropOID(ts.Templates, d.OID, func(x TSTemplateDef) uint32 { return x.OID }), d)
	}), d.OID
}

// DropTSObject returns a catalog without the configuration, dictionary
// or template of that OID.
func (c *Catalog) DropTSObject(oid uint32) *Catalog {
	return c.withTS(func(ts *TextSearch) {
		ts.Configs = dropOID(ts.Configs, oid, func(x TSConfigDef) uint32 { return x.OID })
		ts.Dicts = dropOID(ts.Dicts, oid, func(x TSDictDef) uint32 { return x.OID })
		ts.Templates = dropOID(ts.Templates, oid, func(x TSTemplateDef) uint32 { return x.OID })
	})
}

func dropOID[T any](s []T, oid uint32, of func(T) uint32) []T {
	out := s[:0:0]
	for _, x := range s {
		if of(x) != oid {
			out = append(out, x)
		}
	}
	return out
}

// tsMembers lists the text search objects as extension members, those
// others depend on first (a member list is dropped in reverse).
func (c *Catalog) tsMembers() []Member {
	var out []Member
	ts := c.ts()
	for _, d := range ts.Templates {
		out = append(out, Member{Kind: "text search template", Schema: d.Schema, Name: d.Name, OID: d.OID})
	}
	for _, d := range ts.Dicts {
		out = append(out, Member{Kind: "text search dictionary", Schema: d.Schema, Name: d.Name, OID: d.OID})
	}
	for _, d := range ts.Configs {
		out = append(out, Member{Kind: "text search configuration", Schema: d.Schema, Name: d.Name, OID: d.OID})
	}
	return out
}

// schemaHasTS reports whether a schema holds text search objects.
func (c *Catalog) schemaHasTS(schema string) bool {
	for _, m := range c.tsMembers() {
		if m.Schema == schema {
			return true
		}
	}
	return false
}

// dropSchemaTS drops a schema's text search objects, with what depends
// on them elsewhere (dictionaries of a dropped template, configurations
// using a dropped dictionary), as DROP SCHEMA ... CASCADE does.
func (c *Catalog) dropSchemaTS(schema string) *Catalog {
	if !c.schemaHasTS(schema) {
		return c
	}
	return c.withTS(func(ts *TextSearch) {
		gone := map[uint32]bool{}
		var tmpls []TSTemplateDef
		for _, t := range ts.Templates {
			if t.Schema == schema {
				gone[t.OID] = true
			} else {
				tmpls = append(tmpls, t)
			}
		}
		var dicts []TSDictDef
		for _, d := range ts.Dicts {
			if d.Schema == schema || gone[d.Template] {
				gone[d.OID] = true
			} else {
				dicts = append(dicts, d)
			}
		}
		var cfgs []TSConfigDef
	configs:
		for _, cf := range ts.Configs {
			if cf.Schema == schema {
				continue
			}
			for _, m := range cf.Map {
				for _, d := range m.Dicts {
					if gone[d] {
						continue configs
					}
				}
			}
			cfgs = append(cfgs, cf)
		}
		ts.Templates, ts.Dicts, ts.Configs = tmpls, dicts, cfgs
	})
}
