package pgcatalog

import (
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// addLargeObjectCatalogs registers pg_largeobject_metadata and
// pg_largeobject (docs: 53.30, 53.31): the large objects of the catalog
// (catalog.LargeObject), their owner, and their data by page.
// lomacl is NULL until a GRANT or REVOKE gives the object an ACL.
func addLargeObjectCatalogs(m map[string]*def) {
	m["pg_largeobject_metadata"] = &def{
		cols: []column{{"oid", types.Oid}, {"lomowner", types.Oid}, {"lomacl", aclitemArray}},
		rows: func(s *State) ([][]any, error) {
			var out [][]any
			for _, lo := range s.Catalog.LargeObjects() {
				var owner uint32
				if r, ok := s.Catalog.Role(lo.Owner); ok {
					owner = r.OID
				}
				out = append(out, []any{lo.OID, owner, s.objectACL(catalog.LargeObjectKey(lo.OID))})
			}
			return out, nil
		},
	}
	m["pg_largeobject"] = &def{
		cols: []column{{"loid", types.Oid}, {"pageno", types.Int4}, {"data", types.Bytea}},
		rows: func(s *State) ([][]any, error) {
			var out [][]any
			for _, lo := range s.Catalog.LargeObjects() {
				for _, p := range lo.PageRows() {
					out = append(out, []any{lo.OID, p.No, p.Data})
				}
			}
			return out, nil
		},
	}
}
