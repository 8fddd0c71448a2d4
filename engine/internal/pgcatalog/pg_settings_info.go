package pgcatalog

//go:generate go run ./internal/gensettings -o pg_settings_gen.go

import (
	"sort"
	"strings"
)

// SettingDef is one PostgreSQL 15 run-time parameter as pg_settings
// describes it, recorded from PostgreSQL (pg_settings_gen.go). Reset is
// the value a Supabase-like server starts with (PostgreSQL's compiled-in
// Boot unless its configuration sets another: wal_level logical); Source
// is pg_settings.source for that value. EnumAliases are "spelling=value"
// pairs of an enum parameter's spellings that SHOW prints as another
// value: PostgreSQL's hidden enum entries (synchronous_commit = true is
// on) and listed names of a value listed first under another name
// (wal_compression = on is pglz).
type SettingDef struct {
	Name, VarType, Unit, Category, ShortDesc, ExtraDesc, Context, Min, Max string
	EnumVals                                                               []string
	Boot, Reset, Source                                                    string
	EnumAliases                                                            []string
}

// settingIndex finds a SettingDef by lower-cased name. Immutable package
// data, built once from settingDefs.
var settingIndex = func() map[string]*SettingDef {
	m := make(map[string]*SettingDef, len(settingDefs))
	for i := range settingDefs {
		m[strings.ToLower(settingDefs[i].Name)] = &settingDefs[i]
	}
	return m
}()

// LookupSetting returns the description of the PostgreSQL parameter name
// (matched case-insensitively, as GUC names are).
func LookupSetting(name string) (*SettingDef, bool) {
	d, ok := settingIndex[strings.ToLower(name)]
	return d, ok
}

// SettingNames lists every recorded parameter's name, sorted as SHOW ALL
// and pg_settings sort them (case-insensitively).
func SettingNames() []string {
	out := make([]string, 0, len(settingDefs))
	for i := range settingDefs {
		out = append(out, settingDefs[i].Name)
	}
	sort.Slice(out, func(i, j int) bool { return strings.ToLower(out[i]) < strings.ToLower(out[j]) })
	return out
}
