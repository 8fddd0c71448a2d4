package catalog

// Privileges on configuration parameters (PostgreSQL 15's GRANT { SET |
// ALTER SYSTEM } ON PARAMETER, pg_parameter_acl). A parameter's ACL lives
// in the ACL map under its ObjParameter key, like any object's; what
// PostgreSQL adds is a row of its own, with an OID, that exists only while
// the ACL differs from the default (the bootstrap superuser's sA): a
// REVOKE that brings it back deletes the row, and a later GRANT makes a
// new one with a new OID.

// ObjParameter keys a configuration parameter's ACL: Name is the
// parameter's name, lower-cased. (security's language and tablespace
// keys are 101 and 102.)
const ObjParameter ObjKind = 103

// ParameterACL is one pg_parameter_acl row.
type ParameterACL struct {
	OID  uint32
	Name string
	ACL  ACL
}

// ParameterACLs lists the parameters with a non-default ACL, by name.
func (c *Catalog) ParameterACLs() []ParameterACL {
	s := c.sec()
	out := make([]ParameterACL, 0, len(s.paramOIDs))
	def := Default(ClassParameter, BootstrapSuperuser)
	for _, name := range sortedNames(s.paramOIDs) {
		// DROP OWNED edits ACLs in place: a row back at the default is gone
		a := s.acls[ObjectKey{Kind: ObjParameter, Name: name}]
		if a != nil && !a.Equal(def) {
			out = append(out, ParameterACL{OID: s.paramOIDs[name], Name: name, ACL: a})
		}
	}
	return out
}

// setParameterACL is SetACL for a parameter: nil or the default ACL
// deletes the row, any other gives it one (with a new OID when it had
// none).
func (c *Catalog) setParameterACL(name string, a ACL) *Catalog {
	k := ObjectKey{Kind: ObjParameter, Name: name}
	def := Default(ClassParameter, BootstrapSuperuser)
	reset := a == nil || a.Equal(def)
	var oid uint32
	_, had := c.sec().paramOIDs[name]
	if !reset && !had {
		c = c.clone()
		oid = c.allocOID()
	}
	return c.withSecurity(func(s *security) {
		s.acls = copyMap(s.acls)
		s.paramOIDs = copyMap(s.paramOIDs)
		if reset {
			delete(s.acls, k)
			delete(s.paramOIDs, name)
			return
		}
		s.acls[k] = a
		if !had {
			s.paramOIDs[name] = oid
		}
	})
}
