package session

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Catalog helper functions client tools call (psql's \d family,
// drizzle-kit): pg_get_userbyid, pg_get_expr, pg_get_viewdef,
// pg_encoding_to_char, pg_type_is_visible and friends.
func addClientCatalogFuncs(r *expr.Registry) {
	// pg_get_userbyid: the bootstrap superuser is OID 10, as in PostgreSQL.
	r.Add("pg_get_userbyid", expr.FuncImpl{Args: []*types.Type{types.Oid}, Result: expr.Fixed(types.Name), Volatile: true,
		Fn: withState(func(st *pgcatalog.State, a []any) (any, error) {
			oid := a[0].(uint32)
			if oid == 10 {
				return "postgres", nil
			}
			if name, ok := st.RoleByOID(oid); ok {
				return name, nil
			}
			return fmt.Sprintf("unknown (OID=%d)", oid), nil
		})})
	// pg_get_expr: the catalogs keep expressions as SQL text already, in
	// pg_get_expr's non-pretty form; pretty output deparses it again
	// against the relation (pgcatalog/deparse.go).
	getExpr := func(_ *sql.Context, _ *types.Env, a []any) (any, error) { return a[0], nil }
	r.Add("pg_get_expr", expr.FuncImpl{Args: []*types.Type{types.Text, types.Oid}, Result: expr.Fixed(types.Text), Fn: getExpr})
	r.Add("pg_get_expr", expr.FuncImpl{Args: []*types.Type{types.Text, types.Oid, types.Bool}, Result: expr.Fixed(types.Text), Volatile: true,
		Fn: func(ctx *sql.Context, env *types.Env, a []any) (any, error) {
			if pretty, _ := a[2].(bool); !pretty {
				return a[0], nil
			}
			return withState(func(st *pgcatalog.State, a []any) (any, error) {
				return st.PrettyExpr(a[0].(string), a[1].(uint32))
			})(ctx, env, a)
		}})
	viewdef := withState(func(st *pgcatalog.State, a []any) (any, error) {
		oid := a[0].(uint32)
		pretty := len(a) > 1 && a[1] == true
		for _, v := range st.Catalog.Views() {
			if v.OID == oid {
				if def, ok := st.ViewDefPretty(v, pretty); ok { // pgcatalog/viewdef.go
					return def, nil
				}
				return " " + v.Query + ";", nil
			}
		}
		// a materialized view (relkind m) prints its query as a view does
		for _, m := range st.Catalog.Matviews() {
			if pgcatalog.RelationOID(m.Table.Schema, m.Table.Name) != oid {
				continue
			}
			v := &catalog.View{Schema: m.Table.Schema, Name: m.Table.Name, Query: m.Text}
			if def, ok := st.ViewDefPretty(v, pretty); ok {
				return def, nil
			}
			return " " + m.Text + ";", nil
		}
		return nil, nil
	})
	r.Add("pg_get_viewdef", expr.FuncImpl{Args: []*types.Type{types.Oid}, Result: expr.Fixed(types.Text), Volatile: true, Fn: viewdef})
	r.Add("pg_get_viewdef", expr.FuncImpl{Args: []*types.Type{types.Oid, types.Bool}, Result: expr.Fixed(types.Text), Volatile: true, Fn: viewdef})
	// pg_get_viewdef(text [, pretty]) names the view (pg_get_viewdef_name),
	// and is what an unknown literal resolves to: pg_get_viewdef('v')
	viewdefName := func(ctx *sql.Context, env *types.Env, a []any) (any, error) {
		oid, err := relationNameOID(a[0].(string), env)
		if err != nil {
			return nil, err
		}
		b := append([]any{oid}, a[1:]...)
		return viewdef(ctx, env, b)
	}
	r.Add("pg_get_viewdef", expr.FuncImpl{Args: []*types.Type{types.Text}, Result: expr.Fixed(types.Text), Volatile: true, Fn: viewdefName})
	r.Add("pg_get_viewdef", expr.FuncImpl{Args: []*types.Type{types.Text, types.Bool}, Result: expr.Fixed(types.Text), Volatile: true, Fn: viewdefName})
	r.Add("pg_get_partkeydef", expr.FuncImpl{Args: []*types.Type{types.Oid}, Result: expr.Fixed(types.Text), Volatile: true,
		Fn: withState(func(st *pgcatalog.State, a []any) (any, error) {
			if def, ok := st.PartitionKeyDef(a[0].(uint32)); ok { // pgcatalog/pg_inherits.go
				return def, nil
			}
			return nil, nil
		})})
	ruledef := withState(func(st *pgcatalog.State, a []any) (any, error) {
		if def, ok := st.RuleDef(a[0].(uint32)); ok { // pgcatalog/pg_rules.go
			return def, nil
		}
		return nil, nil
	})
	r.Add("pg_get_ruledef", expr.FuncImpl{Args: []*types.Type{types.Oid}, Result: expr.Fixed(types.Text), Volatile: true, Fn: ruledef})
	r.Add("pg_get_ruledef", expr.FuncImpl{Args: []*types.Type{types.Oid, types.Bool}, Result: expr.Fixed(types.Text), Volatile: true, Fn: ruledef})
	r.Add("pg_encoding_to_char", expr.FuncImpl{Args: []*types.Type{types.Int4}, Result: expr.Fixed(types.Name),
		Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
			if a[0].(int32) == 6 {
				return "UTF8", nil
			}
			return "", nil
		}})
	r.Add("pg_type_is_visible", expr.FuncImpl{Args: []*types.Type{types.Oid}, Result: expr.Fixed(types.Bool), Volatile: true,
		Fn: withState(func(st *pgcatalog.State, a []any) (any, error) {
			t, ok := st.TypeByOID(a[0].(uint32))
			if !ok {
				return nil, nil
			}
			if t.Schema == "" || t.Schema == "pg_catalog" {
				return true, nil
			}
			for _, p := range st.SearchPath {
				if p == t.Schema {
					return true, nil
				}
			}
			return false, nil
		})})
	// pg_opclass_is_visible and pg_opfamily_is_visible (pgTAP's
	// opclasses_are lists the visible classes)
	for name, vis := range map[string]func(*pgcatalog.State, uint32) (bool, bool){
		"pg_opclass_is_visible": (*pgcatalog.State).OpclassVisible, "pg_opfamily_is_visible": (*pgcatalog.State).OpfamilyVisible} {
		vis := vis
		r.Add(name, expr.FuncImpl{Args: []*types.Type{types.Oid}, Result: expr.Fixed(types.Bool), Volatile: true,
			Fn: withState(func(st *pgcatalog.State, a []any) (any, error) {
				if v, ok := vis(st, a[0].(uint32)); ok {
					return v, nil
				}
				return nil, nil
			})})
	}
	r.Add("pg_get_statisticsobjdef", expr.FuncImpl{Args: []*types.Type{types.Oid}, Result: expr.Fixed(types.Text), Volatile: true,
		Fn: withState(func(st *pgcatalog.State, a []any) (any, error) {
			if def, ok := st.StatisticsDef(a[0].(uint32)); ok {
				return def, nil
			}
			return nil, nil
		})})
	r.Add("pg_is_in_recovery", expr.FuncImpl{Result: expr.Fixed(types.Bool),
		Fn: func(*sql.Context, *types.Env, []any) (any, error) { return false, nil }})
	r.Add("pg_postmaster_start_time", expr.FuncImpl{Result: expr.Fixed(types.Timestamptz), Volatile: true,
		Fn: func(_ *sql.Context, env *types.Env, _ []any) (any, error) { return env.Now, nil }})
}

