package pgcatalog

import "github.com/tinybase/tinybase/engine/internal/catalog"

// Partitioned indexes in the catalogs (docs 53.26 pg_index, 53.27
// pg_inherits): an index of a partitioned table is relkind I; a
// partition's index attached to it is its partition (relispartition, a
// pg_inherits row); indisvalid is false for one made ON ONLY until every
// partition has one attached (catalog/index_inherits.go).

// indexLinks are the catalog's attached indexes whose two indexes both
// exist (a link can outlive an index dropped with its constraint).
func (s *State) indexLinks() ([]catalog.IndexLink, error) {
	links := s.Catalog.IndexLinks()
	if len(links) == 0 {
		return nil, nil
	}
	rels, err := s.Tables()
	if err != nil {
		return nil, err
	}
	byTable := map[catalog.QName]Relation{}
	for _, r := range rels {
		byTable[catalog.QName{Schema: r.Schema, Name: r.Name}] = r
	}
	exists := func(k catalog.ObjectKey) bool {
		r, ok := byTable[catalog.QName{Schema: k.Schema, Name: k.Name}]
		if !ok {
			return false
		}
		ixs, err := s.Indexes(r)
		if err != nil {
			return false
		}
		for _, ix := range ixs {
			if ix.Name == k.Column {
				return true
			}
		}
		return false
	}
	var out []catalog.IndexLink
	for _, l := range links {
		if exists(l.Child) && exists(l.Parent) {
			out = append(out, l)
		}
	}
	return out, nil
}

// attachedIndexes is the set of indexes attached to another
// (pg_class.relispartition).
func (s *State) attachedIndexes() (map[catalog.ObjectKey]bool, error) {
	links, err := s.indexLinks()
	if err != nil || len(links) == 0 {
		return nil, err
	}
	out := make(map[catalog.ObjectKey]bool, len(links))
	for _, l := range links {
		out[l.Child] = true
	}
	return out, nil
}

// indexInheritsRows are pg_inherits' rows of attached indexes.
func (s *State) indexInheritsRows() ([][]any, error) {
	links, err := s.indexLinks()
	if err != nil {
		return nil, err
	}
	var out [][]any
	for _, l := range links {
		out = append(out, []any{RelationOID(l.Child.Schema, l.Child.Column), RelationOID(l.Parent.Schema, l.Parent.Column), int32(1), false})
	}
	return out, nil
}

// indexLinkDepends are pg_depend's rows of attached indexes, as
// IndexSetParentIndex records them: the partition's index depends on
// its parent index (P) and on its table (S); a constraint's index's
// constraint likewise on the parent constraint. pg_dump orders a
// partitioned index before its partitions' by them.
func indexLinkDepends(links []catalog.IndexLink) [][]any {
	var out [][]any
	for _, l := range links {
		child, parent := RelationOID(l.Child.Schema, l.Child.Column), RelationOID(l.Parent.Schema, l.Parent.Column)
		out = append(out,
			[]any{uint32(pgClassOID), child, int32(0), uint32(pgClassOID), parent, int32(0), "P"},
			[]any{uint32(pgClassOID), child, int32(0), uint32(pgClassOID), RelationOID(l.Child.Schema, l.Child.Name), int32(0), "S"},
			[]any{uint32(pgConstraintOID), stableOID("c:" + l.Child.Schema + "." + l.Child.Name + "." + l.Child.Column), int32(0),
				uint32(pgConstraintOID), stableOID("c:" + l.Parent.Schema + "." + l.Parent.Name + "." + l.Parent.Column), int32(0), "P"})
	}
	return out
}
