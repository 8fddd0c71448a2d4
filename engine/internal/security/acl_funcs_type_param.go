package security

import (
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
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
// and ALTER SYSTEM (each optionally WITH GRANT OPTION), from the
// parameter's ACL (GRANT ... ON PARAMETER; the default gives them to the
// bootstrap superuser only). A superuser holds them all.
func HasParameterPrivilege(h Host, role, param, privs string) (bool, error) {
	return hasPrivs(h, role, ParameterKey(strings.ToLower(param)), catalog.ClassParameter, privs, catalog.AllPrivs(catalog.ClassParameter))
}

// MaySetParameter reports whether role may SET a parameter whose context
// is superuser: a superuser may, another role when granted SET on it.
func MaySetParameter(cat *catalog.Catalog, role, param string) bool {
	if r, ok := cat.Role(role); ok && r.Super {
		return true
	}
	return cat.Privileges(role, ParameterKey(strings.ToLower(param)), catalog.ClassParameter)&catalog.PrivSet != 0
}
