package security

import (
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/translate"
)

// builtinFunctionPrivs is has_function_privilege on a built-in function:
// PUBLIC may execute every one (tinybase has no GRANT or REVOKE on them),
// and only a superuser holds the grant option.
func builtinFunctionPrivs(h Host, role, list string) (bool, error) {
	super := false
	if r, ok := h.Catalog().Role(role); ok && r.Super {
		super = true
	}
	return hasPrivsOn(role, list, catalog.AllPrivs(catalog.ClassFunction), func(p catalog.Priv, withGrant bool) bool {
		return super || p == catalog.PrivExecute && !withGrant
	})
}

// isBuiltinFunctionRef reports whether has_function_privilege's
// 'name(argtypes)' names a built-in function: pg_catalog comes first on
// the search path, so an unqualified name finds it before user routines.
func isBuiltinFunctionRef(ref translate.FuncRef) bool {
	return !ref.ArgsUnspecified && translate.BuiltinRoutine(ref.Name.Schema, ref.Name.Name, ref.ArgTypes, false)
}
