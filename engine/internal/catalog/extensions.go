package catalog

import "sort"

// Extension is an installed extension (pg_extension).
type Extension struct {
	Name, Schema, Version string
}

// Available lists the extensions CREATE EXTENSION accepts: those a
// Supabase project can enable, with the version PostgreSQL 15 / Supabase
// report. Their functions are built into the engine.
var Available = map[string]string{
	"plpgsql":            "1.0",
	"uuid-ossp":          "1.1",
	"pgcrypto":           "1.3",
	"pgjwt":              "0.2.0",
	"pg_stat_statements": "1.10",
	"pg_graphql":         "1.5.7",
	"supabase_vault":     "0.2.8",
	"pg_trgm":            "1.6",
	"citext":             "1.6",
	"unaccent":           "1.1",
	"hstore":             "1.8",
	"pgsodium":           "3.1.8",
	"pg_net":             "0.10.0",
}

// Extension returns an installed extension.
func (c *Catalog) Extension(name string) (*Extension, bool) {
	if c == nil {
		return nil, false
	}
	e, ok := c.extensions[name]
	return e, ok
}

// Extensions returns the installed extensions by name.
func (c *Catalog) Extensions() []*Extension {
	if c == nil {
		return nil
	}
	names := make([]string, 0, len(c.extensions))
	for n := range c.extensions {
		names = append(names, n)
	}
	sort.Strings(names)
	out := make([]*Extension, len(names))
	for i, n := range names {
		out[i] = c.extensions[n]
	}
	return out
}

// PutExtension returns a catalog with e installed.
func (c *Catalog) PutExtension(e Extension) *Catalog {
	n := c.clone()
	n.extensions = copyMap(n.extensions)
	n.extensions[e.Name] = &e
	return n
}

// DropExtension returns a catalog without extension name.
func (c *Catalog) DropExtension(name string) *Catalog {
	n := c.clone()
	n.extensions = copyMap(n.extensions)
	delete(n.extensions, name)
	return n
}
