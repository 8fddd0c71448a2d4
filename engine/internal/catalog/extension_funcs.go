package catalog

// Objects is the set of catalog objects a catalog holds, by the Member
// that names each; CREATE EXTENSION compares the sets before and after its
// script to learn the extension's members. Tables and schemas live in
// storage and are added by the caller.
func (c *Catalog) Objects() []Member {
	if c == nil {
		return nil
	}
	var out []Member
	for _, f := range c.AllFunctions() {
		out = append(out, Member{Kind: "function", Schema: f.Schema, Name: f.Name, OID: f.OID})
	}
	for _, q := range sortedKeys(c.types) {
		out = append(out, Member{Kind: "type", Schema: q.Schema, Name: q.Name})
	}
	for _, q := range sortedKeys(c.views) {
		out = append(out, Member{Kind: "view", Schema: q.Schema, Name: q.Name})
	}
	for _, q := range sortedKeys(c.sequences) {
		if c.sequences[q].OwnedBy == nil { // owned ones go with their column
			out = append(out, Member{Kind: "sequence", Schema: q.Schema, Name: q.Name})
		}
	}
	for _, o := range c.AllOperators() {
		out = append(out, Member{Kind: "operator", Schema: o.Schema, Name: o.Name, OID: o.OID})
	}
	for _, k := range c.Casts() { // casts.go
		out = append(out, Member{Kind: "cast", Name: c.CastDescription(k), OID: k.OID})
	}
	for _, w := range c.Foreign().Wrappers { // foreign.go
		out = append(out, Member{Kind: "foreign data wrapper", Name: w.Name, OID: w.OID})
	}
	return append(out, c.tsMembers()...) // textsearch.go
}

// ACLKey is the key of a member's ACL; ok is false for objects without
// one here (operators).
func (c *Catalog) ACLKey(m Member) (k ObjectKey, ok bool) {
	switch m.Kind {
	case "function":
		f, found := c.FunctionByOID(m.OID)
		if !found {
			return k, false
		}
		return ObjectKey{Kind: ObjFunction, Schema: f.Schema, Name: f.Signature()}, true
	case "table", "view", "sequence":
		return ObjectKey{Kind: ObjRelation, Schema: m.Schema, Name: m.Name}, true
	case "type":
		return ObjectKey{Kind: ObjType, Schema: m.Schema, Name: m.Name}, true
	case "schema":
		return ObjectKey{Kind: ObjSchema, Name: m.Name}, true
	}
	return k, false
}

// MemberACLs are the ACLs of members that are not their defaults: what
// an extension's script granted, which CREATE EXTENSION records as the
// members' initial privileges (pg_init_privs, privtype 'e').
func (c *Catalog) MemberACLs(members []Member) []KeyACL {
	var out []KeyACL
	add := func(m Member) {
		if k, ok := c.ACLKey(m); ok {
			if acl := c.ACL(k); acl != nil {
				out = append(out, KeyACL{Key: k, ACL: acl})
			}
		}
	}
	for _, m := range members {
		add(m)
		if m.Kind != "table" {
			continue
		}
		// a serial column's sequence, a member with its table
		for _, q := range sortedKeys(c.sequences) {
			if o := c.sequences[q].OwnedBy; o != nil && o.Schema == m.Schema && o.Table == m.Name {
				add(Member{Kind: "sequence", Schema: q.Schema, Name: q.Name})
			}
		}
	}
	return out
}
