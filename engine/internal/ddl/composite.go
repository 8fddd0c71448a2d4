package ddl

import (
	"fmt"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// CreateComposite runs CREATE TYPE ... AS (...).
func CreateComposite(h Host, c *translate.CreateComposite) error {
	cat := h.Catalog()
	q, err := newTypeName(h, cat, c.Name)
	if err != nil {
		return err
	}
	if RelationExists(h, cat, q) {
		return pgerror.New(pgerror.DuplicateTable, "relation %q already exists", q.Name)
	}
	cat, _ = cat.NewComposite(q, c.Fields)
	h.SetCatalog(cat)
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

// CompositeNameTaken refuses a new relation named like a composite type
// of its schema: the type's pg_class row (relkind 'c') holds the name.
func CompositeNameTaken(cat *catalog.Catalog, q catalog.QName) error {
	if d, ok := cat.Type(q); ok && d.Type.IsComposite() {
		return pgerror.New(pgerror.DuplicateTable, "relation %q already exists", q.Name)
	}
	return nil
}

// AlterComposite runs ALTER TYPE ... ADD / DROP ATTRIBUTE on a composite
// type no column or other composite type uses yet (stored values would
// need rewriting, which tinybase does not do yet).
func AlterComposite(h Host, c *translate.AlterComposite) error {
	cat := h.Catalog()
	q, d, ok := FindType(h, cat, c.Name)
	if !ok || !d.Type.IsComposite() {
		// the type's pg_class row is what ALTER TYPE ... ATTRIBUTE looks up
		return pgerror.New(pgerror.UndefinedTable, "relation %q does not exist", c.Name.Name)
	}
	if err := h.CheckOwner(catalog.ObjectKey{Kind: catalog.ObjType, Schema: q.Schema, Name: q.Name}, "type", q.Name); err != nil {
		return err
	}
	if len(typeUsers(h, d.Type.OID)) > 0 || compositeDependents(cat, d.Type, q.Name, false) != nil {
		return pgerror.New(pgerror.FeatureNotSupported, "ALTER TYPE ... ADD/DROP ATTRIBUTE of a type in use is not supported yet")
	}
	t := *d.Type
	fields := append([]types.Field(nil), t.Fields...)
	next := d.NextAttnum
	for i := range fields {
		if fields[i].Attnum == 0 {
			fields[i].Attnum = int16(i + 1)
		}
		if fields[i].Attnum >= next {
			next = fields[i].Attnum + 1
		}
	}
	if next == 0 {
		next = 1
	}
	for _, a := range c.Cmds {
		if a.Add != nil {
			for _, f := range fields {
				if f.Name == a.Add.Name {
					return pgerror.New(pgerror.DuplicateColumn, "column %q of relation %q already exists", f.Name, q.Name)
				}
			}
			f := *a.Add
			f.Attnum = next
			next++
			fields = append(fields, f)
			continue
		}
		i := 0
		for i < len(fields) && fields[i].Name != a.Drop {
			i++
		}
		if i == len(fields) {
			if a.IfExists {
				h.Notice("NOTICE", "00000", fmt.Sprintf("column %q of relation %q does not exist, skipping", a.Drop, q.Name))
				continue
			}
			return pgerror.New(pgerror.UndefinedColumn, "column %q of relation %q does not exist", a.Drop, q.Name)
		}
		fields = append(fields[:i:i], fields[i+1:]...)
	}
	t.Fields = fields
	nd := *d
	nd.Type = &t
	nd.NextAttnum = next
	h.SetCatalog(cat.ReplaceType(q, &nd))
	// PostgreSQL reads a row type's attributes at each call: a function
	// returning it returns the attributes ALTER TYPE added.
	retypeRoutines(h, t.OID, &t) // types.go
	return nil
}
