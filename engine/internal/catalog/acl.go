package catalog

import (
	"sort"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/types"
)

// Priv is a set of privileges, with PostgreSQL's bit order (AclMode), so
// an ACL prints as aclitem does ("arwdDxt").
type Priv uint16

const (
	PrivInsert Priv = 1 << iota
	PrivSelect
	PrivUpdate
	PrivDelete
	PrivTruncate
	PrivReferences
	PrivTrigger
	PrivExecute
	PrivUsage
	PrivCreate
	PrivTemporary
	PrivConnect
	PrivSet         // SET of a parameter (GRANT SET ON PARAMETER)
	PrivAlterSystem // ALTER SYSTEM of a parameter
)

// privLetters are aclitem's letters in bit order.
const privLetters = "arwdDxtXUCTcsA"

// PrivNames are the privilege keywords, for GRANT parsing and
// has_*_privilege.
var PrivNames = map[string]Priv{
	"insert": PrivInsert, "select": PrivSelect, "update": PrivUpdate, "delete": PrivDelete,
	"truncate": PrivTruncate, "references": PrivReferences, "trigger": PrivTrigger,
	"execute": PrivExecute, "usage": PrivUsage, "create": PrivCreate,
	"temporary": PrivTemporary, "temp": PrivTemporary, "connect": PrivConnect,
	"set": PrivSet, "alter system": PrivAlterSystem,
}

// String is the aclitem letters of p.
func (p Priv) String() string {
	var b strings.Builder
	for i := 0; i < len(privLetters); i++ {
		if p&(1<<i) != 0 {
			b.WriteByte(privLetters[i])
		}
	}
	return b.String()
}

// ObjClass is the kind of object an ACL is on; it decides the privileges
// that exist and the default ACL (acldefault).
type ObjClass uint8

const (
	ClassTable ObjClass = iota + 1 // tables and views
	ClassSequence
	ClassFunction
	ClassSchema
	ClassType
	ClassColumn
	ClassDatabase
	ClassLanguage
	ClassTablespace
	ClassForeignWrapper
	ClassForeignServer
	ClassParameter // a configuration parameter (parameter_acl.go)
	ClassLargeObject
)

// AllPrivs are the privileges that exist for a class (GRANT ALL).
func AllPrivs(class ObjClass) Priv {
	switch class {
	case ClassTable:
		return PrivInsert | PrivSelect | PrivUpdate | PrivDelete | PrivTruncate | PrivReferences | PrivTrigger
	case ClassColumn:
		return PrivInsert | PrivSelect | PrivUpdate | PrivReferences
	case ClassSequence:
		return PrivSelect | PrivUpdate | PrivUsage
	case ClassFunction:
		return PrivExecute
	case ClassSchema:
		return PrivUsage | PrivCreate
	case ClassType:
		return PrivUsage
	case ClassDatabase:
		return PrivCreate | PrivTemporary | PrivConnect
	case ClassLanguage, ClassForeignWrapper, ClassForeignServer:
		return PrivUsage
	case ClassTablespace:
		return PrivCreate
	case ClassParameter:
		return PrivSet | PrivAlterSystem
	case ClassLargeObject:
		return PrivSelect | PrivUpdate
	}
	return 0
}

// ACLItem is one aclitem: grantee ("" for PUBLIC) was granted Privs (with
// grant option for those also in Grant) by Grantor.
type ACLItem struct {
	Grantee, Grantor string
	Privs, Grant     Priv
}

// String prints the item as PostgreSQL's aclitem output does (Priv's
// bits are AclMode's).
func (a ACLItem) String() string {
	return types.ACLParts{Grantee: a.Grantee, Grantor: a.Grantor, Privs: uint32(a.Privs), Goptions: uint32(a.Grant)}.String()
}

// ACL is an access control list; nil means the default for the object's
// class and owner (acldefault).
type ACL []ACLItem

// Strings prints each item.
func (a ACL) Strings() []string {
	out := make([]string, len(a))
	for i, it := range a {
		out[i] = it.String()
	}
	return out
}

