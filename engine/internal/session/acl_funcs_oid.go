package session

import (
	"strconv"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// The OID forms of the access privilege inquiry functions (PostgreSQL docs
// 9.26, table 9.69: "user name or oid", "table text or oid", "column text
// or smallint"), beside the name and text forms of acl_funcs.go, which are
// registered first so unknown literals keep resolving to them. As in
// PostgreSQL (utils/adt/acl.c): a role given by name must exist, a role
// given by an unknown OID holds only PUBLIC's privileges, the privilege
// list is checked next, and an object given by an unknown OID (or a
// column by an unknown number) yields NULL.

// privRole is a role argument: its name, or for an OID no role has, a
// name no role can have (names never hold NUL), so only PUBLIC's grants
// apply.
type privRole struct {
	name string
}

// privObj is an object argument: a name (text) or an OID.
type privObj struct {
	text  string
	oid   uint32
	byOID bool
}

func init() {
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
	register := func(name string, objs [][]objForm, fn func(s *Session, st *pgcatalog.State, role string, objs []privObj, privs string) (any, error)) {
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
				expr.AddFunc(name, expr.FuncImpl{Args: args, Result: expr.Fixed(types.Bool), Volatile: true,
					Fn: func(ctx *sql.Context, _ *types.Env, a []any) (any, error) {
						s, err := sessionOf(ctx)
						if err != nil {
							return nil, err
						}
						role := s.CurrentUser()
						if rf.present {
							if role, err = s.privRoleArg(a[0]); err != nil {
								return nil, err
							}
							a = a[1:]
						}
						st, err := s.catalogState(ctx)
						if err != nil {
							return nil, err
						}
						objs := make([]privObj, len(combo))
						for i, f := range combo {
							switch v := a[i].(type) {
							case string:
								objs[i] = privObj{text: v}
							case uint32:
								objs[i] = privObj{oid: v, byOID: f.byOID}
							case int16:
								objs[i] = privObj{oid: uint32(v), byOID: true}
								if v < 0 {
									objs[i].oid = 0
								}
							}
						}
						return fn(s, st, role, objs, a[len(a)-1].(string))
					}})
			}
		}
	}

	register("has_table_privilege", [][]objForm{textOrOID}, func(s *Session, st *pgcatalog.State, role string, o []privObj, privs string) (any, error) {
		q, kind, found, err := s.privRelation(st, o[0])
		if err != nil || !found {
			return nil, s.privListError(err, privs, catalog.AllPrivs(catalog.ClassTable))
		}
		return s.hasPrivs(role, relKey(q), relClass(kind), privs, catalog.AllPrivs(catalog.ClassTable))
	})
	register("has_sequence_privilege", [][]objForm{textOrOID}, func(s *Session, st *pgcatalog.State, role string, o []privObj, privs string) (any, error) {
		q, kind, found, err := s.privRelation(st, o[0])
		if err != nil || !found {
			return nil, s.privListError(err, privs, catalog.AllPrivs(catalog.ClassSequence))
		}
		if kind != "sequence" {
			return nil, pgerror.New(pgerror.WrongObjectType, "%q is not a sequence", q.Name)
		}
		return s.hasPrivs(role, relKey(q), catalog.ClassSequence, privs, catalog.AllPrivs(catalog.ClassSequence))
	})
	register("has_column_privilege", [][]objForm{textOrOID, {{types.Text, false}, {types.Int2, true}}}, func(s *Session, st *pgcatalog.State, role string, o []privObj, privs string) (any, error) {
		valid := catalog.AllPrivs(catalog.ClassColumn)
		q, kind, found, err := s.privRelation(st, o[0])
		if err != nil || !found {
			return nil, s.privListError(err, privs, valid)
		}
		col := o[1].text
		if o[1].byOID {
			t, ok := s.findTable(q.Schema, q.Name)
			n := int(o[1].oid)
			if !ok || n < 1 || n > len(t.Schema()) {
				return nil, s.privListError(nil, privs, valid)
			}
			col = t.Schema()[n-1].Name
		} else if !s.columnExists(q, col) {
			return nil, pgerror.New(pgerror.UndefinedColumn, "column %q of relation %q does not exist", col, q.Name)
		}
		if ok, err := s.hasPrivs(role, relKey(q), relClass(kind), privs, valid); ok || err != nil {
			return ok, err
		}
		return s.hasPrivs(role, catalog.ObjectKey{Kind: catalog.ObjColumn, Schema: q.Schema, Name: q.Name, Column: col}, catalog.ClassColumn, privs, valid)
	})
	register("has_schema_privilege", [][]objForm{textOrOID}, func(s *Session, st *pgcatalog.State, role string, o []privObj, privs string) (any, error) {
		valid := catalog.AllPrivs(catalog.ClassSchema)
		name := o[0].text
		if o[0].byOID {
			found := false
			for _, n := range st.Schemas() {
				if pgcatalog.NamespaceOID(n) == o[0].oid {
					name, found = n, true
					break
				}
			}
			if !found {
				return nil, s.privListError(nil, privs, valid)
			}
		} else if !s.StorageTxn().HasSchema(name) && name != "pg_catalog" && name != "information_schema" {
			return nil, pgerror.New(pgerror.InvalidSchemaName, "schema %q does not exist", name)
		}
		if name == "pg_catalog" || name == "information_schema" || name == "pg_toast" {
			return s.hasPrivsOn(role, privs, valid, func(p catalog.Priv, _ bool) bool { return p == catalog.PrivUsage })
		}
		return s.hasPrivs(role, schemaKey(name), catalog.ClassSchema, privs, valid)
	})
	register("has_function_privilege", [][]objForm{textOrOID}, func(s *Session, st *pgcatalog.State, role string, o []privObj, privs string) (any, error) {
		valid := catalog.AllPrivs(catalog.ClassFunction)
		var t grantTarget
		if o[0].byOID {
			fn, ok := st.Catalog.FunctionByOID(o[0].oid)
			if _, builtin := pgcatalog.BuiltinByOID(o[0].oid); !ok && builtin { // acl_builtin_funcs.go
				return s.builtinFunctionPrivs(role, privs)
			}
			if !ok {
				return nil, s.privListError(nil, privs, valid)
			}
			t = functionTarget(fn)
		} else {
			ref, err := s.functionArg(o[0].text)
			if err != nil {
				return nil, err
			}
			if isBuiltinFunctionRef(ref) {
				return s.builtinFunctionPrivs(role, privs)
			}
			if t, err = s.resolveFunctionTarget(ref, "function"); err != nil {
				return nil, err
			}
		}
		return s.hasPrivs(role, t.key, catalog.ClassFunction, privs, valid)
	})
}

