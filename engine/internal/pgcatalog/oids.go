package pgcatalog

import "github.com/tinybase/tinybase/engine/internal/catalog"

// Well-known catalog OIDs (pg_class.oid of the catalogs themselves), used
// as classoid in pg_description.
const (
	pgClassOID        = 1259
	pgTypeOID         = 1247
	pgNamespaceOID    = 2615
	pgProcOID         = 1255
	pgExtensionOID    = 3079
	pgPolicyOID       = 3256
	pgTriggerOID      = 2620
	pgConstraintOID   = 2606
	pgAttrdefOID      = 2604
	pgRewriteOID      = 2618
	pgEventTriggerOID = 3466
	pgAmOID           = 2601
	pgOpclassOID      = 2616
	pgOperatorOID     = 2617
	pgCastOID         = 2605
	pgOpfamilyOID     = 2753
	pgLargeobjectOID  = 2613
)

// RelOID is the OID of relation schema.name: a view's or sequence's
// allocated OID, else the table OID hash.
func (s *State) RelOID(schema, name string) uint32 {
	q := catalog.QName{Schema: schema, Name: name}
	if v, ok := s.Catalog.View(q); ok {
		return v.OID
	}
	if sq, ok := s.Catalog.Sequence(q); ok {
		return sq.OID
	}
	return RelationOID(schema, name)
}

// ExtensionOID is the OID of an installed extension.
func ExtensionOID(name string) uint32 {
	if name == "plpgsql" {
		// initdb installs plpgsql: a system object (below 16384, which
		// pg_dump does not dump), created just before its functions and
		// language (pg_language)
		return langPlpgsql - 4
	}
	return stableOID("e:" + name)
}

// OIDOf is the pg_class OID of relation schema.name, if it exists.
func (s *State) OIDOf(schema, name string) (uint32, bool) {
	if r := systemRelation(schema, name); r != nil {
		return r.OID, true
	}
	if s.RelOIDIn(schema, name) {
		return s.RelOID(schema, name), true
	}
	// Indexes share the relation namespace of their schema.
	rels, err := s.Tables()
	if err != nil {
		return 0, false
	}
	for _, r := range rels {
		if r.Schema != schema {
			continue
		}
		idx, err := s.Indexes(r)
		if err != nil {
			return 0, false
		}
		for _, ix := range idx {
			if ix.Name == name {
				return RelationOID(schema, name), true
			}
		}
	}
	return 0, false
}