// Default is PostgreSQL's acldefault(class, owner).
func Default(class ObjClass, owner string) ACL {
	switch class {
	case ClassTable, ClassSequence, ClassSchema, ClassTablespace, ClassForeignWrapper, ClassForeignServer, ClassParameter, ClassLargeObject:
		p := AllPrivs(class)
		return ACL{{Grantee: owner, Grantor: owner, Privs: p}}
	case ClassFunction, ClassType, ClassLanguage:
		p := AllPrivs(class)
		return ACL{{Grantee: "", Grantor: owner, Privs: p}, {Grantee: owner, Grantor: owner, Privs: p}}
	case ClassDatabase:
		return ACL{{Grantee: "", Grantor: owner, Privs: PrivTemporary | PrivConnect}, {Grantee: owner, Grantor: owner, Privs: AllPrivs(class)}}
	}
	return nil
}

// Grant returns the ACL with privs (and grant options, when grant is set)
// added for grantee from grantor.
func (a ACL) Grant(grantee, grantor string, privs Priv, grantOption bool) ACL {
	out := append(ACL(nil), a...)
	for i, it := range out {
		if it.Grantee == grantee && it.Grantor == grantor {
			out[i].Privs |= privs
			if grantOption {
				out[i].Grant |= privs
			}
			return out
		}
	}
	it := ACLItem{Grantee: grantee, Grantor: grantor, Privs: privs}
	if grantOption {
		it.Grant = privs
	}
	return append(out, it)
}

// Revoke returns the ACL without privs granted to grantee by grantor; with
// grantOptionOnly only the grant options go.
func (a ACL) Revoke(grantee, grantor string, privs Priv, grantOptionOnly bool) ACL {
	out := make(ACL, 0, len(a))
	for _, it := range a {
		if it.Grantee == grantee && it.Grantor == grantor {
			it.Grant &^= privs
			if !grantOptionOnly {
				it.Privs &^= privs
			}
			if it.Privs == 0 {
				continue
			}
		}
		out = append(out, it)
	}
	return out
}

// without drops the items granted to or by role.
func (a ACL) without(role string) ACL {
	if a == nil {
		return nil
	}
	out := make(ACL, 0, len(a))
	for _, it := range a {
		if it.Grantee != role && it.Grantor != role {
			out = append(out, it)
		}
	}
	return out
}

func (a ACL) renameRole(old, new string) ACL {
	if a == nil {
		return nil
	}
	out := make(ACL, 0, len(a))
	for _, it := range a {
		if it.Grantee == old {
			it.Grantee = new
		}
		if it.Grantor == old {
			it.Grantor = new
		}
		// an item that now repeats an earlier grantee/grantor pair merges
		// into it, as aclnewowner (acl.c) merges them
		merged := false
		for j := range out {
			if out[j].Grantee == it.Grantee && out[j].Grantor == it.Grantor {
				out[j].Privs |= it.Privs
				out[j].Grant |= it.Grant
				merged = true
				break
			}
		}
		if !merged {
			out = append(out, it)
		}
	}
	return out
}

// Equal reports whether two ACLs hold the same items in the same order.
func (a ACL) Equal(b ACL) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Owner returns an object's owner. Objects created before owners were
// recorded belong to the bootstrap superuser; the public schema belongs to
// pg_database_owner, as in PostgreSQL 15.
func (c *Catalog) Owner(k ObjectKey) string {
	switch k.Kind {
	case ObjForeignWrapper:
		if w, ok := c.ForeignWrapper(k.Name); ok {
			return w.Owner
		}
	case ObjForeignServer:
		if s, ok := c.ForeignServer(k.Name); ok {
			return s.Owner
		}
	case ObjLargeObject:
		if lo, ok := c.LargeObject(LargeObjectKeyOID(k)); ok {
			return lo.Owner
		}
	}
	if o, ok := c.sec().owners[k]; ok {
		return o
	}
	if k.Kind == ObjSchema && k.Name == "public" {
		return "pg_database_owner"
	}
	return BootstrapSuperuser
}

