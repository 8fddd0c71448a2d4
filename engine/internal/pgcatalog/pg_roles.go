package pgcatalog

import (
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// roleRow is one pg_authid row; password is pg_authid's, which pg_roles
// masks.
func roleRow(r *catalog.Role, password any) []any {
	return []any{r.Name, r.Super, r.Inherit, r.CreateRole, r.CreateDB, r.Login, r.Replication,
		int32(r.ConnLimit), password, nil, r.BypassRLS, settingsArray(r.Settings), r.OID}
}

var roleCols = []column{
	{"rolname", types.Name}, {"rolsuper", types.Bool}, {"rolinherit", types.Bool},
	{"rolcreaterole", types.Bool}, {"rolcreatedb", types.Bool}, {"rolcanlogin", types.Bool},
	{"rolreplication", types.Bool}, {"rolconnlimit", types.Int4}, {"rolpassword", types.Text},
	{"rolvaliduntil", types.Timestamptz}, {"rolbypassrls", types.Bool},
	{"rolconfig", types.ArrayOf(types.Text)}, {"oid", types.Oid},
}

// pgRoles is the pg_catalog.pg_roles view: pg_authid with the password
// masked.
var pgRoles = &def{
	cols: roleCols,
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, r := range s.Catalog.Roles() {
			out = append(out, roleRow(r, "********"))
		}
		return out, nil
	},
}

// pgAuthid is pg_catalog.pg_authid (readable by superusers).
var pgAuthid = &def{
	cols: []column{
		{"oid", types.Oid}, {"rolname", types.Name}, {"rolsuper", types.Bool}, {"rolinherit", types.Bool},
		{"rolcreaterole", types.Bool}, {"rolcreatedb", types.Bool}, {"rolcanlogin", types.Bool},
		{"rolreplication", types.Bool}, {"rolbypassrls", types.Bool}, {"rolconnlimit", types.Int4},
		{"rolpassword", types.Text}, {"rolvaliduntil", types.Timestamptz},
	},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, r := range s.Catalog.Roles() {
			var pw any
			if r.Password != "" {
				pw = r.Password
			}
			out = append(out, []any{r.OID, r.Name, r.Super, r.Inherit, r.CreateRole, r.CreateDB, r.Login,
				r.Replication, r.BypassRLS, int32(r.ConnLimit), pw, nil})
		}
		return out, nil
	},
}

// pgUser is the pg_catalog.pg_user view: the roles that can log in.
var pgUser = &def{
	cols: []column{
		{"usename", types.Name}, {"usesysid", types.Oid}, {"usecreatedb", types.Bool},
		{"usesuper", types.Bool}, {"userepl", types.Bool}, {"usebypassrls", types.Bool},
		{"passwd", types.Text}, {"valuntil", types.Timestamptz}, {"useconfig", types.ArrayOf(types.Text)},
	},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, r := range s.Catalog.Roles() {
			if !r.Login {
				continue
			}
			out = append(out, []any{r.Name, r.OID, r.CreateDB, r.Super, r.Replication, r.BypassRLS, "********", nil, settingsArray(r.Settings)})
		}
		return out, nil
	},
}

// pgGroup is the pg_catalog.pg_group view: the roles that cannot log in,
// each with its direct members.
var pgGroup = &def{
	cols: []column{{"groname", types.Name}, {"grosysid", types.Oid}, {"grolist", types.ArrayOf(types.Oid)}},
	rows: func(s *State) ([][]any, error) {
		members := map[string][]any{}
		for _, m := range s.Catalog.Memberships() {
			members[m.Role] = append(members[m.Role], s.RoleOID(m.Member))
		}
		var out [][]any
		for _, r := range s.Catalog.Roles() {
			if r.Login {
				continue
			}
			list := members[r.Name]
			if list == nil {
				list = []any{}
			}
			out = append(out, []any{r.Name, r.OID, types.NewArray(types.Oid, list)})
		}
		return out, nil
	},
}

// pgAuthMembers is pg_catalog.pg_auth_members.
var pgAuthMembers = &def{
	cols: []column{{"roleid", types.Oid}, {"member", types.Oid}, {"grantor", types.Oid}, {"admin_option", types.Bool}},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, m := range s.Catalog.Memberships() {
			out = append(out, []any{s.RoleOID(m.Role), s.RoleOID(m.Member), s.RoleOID(m.Grantor), m.Admin})
		}
		return out, nil
	},
}

// RoleOID is a role's OID (0 when it does not exist, PUBLIC).
func (s *State) RoleOID(name string) uint32 {
	if r, ok := s.Catalog.Role(name); ok {
		return r.OID
	}
	return 0
}

