package security

import (
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// HasTypePrivilege is has_type_privilege for a resolved type: USAGE,
// which an array type takes from its element type, as pg_type_aclmask
// reads it.
func HasTypePrivilege(h Host, role string, t *types.Type, privs string) (bool, error) {
	for t.Elem != nil {
		t = t.Elem
	}
	key := catalog.ObjectKey{Kind: catalog.ObjType, Schema: t.Schema, Name: t.Name}
	return hasPrivs(h, role, key, catalog.ClassType, privs, catalog.AllPrivs(catalog.ClassType))
}

// TypePrivListError checks has_type_privilege's privilege list alone, for
// a type given by an OID that does not exist (the answer is then NULL).
func TypePrivListError(privs string) error {
	return privListError(nil, privs, catalog.AllPrivs(catalog.ClassType))
}

// HasParameterPrivilege is has_parameter_privilege(parameter, privs): SET
// and ALTER SYSTEM (each optionally WITH GRANT OPTION). A superuser holds
// them all; other roles hold only what GRANT ... ON PARAMETER gave, and
// tinybase has no such grants (pg_parameter_acl is empty), so they hold
// none — PostgreSQL's answer for a parameter without an ACL entry.
func HasParameterPrivilege(h Host, role string, privs string) (bool, error) {
	for _, item := range strings.Split(privs, ",") {
		word := strings.ToLower(strings.TrimSpace(item))
		word = strings.TrimSpace(strings.TrimSuffix(word, " with grant option"))
		if word != "set" && word != "alter system" {
			return false, pgerror.New(pgerror.InvalidParameterValue, "unrecognized privilege type: %q", strings.TrimSpace(item))
		}
	}
	r, ok := h.Catalog().Role(role)
	return ok && r.Super, nil
}
