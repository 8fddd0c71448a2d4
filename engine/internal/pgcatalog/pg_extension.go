package pgcatalog

import "github.com/tinybase/tinybase/engine/internal/types"

// pgExtension is pg_catalog.pg_extension: the installed extensions.
var pgExtension = &def{
	cols: []column{
		{"oid", types.Oid}, {"extname", types.Name}, {"extowner", types.Oid}, {"extnamespace", types.Oid},
		{"extrelocatable", types.Bool}, {"extversion", types.Text},
		{"extconfig", types.ArrayOf(types.Oid)}, {"extcondition", types.ArrayOf(types.Text)},
	},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, e := range s.Catalog.Extensions() {
			out = append(out, []any{ExtensionOID(e.Name), e.Name, uint32(10), NamespaceOID(e.Schema), false, e.Version, nil, nil})
		}
		return out, nil
	},
}