// pgPolicy is pg_catalog.pg_policy; polqual and polwithcheck are shown as
// their SQL text (pg_node_tree in PostgreSQL).
var pgPolicy = &def{
	cols: []column{
		{"oid", types.Oid}, {"polname", types.Name}, {"polrelid", types.Oid}, {"polcmd", types.Char},
		{"polpermissive", types.Bool}, {"polroles", types.ArrayOf(types.Oid)}, {"polqual", types.Text}, {"polwithcheck", types.Text},
	},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, p := range s.policies() {
			roles := []any{}
			if len(p.Roles) == 0 {
				roles = append(roles, uint32(0))
			}
			for _, r := range p.Roles {
				roles = append(roles, s.RoleOID(r))
			}
			out = append(out, []any{p.OID, p.Name, RelationOID(p.Table.Schema, p.Table.Name), string(p.Command),
				p.Permissive, types.NewArray(types.Oid, roles), s.policyExpr(p, p.Using), s.policyExpr(p, p.Check)})
		}
		return out, nil
	},
}

// pgPolicies is the pg_catalog.pg_policies view.
var pgPolicies = &def{
	cols: []column{
		{"schemaname", types.Name}, {"tablename", types.Name}, {"policyname", types.Name}, {"permissive", types.Text},
		{"roles", types.ArrayOf(types.Name)}, {"cmd", types.Text}, {"qual", types.Text}, {"with_check", types.Text},
	},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, p := range s.policies() {
			perm := "PERMISSIVE"
			if !p.Permissive {
				perm = "RESTRICTIVE"
			}
			roles := []any{}
			if len(p.Roles) == 0 {
				roles = append(roles, "public")
			}
			for _, r := range p.Roles {
				roles = append(roles, r)
			}
			cmd := map[byte]string{'*': "ALL", 'r': "SELECT", 'a': "INSERT", 'w': "UPDATE", 'd': "DELETE"}[p.Command]
			out = append(out, []any{p.Table.Schema, p.Table.Name, p.Name, perm, types.NewArray(types.Name, roles), cmd, s.policyExpr(p, p.Using), s.policyExpr(p, p.Check)})
		}
		return out, nil
	},
}

func (s *State) policies() []*catalog.Policy {
	var out []*catalog.Policy
	for _, ps := range s.Catalog.AllPolicies() {
		out = append(out, ps...)
	}
	return out
}

// policyExpr is a policy expression as pg_get_expr(polqual, polrelid)
// prints it (deparse.go), or its stored text; NULL when absent.
func (s *State) policyExpr(p *catalog.Policy, text string) any {
	if text == "" {
		return nil
	}
	if t, ok, err := s.DB.Table(s.Ctx, p.Table.Schema, p.Table.Name); err == nil && ok {
		if d, ok := s.DeparseStoredIn(text, p.Table.Schema, p.Table.Name, t.Schema(), false); ok {
			return d
		}
	}
	return nullIfEmpty(text)
}

func nullIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	if !strings.HasPrefix(s, "(") {
		return "(" + s + ")"
	}
	return s
}

// RelationSecurity returns what pg_class shows of a relation's security:
// its owner's OID, row security flags and ACL.
func (s *State) RelationSecurity(schema, name string) (owner uint32, rls, force bool, acl any) {
	k := catalog.ObjectKey{Kind: catalog.ObjRelation, Schema: schema, Name: name}
	owner = s.RoleOID(s.Catalog.Owner(k))
	rs := s.Catalog.RowSecurity(catalog.QName{Schema: schema, Name: name})
	if a := s.Catalog.ACL(k); a != nil {
		acl = s.aclStrings(a)
	}
	return owner, rs.Enabled, rs.Forced, acl
}

// aclStrings is a.Strings(), printing each distinct item once per State
// (every table of a schema usually has the same grants).
func (s *State) aclStrings(a catalog.ACL) []string {
	s.memo.mu.Lock()
	defer s.memo.mu.Unlock()
	if s.memo.aclItems == nil {
		s.memo.aclItems = map[catalog.ACLItem]string{}
	}
	out := make([]string, len(a))
	for i, it := range a {
		str, ok := s.memo.aclItems[it]
		if !ok {
			str = it.String()
			s.memo.aclItems[it] = str
		}
		out[i] = str
	}
	return out
}

func settingsArray(kv []string) any {
	if len(kv) == 0 {
		return nil
	}
	vals := make([]any, len(kv))
	for i, v := range kv {
		vals[i] = v
	}
	return types.NewArray(types.Text, vals)
}
