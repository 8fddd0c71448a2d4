package pgcatalog

import (
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
)

// isTables is information_schema.tables: tables and views.
var isTables = &def{
	cols: []column{
		{"table_catalog", sqlIdentifier}, {"table_schema", sqlIdentifier}, {"table_name", sqlIdentifier},
		{"table_type", characterData}, {"self_referencing_column_name", sqlIdentifier},
		{"reference_generation", characterData}, {"user_defined_type_catalog", sqlIdentifier},
		{"user_defined_type_schema", sqlIdentifier}, {"user_defined_type_name", sqlIdentifier},
		{"is_insertable_into", yesOrNo}, {"is_typed", yesOrNo}, {"commit_action", characterData},
	},
	rows: func(s *State) ([][]any, error) {
		rels, err := s.Tables()
		if err != nil {
			return nil, err
		}
		var out [][]any
		for _, r := range rels {
			if _, mv := s.Catalog.Matview(catalog.QName{Schema: r.Schema, Name: r.Name}); mv {
				continue // PostgreSQL lists no materialized view here
			}
			if s.isForeign(r.Schema, r.Name) { // pg_foreign.go
				out = append(out, []any{s.Database, r.Schema, r.Name, "FOREIGN", nil, nil, nil, nil, nil, "NO", "NO", nil})
				continue
			}
			out = append(out, []any{s.Database, r.Schema, r.Name, "BASE TABLE", nil, nil, nil, nil, nil, "YES", "NO", nil})
		}
		for _, v := range s.Catalog.Views() {
			out = append(out, []any{s.Database, v.Schema, v.Name, "VIEW", nil, nil, nil, nil, nil, "NO", "NO", nil})
		}
		for _, r := range systemRelations() {
			kind := "VIEW"
			if r.Kind == 'r' {
				kind = "BASE TABLE"
			}
			out = append(out, []any{s.Database, r.Schema, r.Name, kind, nil, nil, nil, nil, nil, yesNo(r.Kind == 'r'), "NO", nil})
		}
		return out, nil
	},
}

// isSchemata is information_schema.schemata.
var isSchemata = &def{
	cols: []column{
		{"catalog_name", sqlIdentifier}, {"schema_name", sqlIdentifier}, {"schema_owner", sqlIdentifier},
		{"default_character_set_catalog", sqlIdentifier}, {"default_character_set_schema", sqlIdentifier},
		{"default_character_set_name", sqlIdentifier}, {"sql_path", characterData},
	},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, n := range s.Schemas() {
			out = append(out, []any{s.Database, n, "postgres", nil, nil, nil, nil})
		}
		return out, nil
	},
}

// isViews is information_schema.views.
var isViews = &def{
	cols: []column{
		{"table_catalog", sqlIdentifier}, {"table_schema", sqlIdentifier}, {"table_name", sqlIdentifier},
		{"view_definition", characterData}, {"check_option", characterData}, {"is_updatable", yesOrNo},
		{"is_insertable_into", yesOrNo}, {"is_trigger_updatable", yesOrNo},
		{"is_trigger_deletable", yesOrNo}, {"is_trigger_insertable_into", yesOrNo},
	},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, v := range s.Catalog.Views() {
			// Simple views over one table are auto-updatable (PostgreSQL docs,
			// CREATE VIEW, "Updatable Views").
			upd := yesNo(len(v.Tables) == 1)
			check := strings.ToUpper(s.Catalog.ViewCheckOption(catalog.QName{Schema: v.Schema, Name: v.Name}))
			if check == "" {
				check = "NONE"
			}
			out = append(out, []any{s.Database, v.Schema, v.Name, v.Query, check, upd, upd, "NO", "NO", "NO"})
		}
		return out, nil
	},
}

// isRoutines is information_schema.routines: tinybase has no user-defined
// functions yet, so it is empty.
var isRoutines = &def{
	cols: []column{
		{"specific_catalog", sqlIdentifier}, {"specific_schema", sqlIdentifier}, {"specific_name", sqlIdentifier},
		{"routine_catalog", sqlIdentifier}, {"routine_schema", sqlIdentifier}, {"routine_name", sqlIdentifier},
		{"routine_type", characterData}, {"data_type", characterData}, {"type_udt_name", sqlIdentifier},
		{"routine_body", characterData}, {"routine_definition", characterData},
		{"external_language", characterData}, {"is_deterministic", yesOrNo},
		{"security_type", characterData},
	},
	rows: routineRows, // information_schema_routines.go
}
