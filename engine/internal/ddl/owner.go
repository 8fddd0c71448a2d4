package ddl

import "github.com/tinybase/tinybase/engine/internal/catalog"

// GiveOwnedSequences makes a table's owned sequences (serial and identity
// columns') follow it to its new owner: PostgreSQL's ALTER TABLE ... OWNER
// TO recurses to them, so the new owner can still insert rows that take
// the column default (nextval).
func GiveOwnedSequences(h Host, q catalog.QName) {
	cat := h.Catalog()
	owner := cat.Owner(relationKey(q))
	changed := false
	for _, sq := range cat.OwnedSequences(q.Schema, q.Name) {
		k := relationKey(catalog.QName{Schema: sq.Schema, Name: sq.Name})
		if cat.Owner(k) != owner {
			cat = cat.SetOwner(k, owner)
			changed = true
		}
	}
	if changed {
		h.SetCatalog(cat)
	}
}

// relationKey is the ACL and ownership key of relation q.
func relationKey(q catalog.QName) catalog.ObjectKey {
	return catalog.ObjectKey{Kind: catalog.ObjRelation, Schema: q.Schema, Name: q.Name}
}
