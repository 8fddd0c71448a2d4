package session

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
	"github.com/tinybase/tinybase/engine/internal/security"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// The OID forms of the access privilege inquiry functions (PostgreSQL docs
// 9.26, table 9.69: "user name or oid", "table text or oid", "column text
// or smallint"), beside the name and text forms of addPrivilegeFuncs, which
// are registered first so unknown literals keep resolving to them. As in
// PostgreSQL (utils/adt/acl.c): a role given by name must exist, a role
// given by an unknown OID holds only PUBLIC's privileges, the privilege
// list is checked next, and an object given by an unknown OID (or a
// column by an unknown number) yields NULL. The implementations are
// engine/internal/security's; session.Builtins adds them after
// addPrivilegeFuncs because overload resolution may depend on the order.
func addPrivilegeOIDFuncs(r *expr.Registry) {
	type objForm struct {
		t     *types.Type
		byOID bool
	}
	textOrOID := []objForm{{types.Text, false}, {types.Oid, true}}
	type roleForm struct {
		t       *types.Type // nil: current_user
		present bool
	}
	roleForms := []roleForm{{nil, false}, {types.Name, true}, {types.Oid, true}}
	// register adds every role form × object form signature of name that
	// acl_funcs.go does not, calling fn with the resolved role and the
	// object arguments; the last argument is the privilege list.
	register := func(name string, objs [][]objForm, fn func(h security.Host, st *pgcatalog.State, role string, objs []security.PrivObj, privs string) (any, error)) {
		var combos [][]objForm
		var walk func(i int, acc []objForm)
		walk = func(i int, acc []objForm) {
			if i == len(objs) {
				combos = append(combos, append([]objForm(nil), acc...))
				return
			}
			for _, f := range objs[i] {
				walk(i+1, append(acc, f))
			}
		}
		walk(0, nil)
		for _, rf := range roleForms {
			for _, combo := range combos {
				anyOID := rf.t == types.Oid
				for _, f := range combo {
					anyOID = anyOID || f.byOID || f.t == types.Int2
				}
				if !anyOID {
					continue // a name/text form, acl_funcs.go's
				}
				var args []*types.Type
				if rf.present {
					args = append(args, rf.t)
				}
				for _, f := range combo {
					args = append(args, f.t)
				}
				args = append(args, types.Text)
				rf, combo := rf, combo
				r.Add(name, expr.FuncImpl{Args: args, Result: expr.Fixed(types.Bool), Volatile: true,
					Fn: func(ctx *sql.Context, _ *types.Env, a []any) (any, error) {
						s, err := funcSessionOf(ctx)
						if err != nil {
							return nil, err
						}
						role := s.CurrentUser()
						if rf.present {
							if role, err = security.PrivRoleArg(s, a[0]); err != nil {
								return nil, err
							}
							a = a[1:]
						}
						st, err := s.catalogState(ctx)
						if err != nil {
							return nil, err
						}
						objs := make([]security.PrivObj, len(combo))
						for i, f := range combo {
							switch v := a[i].(type) {
							case string:
								objs[i] = security.PrivObj{Text: v}
							case uint32:
								objs[i] = security.PrivObj{OID: v, ByOID: f.byOID}
							case int16:
								// an attnum, negative for system columns (the
								// int16's bits: HasColumnPrivilegeOID reads it back)
								objs[i] = security.PrivObj{OID: uint32(v), ByOID: true}
							}
						}
						return fn(s, st, role, objs, a[len(a)-1].(string))
					}})
			}
		}
	}

	register("has_table_privilege", [][]objForm{textOrOID}, security.HasTablePrivilegeOID)
	register("has_sequence_privilege", [][]objForm{textOrOID}, security.HasSequencePrivilegeOID)
	register("has_column_privilege", [][]objForm{textOrOID, {{types.Text, false}, {types.Int2, true}}}, security.HasColumnPrivilegeOID)
	register("has_schema_privilege", [][]objForm{textOrOID}, security.HasSchemaPrivilegeOID)
	register("has_function_privilege", [][]objForm{textOrOID}, security.HasFunctionPrivilegeOID)
	register("has_foreign_data_wrapper_privilege", [][]objForm{textOrOID}, security.HasForeignDataWrapperPrivilegeOID)
	register("has_server_privilege", [][]objForm{textOrOID}, security.HasServerPrivilegeOID)
}

// addTypeParameterPrivilegeFuncs adds has_type_privilege ([user name or
// oid,] type text or oid, privs) and has_parameter_privilege ([user name
// or oid,] parameter text, privs) (docs 9.26, table 9.69). A type named by
// text must exist (regtype input's error); one given by an unknown OID
// yields NULL once the privilege list has been checked.
func addTypeParameterPrivilegeFuncs(r *expr.Registry) {
	roleArgs := [][]*types.Type{{types.Name}, {types.Oid}, nil}
	withRole := func(ctx *sql.Context, a []any, hasRole bool) (funcSession, string, []any, error) {
		s, err := funcSessionOf(ctx)
		if err != nil {
			return nil, "", nil, err
		}
		if !hasRole {
			return s, s.CurrentUser(), a, nil
		}
		role, err := security.PrivRoleArg(s, a[0])
		return s, role, a[1:], err
	}
	for _, ra := range roleArgs {
		hasRole := ra != nil
		for _, obj := range []*types.Type{types.Text, types.Oid} {
			args := append(append(append([]*types.Type(nil), ra...), obj), types.Text)
			r.Add("has_type_privilege", expr.FuncImpl{Args: args, Result: expr.Fixed(types.Bool), Volatile: true,
				Fn: func(ctx *sql.Context, _ *types.Env, a []any) (any, error) {
					s, role, a, err := withRole(ctx, a, hasRole)
					if err != nil {
						return nil, err
					}
					var t *types.Type
					if name, ok := a[0].(string); ok {
						if t, err = types.RegtypeType(name, s.TypesEnv()); err != nil {
							return nil, err
						}
					} else {
						st, err := s.catalogState(ctx)
						if err != nil {
							return nil, err
						}
						var found bool
						if t, found = st.TypeByOID(a[0].(uint32)); !found {
							return nil, security.TypePrivListError(a[1].(string))
						}
					}
					return security.HasTypePrivilege(s, role, t, a[1].(string))
				}})
		}
		args := append(append(append([]*types.Type(nil), ra...), types.Text), types.Text)
		r.Add("has_parameter_privilege", expr.FuncImpl{Args: args, Result: expr.Fixed(types.Bool), Volatile: true,
			Fn: func(ctx *sql.Context, _ *types.Env, a []any) (any, error) {
				s, role, a, err := withRole(ctx, a, hasRole)
				if err != nil {
					return nil, err
				}
				return security.HasParameterPrivilege(s, role, a[0].(string), a[1].(string))
			}})
	}
}
