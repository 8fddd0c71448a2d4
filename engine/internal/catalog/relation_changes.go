package catalog

import (
	"cmp"
	"maps"
	"reflect"
	"slices"
)

// RelationChange is a relation whose pg_class row a catalog change
// wrote: one created (a view, sequence or composite type, which the
// catalog holds; tables and indexes are storage's), or one whose ACL,
// owner or row security flags changed, all of them columns of the row.
// PostgreSQL writes the row's new version at the end of pg_class's heap.
type RelationChange struct {
	QName
	Created bool
	Owner   bool   // the owner changed (its indexes and sequences follow)
	OwnedBy *QName // a created sequence's table (serial, identity)
	oid     uint32 // creation order among the created
}

// RelationChanges lists what c changed in pg_class since old: the
// relations created, in creation (OID) order, then the updated ones by
// schema and name.
func (c *Catalog) RelationChanges(old *Catalog) []RelationChange {
	var created []RelationChange
	for k, v := range c.views {
		if _, ok := old.views[k]; !ok {
			created = append(created, RelationChange{QName: k, Created: true, oid: v.OID})
		}
	}
	for k, s := range c.sequences {
		if _, ok := old.sequences[k]; !ok {
			ch := RelationChange{QName: k, Created: true, oid: s.OID}
			if o := s.OwnedBy; o != nil {
				ch.OwnedBy = &QName{Schema: o.Schema, Name: o.Table}
			}
			created = append(created, ch)
		}
	}
	for k, d := range c.types {
		if _, ok := old.types[k]; !ok && d.Type.IsComposite() && d.Type.RelOID != 0 {
			created = append(created, RelationChange{QName: k, Created: true, oid: d.Type.OID})
		}
	}
	slices.SortFunc(created, func(a, b RelationChange) int { return cmp.Compare(a.oid, b.oid) })
	ns, os := c.sec(), old.sec()
	if ns == os {
		return created
	}
	changed := map[QName]bool{}
	owner := map[QName]bool{}
	diff := func(a, b map[ObjectKey]ACL) {
		for k, v := range a {
			if k.Kind == ObjRelation && !reflect.DeepEqual(v, b[k]) {
				changed[QName{Schema: k.Schema, Name: k.Name}] = true
			}
		}
	}
	diff(ns.acls, os.acls)
	diff(os.acls, ns.acls)
	for k, v := range ns.owners {
		if k.Kind == ObjRelation {
			if ov, ok := os.owners[k]; ok && ov != v {
				q := QName{Schema: k.Schema, Name: k.Name}
				changed[q], owner[q] = true, true
			}
		}
	}
	// relrowsecurity, relforcerowsecurity, relreplident, reloptions,
	// relpersistence
	for k, v := range ns.rls {
		if !reflect.DeepEqual(os.rls[k], v) {
			changed[k] = true
		}
	}
	for k, ov := range os.rls {
		if _, ok := ns.rls[k]; !ok && !reflect.DeepEqual(ov, RowSecurity{}) {
			changed[k] = true
		}
	}
	isNew := map[QName]bool{}
	for _, ch := range created {
		isNew[ch.QName] = true
	}
	keys := slices.SortedFunc(maps.Keys(changed), func(a, b QName) int {
		return cmp.Or(cmp.Compare(a.Schema, b.Schema), cmp.Compare(a.Name, b.Name))
	})
	out := created
	for _, q := range keys {
		if !isNew[q] {
			out = append(out, RelationChange{QName: q, Owner: owner[q]})
		}
	}
	return out
}
