package pgcatalog

import (
	"sync"

	"github.com/tinybase/tinybase/engine/storage"
)

// RelIndex finds relations by OID for callers that run once per row
// (has_table_privilege(role, c.oid, ...) over pg_class): built once from a
// State, it holds the user tables (their OIDs are hashes of their names,
// so no table is opened), the views and the system catalogs; an OID none
// of those has (an index, a sequence, a composite type's row or no
// relation at all) takes RelationByOID's full scan.
type RelIndex struct {
	byOID map[uint32]Rel
}

// NewRelIndex indexes the relations s sees.
func (s *State) NewRelIndex() (*RelIndex, error) {
	x := &RelIndex{byOID: map[uint32]Rel{}}
	for _, sc := range s.Txn.SchemaNames() {
		if storage.IsSystemSchema(sc) {
			continue
		}
		names, err := s.Txn.TableNames(sc)
		if err != nil {
			return nil, err
		}
		for _, n := range names {
			x.byOID[RelationOID(sc, n)] = Rel{Schema: sc, Name: n, Kind: 'r'}
		}
	}
	for _, v := range s.Catalog.Views() {
		x.byOID[v.OID] = Rel{Schema: v.Schema, Name: v.Name, Kind: 'v'}
	}
	return x, nil
}

// Find is s.RelationByOID(oid) through the index.
func (x *RelIndex) Find(s *State, oid uint32) (Rel, bool, error) {
	if r, ok := x.byOID[oid]; ok {
		return r, true, nil
	}
	if r, ok := systemRelationsByOID()[oid]; ok {
		return Rel{Schema: r.Schema, Name: r.Name, Kind: r.Kind}, true, nil
	}
	return s.RelationByOID(oid)
}

// systemRelationsByOID indexes systemRelations by OID; the catalog
// definitions are immutable, so it is built once per process.
var systemRelationsByOID = sync.OnceValue(func() map[uint32]sysRel {
	m := map[uint32]sysRel{}
	for _, r := range systemRelations() {
		m[r.OID] = r
	}
	return m
})
