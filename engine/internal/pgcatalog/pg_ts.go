package pgcatalog

import (
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// The text search catalogs (docs 53.x, pg_ts_config ... pg_ts_template):
// PostgreSQL 15's built-in parser, templates, dictionaries and
// configurations (their C functions, which pg_proc does not list here,
// print as OIDs) (types.TSConfigs, types.TSDicts, types.TSTemplates) in
// pg_catalog, owned by the bootstrap superuser, then the database's own
// (catalog.TextSearch).

func addTextSearchCatalogs(m map[string]*def) {
	m["pg_ts_parser"] = pgTSParser
	m["pg_ts_template"] = pgTSTemplate
	m["pg_ts_dict"] = pgTSDict
	m["pg_ts_config"] = pgTSConfig
	m["pg_ts_config_map"] = pgTSConfigMap
}

var pgTSParser = &def{
	cols: []column{{"oid", types.Oid}, {"prsname", types.Name}, {"prsnamespace", types.Oid},
		{"prsstart", types.Regproc}, {"prstoken", types.Regproc}, {"prsend", types.Regproc},
		{"prsheadline", types.Regproc}, {"prslextype", types.Regproc}},
	rows: func(s *State) ([][]any, error) {
		row := []any{uint32(types.TSParserDefault), "default", NamespaceOID("pg_catalog")}
		for _, p := range types.TSParserProcs {
			row = append(row, s.procName(p))
		}
		return [][]any{row}, nil
	},
}

var pgTSTemplate = &def{
	cols: []column{{"oid", types.Oid}, {"tmplname", types.Name}, {"tmplnamespace", types.Oid},
		{"tmplinit", types.Regproc}, {"tmpllexize", types.Regproc}},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, t := range types.TSTemplates {
			out = append(out, []any{t.OID, t.Name, NamespaceOID("pg_catalog"), s.procName(t.Init), s.procName(t.Lexize)})
		}
		// a user template's functions are named, not routines tinybase
		// has (unaccent's are Go): regproc shows none
		for _, t := range s.Catalog.TextSearchObjects().Templates {
			out = append(out, []any{t.OID, t.Name, NamespaceOID(t.Schema), s.procName(0), s.procName(0)})
		}
		return out, nil
	},
}

var pgTSDict = &def{
	cols: []column{{"oid", types.Oid}, {"dictname", types.Name}, {"dictnamespace", types.Oid},
		{"dictowner", types.Oid}, {"dicttemplate", types.Oid}, {"dictinitoption", types.Text}},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, d := range types.TSDicts {
			var opts any
			if d.Options != "" {
				opts = d.Options
			}
			out = append(out, []any{d.OID, d.Name, NamespaceOID("pg_catalog"), uint32(10), d.Template, opts})
		}
		for _, d := range s.Catalog.TextSearchObjects().Dicts {
			var opts any
			if len(d.Options) > 0 {
				opts = types.FormatTSOptions(d.Options)
			}
			out = append(out, []any{d.OID, d.Name, NamespaceOID(d.Schema), s.RoleOID(d.Owner), d.Template, opts})
		}
		return out, nil
	},
}

// pgTSConfig is pg_catalog.pg_ts_config; every configuration is on the
// default parser.
var pgTSConfig = &def{
	cols: []column{{"oid", types.Oid}, {"cfgname", types.Name}, {"cfgnamespace", types.Oid},
		{"cfgowner", types.Oid}, {"cfgparser", types.Oid}},
	rows: func(s *State) ([][]any, error) {
		out := make([][]any, 0, len(types.TSConfigs))
		for _, c := range types.TSConfigs {
			out = append(out, []any{c.OID, c.Name, NamespaceOID("pg_catalog"), uint32(10), uint32(types.TSParserDefault)})
		}
		for _, c := range s.Catalog.TextSearchObjects().Configs {
			out = append(out, []any{c.OID, c.Name, NamespaceOID(c.Schema), s.RoleOID(c.Owner), uint32(types.TSParserDefault)})
		}
		return out, nil
	},
}

var pgTSConfigMap = &def{
	cols: []column{{"mapcfg", types.Oid}, {"maptokentype", types.Int4}, {"mapseqno", types.Int4}, {"mapdict", types.Oid}},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		add := func(cfg uint32, m []catalog.TSMapEntry) {
			for _, e := range m {
				for i, d := range e.Dicts {
					out = append(out, []any{cfg, int32(e.TokenType), int32(i + 1), d})
				}
			}
		}
		for _, c := range types.TSConfigs {
			add(c.OID, s.Catalog.TSConfigMap(c.OID))
		}
		for _, c := range s.Catalog.TextSearchObjects().Configs {
			add(c.OID, c.Map)
		}
		return out, nil
	},
}

// tsMemberDepend is the pg_depend class and object of an extension's
// text search member (unaccent's template and dictionary), so pg_dump
// leaves them to CREATE EXTENSION.
func tsMemberDepend(m catalog.Member) (class, oid uint32, ok bool) {
	switch m.Kind {
	case "text search configuration":
		return 3602, m.OID, true
	case "text search dictionary":
		return 3600, m.OID, true
	case "text search template":
		return 3764, m.OID, true
	}
	return 0, 0, false
}

// tsCommentObject is pg_description's object of a comment on a text
// search configuration, dictionary or template.
func tsCommentObject(s *State, k catalog.ObjectKey) (oid, class uint32, ok bool) {
	switch k.Kind {
	case catalog.ObjTSConfig:
		oid, ok = s.Catalog.LookupTSConfig(nil, k.Schema, k.Name)
		class = 3602
	case catalog.ObjTSDict:
		oid, ok = s.Catalog.LookupTSDict(nil, k.Schema, k.Name)
		class = 3600
	case catalog.ObjTSTemplate:
		oid, ok = s.Catalog.LookupTSTemplate(nil, k.Schema, k.Name)
		class = 3764
	}
	return oid, class, ok
}