// privRoleArg resolves a role argument: a name must exist; an OID no role
// has stands for a role holding only PUBLIC's privileges.
func (s *Session) privRoleArg(v any) (string, error) {
	switch v := v.(type) {
	case string:
		if _, ok := s.catalog().Role(v); !ok {
			return "", roleMissing(v)
		}
		return v, nil
	case uint32:
		for _, r := range s.catalog().Roles() {
			if r.OID == v {
				return r.Name, nil
			}
		}
		return "\x00" + strconv.FormatUint(uint64(v), 10), nil
	}
	return "", pgerror.New(pgerror.InternalError, "unexpected role argument %T", v)
}

// privRelation resolves a relation argument by name (which must exist)
// or by OID (found false when no relation has it).
func (s *Session) privRelation(st *pgcatalog.State, o privObj) (catalog.QName, relKind, bool, error) {
	if !o.byOID {
		q, kind, err := s.relationArg(o.text)
		return q, kind, err == nil, err
	}
	rel, ok, err := st.RelationByOID(o.oid) // pg_class rows looked up by oid once per statement (pgcatalog/memo.go)
	if err != nil || !ok {
		return catalog.QName{}, "", false, err
	}
	kind := relKind("table")
	switch rel.Kind {
	case 'S':
		kind = "sequence"
	case 'v':
		kind = "view"
	}
	return catalog.QName{Schema: rel.Schema, Name: rel.Name}, kind, true, nil
}

// privListError is the answer for an object that does not exist: err if
// resolving it failed, else the privilege list's own error (PostgreSQL
// checks the list before looking the object up), else nil for NULL.
func (s *Session) privListError(err error, privs string, valid catalog.Priv) error {
	if err != nil {
		return err
	}
	_, err = s.hasPrivsOn("", privs, valid, func(catalog.Priv, bool) bool { return false })
	return err
}
