package ddl

import (
	"fmt"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// RenameRelation is ALTER VIEW / ALTER SEQUENCE ... RENAME TO; the
// relation's owner, grants and comments follow it.
func RenameRelation(h Host, c *translate.RenameRelation) error {
	cat := h.Catalog()
	switch c.Kind {
	case "view":
		v, isTable := FindView(h, cat, c.Name)
		if v == nil {
			if c.IfExists && !isTable {
				h.Notice("NOTICE", pgerror.SuccessfulCompletion, fmt.Sprintf("relation %q does not exist, skipping", c.Name.Name))
				return nil
			}
			if isTable {
				return pgerror.New(pgerror.WrongObjectType, "%q is not a view", c.Name.Name)
			}
			return pgerror.New(pgerror.UndefinedTable, "relation %q does not exist", c.Name.Name)
		}
		if c.NewSchema != "" {
			return setViewSchema(h, v, c.NewSchema)
		}
		nq := catalog.QName{Schema: v.Schema, Name: c.NewName}
		if RelationExists(h, cat, nq) {
			return pgerror.New(pgerror.DuplicateTable, "relation %q already exists", c.NewName)
		}
		moveView(h, v, nq)
	case "sequence":
		seq, err := ResolveSequence(h, cat, c.Name)
		if err != nil {
			if c.IfExists {
				return nil
			}
			return err
		}
		nq := catalog.QName{Schema: seq.Schema, Name: c.NewName}
		if RelationExists(h, cat, nq) {
			return pgerror.New(pgerror.DuplicateTable, "relation %q already exists", c.NewName)
		}
		ns := *seq
		ns.Name = c.NewName
		before := cat
		cat = cat.DropSequence(catalog.QName{Schema: seq.Schema, Name: seq.Name})
		cat, _ = cat.PutSequence(ns)
		h.SetCatalog(cat.CopyRelationSecurity(before, catalog.QName{Schema: seq.Schema, Name: seq.Name}, nq))
	}
	return nil
}

// setViewSchema is ALTER VIEW ... SET SCHEMA.
func setViewSchema(h Host, v *catalog.View, schema string) error {
	if !h.StorageTxn().HasSchema(schema) {
		return pgerror.New(pgerror.InvalidSchemaName, "schema %q does not exist", schema)
	}
	if schema == v.Schema {
		return nil
	}
	nq := catalog.QName{Schema: schema, Name: v.Name}
	if RelationExists(h, h.Catalog(), nq) {
		return pgerror.New(pgerror.DuplicateTable, "relation %q already exists in schema %q", v.Name, schema)
	}
	moveView(h, v, nq)
	return nil
}

// moveView renames view v or moves it to another schema: its OID,
// comment, grants and triggers follow it (PostgreSQL keeps them by OID),
// and the views reading it name it anew.
func moveView(h Host, v *catalog.View, nq catalog.QName) {
	old := catalog.QName{Schema: v.Schema, Name: v.Name}
	nv := *v
	nv.Schema, nv.Name = nq.Schema, nq.Name
	cat := h.Catalog().RenameTable(old, nq).DropView(old).PutView(nv)
	h.SetCatalog(followInViews(cat, old, nq))
}
