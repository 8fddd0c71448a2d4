package pgcatalog

import "github.com/tinybase/tinybase/engine/internal/types"

// pgSettings is the pg_catalog.pg_settings view over the session's
// run-time parameters.
var pgSettings = &def{
	cols: []column{
		{"name", types.Text}, {"setting", types.Text}, {"unit", types.Text}, {"category", types.Text},
		{"short_desc", types.Text}, {"extra_desc", types.Text}, {"context", types.Text},
		{"vartype", types.Text}, {"source", types.Text}, {"min_val", types.Text}, {"max_val", types.Text},
		{"enumvals", types.ArrayOf(types.Text)}, {"boot_val", types.Text}, {"reset_val", types.Text},
		{"sourcefile", types.Text}, {"sourceline", types.Int4}, {"pending_restart", types.Bool},
	},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, g := range s.SettingRows() {
			var enum any
			if g.EnumVals != nil {
				vals := make([]any, len(g.EnumVals))
				for i, v := range g.EnumVals {
					vals[i] = v
				}
				enum = types.NewArray(types.Text, vals)
			}
			out = append(out, []any{g.Name, g.Setting, nullable(g.Unit), g.Category, g.ShortDesc, nullable(g.ExtraDesc),
				g.Context, g.VarType, g.Source, nullable(g.MinVal), nullable(g.MaxVal), enum, g.BootVal, g.ResetVal, nil, nil, false})
		}
		return out, nil
	},
}
