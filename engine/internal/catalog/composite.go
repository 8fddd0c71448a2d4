package catalog

import "github.com/tinybase/tinybase/engine/internal/types"

// NewComposite returns a catalog with composite type q (CREATE TYPE ... AS
// (...)), its array type and its pg_class row (relkind 'c'), and the new
// type. The caller has checked that q is free.
func (c *Catalog) NewComposite(q QName, fields []types.Field) (*Catalog, *types.Type) {
	n := c.clone()
	t := &types.Type{Kind: types.KindRecord, Name: q.Name, SQLName: q.Name, Schema: q.Schema,
		Category: 'C', Mod: -1, Len: -1, Fields: append([]types.Field(nil), fields...)}
	t.OID = n.allocOID()
	t.ArrayOID = n.allocOID()
	t.RelOID = n.allocOID()
	n.types = copyMap(n.types)
	n.types[q] = &TypeDef{Type: t}
	return n, t
}

// Composites returns the composite types, ordered by schema and name.
func (c *Catalog) Composites() []*types.Type {
	var out []*types.Type
	for _, d := range c.Types() {
		if d.Type.IsComposite() {
			out = append(out, d.Type)
		}
	}
	return out
}
