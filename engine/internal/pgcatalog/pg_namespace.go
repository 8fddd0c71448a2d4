package pgcatalog

import (
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// pgNamespace is pg_catalog.pg_namespace: one row per schema, with its
// owner and its ACL (NULL while it has the default one).
var pgNamespace = &def{
	cols: []column{{"oid", types.Oid}, {"nspname", types.Name}, {"nspowner", types.Oid}, {"nspacl", aclitemArray}},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, n := range s.Schemas() {
			owner, acl := uint32(10), any(nil)
			if !storageSystemSchema(n) {
				k := catalog.ObjectKey{Kind: catalog.ObjSchema, Name: n}
				owner = s.RoleOID(s.Catalog.Owner(k))
				if a := s.Catalog.ACL(k); a != nil {
					acl = s.aclStrings(a)
				}
			}
			out = append(out, []any{NamespaceOID(n), n, owner, aclArray(acl)})
		}
		return out, nil
	},
}

func storageSystemSchema(n string) bool {
	return n == "pg_catalog" || n == "information_schema" || n == "pg_toast"
}

// aclArray is an ACL's aclitem strings as a catalog array, or NULL.
func aclArray(acl any) any {
	items, ok := acl.([]string)
	if !ok || items == nil {
		return nil
	}
	vals := make([]any, len(items))
	for i, v := range items {
		vals[i] = v
	}
	return types.NewArray(types.ACLItem, vals)
}

// aclitemArray is aclitem[], the type of the catalogs' ACL columns.
var aclitemArray = types.ArrayOf(types.ACLItem)
