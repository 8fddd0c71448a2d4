package pgcatalog

import (
	"strings"

	"github.com/tinybase/tinybase/engine/internal/types"
)

// The _all_, _sys_ and _user_ forms of the cumulative statistics views
// (PostgreSQL docs 28.2.18 to 28.2.26): each _all_ view is the _sys_ rows
// (tables in pg_catalog, information_schema and pg_toast) plus the _user_
// rows. tinybase stores no system table — its catalogs are computed —
// so the _sys_ views are empty and the _all_ views hold the user rows.
// supabase inspect db reads pg_statio_user_indexes for its index hit rate.

// systemSchema reports whether PostgreSQL counts a schema's relations as
// system ones in the pg_stat_sys_* views.
func systemSchema(schema string) bool {
	return schema == "pg_catalog" || schema == "information_schema" || strings.HasPrefix(schema, "pg_toast")
}

// bySchema is a view of base's rows whose schema (column col) is, or
// is not (sys false), a system schema.
func bySchema(base *def, col int, sys bool) *def {
	return &def{cols: base.cols, rows: func(s *State) ([][]any, error) {
		rows, err := base.rows(s)
		if err != nil {
			return nil, err
		}
		out := rows[:0:0]
		for _, r := range rows {
			if sc, _ := r[col].(string); systemSchema(sc) == sys {
				out = append(out, r)
			}
		}
		return out, nil
	}}
}

// pgStatioUserIndexes is pg_catalog.pg_statio_user_indexes: one row per
// index of a user table with its block reads and cache hits. tinybase
// reads indexes through no buffer cache, so both are 0, as in
// pg_statio_all_tables.
var pgStatioUserIndexes = &def{
	cols: []column{
		{"relid", types.Oid}, {"indexrelid", types.Oid}, {"schemaname", types.Name}, {"relname", types.Name},
		{"indexrelname", types.Name}, {"idx_blks_read", types.Int8}, {"idx_blks_hit", types.Int8},
	},
	rows: func(s *State) ([][]any, error) {
		rels, err := s.Tables()
		if err != nil {
			return nil, err
		}
		var out [][]any
		for _, r := range rels {
			idx, err := s.Indexes(r)
			if err != nil {
				return nil, err
			}
			for _, ix := range idx {
				out = append(out, []any{RelationOID(r.Schema, r.Name), RelationOID(r.Schema, ix.Name), r.Schema, r.Name,
					ix.Name, int64(0), int64(0)})
			}
		}
		return out, nil
	},
}

// addStatAllCatalogs registers this file's relations.
func addStatAllCatalogs(m map[string]*def) {
	m["pg_stat_all_tables"] = pgStatUserTables
	m["pg_stat_sys_tables"] = bySchema(pgStatUserTables, 1, true)
	m["pg_statio_sys_tables"] = bySchema(pgStatioAllTables, 1, true)
	m["pg_stat_all_indexes"] = pgStatUserIndexes
	m["pg_stat_sys_indexes"] = bySchema(pgStatUserIndexes, 2, true)
	m["pg_statio_user_indexes"] = pgStatioUserIndexes
	m["pg_statio_all_indexes"] = pgStatioUserIndexes
	m["pg_statio_sys_indexes"] = bySchema(pgStatioUserIndexes, 2, true)
}
