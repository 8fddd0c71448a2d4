package pgcatalog

import (
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// pgViews is the pg_catalog.pg_views view: one row per view, its
// definition as pg_get_viewdef prints it.
var pgViews = &def{
	cols: []column{{"schemaname", types.Name}, {"viewname", types.Name}, {"viewowner", types.Name}, {"definition", types.Text}},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, v := range s.Catalog.Views() {
			owner := s.Catalog.Owner(catalog.ObjectKey{Kind: catalog.ObjRelation, Schema: v.Schema, Name: v.Name})
			out = append(out, []any{v.Schema, v.Name, owner, s.viewDefinition(v)})
		}
		return out, nil
	},
}
