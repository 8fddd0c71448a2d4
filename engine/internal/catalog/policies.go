package catalog

import "strings"

// RowSecurity is what pg_class keeps of a table that ALTER TABLE sets
// besides its columns and constraints: relrowsecurity /
// relforcerowsecurity, and also relreplident (REPLICA IDENTITY) and
// reloptions (SET (storage parameters)), which follow the table through
// renames and drops as its row security does.
type RowSecurity struct {
	Enabled, Forced bool
	// Replica is relreplident when it is not the default 'd': 'f' (FULL),
	// 'n' (NOTHING) or 'i' (USING INDEX ReplicaIndex).
	Replica      byte
	ReplicaIndex string
	// ClusterIndex is the index CLUSTER last used (indisclustered).
	ClusterIndex string
	// Options are the reloptions, "name=value", joined by "\n".
	Options string
	// Unlogged is relpersistence 'u' (CREATE UNLOGGED TABLE, SET
	// UNLOGGED). tinybase logs such a table like any other: it only
	// survives more than PostgreSQL's, which empties it after a crash.
	Unlogged bool
}

// ReplicaIdentity is pg_class.relreplident.
func (r RowSecurity) ReplicaIdentity() byte {
	if r.Replica == 0 {
		return 'd'
	}
	return r.Replica
}

// OptionList is pg_class.reloptions (nil when none are set).
func (r RowSecurity) OptionList() []string {
	if r.Options == "" {
		return nil
	}
	return strings.Split(r.Options, "\n")
}

// Policy is a row security policy (pg_policy): CREATE POLICY.
type Policy struct {
	Name       string
	Table      QName
	OID        uint32
	Permissive bool
	// Command is "*" (ALL), "r" (SELECT), "a" (INSERT), "w" (UPDATE) or
	// "d" (DELETE), as pg_policy.polcmd.
	Command byte
	// Roles the policy applies to; empty means PUBLIC.
	Roles []string
	// Using and Check are the expressions' SQL text ("" when absent).
	Using, Check string
}

// RowSecurity returns a table's row security flags.
func (c *Catalog) RowSecurity(t QName) RowSecurity {
	return c.sec().rls[t]
}

// SetRowSecurity returns a catalog with the table's flags replaced.
func (c *Catalog) SetRowSecurity(t QName, r RowSecurity) *Catalog {
	return c.withSecurity(func(s *security) {
		s.rls = copyMap(s.rls)
		if r == (RowSecurity{}) {
			delete(s.rls, t)
		} else {
			s.rls[t] = r
		}
	})
}

// Policies returns a table's policies in creation order.
func (c *Catalog) Policies(t QName) []*Policy {
	return c.sec().policies[t]
}

// AllPolicies returns every table's policies, by table.
func (c *Catalog) AllPolicies() map[QName][]*Policy {
	return c.sec().policies
}

// RowSecurityTables returns the tables with row security flags set.
func (c *Catalog) RowSecurityTables() map[QName]RowSecurity {
	return c.sec().rls
}

// Policy returns a table's policy by name.
func (c *Catalog) Policy(t QName, name string) (*Policy, bool) {
	for _, p := range c.sec().policies[t] {
		if p.Name == name {
			return p, true
		}
	}
	return nil, false
}

// PutPolicy returns a catalog with the policy added or replaced (by name);
// a new policy gets an OID.
func (c *Catalog) PutPolicy(p Policy) *Catalog {
	n := c.clone()
	if p.OID == 0 {
		p.OID = n.allocOID()
	}
	s := *c.sec()
	s.policies = copyMap(s.policies)
	list := append([]*Policy(nil), s.policies[p.Table]...)
	replaced := false
	for i, old := range list {
		if old.Name == p.Name {
			list[i] = &p
			replaced = true
		}
	}
	if !replaced {
		list = append(list, &p)
	}
	s.policies[p.Table] = list
	n.security = &s
	return n
}

// DropPolicy returns a catalog without the table's policy.
func (c *Catalog) DropPolicy(t QName, name string) *Catalog {
	c = c.DropTableObjectComment(ObjPolicy, t, name) // comments.go
	return c.withSecurity(func(s *security) {
		s.policies = copyMap(s.policies)
		var list []*Policy
		for _, p := range s.policies[t] {
			if p.Name != name {
				list = append(list, p)
			}
		}
		if len(list) == 0 {
			delete(s.policies, t)
		} else {
			s.policies[t] = list
		}
	})
}

