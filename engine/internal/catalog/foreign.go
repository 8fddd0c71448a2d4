package catalog

import (
	"sort"
)

// Foreign data (PostgreSQL docs: CREATE FOREIGN DATA WRAPPER, CREATE
// SERVER, CREATE USER MAPPING, CREATE FOREIGN TABLE). tinybase reaches
// no external service: it keeps the objects a migration creates, as
// pg_foreign_data_wrapper, pg_foreign_server, pg_user_mapping and
// pg_foreign_table show them, and a foreign table's columns as an empty
// table that reads and writes refuse.

// ForeignWrapper is a foreign-data wrapper (pg_foreign_data_wrapper).
type ForeignWrapper struct {
	Name, Owner string
	OID         uint32
	// Handler and Validator are the functions' OIDs, 0 for none.
	Handler, Validator uint32
	Options            []string // "name=value"
}

// ForeignServer is a foreign server (pg_foreign_server).
type ForeignServer struct {
	Name, Wrapper, Owner string
	OID                  uint32
	Type, Version        string // "" is NULL
	HasType, HasVersion  bool
	Options              []string
}

// UserMapping maps a role ("public" for PUBLIC) to a server
// (pg_user_mapping).
type UserMapping struct {
	User, Server string
	OID          uint32
	Options      []string
}

// ForeignTable is a foreign table's server and options (pg_foreign_table).
type ForeignTable struct {
	Table   QName
	Server  string
	Options []string
}

// ForeignData is the catalog's foreign-data objects, each list sorted.
type ForeignData struct {
	Wrappers []ForeignWrapper
	Servers  []ForeignServer
	Mappings []UserMapping
	Tables   []ForeignTable
}

// Foreign returns the foreign-data objects.
func (c *Catalog) Foreign() ForeignData {
	if c == nil || c.foreign == nil {
		return ForeignData{}
	}
	return *c.foreign
}

// ForeignWrapper returns a wrapper by name.
func (c *Catalog) ForeignWrapper(name string) (ForeignWrapper, bool) {
	for _, w := range c.Foreign().Wrappers {
		if w.Name == name {
			return w, true
		}
	}
	return ForeignWrapper{}, false
}

// ForeignServer returns a server by name.
func (c *Catalog) ForeignServer(name string) (ForeignServer, bool) {
	for _, s := range c.Foreign().Servers {
		if s.Name == name {
			return s, true
		}
	}
	return ForeignServer{}, false
}

// UserMapping returns the mapping of user ("public" for PUBLIC) to server.
func (c *Catalog) UserMapping(user, server string) (UserMapping, bool) {
	for _, m := range c.Foreign().Mappings {
		if m.User == user && m.Server == server {
			return m, true
		}
	}
	return UserMapping{}, false
}

// ForeignTable returns table q's foreign-table entry, when it is one.
func (c *Catalog) ForeignTable(q QName) (ForeignTable, bool) {
	for _, t := range c.Foreign().Tables {
		if t.Table == q {
			return t, true
		}
	}
	return ForeignTable{}, false
}

// WithForeign returns a catalog whose foreign-data objects are f, sorted,
// new wrappers, servers and mappings (OID 0) given their OIDs.
func (c *Catalog) WithForeign(f ForeignData) *Catalog {
	n := c.clone()
	f.Wrappers = append([]ForeignWrapper(nil), f.Wrappers...)
	for i := range f.Wrappers {
		if f.Wrappers[i].OID == 0 {
			f.Wrappers[i].OID = n.allocOID()
		}
	}
	f.Servers = append([]ForeignServer(nil), f.Servers...)
	for i := range f.Servers {
		if f.Servers[i].OID == 0 {
			f.Servers[i].OID = n.allocOID()
		}
	}
	f.Mappings = append([]UserMapping(nil), f.Mappings...)
	for i := range f.Mappings {
		if f.Mappings[i].OID == 0 {
			f.Mappings[i].OID = n.allocOID()
		}
	}
	f.Tables = append([]ForeignTable(nil), f.Tables...)
	sort.Slice(f.Wrappers, func(i, j int) bool { return f.Wrappers[i].Name < f.Wrappers[j].Name })
	sort.Slice(f.Servers, func(i, j int) bool { return f.Servers[i].Name < f.Servers[j].Name })
	sort.Slice(f.Mappings, func(i, j int) bool {
		a, b := f.Mappings[i], f.Mappings[j]
		return a.Server < b.Server || (a.Server == b.Server && a.User < b.User)
	})
	sort.Slice(f.Tables, func(i, j int) bool { return lessQName(f.Tables[i].Table, f.Tables[j].Table) })
	if len(f.Wrappers)+len(f.Servers)+len(f.Mappings)+len(f.Tables) == 0 {
		n.foreign = nil
	} else {
		n.foreign = &f
	}
	return n.withoutStaleForeignACLs()
}

// withoutStaleForeignACLs forgets the ACLs (and owners) of wrappers and
// servers that no longer exist, so one created later under the same name
// starts from acldefault.
func (c *Catalog) withoutStaleForeignACLs() *Catalog {
	stale := func(k ObjectKey) bool {
		switch k.Kind {
		case ObjForeignWrapper:
			_, ok := c.ForeignWrapper(k.Name)
			return !ok
		case ObjForeignServer:
			_, ok := c.ForeignServer(k.Name)
			return !ok
		}
		return false
	}
	return c.withoutSecurity(stale) // policies.go
}

// withoutForeignTables forgets the foreign tables among dropped objects
// (DROP TABLE's and DROP SCHEMA ... CASCADE's), so that a table created
// later under the same name is an ordinary one.
func (c *Catalog) withoutForeignTables(drop func(ObjectKey) bool) *Catalog {
	f := c.Foreign()
	kept := f.Tables[:0:0]
	for _, t := range f.Tables {
		if !drop(ObjectKey{Kind: ObjRelation, Schema: t.Table.Schema, Name: t.Table.Name}) {
			kept = append(kept, t)
		}
	}
	if len(kept) == len(f.Tables) {
		return c
	}
	f.Tables = kept
	return c.WithForeign(f)
}
