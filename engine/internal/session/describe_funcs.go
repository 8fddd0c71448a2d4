package session

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// Functions psql's \d family calls (PostgreSQL docs 9.26).
func addDescribeFuncs(r *expr.Registry) {
	triggerDef := func(st *pgcatalog.State, a []any) (any, error) {
		pretty := len(a) > 1 && a[1] == true
		if v, ok := st.TriggerDef(a[0].(uint32), pretty); ok {
			return v, nil
		}
		return nil, nil
	}
	r.Add("pg_get_triggerdef", expr.FuncImpl{Args: []*types.Type{types.Oid}, Result: expr.Fixed(types.Text), Volatile: true,
		Fn: withState(triggerDef)})
	r.Add("pg_get_triggerdef", expr.FuncImpl{Args: []*types.Type{types.Oid, types.Bool}, Result: expr.Fixed(types.Text), Volatile: true,
		Fn: withState(triggerDef)})
	// pg_describe_object: psql's \dx+ lists an extension's members by it
	r.Add("pg_describe_object", expr.FuncImpl{Args: []*types.Type{types.Oid, types.Oid, types.Int4}, Result: expr.Fixed(types.Text), Volatile: true,
		Fn: func(ctx *sql.Context, env *types.Env, a []any) (any, error) {
			names, ok := env.Relations.(types.ObjectResolver)
			if !ok {
				return nil, nil
			}
			return withState(func(st *pgcatalog.State, a []any) (any, error) {
				d, ok, err := st.DescribeObject(names, a[0].(uint32), a[1].(uint32), a[2].(int32))
				if err != nil || !ok {
					return nil, err
				}
				return d, nil
			})(ctx, env, a)
		}})
	// No extended statistics exist: the column list of none is NULL.
	r.Add("pg_get_statisticsobjdef_columns", expr.FuncImpl{Args: []*types.Type{types.Oid}, Result: expr.Fixed(types.Text), Volatile: true,
		Fn: withState(func(*pgcatalog.State, []any) (any, error) { return nil, nil })})
	// pg_relation_is_publishable: ordinary tables outside the system
	// schemas. Declared over oid, which a regclass argument casts to
	// implicitly, so psql's OID literal needs no name resolution.
	r.Add("pg_relation_is_publishable", expr.FuncImpl{Args: []*types.Type{types.Oid}, Result: expr.Fixed(types.Bool), Volatile: true,
		Fn: withState(func(st *pgcatalog.State, a []any) (any, error) {
			rel, ok, err := st.RelationByOID(a[0].(uint32))
			if err != nil || !ok {
				return nil, err
			}
			return rel.Kind == 'r' && rel.Schema != "pg_catalog" && rel.Schema != "information_schema", nil
		})})
	// pg_tablespace_location: the built-in tablespaces (pg_default,
	// pg_global) live in the data directory, printed as ''; there are no
	// others.
	r.Add("pg_tablespace_location", expr.FuncImpl{Args: []*types.Type{types.Oid}, Result: expr.Fixed(types.Text),
		Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
			if oid := a[0].(uint32); oid == 1663 || oid == 1664 {
				return "", nil
			}
			return nil, nil
		}})
}
