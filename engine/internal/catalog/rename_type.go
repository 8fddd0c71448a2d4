package catalog

// RenameType returns a catalog where user type old is named new: the
// definition (same OIDs, with def's renamed Type), its comment, owner and
// privileges move with it (ALTER TYPE ... RENAME TO).
func (c *Catalog) RenameType(old, new QName, def *TypeDef) *Catalog {
	n := c.clone()
	n.types = copyMap(c.types)
	delete(n.types, old)
	n.types[new] = def
	moved := func(k ObjectKey) ObjectKey {
		if k.Kind == ObjType && k.Schema == old.Schema && k.Name == old.Name {
			k.Schema, k.Name = new.Schema, new.Name
		}
		return k
	}
	n.comments = c.comments.rekeyed(moved)
	s := *c.sec()
	s.owners = make(map[ObjectKey]string, len(c.sec().owners))
	for k, v := range c.sec().owners {
		s.owners[moved(k)] = v
	}
	s.acls = make(map[ObjectKey]ACL, len(c.sec().acls))
	for k, v := range c.sec().acls {
		s.acls[moved(k)] = v
	}
	n.security = &s
	return n
}
