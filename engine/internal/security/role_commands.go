package security

import (
	"fmt"
	"sort"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
)

func isReservedRoleName(name string) bool { return strings.HasPrefix(name, "pg_") }

// CreateRole runs CREATE ROLE / USER.
func CreateRole(h Host, c *translate.CreateRole) error {
	me := currentRole(h)
	if !me.Super && !me.CreateRole {
		return pgerror.New(pgerror.InsufficientPrivilege, "permission denied to create role")
	}
	if isReservedRoleName(c.Name) {
		return pgerror.New(pgerror.ReservedName, "role name %q is reserved", c.Name).WithDetail("Role names starting with \"pg_\" are reserved.")
	}
	switch c.Name {
	case "public", "none":
		return pgerror.New(pgerror.ReservedName, "role name %q is reserved", c.Name)
	}
	cat := h.Catalog()
	if _, ok := cat.Role(c.Name); ok {
		return pgerror.New(pgerror.DuplicateObject, "role %q already exists", c.Name)
	}
	r := catalog.Role{Name: c.Name, Inherit: true, Login: c.User, ConnLimit: -1}
	var inRoles, members, admins []string
	if err := checkRedundant(c.Options); err != nil {
		return err
	}
	for _, o := range c.Options {
		switch o.Name {
		case "addroleto":
			inRoles = o.Roles
		case "rolemembers":
			members = o.Roles
		case "adminmembers":
			admins = o.Roles
		default:
			if err := applyRoleOption(h, &r, o, true); err != nil {
				return err
			}
		}
	}
	cat = cat.PutRole(r)
	h.SetCatalog(cat)
	for _, parent := range inRoles {
		if err := addMember(h, parent, c.Name, false, h.CurrentUser(), false); err != nil {
			return err
		}
	}
	for _, m := range members {
		if err := addMember(h, c.Name, m, false, h.CurrentUser(), false); err != nil {
			return err
		}
	}
	for _, m := range admins {
		if err := addMember(h, c.Name, m, true, h.CurrentUser(), false); err != nil {
			return err
		}
	}
	return nil
}

func checkRedundant(opts []translate.RoleOption) error {
	seen := map[string]bool{}
	for _, o := range opts {
		if seen[o.Name] {
			return pgerror.New(pgerror.SyntaxError, "conflicting or redundant options")
		}
		seen[o.Name] = true
	}
	return nil
}

// applyRoleOption sets one attribute, checking that the current role may.
func applyRoleOption(h Host, r *catalog.Role, o translate.RoleOption, creating bool) error {
	me := currentRole(h)
	verb := "create"
	if !creating {
		verb = "alter"
	}
	needSuper := func(what string) error {
		if !me.Super {
			if creating {
				return pgerror.New(pgerror.InsufficientPrivilege, "must be superuser to create %s", what)
			}
			return pgerror.New(pgerror.InsufficientPrivilege, "must be superuser to %s %s", verb, what)
		}
		return nil
	}
	switch o.Name {
	case "superuser":
		if err := needSuper("superusers"); err != nil {
			return err
		}
		r.Super = o.Bool
	case "isreplication":
		if err := needSuper("replication users"); err != nil {
			return err
		}
		r.Replication = o.Bool
	case "bypassrls":
		if err := needSuper("bypassrls users"); err != nil {
			return err
		}
		r.BypassRLS = o.Bool
	case "inherit":
		r.Inherit = o.Bool
	case "createrole":
		r.CreateRole = o.Bool
	case "createdb":
		r.CreateDB = o.Bool
	case "canlogin":
		r.Login = o.Bool
	case "connectionlimit":
		if o.Int < -1 {
			return pgerror.New(pgerror.InvalidParameterValue, "invalid connection limit: %d", o.Int)
		}
		r.ConnLimit = o.Int
	case "password":
		if o.Null {
			r.Password = ""
		} else {
			v, err := passwordVerifier(r.Name, o.Str)
			if err != nil {
				return err
			}
			r.Password = v
		}
	case "validUntil":
		r.ValidUntil = o.Str
	case "sysid":
		// ignored, as PostgreSQL does (with a NOTICE in old versions)
	default:
		return pgerror.New(pgerror.FeatureNotSupported, "role option %q is not supported yet", o.Name)
	}
	return nil
}

