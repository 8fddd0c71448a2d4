package session

import "github.com/tinybase/tinybase/engine/internal/catalog"

// giveOwnedSequences makes a table's owned sequences (serial and identity
// columns') follow it to its new owner: PostgreSQL's ALTER TABLE ... OWNER
// TO recurses to them, so the new owner can still insert rows that take
// the column default (nextval).
func (s *Session) giveOwnedSequences(q catalog.QName) {
	cat := s.catalog()
	owner := cat.Owner(relKey(q))
	changed := false
	for _, sq := range cat.OwnedSequences(q.Schema, q.Name) {
		k := relKey(catalog.QName{Schema: sq.Schema, Name: sq.Name})
		if cat.Owner(k) != owner {
			cat = cat.SetOwner(k, owner)
			changed = true
		}
	}
	if changed {
		s.setCatalog(cat)
	}
}
