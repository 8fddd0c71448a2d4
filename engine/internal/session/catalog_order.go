package session

import (
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/translate"
)

// touchRelations moves to the end of pg_class's order the relations a
// catalog command created or whose row it changed (ACL, owner, row
// security flags), as PostgreSQL's heap appends a row's new version
// (storage's catalog_order.go; tables and indexes storage orders itself).
// A serial column's sequence goes just before the table created or
// altered with it, as PostgreSQL creates it first; an owner change moves
// the table's indexes and owned sequences after it too.
func (s *Session) touchRelations(before *catalog.Catalog, c translate.CatalogCommand) error {
	txn, ctx := s.StorageTxn(), s.sqlContext()
	if rc, ok := c.(*translate.RowSecurityCmd); ok && (rc.Enable != nil || rc.Force != nil) && rc.Kind == "table" {
		// ALTER TABLE ... ENABLE / DISABLE / [NO] FORCE ROW LEVEL
		// SECURITY writes the row even when the flag was already so
		if t, ok := s.ddl().Table(ctx, rc.Table.Schema, rc.Table.Name); ok && t != nil {
			if err := txn.TouchRelation(ctx, t.SchemaName(), t.Name(), ""); err != nil {
				return err
			}
		}
	}
	after := s.catalog()
	if after == before {
		return nil
	}
	for _, ch := range after.RelationChanges(before) {
		table := ""
		if o := ch.OwnedBy; o != nil && o.Schema == ch.Schema {
			table = o.Name
		}
		if ch.FirstTrigger && txn.TableHasFKTriggers(ch.Schema, ch.Name) {
			continue // relhastriggers was set already
		}
		if err := txn.TouchRelation(ctx, ch.Schema, ch.Name, table); err != nil {
			return err
		}
		if !ch.Owner {
			continue
		}
		if err := txn.TouchIndexes(ctx, ch.Schema, ch.Name); err != nil {
			return err
		}
		for _, q := range after.Sequences() {
			if o := q.OwnedBy; o != nil && o.Schema == ch.Schema && o.Table == ch.Name {
				if err := txn.TouchRelation(ctx, q.Schema, q.Name, ""); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