// AlterRole runs ALTER ROLE's options.
func AlterRole(h Host, c *translate.AlterRole) error {
	name, err := resolveRoleName(h, c.Name)
	if err != nil {
		return err
	}
	if err := checkRedundant(c.Options); err != nil {
		return err
	}
	cat := h.Catalog()
	old, _ := cat.Role(name)
	me := currentRole(h)
	onlyPassword := len(c.Options) == 1 && c.Options[0].Name == "password"
	switch {
	case me.Super:
	case old.Super:
		return pgerror.New(pgerror.InsufficientPrivilege, "must be superuser to alter superuser roles or change superuser attribute")
	case me.CreateRole:
	case name == me.Name && onlyPassword:
	default:
		return pgerror.New(pgerror.InsufficientPrivilege, "permission denied")
	}
	r := *old
	r.Settings = append([]string(nil), old.Settings...)
	for _, o := range c.Options {
		if o.Name == "rolemembers" || o.Name == "addroleto" || o.Name == "adminmembers" {
			continue
		}
		if err := applyRoleOption(h, &r, o, false); err != nil {
			return err
		}
	}
	h.SetCatalog(cat.PutRole(r))
	return nil
}

// RenameRole runs ALTER ROLE ... RENAME TO.
func RenameRole(h Host, c *translate.RenameRole) error {
	cat := h.Catalog()
	old, ok := cat.Role(c.Old)
	if !ok {
		return RoleMissing(c.Old)
	}
	if c.Old == h.SessionUser() {
		return pgerror.New(pgerror.FeatureNotSupported, "session user cannot be renamed")
	}
	if c.Old == h.CurrentUser() {
		return pgerror.New(pgerror.FeatureNotSupported, "current user cannot be renamed")
	}
	if isReservedRoleName(c.Old) {
		return pgerror.New(pgerror.ReservedName, "role name %q is reserved", c.Old).WithDetail("Role names starting with \"pg_\" are reserved.")
	}
	if isReservedRoleName(c.New) {
		return pgerror.New(pgerror.ReservedName, "role name %q is reserved", c.New).WithDetail("Role names starting with \"pg_\" are reserved.")
	}
	if _, ok := cat.Role(c.New); ok {
		return pgerror.New(pgerror.DuplicateObject, "role %q already exists", c.New)
	}
	me := currentRole(h)
	if old.Super && !me.Super {
		return pgerror.New(pgerror.InsufficientPrivilege, "must be superuser to rename superusers")
	}
	if !me.Super && !me.CreateRole {
		return pgerror.New(pgerror.InsufficientPrivilege, "permission denied to rename role")
	}
	h.SetCatalog(cat.RenameRole(c.Old, c.New))
	return nil
}

// DropRole runs DROP ROLE.
func DropRole(h Host, c *translate.DropRole) error {
	me := currentRole(h)
	if !me.Super && !me.CreateRole {
		return pgerror.New(pgerror.InsufficientPrivilege, "permission denied to drop role")
	}
	for _, n := range c.Names {
		if n == translate.RolePublic {
			return pgerror.New(pgerror.UndefinedObject, "role %q does not exist", "public")
		}
		if n == translate.RoleCurrentUser || n == translate.RoleSessionUser {
			return pgerror.New(pgerror.InvalidParameterValue, "cannot use special role specifier in DROP ROLE")
		}
		cat := h.Catalog()
		r, ok := cat.Role(n)
		if !ok {
			if c.IfExists {
				h.Notice("NOTICE", "00000", fmt.Sprintf("role %q does not exist, skipping", n))
				continue
			}
			return RoleMissing(n)
		}
		if n == h.CurrentUser() {
			return pgerror.New(pgerror.ObjectInUse, "current user cannot be dropped")
		}
		if n == h.SessionUser() {
			return pgerror.New(pgerror.ObjectInUse, "session user cannot be dropped")
		}
		if r.OID < catalog.FirstOID {
			return pgerror.New(pgerror.DependentObjectsStillExist, "cannot drop role %s because it is required by the database system", n)
		}
		if r.Super && !me.Super {
			return pgerror.New(pgerror.InsufficientPrivilege, "must be superuser to drop superusers")
		}
		if deps := roleDependencies(h, n); len(deps) > 0 {
			return pgerror.New(pgerror.DependentObjectsStillExist, "role %q cannot be dropped because some objects depend on it", n).WithDetail("%s", strings.Join(deps, "\n"))
		}
		h.SetCatalog(cat.DropRole(n))
	}
	return nil
}

