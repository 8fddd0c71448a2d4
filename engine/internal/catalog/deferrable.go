package catalog

// Deferrable constraints (PostgreSQL docs: CREATE TABLE, DEFERRABLE and
// INITIALLY DEFERRED; SET CONSTRAINTS). Storage and go-mysql-server know
// a table's keys and foreign keys but not when they are checked, so the
// catalog records which of them are DEFERRABLE, keyed by table and
// constraint name; a constraint not listed is NOT DEFERRABLE.

// KeyBool is an entry of a map from ObjectKey to bool.
type KeyBool struct {
	Key ObjectKey
	On  bool
}

func constraintKey(table QName, name string) ObjectKey {
	return ObjectKey{Kind: ObjConstraint, Schema: table.Schema, Name: table.Name, Column: name}
}

// Deferrable reports whether constraint name of table is DEFERRABLE and
// whether it is INITIALLY DEFERRED.
func (c *Catalog) Deferrable(table QName, name string) (deferrable, initially bool) {
	if c == nil {
		return false, false
	}
	initially, deferrable = c.deferrable[constraintKey(table, name)]
	return deferrable, initially
}

// HasDeferrable reports whether any constraint is DEFERRABLE.
func (c *Catalog) HasDeferrable() bool { return c != nil && len(c.deferrable) > 0 }

// DeferrableConstraints lists the DEFERRABLE constraints (Key.Schema and
// Key.Name name the table, Key.Column the constraint; On is INITIALLY
// DEFERRED), sorted.
func (c *Catalog) DeferrableConstraints() []KeyBool {
	if c == nil {
		return nil
	}
	return mapEntries(c.deferrable, func(k ObjectKey, v bool) KeyBool { return KeyBool{k, v} }, lessObjectKey)
}

// SetDeferrable returns a catalog where constraint name of table is
// DEFERRABLE (INITIALLY DEFERRED when initially), or, when not
// deferrable, NOT DEFERRABLE.
func (c *Catalog) SetDeferrable(table QName, name string, deferrable, initially bool) *Catalog {
	k := constraintKey(table, name)
	if _, ok := c.deferrable[k]; !ok && !deferrable {
		return c
	}
	n := c.clone()
	n.deferrable = copyMap(c.deferrable)
	if deferrable {
		n.deferrable[k] = initially
	} else {
		delete(n.deferrable, k)
	}
	return n
}

// RenameConstraint returns a catalog where the deferrability of
// constraint old of table follows its rename to new.
func (c *Catalog) RenameConstraint(table QName, old, new string) *Catalog {
	if _, ok := c.exclusions[constraintKey(table, old)]; ok {
		c = c.clone()
		c.renameExclusion(table, old, new) // exclusions.go
	}
	initially, ok := c.deferrable[constraintKey(table, old)]
	if !ok {
		return c
	}
	return c.SetDeferrable(table, old, false, false).SetDeferrable(table, new, true, initially)
}

// renameDeferrableTable moves the deferrable constraints of table old to
// new.
func (n *Catalog) renameDeferrableTable(old, new QName) {
	if len(n.deferrable) == 0 {
		return
	}
	n.deferrable = moveTableKeys(n.deferrable, old, new)
}

// moveTableKeys is m (a copy) with the keys of table old moved to new.
func moveTableKeys[V any](m map[ObjectKey]V, old, new QName) map[ObjectKey]V {
	out := make(map[ObjectKey]V, len(m))
	for k, v := range m {
		if k.Schema == old.Schema && k.Name == old.Name {
			k.Schema, k.Name = new.Schema, new.Name
		}
		out[k] = v
	}
	return out
}

// withoutDeferrable drops the deferrable constraints drop selects (their
// tables were dropped).
func (c *Catalog) withoutDeferrable(drop func(ObjectKey) bool) *Catalog {
	kept, changed := withoutKeys(c.deferrable, drop)
	if !changed {
		return c
	}
	n := c.clone()
	n.deferrable = kept
	return n
}

// withoutKeys is m without the keys drop selects; changed is false (and
// m returned as it is) when it selects none, so the catalog is not cloned
// for nothing.
func withoutKeys[V any](m map[ObjectKey]V, drop func(ObjectKey) bool) (_ map[ObjectKey]V, changed bool) {
	for k := range m {
		if drop(k) {
			changed = true
			break
		}
	}
	if !changed {
		return m, false
	}
	kept := make(map[ObjectKey]V, len(m))
	for k, v := range m {
		if !drop(k) {
			kept[k] = v
		}
	}
	return kept, true
}
