package security

import (
	"strconv"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// The OID forms of the access privilege inquiry functions (PostgreSQL docs
// 9.26, table 9.69: "user name or oid", "table text or oid", "column text
// or smallint"), beside the name and text forms of acl_funcs.go. As in
// PostgreSQL (utils/adt/acl.c): a role given by name must exist, a role
// given by an unknown OID holds only PUBLIC's privileges, the privilege
// list is checked next, and an object given by an unknown OID (or a
// column by an unknown number) yields NULL. Each function below takes the
// resolved role (PrivRoleArg), the object arguments and the privilege
// list.

// PrivObj is an object argument: a name (text) or an OID.
type PrivObj struct {
	Text  string
	OID   uint32
	ByOID bool
}

// PrivRoleArg resolves a role argument: a name must exist; an OID no role
// has stands for a role holding only PUBLIC's privileges (a name no role
// can have: names never hold NUL).
func PrivRoleArg(h Host, v any) (string, error) {
	switch v := v.(type) {
	case string:
		if _, ok := h.Catalog().Role(v); !ok {
			return "", RoleMissing(v)
		}
		return v, nil
	case uint32:
		for _, r := range h.Catalog().Roles() {
			if r.OID == v {
				return r.Name, nil
			}
		}
		return "\x00" + strconv.FormatUint(uint64(v), 10), nil
	}
	return "", pgerror.New(pgerror.InternalError, "unexpected role argument %T", v)
}

// HasTablePrivilegeOID is has_table_privilege with an OID among its
// arguments.
func HasTablePrivilegeOID(h Host, st *pgcatalog.State, role string, o []PrivObj, privs string) (any, error) {
	q, kind, found, err := privRelation(h, st, o[0])
	if err != nil || !found {
		return nil, privListError(err, privs, catalog.AllPrivs(catalog.ClassTable))
	}
	return hasPrivs(h, role, RelKey(q), relClass(kind), privs, catalog.AllPrivs(catalog.ClassTable))
}

// HasSequencePrivilegeOID is has_sequence_privilege with an OID among its
// arguments.
func HasSequencePrivilegeOID(h Host, st *pgcatalog.State, role string, o []PrivObj, privs string) (any, error) {
	q, kind, found, err := privRelation(h, st, o[0])
	if err != nil || !found {
		return nil, privListError(err, privs, catalog.AllPrivs(catalog.ClassSequence))
	}
	if kind != "sequence" {
		return nil, pgerror.New(pgerror.WrongObjectType, "%q is not a sequence", q.Name)
	}
	return hasPrivs(h, role, RelKey(q), catalog.ClassSequence, privs, catalog.AllPrivs(catalog.ClassSequence))
}

// HasColumnPrivilegeOID is has_column_privilege with an OID or a column
// number among its arguments.
func HasColumnPrivilegeOID(h Host, st *pgcatalog.State, role string, o []PrivObj, privs string) (any, error) {
	valid := catalog.AllPrivs(catalog.ClassColumn)
	q, kind, found, err := privRelation(h, st, o[0])
	if err != nil || !found {
		return nil, privListError(err, privs, valid)
	}
	col := o[1].Text
	if o[1].ByOID {
		cols, ok := h.TableColumns(q.Schema, q.Name)
		n := int(int16(o[1].OID))
		if ok && kind != "view" && n < 0 && n >= -len(systemColumnNames) {
			return hasPrivs(h, role, RelKey(q), relClass(kind), privs, valid) // a system column: the table's ACL
		}
		if !ok || n < 1 || n > len(cols) {
			return nil, privListError(nil, privs, valid)
		}
		col = cols[n-1]
	} else if systemColumnNum(kind, col) < 0 {
		return hasPrivs(h, role, RelKey(q), relClass(kind), privs, valid)
	} else if !columnExists(h, q, col) {
		return nil, pgerror.New(pgerror.UndefinedColumn, "column %q of relation %q does not exist", col, q.Name)
	}
	if ok, err := hasPrivs(h, role, RelKey(q), relClass(kind), privs, valid); ok || err != nil {
		return ok, err
	}
	return hasPrivs(h, role, catalog.ObjectKey{Kind: catalog.ObjColumn, Schema: q.Schema, Name: q.Name, Column: col}, catalog.ClassColumn, privs, valid)
}

// HasSchemaPrivilegeOID is has_schema_privilege with an OID among its
// arguments.
func HasSchemaPrivilegeOID(h Host, st *pgcatalog.State, role string, o []PrivObj, privs string) (any, error) {
	valid := catalog.AllPrivs(catalog.ClassSchema)
	name := o[0].Text
	if o[0].ByOID {
		found := false
		for _, n := range st.Schemas() {
			if pgcatalog.NamespaceOID(n) == o[0].OID {
				name, found = n, true
				break
			}
		}
		if !found {
			return nil, privListError(nil, privs, valid)
		}
	} else if !h.HasSchema(name) && name != "pg_catalog" && name != "information_schema" {
		return nil, pgerror.New(pgerror.InvalidSchemaName, "schema %q does not exist", name)
	}
	if name == "pg_catalog" || name == "information_schema" || name == "pg_toast" {
		return hasPrivsOn(role, privs, valid, func(p catalog.Priv, _ bool) bool { return p == catalog.PrivUsage })
	}
	return hasPrivs(h, role, schemaKey(name), catalog.ClassSchema, privs, valid)
}

// HasFunctionPrivilegeOID is has_function_privilege with an OID among its
// arguments.
func HasFunctionPrivilegeOID(h Host, st *pgcatalog.State, role string, o []PrivObj, privs string) (any, error) {
	valid := catalog.AllPrivs(catalog.ClassFunction)
	var t grantTarget
	if o[0].ByOID {
		fn, ok := st.Catalog.FunctionByOID(o[0].OID)
		if _, builtin := pgcatalog.BuiltinByOID(o[0].OID); !ok && builtin { // acl_builtin_funcs.go
			return builtinFunctionPrivs(h, role, privs)
		}
		if !ok {
			return nil, privListError(nil, privs, valid)
		}
		t = functionTarget(fn)
	} else {
		ref, err := functionArg(h, o[0].Text)
		if err != nil {
			return nil, err
		}
		if isBuiltinFunctionRef(ref) {
			return builtinFunctionPrivs(h, role, privs)
		}
		if t, err = resolveFunctionTarget(h, ref, "function"); err != nil {
			return nil, err
		}
	}
	return hasPrivs(h, role, t.key, catalog.ClassFunction, privs, valid)
}

// HasForeignDataWrapperPrivilegeOID is has_foreign_data_wrapper_privilege
// with an OID among its arguments.
func HasForeignDataWrapperPrivilegeOID(h Host, st *pgcatalog.State, role string, o []PrivObj, privs string) (any, error) {
	valid := catalog.AllPrivs(catalog.ClassForeignWrapper)
	name := o[0].Text
	if o[0].ByOID {
		found := false
		for _, w := range h.Catalog().Foreign().Wrappers {
			if w.OID == o[0].OID {
				name, found = w.Name, true
				break
			}
		}
		if !found {
			return nil, privListError(nil, privs, valid)
		}
	} else if _, ok := h.Catalog().ForeignWrapper(name); !ok {
		return nil, wrapperMissing(name)
	}
	return hasPrivs(h, role, ForeignWrapperKey(name), catalog.ClassForeignWrapper, privs, valid)
}

// HasServerPrivilegeOID is has_server_privilege with an OID among its
// arguments.
func HasServerPrivilegeOID(h Host, st *pgcatalog.State, role string, o []PrivObj, privs string) (any, error) {
	valid := catalog.AllPrivs(catalog.ClassForeignServer)
	name := o[0].Text
	if o[0].ByOID {
		found := false
		for _, sv := range h.Catalog().Foreign().Servers {
			if sv.OID == o[0].OID {
				name, found = sv.Name, true
				break
			}
		}
		if !found {
			return nil, privListError(nil, privs, valid)
		}
	} else if _, ok := h.Catalog().ForeignServer(name); !ok {
		return nil, serverMissing(name)
	}
	return hasPrivs(h, role, ForeignServerKey(name), catalog.ClassForeignServer, privs, valid)
}

// privRelation resolves a relation argument by name (which must exist)
// or by OID (found false when no relation has it).
func privRelation(h Host, st *pgcatalog.State, o PrivObj) (catalog.QName, RelKind, bool, error) {
	if !o.ByOID {
		q, kind, err := relationArg(h, o.Text)
		return q, kind, err == nil, err
	}
	rel, ok, err := st.RelationByOID(o.OID) // pg_class rows looked up by oid once per statement (pgcatalog/memo.go)
	if err != nil || !ok {
		return catalog.QName{}, "", false, err
	}
	kind := RelKind("table")
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
func privListError(err error, privs string, valid catalog.Priv) error {
	if err != nil {
		return err
	}
	_, err = hasPrivsOn("", privs, valid, func(catalog.Priv, bool) bool { return false })
	return err
}
