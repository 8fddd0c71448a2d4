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
		return moveView(h, v, nq)
	case "sequence":
		seq, err := ResolveSequence(h, cat, c.Name)
		if err != nil {
			if c.IfExists {
				return nil
			}
			return err
		}
		if c.NewSchema != "" {
			return setSequenceSchema(h, seq, c.NewSchema)
		}
		nq := catalog.QName{Schema: seq.Schema, Name: c.NewName}
		if RelationExists(h, cat, nq) {
			return pgerror.New(pgerror.DuplicateTable, "relation %q already exists", c.NewName)
		}
		return moveSequence(h, seq, nq)
	}
	return nil
}

// setSequenceSchema is ALTER SEQUENCE ... SET SCHEMA. A sequence owned by
// a column cannot move on its own (PostgreSQL's 0A000): it moves with its
// table.
func setSequenceSchema(h Host, seq *catalog.Sequence, schema string) error {
	if !h.StorageTxn().HasSchema(schema) {
		return pgerror.New(pgerror.InvalidSchemaName, "schema %q does not exist", schema)
	}
	if o := seq.OwnedBy; o != nil {
		return pgerror.New(pgerror.FeatureNotSupported, "cannot move an owned sequence into another schema").
			WithDetail("Sequence %q is linked to table %q.", seq.Name, o.Table)
	}
	if schema == seq.Schema {
		return nil
	}
	nq := catalog.QName{Schema: schema, Name: seq.Name}
	if RelationExists(h, h.Catalog(), nq) {
		return pgerror.New(pgerror.DuplicateTable, "relation %q already exists in schema %q", seq.Name, schema)
	}
	return moveSequence(h, seq, nq)
}

// moveSequence renames sequence seq or moves it to another schema: its
// OID, grants and comment follow it, and so do the regclass constants
// naming it (an owning column's nextval('s'::regclass)), as PostgreSQL's
// (by OID) do.
func moveSequence(h Host, seq *catalog.Sequence, nq catalog.QName) error {
	old := catalog.QName{Schema: seq.Schema, Name: seq.Name}
	cat, err := followRegclass(h, h.Catalog(), old, nq) // regclass_refs.go
	if err != nil {
		return err
	}
	ns := *seq
	ns.Schema, ns.Name = nq.Schema, nq.Name
	before := cat
	ck := catalog.ObjectKey{Kind: catalog.ObjRelation, Schema: old.Schema, Name: old.Name}
	comment, hasComment := cat.Comment(ck)
	cat = cat.DropSequence(old)
	cat, _ = cat.PutSequence(ns)
	cat = cat.CopyRelationSecurity(before, old, nq)
	if hasComment {
		ck.Schema, ck.Name = nq.Schema, nq.Name
		cat = cat.SetComment(ck, &comment)
	}
	h.SetCatalog(cat)
	return followRegclassInIndexes(h, old, nq) // regclass_refs.go
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
	return moveView(h, v, nq)
}

// moveView renames view v or moves it to another schema: its OID,
// comment, grants and triggers follow it (PostgreSQL keeps them by OID),
// and the views reading it name it anew.
func moveView(h Host, v *catalog.View, nq catalog.QName) error {
	old := catalog.QName{Schema: v.Schema, Name: v.Name}
	cat, err := followRegclass(h, h.Catalog(), old, nq) // regclass_refs.go
	if err != nil {
		return err
	}
	if w, ok := cat.View(old); ok {
		v = w // its own text may name itself
	}
	nv := *v
	nv.Schema, nv.Name = nq.Schema, nq.Name
	cat = cat.RenameTable(old, nq).DropView(old).PutView(nv)
	h.SetCatalog(followInViews(cat, old, nq))
	return followRegclassInIndexes(h, old, nq) // regclass_refs.go
}
