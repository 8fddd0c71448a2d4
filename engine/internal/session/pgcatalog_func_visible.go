package session

import (
	"slices"

	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// pg_function_is_visible(oid), which psql's \df filters on: a routine is
// visible when its schema is on the search path (pg_catalog implicitly
// first) and no routine of an earlier schema has its name and argument
// types. Built-in functions come first, so they are always visible.
func addFunctionVisibleFuncs(r *expr.Registry) {
	r.Add("pg_function_is_visible", expr.FuncImpl{Args: []*types.Type{types.Oid}, Result: expr.Fixed(types.Bool), Volatile: true,
		Fn: withState(func(st *pgcatalog.State, a []any) (any, error) {
			oid := a[0].(uint32)
			if _, ok := pgcatalog.BuiltinByOID(oid); ok {
				return true, nil
			}
			f, ok := st.Catalog.FunctionByOID(oid)
			if !ok {
				return nil, nil
			}
			in := argOIDs(f.InputTypes())
			for _, p := range pgcatalog.Builtins() {
				if p.Name == f.Name && slices.Equal(p.ArgTypes, in) {
					return false, nil
				}
			}
			path := st.SearchPath
			at := slices.Index(path, f.Schema)
			if at < 0 {
				return f.Schema == "pg_catalog", nil
			}
			for _, g := range st.Catalog.AllFunctions() {
				if g.OID != f.OID && g.Name == f.Name && slices.Index(path[:at], g.Schema) >= 0 && slices.Equal(argOIDs(g.InputTypes()), in) {
					return false, nil
				}
			}
			return true, nil
		})})
}

func argOIDs(ts []*types.Type) []uint32 {
	out := make([]uint32, len(ts))
	for i, t := range ts {
		out[i] = t.OID
	}
	return out
}

// pg_operator_is_visible(oid): the built-in operators are in
// pg_catalog, always on the search path; a user operator is visible as
// operatorVisible (reg_operator.go) says. An unknown OID is NULL, as in
// PostgreSQL. (pg_opclass_is_visible: pgcatalog_wire_funcs.go.)
func addOperatorVisibleFuncs(r *expr.Registry) {
	r.Add("pg_operator_is_visible", expr.FuncImpl{Args: []*types.Type{types.Oid}, Result: expr.Fixed(types.Bool), Volatile: true,
		Fn: withState(func(st *pgcatalog.State, a []any) (any, error) {
			oid := a[0].(uint32)
			if _, ok := pgcatalog.OperatorByOID(oid); ok {
				return true, nil
			}
			for _, o := range st.Catalog.AllOperators() {
				if o.OID == oid {
					return operatorVisible(st.Catalog, st.SearchPath, o), nil
				}
			}
			return nil, nil
		})})
}
