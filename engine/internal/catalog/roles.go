package catalog

import "sort"

// Role is a role (pg_authid): a user or group. See PostgreSQL's
// "Database Roles" chapter and CREATE ROLE.
type Role struct {
	Name        string
	OID         uint32
	Super       bool
	Inherit     bool
	CreateRole  bool
	CreateDB    bool
	Login       bool
	Replication bool
	BypassRLS   bool
	ConnLimit   int32
	// Password is what pg_authid.rolpassword holds: a SCRAM-SHA-256
	// verifier ("SCRAM-SHA-256$4096:salt$StoredKey:ServerKey"), or "".
	Password   string
	ValidUntil string // timestamptz text, "" for none
	// Settings are ALTER ROLE ... SET values, "name=value", in order.
	Settings []string
	// DBSettings are ALTER ROLE ... IN DATABASE postgres SET values.
	DBSettings []string
}

// Membership is one GRANT role TO member (pg_auth_members).
type Membership struct {
	Role, Member, Grantor string
	Admin                 bool
}

type memberKey struct{ role, member string }

// security is the catalog's roles, owners, privileges and row security.
// It is copied on write like the rest of the catalog.
type security struct {
	roles    map[string]*Role
	members  map[memberKey]Membership
	owners   map[ObjectKey]string
	acls     map[ObjectKey]ACL
	defaults map[DefaultKey]ACL
	rls      map[QName]RowSecurity
	policies map[QName][]*Policy
	roleOID  uint32
	// dbSettings are ALTER DATABASE ... SET values, "name=value".
	dbSettings []string
	// allSettings are ALTER ROLE ALL ... SET values (every role, every
	// database).
	allSettings []string
	invoker     map[QName]string  // views' security_invoker reloption, as written
	checkOption map[QName]string  // views' WITH CHECK OPTION: "local" or "cascaded"
	paramOIDs   map[string]uint32 // pg_parameter_acl rows' OIDs (parameter_acl.go)
	// fkTriggersOff are the tables whose foreign key triggers ALTER TABLE
	// ... DISABLE TRIGGER ALL turned off (system_triggers.go)
	fkTriggersOff map[QName]bool
}

// PredefinedRoles are the roles PostgreSQL 15's initdb creates besides the
// bootstrap superuser, with their fixed OIDs.
var PredefinedRoles = []struct {
	Name string
	OID  uint32
}{
	{"pg_database_owner", 6171}, {"pg_read_all_data", 6181}, {"pg_write_all_data", 6182},
	{"pg_monitor", 3373}, {"pg_read_all_settings", 3374}, {"pg_read_all_stats", 3375},
	{"pg_stat_scan_tables", 3377}, {"pg_read_server_files", 4569}, {"pg_write_server_files", 4570},
	{"pg_execute_server_program", 4571}, {"pg_signal_backend", 4200}, {"pg_checkpoint", 4544},
}

// BootstrapSuperuser is the role initdb creates (OID 10).
const BootstrapSuperuser = "postgres"

func newSecurity() *security {
	s := &security{
		roles:   map[string]*Role{},
		members: map[memberKey]Membership{},
		roleOID: FirstOID + 1000000,
	}
	s.roles[BootstrapSuperuser] = &Role{Name: BootstrapSuperuser, OID: 10, Super: true, Inherit: true,
		CreateRole: true, CreateDB: true, Login: true, Replication: true, BypassRLS: true, ConnLimit: -1}
	for _, p := range PredefinedRoles {
		s.roles[p.Name] = &Role{Name: p.Name, OID: p.OID, Inherit: true, ConnLimit: -1}
	}
	for _, r := range []string{"pg_read_all_settings", "pg_read_all_stats", "pg_stat_scan_tables"} {
		s.members[memberKey{r, "pg_monitor"}] = Membership{Role: r, Member: "pg_monitor", Grantor: BootstrapSuperuser}
	}
	return s
}

