package pgcatalog

import "github.com/tinybase/tinybase/engine/internal/types"

// pgTables is the pg_catalog.pg_tables view: one row per ordinary table.
var pgTables = &def{
	cols: []column{
		{"schemaname", types.Name}, {"tablename", types.Name}, {"tableowner", types.Name},
		{"tablespace", types.Name}, {"hasindexes", types.Bool}, {"hasrules", types.Bool},
		{"hastriggers", types.Bool}, {"rowsecurity", types.Bool},
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
			out = append(out, []any{r.Schema, r.Name, "postgres", nil, len(idx) > 0, false, false, false})
		}
		for _, r := range systemRelations() {
			if r.Kind == 'r' {
				out = append(out, []any{r.Schema, r.Name, "postgres", nil, true, false, false, false})
			}
		}
		return out, nil
	},
}
