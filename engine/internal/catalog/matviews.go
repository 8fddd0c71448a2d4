package catalog

// Materialized views are tables (their rows stored like a table's) with
// the query REFRESH MATERIALIZED VIEW runs again, kept here by name.

// Matview returns the defining query of materialized view q.
func (c *Catalog) Matview(q QName) (string, bool) {
	if c == nil {
		return "", false
	}
	s, ok := c.matviews[q]
	return s, ok
}

// Matviews returns the materialized views with their queries, ordered by
// schema and name.
func (c *Catalog) Matviews() []TableText {
	if c == nil {
		return nil
	}
	return mapEntries(c.matviews, func(k QName, v string) TableText { return TableText{k, v} }, lessQName)
}

// PutMatview returns a catalog where q is a materialized view of query.
func (c *Catalog) PutMatview(q QName, query string) *Catalog {
	n := c.clone()
	n.matviews = copyMap(c.matviews)
	if n.matviews == nil {
		n.matviews = map[QName]string{}
	}
	n.matviews[q] = query
	return n
}

// DropMatview returns a catalog where q is no materialized view.
func (c *Catalog) DropMatview(q QName) *Catalog {
	if _, ok := c.Matview(q); !ok {
		return c
	}
	n := c.clone()
	n.matviews = copyMap(c.matviews)
	delete(n.matviews, q)
	return n
}
