package catalog

// Commented is one comment with the object it is on.
type Commented struct {
	Key  ObjectKey
	Text string
}

// Comments lists every comment, sorted by kind, schema, name and column,
// for pg_description.
func (c *Catalog) Comments() []Commented {
	if c == nil {
		return nil
	}
	return c.comments.sorted()
}
