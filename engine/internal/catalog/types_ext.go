package catalog

import "github.com/tinybase/tinybase/engine/internal/types"

// NewExtType returns a catalog with extension base type q (types.ExtBase,
// ext.go) and its array type, with OIDs of this catalog, and the new
// type; ok is false when tinybase has no implementation called q.Name.
// The caller has checked that q is free.
func (c *Catalog) NewExtType(q QName) (*Catalog, *types.Type, bool) {
	if _, ok := types.ExtBaseNamed(q.Name); !ok {
		return c, nil, false
	}
	n := c.clone()
	oid, arr := n.allocOID(), n.allocOID()
	t, _ := types.NewExtType(q.Schema, q.Name, oid, arr)
	n.types = copyMap(n.types)
	n.types[q] = &TypeDef{Type: t}
	return n, t, true
}
