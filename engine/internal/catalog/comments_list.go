package catalog

import "sort"

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
	out := make([]Commented, 0, len(c.comments))
	for k, v := range c.comments {
		out = append(out, Commented{Key: k, Text: v})
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i].Key, out[j].Key
		if a.Kind != b.Kind {
			return a.Kind < b.Kind
		}
		if a.Schema != b.Schema {
			return a.Schema < b.Schema
		}
		if a.Name != b.Name {
			return a.Name < b.Name
		}
		return a.Column < b.Column
	})
	return out
}