func addIndexDefFuncs(r *expr.Registry) {
	r.Add("pg_get_indexdef", expr.FuncImpl{Args: []*types.Type{types.Oid, types.Int4, types.Bool}, Result: expr.Fixed(types.Text), Volatile: true,
		Fn: func(ctx *sql.Context, _ *types.Env, a []any) (any, error) {
			s, err := funcSessionOf(ctx)
			if err != nil {
				return nil, err
			}
			st, err := s.catalogState(ctx)
			if err != nil {
				return nil, err
			}
			var v string
			var ok bool
			if col := a[1].(int32); col == 0 {
				v, ok, err = st.IndexDefByOID(a[0].(uint32), a[2].(bool))
			} else {
				v, ok, err = st.IndexColumnDef(a[0].(uint32), int(col), a[2].(bool))
			}
			if err != nil || !ok {
				return nil, err
			}
			return v, nil
		}})
}

// relationNameOID resolves a relation name given as text, as
// makeRangeVarFromNameList and RangeVarGetRelid do for the *_name
// variants of the catalog functions: a possibly qualified, possibly quoted
// name on the search path (42P01 when there is none), never an OID.
func relationNameOID(name string, env *types.Env) (uint32, error) {
	if _, err := strconv.ParseUint(strings.TrimSpace(name), 10, 32); err == nil {
		return 0, pgerror.New(pgerror.UndefinedTable, "relation \"%s\" does not exist", strings.TrimSpace(name))
	}
	rel, err := types.Input(types.Regclass, name, env)
	if err != nil {
		return 0, err
	}
	oid, err := types.Cast(rel, types.Regclass, types.Oid, true, env)
	if err != nil {
		return 0, err
	}
	return oid.(uint32), nil
}
