package pgcatalog

import "github.com/tinybase/tinybase/engine/internal/types"

// compositeAttributes are the pg_attribute rows of composite types'
// fields (attrelid is the type's pg_class row, relkind 'c').
func compositeAttributes(s *State) [][]any {
	var out [][]any
	for _, t := range s.Catalog.Composites() {
		for i, f := range t.Fields {
			ft := f.Type
			if ft == nil {
				ft = types.Unknown
			}
			ndims := int32(0)
			if ft.Kind == types.KindArray {
				ndims = 1
			}
			coll := typCollation(ft) // pg_type.go
			num := int16(i + 1)
			if f.Attnum != 0 {
				num = f.Attnum
			}
			out = append(out, []any{t.RelOID, f.Name, ft.OID, int32(-1), ft.Len, num, ndims, int32(-1),
				ft.Mod, ft.Len > 0 && ft.Len <= 8, "i", "p", "", false, false, false, "", "",
				false, true, int32(0), coll, nil, nil, nil, nil})
		}
	}
	return out
}