// SetOwner returns a catalog where k belongs to owner. The ACL's items
// naming the old owner name the new one, as ALTER ... OWNER TO does.
func (c *Catalog) SetOwner(k ObjectKey, owner string) *Catalog {
	old := c.Owner(k)
	return c.withSecurity(func(s *security) {
		s.owners = copyMap(s.owners)
		s.owners[k] = owner
		if a, ok := s.acls[k]; ok && a != nil && old != owner {
			s.acls = copyMap(s.acls)
			s.acls[k] = a.renameRole(old, owner)
		}
	})
}

// ACL returns an object's explicit ACL (nil: the default).
func (c *Catalog) ACL(k ObjectKey) ACL {
	if a, ok := c.sec().acls[k]; ok {
		return a
	}
	return c.InitialACL(k)
}

// InitialACL is the ACL an object has before any GRANT or REVOKE when it
// is not acldefault's: initdb gives schema public
// {owner=UC/owner,=U/owner} (PUBLIC may use it), and records it in
// pg_init_privs. nil for every other object.
func (c *Catalog) InitialACL(k ObjectKey) ACL {
	if k.Kind != ObjSchema || k.Name != "public" || k.Schema != "" || k.Column != "" {
		return nil
	}
	owner := c.Owner(k)
	return ACL{{Grantee: owner, Grantor: owner, Privs: AllPrivs(ClassSchema)}, {Grantee: "", Grantor: owner, Privs: PrivUsage}}
}

// EffectiveACL is the object's ACL, or acldefault for its class and owner.
func (c *Catalog) EffectiveACL(k ObjectKey, class ObjClass) ACL {
	if a := c.ACL(k); a != nil {
		return a
	}
	if class == ClassColumn {
		return nil
	}
	if a := c.SystemRelationACL(k); a != nil {
		return a
	}
	return Default(class, c.Owner(k))
}

// SetACL returns a catalog with k's ACL replaced (nil: back to default;
// for columns, an empty ACL also removes the entry).
func (c *Catalog) SetACL(k ObjectKey, a ACL) *Catalog {
	if k.Kind == ObjParameter {
		return c.setParameterACL(k.Name, a) // parameter_acl.go
	}
	return c.withSecurity(func(s *security) {
		s.acls = copyMap(s.acls)
		if a == nil || (k.Kind == ObjColumn && len(a) == 0) {
			delete(s.acls, k)
		} else {
			s.acls[k] = a
		}
	})
}

// DropObject returns a catalog without k's owner, ACL (and for a relation
// its columns' ACLs, row security and policies).
func (c *Catalog) DropObject(k ObjectKey) *Catalog {
	c = c.withoutPublicationMembers(func(d ObjectKey) bool { return d == k }) // publications.go
	return c.withSecurity(func(s *security) {
		s.owners = copyMap(s.owners)
		delete(s.owners, k)
		a := make(map[ObjectKey]ACL, len(s.acls))
		for key, v := range s.acls {
			if key == k || (k.Kind == ObjRelation && key.Kind == ObjColumn && key.Schema == k.Schema && key.Name == k.Name) {
				continue
			}
			a[key] = v
		}
		s.acls = a
		if k.Kind == ObjRelation {
			q := QName{k.Schema, k.Name}
			s.rls = copyMap(s.rls)
			delete(s.rls, q)
			s.policies = copyMap(s.policies)
			delete(s.policies, q)
		}
	})
}

// HasPrivilege reports whether role holds all of privs on an object: as
// a superuser, or through an ACL item granted to PUBLIC or to a role whose
// privileges it has.
func (c *Catalog) HasPrivilege(role string, k ObjectKey, class ObjClass, privs Priv) bool {
	if r, ok := c.Role(role); ok && r.Super {
		return true
	}
	return c.Privileges(role, k, class)&privs == privs
}

// Privileges returns the privileges role holds on an object (not counting
// superuser status).
func (c *Catalog) Privileges(role string, k ObjectKey, class ObjClass) Priv {
	var have Priv
	for _, it := range c.EffectiveACL(k, class) {
		if it.Grantee == "" || c.HasPrivsOf(role, it.Grantee) {
			have |= it.Privs
		}
	}
	return have
}