// roleDependencies describes what stops a role from being dropped, in
// PostgreSQL's DETAIL wording.
func roleDependencies(h Host, role string) []string {
	cat := h.Catalog()
	var out []string
	for _, k := range cat.ObjectsOwnedBy(role) {
		out = append(out, "owner of "+describeObject(h, k))
	}
	for _, k := range cat.ObjectsGrantedTo(role) {
		out = append(out, "privileges for "+describeObject(h, k))
	}
	for t, ps := range cat.AllPolicies() {
		for _, p := range ps {
			for _, r := range p.Roles {
				if r == role {
					out = append(out, fmt.Sprintf("target of policy %s on table %s", p.Name, t.Display()))
				}
			}
		}
	}
	for k := range cat.DefaultACLs() {
		if k.Role == role {
			out = append(out, "owner of default privileges on new "+defaultObjWord(k.ObjType)+" belonging to role "+role+inSchema(k.Schema))
		}
	}
	sort.Strings(out)
	return out
}

func inSchema(schema string) string {
	if schema == "" {
		return ""
	}
	return " in schema " + schema
}

func defaultObjWord(t byte) string {
	return map[byte]string{'r': "relations", 'S': "sequences", 'f': "functions", 'T': "types", 'n': "schemas"}[t]
}

// describeObject names an object as PostgreSQL's getObjectDescription.
func describeObject(h Host, k catalog.ObjectKey) string {
	q := catalog.QName{Schema: k.Schema, Name: k.Name}
	switch k.Kind {
	case catalog.ObjSchema:
		return "schema " + k.Name
	case catalog.ObjColumn:
		return fmt.Sprintf("column %s of %s %s", k.Column, relationKindWord(h, q), q.Display())
	case catalog.ObjFunction:
		return "function " + q.Display()
	case catalog.ObjType:
		return "type " + q.Display()
	case catalog.ObjForeignWrapper:
		return "foreign-data wrapper " + k.Name
	case catalog.ObjForeignServer:
		return "server " + k.Name
	case catalog.ObjParameter:
		return "parameter " + k.Name
	case objLanguage:
		return "language " + k.Name
	case objTablespace:
		return "tablespace " + k.Name
	}
	return relationKindWord(h, q) + " " + q.Display()
}

func relationKindWord(h Host, q catalog.QName) string {
	cat := h.Catalog()
	if _, ok := cat.Sequence(q); ok {
		return "sequence"
	}
	if _, ok := cat.View(q); ok {
		return "view"
	}
	return "table"
}

// ReassignOwned runs REASSIGN OWNED.
func ReassignOwned(h Host, c *translate.ReassignOwned) error {
	to, err := resolveRoleName(h, c.To)
	if err != nil {
		return err
	}
	for _, n := range c.Roles {
		from, err := resolveRoleName(h, n)
		if err != nil {
			return err
		}
		if !isSuperuser(h) && (!h.Catalog().HasPrivsOf(h.CurrentUser(), from) || !h.Catalog().HasPrivsOf(h.CurrentUser(), to)) {
			return pgerror.New(pgerror.InsufficientPrivilege, "permission denied to reassign objects")
		}
		cat := h.Catalog()
		for _, k := range cat.ObjectsOwnedBy(from) {
			cat = cat.SetOwner(k, to)
		}
		h.SetCatalog(cat)
	}
	return nil
}

// DropOwned runs DROP OWNED.
func DropOwned(h Host, c *translate.DropOwned) error {
	for _, n := range c.Roles {
		role, err := resolveRoleName(h, n)
		if err != nil {
			return err
		}
		if !isSuperuser(h) && !h.Catalog().HasPrivsOf(h.CurrentUser(), role) {
			return pgerror.New(pgerror.InsufficientPrivilege, "permission denied to drop objects")
		}
		cat := h.Catalog()
		if len(cat.ObjectsOwnedBy(role)) > 0 {
			return pgerror.New(pgerror.FeatureNotSupported, "DROP OWNED of a role that owns objects is not supported yet")
		}
		for _, k := range cat.ObjectsGrantedTo(role) {
			acl := cat.ACL(k)
			var kept catalog.ACL
			for _, it := range acl {
				if it.Grantee != role {
					kept = append(kept, it)
				}
			}
			if kept == nil && k.Kind != catalog.ObjColumn {
				kept = catalog.ACL{}
			}
			cat = cat.SetACL(k, kept)
		}
		for k := range cat.DefaultACLs() {
			if k.Role == role {
				cat = cat.SetDefaultACL(k, nil)
			}
		}
		h.SetCatalog(cat)
	}
	return nil
}
