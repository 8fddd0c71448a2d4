package catalog

import "sort"

// Extension is an installed extension (pg_extension) and the objects it
// created (pg_depend rows of deptype 'e'): what DROP EXTENSION drops and
// what may not be dropped on its own.
type Extension struct {
	Name, Schema, Version string
	Relocatable           bool
	// Owner is extowner: the role that ran CREATE EXTENSION ("" is the
	// bootstrap superuser).
	Owner string
	// Members lists the objects the extension's script created, in
	// creation order.
	Members []Member
	// InitPrivs are the members' ACLs as its scripts left them
	// (pg_init_privs): pg_dump dumps only the changes since.
	InitPrivs []KeyACL
}

// Member is one object of an extension.
type Member struct {
	// Kind is the object's kind as DROP names it: "function", "type",
	// "view", "sequence", "table", "schema", "operator".
	Kind         string
	Schema, Name string
	// OID identifies a function or operator among its overloads.
	OID uint32
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

// DropExtension returns a catalog without extension name (its members
// stay: the caller drops them).
func (c *Catalog) DropExtension(name string) *Catalog {
	n := c.clone()
	n.extensions = copyMap(n.extensions)
	delete(n.extensions, name)
	// its comment goes with it (the control file's, or COMMENT ON's)
	return n.withoutComments(func(k ObjectKey) bool { return k.Kind == ObjExtension && k.Name == name })
}

// MemberOf returns the extension an object belongs to: functions and
// operators by OID, other kinds by schema and name.
func (c *Catalog) MemberOf(kind, schema, name string, oid uint32) (*Extension, bool) {
	if c == nil {
		return nil, false
	}
	for _, e := range c.extensions {
		for _, m := range e.Members {
			if m.Kind != kind {
				continue
			}
			if oid != 0 && m.OID == oid || oid == 0 && m.Schema == schema && m.Name == name {
				return e, true
			}
		}
	}
	return nil, false
}

// dropSchemaExtensions removes the extensions installed in a schema and
// the operators it holds (DROP SCHEMA ... CASCADE drops them with it).
func (c *Catalog) dropSchemaExtensions(schema string) {
	exts := make(map[string]*Extension, len(c.extensions))
	for k, e := range c.extensions {
		if e.Schema != schema {
			exts[k] = e
		}
	}
	c.extensions = exts
	ops := make(map[string][]*Operator, len(c.operators))
	for k, os := range c.operators {
		var keep []*Operator
		for _, o := range os {
			if o.Schema != schema {
				keep = append(keep, o)
			}
		}
		if len(keep) > 0 {
			ops[k] = keep
		}
	}
	c.operators = ops
	if c.opclasses != nil {
		set := &opclassSet{}
		for _, f := range c.opclasses.Families {
			if f.Schema != schema {
				set.Families = append(set.Families, f)
			}
		}
		for _, o := range c.opclasses.Classes {
			if o.Schema != schema {
				set.Classes = append(set.Classes, o)
			}
		}
		c.opclasses = set
	}
}

// schemaHasExtensions reports whether an extension is installed in schema.
func (c *Catalog) schemaHasExtensions(schema string) bool {
	for _, e := range c.extensions {
		if e.Schema == schema {
			return true
		}
	}
	return false
}