func (c *Catalog) sec() *security {
	if c == nil || c.security == nil {
		return defaultSecurity
	}
	return c.security
}

// defaultSecurity is the (immutable) security state of a new catalog.
var defaultSecurity = newSecurity()

// withSecurity returns a copy of c whose security state is changed by fn
// on a shallow copy (fn replaces the maps it changes with copies).
func (c *Catalog) withSecurity(fn func(s *security)) *Catalog {
	n := c.clone()
	s := *c.sec()
	fn(&s)
	n.security = &s
	return n
}

// Role returns a role by name.
func (c *Catalog) Role(name string) (*Role, bool) {
	r, ok := c.sec().roles[name]
	return r, ok
}

// RoleByOID returns a role by OID.
func (c *Catalog) RoleByOID(oid uint32) (*Role, bool) {
	for _, r := range c.sec().roles {
		if r.OID == oid {
			return r, true
		}
	}
	return nil, false
}

// Roles returns every role, ordered by name.
func (c *Catalog) Roles() []*Role {
	out := make([]*Role, 0, len(c.sec().roles))
	for _, r := range c.sec().roles {
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// PutRole returns a catalog with r created or replaced; a new role gets
// the next role OID.
func (c *Catalog) PutRole(r Role) *Catalog {
	return c.withSecurity(func(s *security) {
		s.roles = copyMap(s.roles)
		if old, ok := s.roles[r.Name]; ok {
			r.OID = old.OID
		} else if r.OID == 0 {
			r.OID = s.roleOID
			s.roleOID++
		}
		s.roles[r.Name] = &r
	})
}

// DropRole returns a catalog without the role and its memberships.
func (c *Catalog) DropRole(name string) *Catalog {
	return c.withSecurity(func(s *security) {
		s.roles = copyMap(s.roles)
		delete(s.roles, name)
		m := make(map[memberKey]Membership, len(s.members))
		for k, v := range s.members {
			if k.role != name && k.member != name {
				m[k] = v
			}
		}
		s.members = m
		d := make(map[DefaultKey]ACL, len(s.defaults))
		for k, v := range s.defaults {
			if k.Role != name {
				d[k] = v.without(name)
			}
		}
		s.defaults = d
	})
}

// RenameRole returns a catalog where role old is called new everywhere.
func (c *Catalog) RenameRole(old, new string) *Catalog {
	ren := func(n string) string {
		if n == old {
			return new
		}
		return n
	}
	return c.withSecurity(func(s *security) {
		s.roles = copyMap(s.roles)
		r := *s.roles[old]
		r.Name = new
		delete(s.roles, old)
		s.roles[new] = &r
		m := make(map[memberKey]Membership, len(s.members))
		for _, v := range s.members {
			v.Role, v.Member, v.Grantor = ren(v.Role), ren(v.Member), ren(v.Grantor)
			m[memberKey{v.Role, v.Member}] = v
		}
		s.members = m
		o := make(map[ObjectKey]string, len(s.owners))
		for k, v := range s.owners {
			o[k] = ren(v)
		}
		s.owners = o
		a := make(map[ObjectKey]ACL, len(s.acls))
		for k, v := range s.acls {
			a[k] = v.renameRole(old, new)
		}
		s.acls = a
		d := make(map[DefaultKey]ACL, len(s.defaults))
		for k, v := range s.defaults {
			k.Role = ren(k.Role)
			d[k] = v.renameRole(old, new)
		}
		s.defaults = d
		p := make(map[QName][]*Policy, len(s.policies))
		for k, ps := range s.policies {
			for _, pol := range ps {
				np := *pol
				np.Roles = append([]string(nil), pol.Roles...)
				for i := range np.Roles {
					np.Roles[i] = ren(np.Roles[i])
				}
				p[k] = append(p[k], &np)
			}
		}
		s.policies = p
	})
}

// Memberships returns every GRANT role TO member, ordered.
func (c *Catalog) Memberships() []Membership {
	out := make([]Membership, 0, len(c.sec().members))
	for _, m := range c.sec().members {
		out = append(out, m)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Role != out[j].Role {
			return out[i].Role < out[j].Role
		}
		return out[i].Member < out[j].Member
	})
	return out
}

// Membership returns the direct grant of role to member.
func (c *Catalog) Membership(role, member string) (Membership, bool) {
	m, ok := c.sec().members[memberKey{role, member}]
	return m, ok
}

// PutMembership returns a catalog with the grant added or replaced.
func (c *Catalog) PutMembership(m Membership) *Catalog {
	return c.withSecurity(func(s *security) {
		s.members = copyMap(s.members)
		s.members[memberKey{m.Role, m.Member}] = m
	})
}

// DropMembership returns a catalog without the grant of role to member.
func (c *Catalog) DropMembership(role, member string) *Catalog {
	return c.withSecurity(func(s *security) {
		s.members = copyMap(s.members)
		delete(s.members, memberKey{role, member})
	})
}

// IsMemberOf reports whether member is role or a member of it at any
// depth, ignoring INHERIT (what SET ROLE and pg_has_role(..., 'MEMBER')
// check). Every role is a member of pg_database_owner's... only the
// database owner is; tinybase's database owner is postgres.
func (c *Catalog) IsMemberOf(member, role string) bool {
	return c.reaches(member, role, false)
}

// HasPrivsOf reports whether member has role's privileges: member is
// role, or reaches it through grants where each member along the way
// inherits (pg_has_role(..., 'USAGE')). Superusers have every role's
// privileges.
func (c *Catalog) HasPrivsOf(member, role string) bool {
	if r, ok := c.Role(member); ok && r.Super {
		return true
	}
	return c.reaches(member, role, true)
}

func (c *Catalog) reaches(member, role string, inherit bool) bool {
	if member == role {
		return true
	}
	if role == "pg_database_owner" && c.reaches(member, BootstrapSuperuser, inherit) {
		return true
	}
	seen := map[string]bool{member: true}
	queue := []string{member}
	s := c.sec()
	for len(queue) > 0 {
		m := queue[0]
		queue = queue[1:]
		if inherit {
			if r, ok := s.roles[m]; ok && !r.Inherit {
				continue
			}
		}
		for k := range s.members {
			if k.member != m || seen[k.role] {
				continue
			}
			if k.role == role {
				return true
			}
			seen[k.role] = true
			queue = append(queue, k.role)
		}
	}
	return false
}

// RolesOf returns the roles whose privileges member has (itself first),
// following grants through inheriting roles.
func (c *Catalog) RolesOf(member string) []string {
	out := []string{member}
	seen := map[string]bool{member: true}
	s := c.sec()
	for i := 0; i < len(out); i++ {
		m := out[i]
		if r, ok := s.roles[m]; ok && !r.Inherit {
			continue
		}
		for k := range s.members {
			if k.member == m && !seen[k.role] {
				seen[k.role] = true
				out = append(out, k.role)
			}
		}
	}
	if c.reaches(member, BootstrapSuperuser, true) && !seen["pg_database_owner"] {
		out = append(out, "pg_database_owner")
	}
	return out
}

// DatabaseSettings are ALTER DATABASE ... SET values, "name=value".
func (c *Catalog) DatabaseSettings() []string { return c.sec().dbSettings }

// SetDatabaseSettings returns a catalog with the database's settings
// replaced.
func (c *Catalog) SetDatabaseSettings(kv []string) *Catalog {
	return c.withSecurity(func(s *security) { s.dbSettings = kv })
}

// AllRoleSettings are ALTER ROLE ALL ... SET values, "name=value".
func (c *Catalog) AllRoleSettings() []string { return c.sec().allSettings }

// SetAllRoleSettings returns a catalog with ALTER ROLE ALL's settings
// replaced.
func (c *Catalog) SetAllRoleSettings(kv []string) *Catalog {
	return c.withSecurity(func(s *security) { s.allSettings = kv })
}
