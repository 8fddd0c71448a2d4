package session

import "github.com/tinybase/tinybase/engine/internal/catalog"

// touchRelations moves to the end of pg_class's order the relations a
// catalog command created or whose row it changed (ACL, owner, row
// security flags), as PostgreSQL's heap appends a row's new version
// (storage's catalog_order.go; tables and indexes storage orders itself).
// A serial column's sequence goes just before the table created or
// altered with it, as PostgreSQL creates it first; an owner change moves
// the table's indexes and owned sequences after it too.
func (s *Session) touchRelations(before *catalog.Catalog) error {
	after := s.catalog()
	if after == before {
		return nil
	}
	txn, ctx := s.StorageTxn(), s.sqlContext()
	for _, ch := range after.RelationChanges(before) {
		table := ""
		if o := ch.OwnedBy; o != nil && o.Schema == ch.Schema {
			table = o.Name
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
