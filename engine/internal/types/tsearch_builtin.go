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

// TSTemplateEntry is a template: pg_ts_template's oid, tmplname, and
// the OIDs of tmplinit and tmpllexize (C functions tinybase implements
// in Go, so pg_proc does not list them).
type TSTemplateEntry struct {
	OID          uint32
	Name         string
	Init, Lexize uint32
}

// TSTemplates are the built-in templates.
var TSTemplates = []TSTemplateEntry{
	{TSTemplateSimple, "simple", 3725, 3726},
	{3730, "synonym", 3728, 3729},
	{3733, "ispell", 3731, 3732},
	{3742, "thesaurus", 3740, 3741},
	{TSTemplateSnowball, "snowball", 13148, 13149},
}

// TSParserProcs are the default parser's prsstart, prstoken, prsend,
// prsheadline and prslextype function OIDs.
var TSParserProcs = []uint32{3717, 3718, 3719, 3720, 3721}

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
