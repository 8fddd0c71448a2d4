package catalog

import "sort"

// Partitioned indexes (PostgreSQL docs: CREATE INDEX, "ON ONLY"; ALTER
// INDEX ... ATTACH PARTITION). A partition's index attached to an index
// of its partitioned table is that index's partition (pg_inherits,
// relispartition); an index made with ON ONLY on a table with
// partitions is invalid (pg_index.indisvalid) until each partition has
// one attached. Storage keeps the indexes; the catalog keeps the links,
// keyed by table and index name like exclusions.go.

// IndexLink is one attached index: Child (Schema and Name its table,
// Column the index) and the index it is attached to.
type IndexLink struct {
	Child, Parent ObjectKey
}

// IndexKey is the key of index name of table in IndexLink and
// InvalidIndexes.
func IndexKey(table QName, name string) ObjectKey {
	return constraintKey(table, name)
}

// IndexParent is the index child is attached to (ok false: none).
func (c *Catalog) IndexParent(child ObjectKey) (ObjectKey, bool) {
	if c == nil {
		return ObjectKey{}, false
	}
	p, ok := c.indexParents[child]
	return p, ok
}

// IndexChildren lists the indexes attached to parent, sorted.
func (c *Catalog) IndexChildren(parent ObjectKey) []ObjectKey {
	var out []ObjectKey
	if c == nil {
		return nil
	}
	for k, p := range c.indexParents {
		if p == parent {
			out = append(out, k)
		}
	}
	sort.Slice(out, func(i, j int) bool { return lessObjectKey(out[i], out[j]) })
	return out
}

// IndexLinks lists every attached index, sorted by child.
func (c *Catalog) IndexLinks() []IndexLink {
	if c == nil {
		return nil
	}
	return mapEntries(c.indexParents, func(k, v ObjectKey) IndexLink { return IndexLink{Child: k, Parent: v} }, lessObjectKey)
}

// AttachIndex returns a catalog where child is attached to parent.
func (c *Catalog) AttachIndex(child, parent ObjectKey) *Catalog {
	n := c.clone()
	n.indexParents = copyMap(c.indexParents)
	n.indexParents[child] = parent
	return n
}

// DetachIndex returns a catalog where child is attached to no index.
func (c *Catalog) DetachIndex(child ObjectKey) *Catalog {
	if _, ok := c.indexParents[child]; !ok {
		return c
	}
	n := c.clone()
	n.indexParents = copyMap(c.indexParents)
	delete(n.indexParents, child)
	return n
}

// IndexValid reports pg_index.indisvalid of index k.
func (c *Catalog) IndexValid(k ObjectKey) bool {
	return c == nil || !c.invalidIndexes[k]
}

// SetIndexValid returns a catalog where index k is valid or not.
func (c *Catalog) SetIndexValid(k ObjectKey, valid bool) *Catalog {
	if c.IndexValid(k) == valid {
		return c
	}
	n := c.clone()
	n.invalidIndexes = copyMap(c.invalidIndexes)
	if valid {
		delete(n.invalidIndexes, k)
	} else {
		n.invalidIndexes[k] = true
	}
	return n
}

// InvalidIndexes lists the invalid indexes, sorted.
func (c *Catalog) InvalidIndexes() []ObjectKey {
	if c == nil || len(c.invalidIndexes) == 0 {
		return nil
	}
	out := make([]ObjectKey, 0, len(c.invalidIndexes))
	for k := range c.invalidIndexes {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return lessObjectKey(out[i], out[j]) })
	return out
}

// DropIndexLinks returns a catalog without index k's links, as child or
// parent, and its validity (the index was dropped).
func (c *Catalog) DropIndexLinks(k ObjectKey) *Catalog {
	return c.withoutIndexLinks(func(o ObjectKey) bool { return o == k })
}

// RenameIndex returns a catalog where the links and validity of index
// old of table follow its rename to new.
func (c *Catalog) RenameIndex(table QName, old, new string) *Catalog {
	ok, nk := IndexKey(table, old), IndexKey(table, new)
	n := c.rekeyIndexes(func(k ObjectKey) ObjectKey {
		if k == ok {
			return nk
		}
		return k
	})
	if n == c && len(c.colSettings) > 0 {
		n = c.clone()
	}
	n.renameIndexColumnSettings(table, old, new) // column_stats.go
	return n
}

// renameIndexTable moves the links of table old's indexes to new.
func (n *Catalog) renameIndexTable(old, new QName) {
	r := n.rekeyIndexes(func(k ObjectKey) ObjectKey {
		if k.Schema == old.Schema && k.Name == old.Name {
			k.Schema, k.Name = new.Schema, new.Name
		}
		return k
	})
	n.indexParents, n.invalidIndexes = r.indexParents, r.invalidIndexes
}

func (c *Catalog) rekeyIndexes(f func(ObjectKey) ObjectKey) *Catalog {
	if len(c.indexParents) == 0 && len(c.invalidIndexes) == 0 {
		return c
	}
	n := c.clone()
	n.indexParents = make(map[ObjectKey]ObjectKey, len(c.indexParents))
	for k, v := range c.indexParents {
		n.indexParents[f(k)] = f(v)
	}
	if c.invalidIndexes != nil {
		n.invalidIndexes = make(map[ObjectKey]bool, len(c.invalidIndexes))
		for k := range c.invalidIndexes {
			n.invalidIndexes[f(k)] = true
		}
	}
	return n
}

// withoutIndexLinks drops the links whose child or parent drop selects
// (by its index key, or its table's relation key when the table was
// dropped), and the validity of the indexes it selects.
func (c *Catalog) withoutIndexLinks(drop func(ObjectKey) bool) *Catalog {
	if len(c.indexParents) == 0 && len(c.invalidIndexes) == 0 {
		return c
	}
	gone := func(k ObjectKey) bool {
		return drop(k) || drop(ObjectKey{Kind: ObjRelation, Schema: k.Schema, Name: k.Name})
	}
	changed := false
	for k, v := range c.indexParents {
		changed = changed || gone(k) || gone(v)
	}
	for k := range c.invalidIndexes {
		changed = changed || gone(k)
	}
	if !changed {
		return c
	}
	n := c.clone()
	n.indexParents = map[ObjectKey]ObjectKey{}
	for k, v := range c.indexParents {
		if !gone(k) && !gone(v) {
			n.indexParents[k] = v
		}
	}
	n.invalidIndexes = map[ObjectKey]bool{}
	for k := range c.invalidIndexes {
		if !gone(k) {
			n.invalidIndexes[k] = true
		}
	}
	return n
}

// indexLinksFromImage restores the links and validity an Image holds.
func (c *Catalog) indexLinksFromImage(links []IndexLink, invalid []ObjectKey) {
	if links != nil {
		c.indexParents = entriesMap(links, func(l IndexLink) (ObjectKey, ObjectKey) { return l.Child, l.Parent })
	}
	if invalid != nil {
		c.invalidIndexes = entriesMap(invalid, func(k ObjectKey) (ObjectKey, bool) { return k, true })
	}
}
