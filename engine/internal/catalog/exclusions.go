package catalog

// Exclusion constraints (PostgreSQL docs: CREATE TABLE, EXCLUDE). The
// table keeps the constraint's index (same name, its access method, key
// columns and predicate); the catalog keeps what storage cannot: each key
// part's operator, keyed by table and constraint name like deferrable.go.

// Exclusion is one exclusion constraint's operators, one per key column
// of its index: Ops as written (a possibly qualified name), OpOIDs the
// operators they resolved to (pg_constraint.conexclop).
type Exclusion struct {
	// Key is set in lists (Schema and Name: the table; Column: the
	// constraint); the catalog's map holds it as the entry's key
	Key    ObjectKey
	Ops    []string
	OpOIDs []uint32
}

// Exclusion finds exclusion constraint name of table.
func (c *Catalog) Exclusion(table QName, name string) (Exclusion, bool) {
	if c == nil {
		return Exclusion{}, false
	}
	k := constraintKey(table, name)
	e, ok := c.exclusions[k]
	e.Key = k
	return e, ok
}

// TableExclusions lists table's exclusion constraints, sorted by name.
func (c *Catalog) TableExclusions(table QName) []Exclusion {
	if c == nil || len(c.exclusions) == 0 {
		return nil
	}
	var out []Exclusion
	for _, e := range c.AllExclusions() {
		if e.Key.Schema == table.Schema && e.Key.Name == table.Name {
			out = append(out, e)
		}
	}
	return out
}

// AllExclusions lists every exclusion constraint, sorted.
func (c *Catalog) AllExclusions() []Exclusion {
	if c == nil {
		return nil
	}
	return mapEntries(c.exclusions, func(k ObjectKey, v Exclusion) Exclusion { v.Key = k; return v }, lessObjectKey)
}

// PutExclusion returns a catalog with exclusion constraint e.
func (c *Catalog) PutExclusion(table QName, name string, e Exclusion) *Catalog {
	n := c.clone()
	n.exclusions = copyMap(c.exclusions)
	if n.exclusions == nil {
		n.exclusions = map[ObjectKey]Exclusion{}
	}
	n.exclusions[constraintKey(table, name)] = e
	return n
}

// DropExclusion returns a catalog without exclusion constraint name of
// table.
func (c *Catalog) DropExclusion(table QName, name string) *Catalog {
	k := constraintKey(table, name)
	if _, ok := c.exclusions[k]; !ok {
		return c
	}
	n := c.clone()
	n.exclusions = copyMap(c.exclusions)
	delete(n.exclusions, k)
	return n
}

// renameExclusion moves constraint old of table to new.
func (n *Catalog) renameExclusion(table QName, old, new string) {
	k := constraintKey(table, old)
	e, ok := n.exclusions[k]
	if !ok {
		return
	}
	n.exclusions = copyMap(n.exclusions)
	delete(n.exclusions, k)
	n.exclusions[constraintKey(table, new)] = e
}

// renameExclusionTable moves the exclusion constraints of table old to new.
func (n *Catalog) renameExclusionTable(old, new QName) {
	if len(n.exclusions) == 0 {
		return
	}
	n.exclusions = moveTableKeys(n.exclusions, old, new) // deferrable.go
}

// withoutExclusions drops the exclusion constraints drop selects (their
// tables were dropped).
func (c *Catalog) withoutExclusions(drop func(ObjectKey) bool) *Catalog {
	kept, changed := withoutKeys(c.exclusions, drop)
	if !changed {
		return c
	}
	n := c.clone()
	n.exclusions = kept
	return n
}
