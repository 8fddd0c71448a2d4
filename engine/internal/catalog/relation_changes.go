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
	Owner   bool // the owner changed (its indexes and sequences follow)
	// FirstTrigger is a table given its first trigger and nothing else.
	FirstTrigger bool
	OwnedBy      *QName // a created sequence's table (serial, identity)
	oid          uint32 // creation order among the created
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
	changed := map[QName]bool{}
	owner := map[QName]bool{}
	if ns, os := c.sec(), old.sec(); ns != os {
		securityChanges(ns, os, changed, owner)
	}
	// a table's first trigger sets relhastriggers (the session leaves out
	// the tables whose foreign keys had set it)
	first := map[QName]bool{}
	if now, was := triggerTables(c), triggerTables(old); !maps.Equal(now, was) {
		for q := range now {
			if !was[q] {
				first[q] = !changed[q]
				changed[q] = true
			}
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
			out = append(out, RelationChange{QName: q, Owner: owner[q], FirstTrigger: first[q]})
		}
	}
	return out
}

// securityChanges adds to changed the relations whose ACL, owner or row
// security flags differ between ns and os, and to owner those whose
// owner does.
func securityChanges(ns, os *security, changed, owner map[QName]bool) {
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
}

// triggerTables are the relations with triggers.
func triggerTables(c *Catalog) map[QName]bool {
	out := map[QName]bool{}
	for _, t := range c.AllTriggers() {
		out[t.Table] = true
	}
	return out
}
