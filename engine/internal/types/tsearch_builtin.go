package types

// PostgreSQL 15's built-in text search objects as its catalogs list them
// (pg_ts_dict, pg_ts_template, pg_ts_parser): initdb's OIDs, the same on
// every PostgreSQL 15 cluster, all in pg_catalog.

// TSDictEntry is a built-in dictionary: pg_ts_dict's oid, dictname,
// dicttemplate and dictinitoption.
type TSDictEntry struct {
	OID      uint32
	Name     string
	Template uint32
	Options  string
}

// TSTemplateSimple, TSTemplateSnowball and TSParserDefault are the OIDs
// of the simple and snowball templates and of the default parser.
const (
	TSTemplateSimple   = 3727
	TSTemplateSnowball = 13150
	TSParserDefault    = 3722
)

// TSDicts are the built-in dictionaries: simple, then one Snowball
// dictionary per language at its configuration's OID minus one.
var TSDicts = func() []TSDictEntry {
	out := []TSDictEntry{{3765, "simple", TSTemplateSimple, ""}}
	for _, c := range TSConfigs[1:] {
		opts := "language = '" + c.Name + "'"
		if tsStopLists[c.Name] {
			opts += ", stopwords = '" + c.Name + "'"
		}
		out = append(out, TSDictEntry{c.OID - 1, c.Name + "_stem", TSTemplateSnowball, opts})
	}
	return out
}()

// TSTemplateEntry is a template: pg_ts_template's oid, tmplname,
// tmplinit and tmpllexize.
type TSTemplateEntry struct {
	OID                uint32
	Name, Init, Lexize string
}

// TSTemplates are the built-in templates.
var TSTemplates = []TSTemplateEntry{
	{TSTemplateSimple, "simple", "dsimple_init", "dsimple_lexize"},
	{3730, "synonym", "dsynonym_init", "dsynonym_lexize"},
	{3733, "ispell", "dispell_init", "dispell_lexize"},
	{3742, "thesaurus", "thesaurus_init", "thesaurus_lexize"},
	{TSTemplateSnowball, "snowball", "dsnowball_init", "dsnowball_lexize"},
}

// TSBuiltinMap is a built-in configuration's pg_ts_config_map rows:
// token type → dictionary OID (one dictionary each).
func TSBuiltinMap(cfg string) map[int]uint32 {
	var stem, english uint32 = 3765, 3765
	for _, d := range TSDicts {
		if d.Name == cfg+"_stem" {
			stem = d.OID
		}
		if d.Name == "english_stem" {
			english = d.OID
		}
	}
	ascii := stem
	if cfg == "russian" || cfg == "hindi" {
		ascii = english
	}
	m := map[int]uint32{}
	for _, t := range tsSimpleTypes {
		m[t] = 3765
	}
	for _, t := range tsWordTypes {
		m[t] = stem
	}
	for _, t := range tsASCIIWordTypes {
		m[t] = ascii
	}
	return m
}

// TSTokenTypeByAlias returns the default parser's token type number of
// an alias such as asciiword (0 for none).
func TSTokenTypeByAlias(alias string) int {
	for i := 1; i < len(TSTokenTypes); i++ {
		if TSTokenTypes[i][0] == alias {
			return i
		}
	}
	return 0
}
