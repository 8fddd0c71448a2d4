package types

import (
	"strconv"
	"strings"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// ACLItem is aclitem (docs 5.7, "Privileges"; acl.c), one entry of an
// access control list: "grantee=privs/grantor", PUBLIC as an empty
// grantee, a '*' after each privilege held with grant option. As the reg*
// types, a value is kept as the text its output prints, role names and
// all; the session's ObjectResolver turns names into OIDs where a
// function needs them (aclexplode, hash_aclitem).
var ACLItem = &Type{Kind: KindACLItem, OID: 1033, Name: "aclitem", SQLName: "aclitem", Category: 'U', Mod: -1, ArrayOID: 1034, Len: 12}

// ACLRights are aclitem's privilege letters in AclMode bit order
// (ACL_ALL_RIGHTS_STR); PostgreSQL 15 keeps grant options 16 bits up.
const ACLRights = "arwdDxtXUCTcsA"

// ACLRightNames are the privileges' names as aclexplode prints them,
// parallel to ACLRights.
var ACLRightNames = [...]string{"INSERT", "SELECT", "UPDATE", "DELETE", "TRUNCATE", "REFERENCES",
	"TRIGGER", "EXECUTE", "USAGE", "CREATE", "TEMPORARY", "CONNECT", "SET", "ALTER SYSTEM"}

// ACLParts is an aclitem taken apart: role names ("" for PUBLIC; an
// unknown role's OID in decimal, as aclitemout prints it), the privilege
// bits and the grant option bits.
type ACLParts struct {
	Grantee, Grantor string
	Privs, Goptions  uint32
}

// String is aclitemout.
func (p ACLParts) String() string {
	var b strings.Builder
	b.WriteString(ACLRoleName(p.Grantee))
	b.WriteByte('=')
	for i := 0; i < len(ACLRights); i++ {
		if p.Privs&(1<<i) != 0 {
			b.WriteByte(ACLRights[i])
		}
		if p.Goptions&(1<<i) != 0 {
			b.WriteByte('*')
		}
	}
	b.WriteByte('/')
	b.WriteString(ACLRoleName(p.Grantor))
	return b.String()
}

// ACLRoleName is a role name as aclitem prints it (putid): quoted unless
// every byte is an ASCII letter, digit or underscore, a '"' doubled.
func ACLRoleName(n string) string {
	for i := 0; i < len(n); i++ {
		c := n[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return `"` + strings.ReplaceAll(n, `"`, `""`) + `"`
		}
	}
	return n
}

// aclRoles resolves the role names of aclitem input; the session's
// resolver implements it.
type aclRoles interface {
	RoleOID(name string) (uint32, error)
	// RoleNameOf is the role's name, unquoted; ok is false when no role
	// has the OID.
	RoleNameOf(oid uint32) (name string, ok bool)
}

// ParseACLItem is aclitemin: the grantee must be a role (42704 otherwise),
// PUBLIC written as nothing before '='; a missing grantor defaults to the
// bootstrap superuser with a WARNING, as in PostgreSQL.
func ParseACLItem(s string, env *Env) (string, error) {
	p, rest, err := parseACL(s, env)
	if err != nil {
		return "", err
	}
	if strings.TrimLeft(rest, " \t\n\v\f\r") != "" {
		return "", pgerror.New(pgerror.InvalidTextRepresentation, "extra garbage at the end of the ACL specification")
	}
	return p.String(), nil
}

// SplitACLItem takes a canonical aclitem apart.
func SplitACLItem(s string) ACLParts {
	p, _, _ := parseACL(s, nil)
	return p
}

// parseACL is acl.c's aclparse: s after the item is returned as rest.
func parseACL(s string, env *Env) (p ACLParts, rest string, err error) {
	name, s, err := aclGetID(s)
	if err != nil {
		return p, "", err
	}
	if !strings.HasPrefix(s, "=") {
		// a keyword, not a name
		if name != "group" && name != "user" {
			return p, "", pgerror.New(pgerror.InvalidTextRepresentation, "unrecognized key word: \"%s\"", name).
				WithHint(`ACL key word must be "group" or "user".`)
		}
		if name, s, err = aclGetID(s); err != nil {
			return p, "", err
		}
		if name == "" {
			return p, "", pgerror.New(pgerror.InvalidTextRepresentation, "missing name").
				WithHint(`A name must follow the "group" or "user" key word.`)
		}
	}
	if !strings.HasPrefix(s, "=") {
		return p, "", pgerror.New(pgerror.InvalidTextRepresentation, `missing "=" sign`)
	}
	var read uint32
	i := 1
	for ; i < len(s) && (isASCIIAlpha(rune(s[i])) || s[i] == '*'); i++ {
		switch c := s[i]; {
		case c == '*':
			p.Goptions |= read
		case c == 'R': // the old RULE privilege, ignored
			read = 0
		default:
			k := strings.IndexByte(ACLRights, c)
			if k < 0 {
				return p, "", pgerror.New(pgerror.InvalidTextRepresentation, "invalid mode character: must be one of \"%s\"", ACLRights)
			}
			read = 1 << k
		}
		p.Privs |= read
	}
	s = s[i:]
	roles := aclResolver(env)
	if name != "" && roles != nil {
		if _, err := roles.RoleOID(name); err != nil {
			return p, "", err
		}
	}
	p.Grantee = name
	if strings.HasPrefix(s, "/") {
		if name, s, err = aclGetID(s[1:]); err != nil {
			return p, "", err
		}
		if name == "" {
			return p, "", pgerror.New(pgerror.InvalidTextRepresentation, `a name must follow the "/" sign`)
		}
		if roles != nil {
			if _, err := roles.RoleOID(name); err != nil {
				return p, "", err
			}
		}
		p.Grantor = name
	} else {
		p.Grantor = "postgres"
		if env != nil && env.Notice != nil {
			env.Notice("WARNING", pgerror.InvalidGrantor, "defaulting grantor to user ID 10")
		}
	}
	return p, s, nil
}

func aclResolver(env *Env) aclRoles {
	if env != nil {
		if r, ok := env.Relations.(aclRoles); ok {
			return r
		}
	}
	return nil
}

// aclGetID is acl.c's getid: a role name, possibly double-quoted, after
// white space; rest starts after the white space that follows it. Bytes
// of multibyte characters pass unquoted here (the server's isalnum),
// though aclitemout quotes them.
func aclGetID(s string) (name, rest string, err error) {
	s = strings.TrimLeft(s, " \t\n\v\f\r")
	var b strings.Builder
	inQuotes := false
	i := 0
	for ; i < len(s); i++ {
		c := s[i]
		if !(inQuotes || c >= '0' && c <= '9' || isASCIIAlpha(rune(c)) || c == '_' || c == '"' || c >= 0x80) {
			break
		}
		if c == '"' {
			if !inQuotes || i+1 >= len(s) || s[i+1] != '"' {
				inQuotes = !inQuotes
				continue
			}
			i++ // an escaped double quote, inside quotes only
		}
		if b.Len() >= 63 {
			return "", "", pgerror.New(pgerror.NameTooLong, "identifier too long").
				WithDetail("Identifier must be less than 64 characters.")
		}
		b.WriteByte(s[i])
	}
	return b.String(), strings.TrimLeft(s[i:], " \t\n\v\f\r"), nil
}

// ACLRoleOID is the OID of a role named in an aclitem: 0 for PUBLIC, the
// number itself for a role aclitemout could not name.
func ACLRoleOID(name string, env *Env) uint32 {
	if name == "" {
		return 0
	}
	if r := aclResolver(env); r != nil {
		if oid, err := r.RoleOID(name); err == nil {
			return oid
		}
	}
	n, _ := strconv.ParseUint(name, 10, 32)
	return uint32(n)
}

// ACLRoleNameOf names the role with OID oid in an aclitem, the OID in
// decimal when no role has it (aclitemout); a grantee of 0 is PUBLIC and
// prints as nothing, a grantor of 0 as "0".
func ACLRoleNameOf(oid uint32, grantee bool, env *Env) string {
	if oid == 0 && grantee {
		return ""
	}
	if r := aclResolver(env); r != nil && oid != 0 {
		if n, ok := r.RoleNameOf(oid); ok {
			return n
		}
	}
	return strconv.FormatUint(uint64(oid), 10)
}
