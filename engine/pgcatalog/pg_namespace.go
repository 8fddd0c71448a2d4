package pgcatalog

import "github.com/tinybase/tinybase/engine/types"

// pgNamespace is pg_catalog.pg_namespace: one row per schema.
var pgNamespace = &def{
	cols: []column{{"oid", types.Oid}, {"nspname", types.Name}, {"nspowner", types.Oid}},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, n := range s.Schemas() {
			out = append(out, []any{NamespaceOID(n), n, uint32(10)})
		}
		return out, nil
	},
}
