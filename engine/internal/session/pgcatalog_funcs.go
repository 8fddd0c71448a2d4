package session

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
	"github.com/tinybase/tinybase/engine/internal/pgident"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// withState adapts a function of the session's catalog state to a
// built-in function implementation.
func withState(f func(st *pgcatalog.State, a []any) (any, error)) func(*sql.Context, *types.Env, []any) (any, error) {
	return func(ctx *sql.Context, _ *types.Env, a []any) (any, error) {
		s, err := funcSessionOf(ctx)
		if err != nil {
			return nil, err
		}
		st, err := s.catalogState(ctx)
		if err != nil {
			return nil, err
		}
		return f(st, a)
	}
}

// System information functions over the catalogs (PostgreSQL docs 9.26,
// "System Information Functions and Operators"), taking the OIDs the
// pg_catalog relations show. They read the session's catalog state, so
// they are volatile.
func addCatalogInfoFuncs(r *expr.Registry) {
	orNull := func(v string, ok bool, err error) (any, error) {
		if err != nil || !ok {
			return nil, err
		}
		return v, nil
	}
	r.Add("pg_get_indexdef", expr.FuncImpl{Args: []*types.Type{types.Oid}, Result: expr.Fixed(types.Text), Volatile: true,
		Fn: withState(func(st *pgcatalog.State, a []any) (any, error) { return orNull(st.IndexDefByOID(a[0].(uint32), false)) })})
	r.Add("pg_get_constraintdef", expr.FuncImpl{Args: []*types.Type{types.Oid}, Result: expr.Fixed(types.Text), Volatile: true,
		Fn: withState(func(st *pgcatalog.State, a []any) (any, error) {
			return orNull(st.ConstraintDefByOID(a[0].(uint32), false))
		})})
	r.Add("pg_get_constraintdef", expr.FuncImpl{Args: []*types.Type{types.Oid, types.Bool}, Result: expr.Fixed(types.Text), Volatile: true,
		Fn: withState(func(st *pgcatalog.State, a []any) (any, error) {
			pretty, _ := a[1].(bool)
			return orNull(st.ConstraintDefByOID(a[0].(uint32), pretty))
		})})
	r.Add("pg_table_is_visible", expr.FuncImpl{Args: []*types.Type{types.Oid}, Result: expr.Fixed(types.Bool), Volatile: true,
		Fn: withState(func(st *pgcatalog.State, a []any) (any, error) {
			v, ok, err := st.TableVisible(a[0].(uint32))
			if err != nil || !ok {
				return nil, err
			}
			return v, nil
		})})
	// format_type(type_oid, typemod): a NULL typemod prints as no typemod.
	r.Add("format_type", expr.FuncImpl{Args: []*types.Type{types.Oid, types.Int4}, Result: expr.Fixed(types.Text), Volatile: true, NonStrict: true,
		Fn: withState(func(st *pgcatalog.State, a []any) (any, error) {
			if a[0] == nil {
				return nil, nil
			}
			if a[0].(uint32) == 0 {
				return "-", nil
			}
			t, ok := st.TypeByOID(a[0].(uint32))
			if !ok {
				t, ok = types.PseudoByOID(a[0].(uint32))
			}
			if !ok {
				return "???", nil
			}
			out := ""
			if a[1] == nil {
				out = t.FormatTypeNoMod()
			} else {
				out = t.WithMod(a[1].(int32)).FormatType()
			}
			// FormatType leaves public's and extensions' types
			// unqualified; format_type qualifies them when their schema is
			// off the search path (pg_dump sets it empty)
			e := t
			for e.Kind == types.KindArray && e.Elem != nil && e.Domain == nil {
				e = e.Elem
			}
			if (e.Schema == "public" || e.Kind == types.KindExt && e.Schema != "" && e.Schema != "pg_catalog") && !st.SchemaVisible(e.Schema) {
				out = pgident.QuoteIfNeeded(e.Schema) + "." + out
			}
			return out, nil
		})})
	r.Add("to_regclass", toReg(types.Regclass, pgerror.UndefinedTable, pgerror.InvalidSchemaName))
	// obj_description and col_description by pg_class OID.
	relName := func(st *pgcatalog.State, oid uint32) (catalog.QName, bool, error) {
		rel, ok, err := st.RelationByOID(oid)
		return catalog.QName{Schema: rel.Schema, Name: rel.Name}, ok, err
	}
	r.Add("obj_description", expr.FuncImpl{Args: []*types.Type{types.Oid, types.Name}, Result: expr.Fixed(types.Text), Volatile: true,
		Fn: withState(func(st *pgcatalog.State, a []any) (any, error) {
			return objectComment(st, a[0].(uint32), a[1].(string), relName)
		})})
	// shobj_description reads pg_shdescription: the comments of shared
	// objects (databases, roles, tablespaces), which tinybase does not
	// keep (COMMENT ON DATABASE / ROLE fail), so none has one.
	r.Add("shobj_description", expr.FuncImpl{Args: []*types.Type{types.Oid, types.Name}, Result: expr.Fixed(types.Text), Volatile: true,
		Fn: func(*sql.Context, *types.Env, []any) (any, error) { return nil, nil }})
	r.Add("col_description", expr.FuncImpl{Args: []*types.Type{types.Oid, types.Int4}, Result: expr.Fixed(types.Text), Volatile: true,
		Fn: withState(func(st *pgcatalog.State, a []any) (any, error) {
			q, ok, err := relName(st, a[0].(uint32))
			if err != nil || !ok {
				return nil, err
			}
			t, ok, err := st.DB.Table(st.Ctx, q.Schema, q.Name)
			n := int(a[1].(int32))
			if err != nil || !ok || n < 1 || n > len(t.Schema()) {
				return nil, err
			}
			return commentOrNull(st.Catalog, catalog.ObjectKey{Kind: catalog.ObjColumn, Schema: q.Schema, Name: q.Name, Column: t.Schema()[n-1].Name}), nil
		})})
}

