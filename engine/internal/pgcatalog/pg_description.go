package pgcatalog

import (
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// pgDescription is pg_catalog.pg_description: the comments of COMMENT ON.
var pgDescription = &def{
	cols: []column{{"objoid", types.Oid}, {"classoid", types.Oid}, {"objsubid", types.Int4}, {"description", types.Text}},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, c := range s.Catalog.Comments() {
			k := c.Key
			var oid, class uint32
			sub := int32(0)
			switch k.Kind {
			case catalog.ObjRelation:
				oid, class = s.RelOID(k.Schema, k.Name), pgClassOID
			case catalog.ObjColumn:
				oid, class = s.RelOID(k.Schema, k.Name), pgClassOID
				if t, ok, err := s.DB.Table(s.Ctx, k.Schema, k.Name); err == nil && ok {
					sub = int32(t.Schema().IndexOfColName(k.Column) + 1)
				}
			case catalog.ObjType:
				if d, ok := s.Catalog.Type(catalog.QName{Schema: k.Schema, Name: k.Name}); ok {
					oid = d.Type.OID
				}
				class = pgTypeOID
			case catalog.ObjSchema:
				oid, class = NamespaceOID(k.Name), pgNamespaceOID
			case catalog.ObjExtension:
				oid, class = ExtensionOID(k.Name), pgExtensionOID
			case catalog.ObjFunction:
				oid, class = s.functionOID(k.Schema, k.Name), pgProcOID
				if oid == 0 {
					continue
				}
			default:
				continue
			}
			out = append(out, []any{oid, class, sub, c.Text})
		}
		return out, nil
	},
}
