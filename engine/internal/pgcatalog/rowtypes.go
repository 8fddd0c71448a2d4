package pgcatalog

import "github.com/tinybase/tinybase/engine/internal/types"

// Row types of relations (PostgreSQL docs 8.16.1, "Declaration of
// Composite Types": "whenever you create a table, a composite type is also
// automatically created, with the same name as the table"). Every user
// table and view has a pg_type row (typtype 'c', typrelid its pg_class
// row, whose reltype points back) and an array type _name. Their OIDs are
// types.RowTypeOIDs, the ones a whole-row reference or a function's
// row-type parameter carries.

// rowTypeRel is one relation that has a row type.
type rowTypeRel struct {
	Schema, Name string
	RelOID       uint32
}

// rowTypeRels lists the user tables, then the views, in catalog order.
func (s *State) rowTypeRels() ([]rowTypeRel, error) {
	rels, err := s.Tables()
	if err != nil {
		return nil, err
	}
	views := s.Catalog.Views()
	out := make([]rowTypeRel, 0, len(rels)+len(views))
	for _, r := range rels {
		out = append(out, rowTypeRel{Schema: r.Schema, Name: r.Name, RelOID: RelationOID(r.Schema, r.Name)})
	}
	for _, v := range views {
		out = append(out, rowTypeRel{Schema: v.Schema, Name: v.Name, RelOID: v.OID})
	}
	return out, nil
}

// rowType is relation r's row type as pg_type lists it (typrelid set; the
// fields are pg_attribute's business).
func (r rowTypeRel) rowType() *types.Type {
	t := types.RowType(r.Schema, r.Name, nil)
	t.RelOID = r.RelOID
	return t
}

// RowTypeOID is pg_class.reltype for a relation of kind kind ('r', 'v',
// ...): its row type's OID, 0 for indexes and sequences.
func RowTypeOID(schema, name string, kind byte) uint32 {
	switch kind {
	case 'r', 'p', 'v', 'm', 'f':
		oid, _ := types.RowTypeOIDs(schema, name)
		return oid
	}
	return 0
}

// rowTypeByOID finds a relation's row type or its array type by OID.
func (s *State) rowTypeByOID(oid uint32) (*types.Type, bool) {
	if oid < 16384 {
		return nil, false
	}
	rels, err := s.rowTypeRels()
	if err != nil {
		return nil, false
	}
	for _, r := range rels {
		row, arr := types.RowTypeOIDs(r.Schema, r.Name)
		switch oid {
		case row:
			return r.rowType(), true
		case arr:
			return types.ArrayOf(r.rowType()), true
		}
	}
	return nil, false
}