// renameTableSecurity moves owners, ACLs, row security and policies of a
// renamed relation.
func (s *security) renameTable(old, new QName) *security {
	n := *s
	n.owners = make(map[ObjectKey]string, len(s.owners))
	for k, v := range s.owners {
		if k.Kind == ObjRelation && k.Schema == old.Schema && k.Name == old.Name {
			k.Schema, k.Name = new.Schema, new.Name
		}
		n.owners[k] = v
	}
	n.acls = make(map[ObjectKey]ACL, len(s.acls))
	for k, v := range s.acls {
		if (k.Kind == ObjRelation || k.Kind == ObjColumn) && k.Schema == old.Schema && k.Name == old.Name {
			k.Schema, k.Name = new.Schema, new.Name
		}
		n.acls[k] = v
	}
	if r, ok := s.rls[old]; ok {
		n.rls = copyMap(s.rls)
		delete(n.rls, old)
		n.rls[new] = r
	}
	if ps, ok := s.policies[old]; ok {
		n.policies = copyMap(s.policies)
		delete(n.policies, old)
		var list []*Policy
		for _, p := range ps {
			np := *p
			np.Table = new
			list = append(list, &np)
		}
		n.policies[new] = list
	}
	if v, ok := s.invoker[old]; ok {
		n.invoker = copyMap(s.invoker)
		delete(n.invoker, old)
		n.invoker[new] = v
	}
	if v, ok := s.checkOption[old]; ok {
		n.checkOption = copyMap(s.checkOption)
		delete(n.checkOption, old)
		n.checkOption[new] = v
	}
	if s.fkTriggersOff[old] {
		n.fkTriggersOff = copyMap(s.fkTriggersOff)
		delete(n.fkTriggersOff, old)
		n.fkTriggersOff[new] = true
	}
	return &n
}

// renameColumnSecurity moves a column's ACL.
func (s *security) renameColumn(table QName, old, new string) *security {
	k := ObjectKey{Kind: ObjColumn, Schema: table.Schema, Name: table.Name, Column: old}
	a, ok := s.acls[k]
	if !ok {
		return s
	}
	n := *s
	n.acls = copyMap(s.acls)
	delete(n.acls, k)
	k.Column = new
	n.acls[k] = a
	return &n
}

// withoutSecurity drops the owners, ACLs, row security and policies of the
// objects drop matches (objects being dropped).
func (c *Catalog) withoutSecurity(drop func(ObjectKey) bool) *Catalog {
	s := c.sec()
	relKey := func(q QName) ObjectKey { return ObjectKey{Kind: ObjRelation, Schema: q.Schema, Name: q.Name} }
	found := false
	for k := range s.owners {
		found = found || drop(k)
	}
	for k := range s.acls {
		found = found || drop(k) || (k.Kind == ObjColumn && drop(ObjectKey{Kind: ObjRelation, Schema: k.Schema, Name: k.Name}))
	}
	for q := range s.rls {
		found = found || drop(relKey(q))
	}
	for q := range s.policies {
		found = found || drop(relKey(q))
	}
	for q := range s.invoker {
		found = found || drop(relKey(q))
	}
	for q := range s.checkOption {
		found = found || drop(relKey(q))
	}
	for q := range s.fkTriggersOff {
		found = found || drop(relKey(q))
	}
	if !found {
		return c
	}
	return c.withSecurity(func(s *security) {
		o := make(map[ObjectKey]string, len(s.owners))
		for k, v := range s.owners {
			if !drop(k) {
				o[k] = v
			}
		}
		s.owners = o
		a := make(map[ObjectKey]ACL, len(s.acls))
		for k, v := range s.acls {
			if !drop(k) && !(k.Kind == ObjColumn && drop(ObjectKey{Kind: ObjRelation, Schema: k.Schema, Name: k.Name})) {
				a[k] = v
			}
		}
		s.acls = a
		r := make(map[QName]RowSecurity, len(s.rls))
		for q, v := range s.rls {
			if !drop(relKey(q)) {
				r[q] = v
			}
		}
		s.rls = r
		p := make(map[QName][]*Policy, len(s.policies))
		for q, v := range s.policies {
			if !drop(relKey(q)) {
				p[q] = v
			}
		}
		s.policies = p
		inv := make(map[QName]string, len(s.invoker))
		for q, v := range s.invoker {
			if !drop(relKey(q)) {
				inv[q] = v
			}
		}
		s.invoker = inv
		co := make(map[QName]string, len(s.checkOption))
		for q, v := range s.checkOption {
			if !drop(relKey(q)) {
				co[q] = v
			}
		}
		s.checkOption = co
		off := make(map[QName]bool, len(s.fkTriggersOff))
		for q := range s.fkTriggersOff {
			if !drop(relKey(q)) {
				off[q] = true
			}
		}
		s.fkTriggersOff = off
	})
}

