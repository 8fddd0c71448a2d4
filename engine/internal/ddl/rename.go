package ddl

import (
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
			if c.IfExists {
				return nil
			}
			if isTable {
				return pgerror.New(pgerror.WrongObjectType, "%q is not a view", c.Name.Name)
			}
			return pgerror.New(pgerror.UndefinedTable, "relation %q does not exist", c.Name.Name)
		}
		nq := catalog.QName{Schema: v.Schema, Name: c.NewName}
		if RelationExists(h, cat, nq) {
			return pgerror.New(pgerror.DuplicateTable, "relation %q already exists", c.NewName)
		}
		nv := *v
		nv.Name = c.NewName
		h.SetCatalog(cat.DropView(catalog.QName{Schema: v.Schema, Name: v.Name}).PutView(nv).CopyRelationSecurity(cat, catalog.QName{Schema: v.Schema, Name: v.Name}, nq))
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
