package engine

import (
	"github.com/tinybase/tinybase/engine/catalog"
	"github.com/tinybase/tinybase/engine/pgerror"
	"github.com/tinybase/tinybase/engine/translate"
	"github.com/tinybase/tinybase/engine/types"
)

// createComposite runs CREATE TYPE ... AS (...).
func (s *Session) createComposite(c *translate.CreateComposite) error {
	cat := s.catalog()
	q, err := s.newTypeName(cat, c.Name)
	if err != nil {
		return err
	}
	if s.relationExists(cat, q) {
		return pgerror.New(pgerror.DuplicateTable, "relation %q already exists", q.Name)
	}
	cat, _ = cat.NewComposite(q, c.Fields)
	s.setCatalog(cat)
	return nil
}

// compositeDependents refuses to drop a type that a composite type's
// field uses: PostgreSQL names the first such field; CASCADE, which
// would drop the field from the composite type and its stored values, is
// not supported yet.
func compositeDependents(cat *catalog.Catalog, t *types.Type, typeName string, cascade bool) error {
	for _, c := range cat.Composites() {
		if c.OID == t.OID {
			continue
		}
		for _, f := range c.Fields {
			ft := f.Type
			if ft == nil || !(ft.OID == t.OID || ft.Elem != nil && ft.Elem.OID == t.OID || ft.Domain != nil && ft.Domain.OID == t.OID) {
				continue
			}
			if cascade {
				return pgerror.New(pgerror.FeatureNotSupported, "DROP TYPE ... CASCADE of a type used by composite type %s is not supported yet", c.Name)
			}
			return dependError("type", typeName).(*pgerror.Error).WithDetail("column %s of composite type %s depends on type %s", f.Name, c.Name, typeName)
		}
	}
	return nil
}

// compositeNameTaken refuses a new relation named like a composite type
// of its schema: the type's pg_class row (relkind 'c') holds the name.
func compositeNameTaken(cat *catalog.Catalog, q catalog.QName) error {
	if d, ok := cat.Type(q); ok && d.Type.IsComposite() {
		return pgerror.New(pgerror.DuplicateTable, "relation %q already exists", q.Name)
	}
	return nil
}