// objectComment is obj_description(oid, catalog) for the catalogs
// COMMENT ON reaches.
func objectComment(st *pgcatalog.State, oid uint32, cat string, relName func(*pgcatalog.State, uint32) (catalog.QName, bool, error)) (any, error) {
	switch cat {
	case "pg_class":
		q, ok, err := relName(st, oid)
		if err != nil || !ok {
			return nil, err
		}
		return commentOrNull(st.Catalog, catalog.ObjectKey{Kind: catalog.ObjRelation, Schema: q.Schema, Name: q.Name}), nil
	case "pg_namespace":
		for _, n := range st.Schemas() {
			if pgcatalog.NamespaceOID(n) == oid {
				return commentOrNull(st.Catalog, catalog.ObjectKey{Kind: catalog.ObjSchema, Name: n}), nil
			}
		}
	case "pg_proc":
		if f, ok := st.Catalog.FunctionByOID(oid); ok {
			return commentOrNull(st.Catalog, catalog.ObjectKey{Kind: catalog.ObjFunction, Schema: f.Schema, Name: f.Signature()}), nil
		}
	case "pg_type":
		for _, d := range st.Catalog.Types() {
			if d.Type.OID == oid {
				return commentOrNull(st.Catalog, catalog.ObjectKey{Kind: catalog.ObjType, Schema: d.Type.Schema, Name: d.Type.Name}), nil
			}
		}
	case "pg_policy", "pg_trigger", "pg_constraint", "pg_ts_config", "pg_ts_dict", "pg_ts_template", "pg_cast", "pg_largeobject":
		// a table's objects and text search objects: through
		// pg_description's rows
		text, ok, err := st.TableObjectDescription(oid, cat)
		if err != nil || !ok {
			return nil, err
		}
		return text, nil
	}
	return nil, nil
}

func commentOrNull(c *catalog.Catalog, k catalog.ObjectKey) any {
	if text, ok := c.Comment(k); ok {
		return text
	}
	return nil
}