// CopyRelationSecurity returns c with the owner, ACLs, row security and
// policies relation old has in from, under the name new (a view or
// sequence renamed by dropping and re-adding it).
func (c *Catalog) CopyRelationSecurity(from *Catalog, old, new QName) *Catalog {
	renamed := from.sec().renameTable(old, new)
	return c.withSecurity(func(s *security) {
		s.owners = copyMap(s.owners)
		s.acls = copyMap(s.acls)
		for k, v := range renamed.owners {
			if k.Kind == ObjRelation && k.Schema == new.Schema && k.Name == new.Name {
				s.owners[k] = v
			}
		}
		for k, v := range renamed.acls {
			if (k.Kind == ObjRelation || k.Kind == ObjColumn) && k.Schema == new.Schema && k.Name == new.Name {
				s.acls[k] = v
			}
		}
		if r, ok := renamed.rls[new]; ok {
			s.rls = copyMap(s.rls)
			s.rls[new] = r
		}
		if p, ok := renamed.policies[new]; ok {
			s.policies = copyMap(s.policies)
			s.policies[new] = p
		}
		if v, ok := renamed.invoker[new]; ok {
			s.invoker = copyMap(s.invoker)
			s.invoker[new] = v
		}
		if v, ok := renamed.checkOption[new]; ok {
			s.checkOption = copyMap(s.checkOption)
			s.checkOption[new] = v
		}
		if renamed.fkTriggersOff[new] {
			s.fkTriggersOff = copyMap(s.fkTriggersOff)
			s.fkTriggersOff[new] = true
		}
	})
}

// ViewSecurityInvoker reports whether a view was created or altered WITH
// (security_invoker = true): it reads its tables with the caller's rights
// instead of its owner's.
func (c *Catalog) ViewSecurityInvoker(v QName) bool {
	on, _ := ParseBoolOption(c.sec().invoker[v])
	return on
}

// ViewOptions returns a view's reloptions as pg_class.reloptions shows
// them ("security_invoker=on"), nil when it has none.
func (c *Catalog) ViewOptions(v QName) []string {
	var out []string
	if raw, ok := c.sec().invoker[v]; ok {
		out = append(out, "security_invoker="+raw)
	}
	if opt, ok := c.sec().checkOption[v]; ok {
		out = append(out, "check_option="+opt)
	}
	return out
}

// HasViewCheckOptions reports whether any view has a check option: most
// catalogs have none, and every INSERT and UPDATE asks.
func (c *Catalog) HasViewCheckOptions() bool { return len(c.sec().checkOption) > 0 }

// ViewCheckOption is a view's WITH CHECK OPTION: "local", "cascaded", or
// "" for none (docs, CREATE VIEW).
func (c *Catalog) ViewCheckOption(v QName) string { return c.sec().checkOption[v] }

// SetViewCheckOption returns a catalog with the view's check option set
// to opt ("local" or "cascaded"; "" removes it).
func (c *Catalog) SetViewCheckOption(v QName, opt string) *Catalog {
	if c.sec().checkOption[v] == opt {
		return c
	}
	return c.withSecurity(func(s *security) {
		s.checkOption = copyMap(s.checkOption)
		if opt != "" {
			s.checkOption[v] = opt
		} else {
			delete(s.checkOption, v)
		}
	})
}

// SetViewSecurityInvoker returns a catalog with the view's
// security_invoker option set to raw, the value as written ("on",
// "true", "1"); raw "" removes the option (RESET).
func (c *Catalog) SetViewSecurityInvoker(v QName, raw string) *Catalog {
	return c.withSecurity(func(s *security) {
		s.invoker = copyMap(s.invoker)
		if raw != "" {
			s.invoker[v] = raw
		} else {
			delete(s.invoker, v)
		}
	})
}

// ParseBoolOption parses a boolean reloption value as parse_bool does
// (true/false, yes/no, on/off, 1/0 and unique prefixes, any case).
func ParseBoolOption(raw string) (value, ok bool) {
	s := strings.ToLower(strings.TrimSpace(raw))
	if s == "" {
		return false, false
	}
	prefix := func(word string, min int) bool { return len(s) >= min && strings.HasPrefix(word, s) }
	switch {
	case prefix("true", 1), prefix("yes", 1), prefix("on", 2), s == "1":
		return true, true
	case prefix("false", 1), prefix("no", 1), prefix("off", 2), s == "0":
		return false, true
	}
	return false, false
}
