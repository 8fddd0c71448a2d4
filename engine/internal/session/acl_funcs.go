package session

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/security"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// Access privilege inquiry functions (PostgreSQL docs 9.26, table 9.69):
// has_table_privilege, has_column_privilege, has_any_column_privilege, has_schema_privilege,
// has_function_privilege, has_sequence_privilege, has_database_privilege,
// has_language_privilege, has_tablespace_privilege,
// has_foreign_data_wrapper_privilege, has_server_privilege, pg_has_role. Each takes
// an optional role name first (current_user without it) and a
// comma-separated list of privileges, true when any of them is held. The
// implementations are engine/internal/security's; the registrations are in
// this order because overload resolution may depend on it.
func addPrivilegeFuncs(r *expr.Registry) {
	type check func(h security.Host, role string, args []string) (bool, error)
	add := func(name string, nObj int, fn check) {
		withRole := make([]*types.Type, 0, nObj+2)
		withRole = append(withRole, types.Name)
		for i := 0; i < nObj+1; i++ {
			withRole = append(withRole, types.Text)
		}
		r.Add(name, expr.FuncImpl{Args: withRole, Result: expr.Fixed(types.Bool), Volatile: true,
			Fn: func(ctx *sql.Context, _ *types.Env, a []any) (any, error) {
				s, err := funcSessionOf(ctx)
				if err != nil {
					return nil, err
				}
				role := a[0].(string)
				if _, ok := s.Catalog().Role(role); !ok {
					return nil, security.RoleMissing(role)
				}
				return fn(s, role, strs(a[1:]))
			}})
		r.Add(name, expr.FuncImpl{Args: withRole[1:], Result: expr.Fixed(types.Bool), Volatile: true,
			Fn: func(ctx *sql.Context, _ *types.Env, a []any) (any, error) {
				s, err := funcSessionOf(ctx)
				if err != nil {
					return nil, err
				}
				return fn(s, s.CurrentUser(), strs(a))
			}})
	}
	add("has_table_privilege", 1, security.HasTablePrivilege)
	add("has_sequence_privilege", 1, security.HasSequencePrivilege)
	add("has_column_privilege", 2, security.HasColumnPrivilege)
	add("has_any_column_privilege", 1, security.HasAnyColumnPrivilege)
	add("has_schema_privilege", 1, security.HasSchemaPrivilege)
	add("has_function_privilege", 1, security.HasFunctionPrivilege)
	add("has_database_privilege", 1, security.HasDatabasePrivilege)
	add("has_language_privilege", 1, security.HasLanguagePrivilege)
	add("has_tablespace_privilege", 1, security.HasTablespacePrivilege)
	add("has_foreign_data_wrapper_privilege", 1, security.HasForeignDataWrapperPrivilege)
	add("has_server_privilege", 1, security.HasServerPrivilege)
	add("pg_has_role", 1, security.PgHasRole)
}

func strs(a []any) []string {
	out := make([]string, len(a))
	for i, v := range a {
		out[i], _ = v.(string)
	}
	return out
}