// GrantOptions returns the privileges role may grant on an object: all of
// them for a role with the owner's privileges.
func (c *Catalog) GrantOptions(role string, k ObjectKey, class ObjClass) Priv {
	if c.HasPrivsOf(role, c.Owner(k)) {
		return AllPrivs(class)
	}
	var have Priv
	for _, it := range c.EffectiveACL(k, class) {
		if it.Grantee != "" && c.HasPrivsOf(role, it.Grantee) {
			have |= it.Grant
		}
	}
	return have
}

// ObjectsOwnedBy lists the objects a role owns (DROP ROLE's dependency
// check).
func (c *Catalog) ObjectsOwnedBy(role string) []ObjectKey {
	var out []ObjectKey
	for k, o := range c.sec().owners {
		if o == role {
			out = append(out, k)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Schema+"."+out[i].Name < out[j].Schema+"."+out[j].Name })
	return out
}

// ObjectsGrantedTo lists the objects whose ACL names role.
func (c *Catalog) ObjectsGrantedTo(role string) []ObjectKey {
	var out []ObjectKey
	for k, a := range c.sec().acls {
		for _, it := range a {
			if it.Grantee == role || it.Grantor == role {
				out = append(out, k)
				break
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Schema+"."+out[i].Name < out[j].Schema+"."+out[j].Name })
	return out
}

// ColumnACLs returns the columns of a relation that have ACLs.
func (c *Catalog) ColumnACLs(rel QName) map[string]ACL {
	out := map[string]ACL{}
	for k, a := range c.sec().acls {
		if k.Kind == ObjColumn && k.Schema == rel.Schema && k.Name == rel.Name {
			out[k.Column] = a
		}
	}
	return out
}

// DefaultKey names a pg_default_acl entry: privileges Role's future objects
// of ObjType ('r' tables, 'S' sequences, 'f' functions, 'T' types, 'n'
// schemas) get, in Schema ("" for every schema).
type DefaultKey struct {
	Role, Schema string
	ObjType      byte
}

// DefaultACLs returns the pg_default_acl entries, ordered.
func (c *Catalog) DefaultACLs() map[DefaultKey]ACL { return c.sec().defaults }

// SetDefaultACL returns a catalog with the entry replaced (nil removes it).
func (c *Catalog) SetDefaultACL(k DefaultKey, a ACL) *Catalog {
	return c.withSecurity(func(s *security) {
		s.defaults = copyMap(s.defaults)
		if a == nil {
			delete(s.defaults, k)
		} else {
			s.defaults[k] = a
		}
	})
}

// DefaultClass maps a pg_default_acl object type to its ObjClass.
func DefaultClass(objType byte) ObjClass {
	switch objType {
	case 'r':
		return ClassTable
	case 'S':
		return ClassSequence
	case 'f':
		return ClassFunction
	case 'T':
		return ClassType
	case 'n':
		return ClassSchema
	}
	return 0
}

// NewObjectACL is the ACL an object of objType that owner creates in
// schema starts with (PostgreSQL's get_user_default_acl): the global
// default entry or acldefault, plus the schema's entry; nil when that is
// just acldefault.
func (c *Catalog) NewObjectACL(owner, schema string, objType byte) ACL {
	class := DefaultClass(objType)
	def := Default(class, owner)
	acl := def
	if g, ok := c.sec().defaults[DefaultKey{owner, "", objType}]; ok {
		acl = g
	}
	if schema != "" {
		if sa, ok := c.sec().defaults[DefaultKey{owner, schema, objType}]; ok {
			for _, it := range sa {
				acl = acl.Grant(it.Grantee, it.Grantor, it.Privs, false)
				if it.Grant != 0 {
					acl = acl.Grant(it.Grantee, it.Grantor, it.Grant, true)
				}
			}
		}
	}
	if acl.Equal(def) {
		return nil
	}
	return acl
}

// ObjectKeys lists the objects of a kind that have a recorded owner.
func (c *Catalog) ObjectKeys(kind ObjKind) []ObjectKey {
	var out []ObjectKey
	for k := range c.sec().owners {
		if k.Kind == kind {
			out = append(out, k)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Schema+"."+out[i].Name < out[j].Schema+"."+out[j].Name })
	return out
}
