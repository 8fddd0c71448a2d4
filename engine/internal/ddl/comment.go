package ddl

import (
	"strconv"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// COMMENT ON (PostgreSQL docs: COMMENT) and the functions reading
// comments back, obj_description and col_description (9.26).

// ObjDescription is obj_description(relation, 'pg_class').
func ObjDescription(h Host, rel, catalogName string) (any, error) {
	if catalogName == "pg_largeobject" {
		// an integer literal resolves to this (regclass) form: rel is
		// the large object's OID
		if oid, err := strconv.ParseUint(rel, 10, 32); err == nil {
			if text, ok := h.Catalog().Comment(catalog.LargeObjectKey(uint32(oid))); ok {
				return text, nil
			}
		}
		return nil, nil
	}
	q, err := resolveRelation(h, ParseRelName(rel))
	if err != nil {
		return nil, nil // a system catalog, as in ColDescription
	}
	if text, ok := h.Catalog().Comment(catalog.ObjectKey{Kind: catalog.ObjRelation, Schema: q.Schema, Name: q.Name}); ok {
		return text, nil
	}
	return nil, nil
}

// ColDescription is col_description(relation, column number).
func ColDescription(h Host, rel string, n int32) (any, error) {
	q, err := resolveRelation(h, ParseRelName(rel))
	if err != nil {
		// rel is a regclass, so it exists: a system catalog, whose
		// columns have no comments
		return nil, nil
	}
	cols := relationColumns(h, q)
	if n < 1 || int(n) > len(cols) {
		return nil, nil
	}
	if text, ok := h.Catalog().Comment(catalog.ObjectKey{Kind: catalog.ObjColumn, Schema: q.Schema, Name: q.Name, Column: cols[n-1]}); ok {
		return text, nil
	}
	return nil, nil
}

// resolveRelation resolves a table, view or sequence name.
func resolveRelation(h Host, q catalog.QName) (catalog.QName, error) {
	cat := h.Catalog()
	for _, sc := range LookupSchemas(h, q.Schema) {
		n := catalog.QName{Schema: sc, Name: q.Name}
		if t, ok := FindTable(h, sc, q.Name); ok {
			return catalog.QName{Schema: t.SchemaName(), Name: t.Name()}, nil
		}
		if cat.RelationExists(n) {
			return n, nil
		}
	}
	return q, pgerror.New(pgerror.UndefinedTable, "relation %q does not exist", q.Display())
}

// relationColumns returns a table's or view's column names.
func relationColumns(h Host, q catalog.QName) []string {
	if t, ok := FindTable(h, q.Schema, q.Name); ok {
		out := make([]string, len(t.Schema()))
		for i, c := range t.Schema() {
			out[i] = c.Name
		}
		return out
	}
	if v, ok := h.Catalog().View(q); ok {
		return v.Columns
	}
	return nil
}

// Comment runs COMMENT ON (PostgreSQL docs: COMMENT).
func Comment(h Host, c *translate.Comment) error {
	cat := h.Catalog()
	key := catalog.ObjectKey{Kind: c.Kind}
	switch c.Kind {
	case catalog.ObjRelation, catalog.ObjColumn:
		if c.Index {
			t, isTable := findIndex(h, h.SQLContext(), c.Name.Schema, c.Name.Name) // index.go
			if t == nil {
				if isTable {
					return pgerror.New(pgerror.WrongObjectType, "%q is not an index", c.Name.Name)
				}
				return pgerror.New(pgerror.UndefinedTable, "relation %q does not exist", c.Name.Display())
			}
			key.Schema, key.Name = t.SchemaName(), c.Name.Name
			break
		}
		q, err := resolveRelation(h, c.Name)
		if err != nil {
			return err
		}
		key.Schema, key.Name = q.Schema, q.Name
		if c.Kind == catalog.ObjColumn {
			found := false
			for _, col := range relationColumns(h, q) {
				found = found || col == c.Column
			}
			if !found {
				return pgerror.New(pgerror.UndefinedColumn, "column %q of relation %q does not exist", c.Column, q.Name)
			}
			key.Column = c.Column
		}
	case catalog.ObjPolicy, catalog.ObjTrigger, catalog.ObjConstraint:
		t, ok := FindTable(h, c.Name.Schema, c.Name.Name)
		if !ok {
			return pgerror.New(pgerror.UndefinedTable, "relation %q does not exist", c.Name.Display())
		}
		q := catalog.QName{Schema: t.SchemaName(), Name: t.Name()}
		switch c.Kind {
		case catalog.ObjPolicy:
			_, ok = cat.Policy(q, c.Column)
		case catalog.ObjTrigger:
			_, ok = cat.Trigger(q, c.Column)
		default:
			_, ok = TableInfo(h.SQLContext(), t).Constraints[c.Column]
		}
		if !ok {
			word := map[catalog.ObjKind]string{catalog.ObjPolicy: "policy", catalog.ObjTrigger: "trigger", catalog.ObjConstraint: "constraint"}[c.Kind]
			return pgerror.New(pgerror.UndefinedObject, "%s %q for table %q does not exist", word, c.Column, q.Name)
		}
		key.Schema, key.Name, key.Column = q.Schema, q.Name, c.Column
	case catalog.ObjType:
		q, _, ok := FindType(h, cat, c.Name)
		if !ok {
			if _, builtin := types.ByName(c.Name.Name); !builtin {
				return pgerror.New(pgerror.UndefinedObject, "type %q does not exist", c.Name.Name)
			}
			q = catalog.QName{Schema: "pg_catalog", Name: c.Name.Name}
		}
		key.Schema, key.Name = q.Schema, q.Name
	case catalog.ObjSchema:
		if !h.StorageTxn().HasSchema(c.Name.Name) {
			return pgerror.New(pgerror.InvalidSchemaName, "schema %q does not exist", c.Name.Name)
		}
		key.Name = c.Name.Name
	case catalog.ObjExtension:
		if _, ok := cat.Extension(c.Name.Name); !ok {
			return pgerror.New(pgerror.UndefinedObject, "extension %q does not exist", c.Name.Name)
		}
		key.Name = c.Name.Name
	case catalog.ObjFunction:
		if f, ok := h.CommentedRoutine(cat, c.Name, c.Routine); ok {
			key.Schema, key.Name = f.Schema, f.Signature()
			break
		}
		if !expr.Builtins().Has(strings.ToLower(c.Name.Name)) {
			return pgerror.New(pgerror.UndefinedFunction, "function %s does not exist", c.Name.Name)
		}
		key.Schema, key.Name = c.Name.Schema, c.Name.Name
	case catalog.ObjCast:
		k, err := findCast(h, c.CastSource, c.CastTarget) // cast.go
		if err != nil {
			return err
		}
		if err := checkCastOwner(h, c.CastSource, c.CastTarget); err != nil {
			return err
		}
		key = k.CommentKey()
	case catalog.ObjLargeObject:
		oid, err := strconv.ParseUint(c.Name.Name, 10, 32)
		if err != nil {
			return pgerror.New(pgerror.NumericValueOutOfRange, "OID out of range")
		}
		if _, ok := cat.LargeObject(uint32(oid)); !ok {
			return pgerror.New(pgerror.UndefinedObject, "large object %d does not exist", oid)
		}
		key = catalog.LargeObjectKey(uint32(oid))
		if err := h.CheckOwner(key, "large object", c.Name.Name); err != nil {
			return err
		}
	}
	h.SetCatalog(cat.SetComment(key, c.Text))
	return nil
}
