package ddl

import (
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// setSchema is ALTER TABLE | MATERIALIZED VIEW ... SET SCHEMA: the
// table, its indexes, constraints and owned sequences move; catalog
// objects that name the table (owned sequences' owner, views reading it,
// comments, regclass constants) follow it, as do the regclass constants
// naming the sequences (its serial columns' defaults).
func setSchema(h Host, c *translate.TableDDL) error {
	txn := h.StorageTxn()
	if !txn.HasSchema(c.To) {
		return pgerror.New(pgerror.InvalidSchemaName, "schema %q does not exist", c.To)
	}
	if c.To == c.Schema {
		return nil
	}
	if names, err := txn.TableNames(c.To); err == nil {
		for _, n := range names {
			if n == c.Table {
				return pgerror.New(pgerror.DuplicateTable, "relation %q already exists in schema %q", c.Table, c.To)
			}
		}
	}
	old, now := catalog.QName{Schema: c.Schema, Name: c.Table}, catalog.QName{Schema: c.To, Name: c.Table}
	cat := h.Catalog()
	query, isMatview := cat.Matview(old)
	if c.Matview && !isMatview {
		return pgerror.New(pgerror.WrongObjectType, "%q is not a materialized view", c.Table)
	}
	owned := cat.OwnedSequences(c.Schema, c.Table)
	for _, seq := range owned {
		if RelationExists(h, cat, catalog.QName{Schema: c.To, Name: seq.Name}) {
			return pgerror.New(pgerror.DuplicateTable, "relation %q already exists in schema %q", seq.Name, c.To)
		}
	}
	cat, err := followRegclass(h, cat, old, now) // regclass_refs.go
	if err != nil {
		return err
	}
	if err := txn.MoveTable(c.Schema, c.Table, c.To); err != nil {
		return h.MapError(err)
	}
	h.SetCatalog(cat)
	for _, seq := range owned {
		if err := moveSequence(h, seq, catalog.QName{Schema: c.To, Name: seq.Name}); err != nil { // rename.go
			return err
		}
	}
	cat = h.Catalog().RenameTable(old, now)
	if isMatview {
		cat = cat.DropMatview(old).PutMatview(now, query)
	}
	h.SetCatalog(followInViews(cat, old, now))
	return followRegclassInIndexes(h, old, now) // regclass_refs.go
}
