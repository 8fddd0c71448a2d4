package pgcatalog

import "github.com/tinybase/tinybase/engine/internal/types"

// pgViews is the pg_catalog.pg_views view: one row per view.
var pgViews = &def{
	cols: []column{{"schemaname", types.Name}, {"viewname", types.Name}, {"viewowner", types.Name}, {"definition", types.Text}},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, v := range s.Catalog.Views() {
			out = append(out, []any{v.Schema, v.Name, "postgres", v.Query})
		}
		return out, nil
	},
}
