package catalog

import "github.com/tinybase/tinybase/engine/internal/types"

// View is a view's definition: the SELECT's text (re-parsed and expanded
// where the view is used) and its column names and types, fixed at
// creation as PostgreSQL fixes them (pg_attribute lists them).
type View struct {
	OID          uint32
	Schema, Name string
	Query        string
	Columns      []string
	Types        []*types.Type // one per column
	// Tables lists the relations the query reads (for DROP dependencies).
	Tables []QName
}

// View returns the view named q.
func (c *Catalog) View(q QName) (*View, bool) {
	if c == nil {
		return nil, false
	}
	v, ok := c.views[q]
	return v, ok
}

// Views returns every view, ordered by schema and name.
func (c *Catalog) Views() []*View {
	if c == nil {
		return nil
	}
	out := make([]*View, 0, len(c.views))
	for _, k := range sortedKeys(c.views) {
		out = append(out, c.views[k])
	}
	return out
}

// PutView returns a catalog with v added or replaced (a new view, OID 0,
// gets an OID).
func (c *Catalog) PutView(v View) *Catalog {
	n := c.clone()
	if v.OID == 0 {
		v.OID = n.allocOID()
	}
	n.views = copyMap(n.views)
	n.views[QName{v.Schema, v.Name}] = &v
	return n
}

// DropView returns a catalog without view q.
func (c *Catalog) DropView(q QName) *Catalog {
	n := c.clone()
	n.views = copyMap(n.views)
	delete(n.views, q)
	return n.withoutComments(func(k ObjectKey) bool {
		return k.Kind == ObjRelation && k.Schema == q.Schema && k.Name == q.Name
	}).DropTableTriggers(q).DropRules(q)
}

// Dependents returns the views that read relation q.
func (c *Catalog) Dependents(q QName) []*View {
	var out []*View
	for _, v := range c.Views() {
		for _, t := range v.Tables {
			if t == q {
				out = append(out, v)
				break
			}
		}
	}
	return out
}
