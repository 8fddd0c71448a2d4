package security

import (
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// Access privilege inquiry functions (PostgreSQL docs 9.26, table 9.69):
// has_table_privilege, has_column_privilege, has_schema_privilege,
// has_function_privilege, has_sequence_privilege, pg_has_role. Each takes
// an optional role name first (current_user without it) and a
// comma-separated list of privileges, true when any of them is held. The
// functions below are their name and text forms, given the role and the
// remaining arguments; the session registers them into the expression
// function table.

// HasTablePrivilege is has_table_privilege(table text, privs text).
func HasTablePrivilege(h Host, role string, a []string) (bool, error) {
	q, kind, err := relationArg(h, a[0])
	if err != nil {
		return false, err
	}
	return hasPrivs(h, role, RelKey(q), relClass(kind), a[1], catalog.AllPrivs(catalog.ClassTable))
}

// HasSequencePrivilege is has_sequence_privilege(sequence text, privs text).
func HasSequencePrivilege(h Host, role string, a []string) (bool, error) {
	q, kind, err := relationArg(h, a[0])
	if err != nil {
		return false, err
	}
	if kind != "sequence" {
		return false, pgerror.New(pgerror.WrongObjectType, "%q is not a sequence", a[0])
	}
	return hasPrivs(h, role, RelKey(q), catalog.ClassSequence, a[1], catalog.AllPrivs(catalog.ClassSequence))
}

// HasColumnPrivilege is has_column_privilege(table text, column text,
// privs text).
func HasColumnPrivilege(h Host, role string, a []string) (bool, error) {
	q, kind, err := relationArg(h, a[0])
	if err != nil {
		return false, err
	}
	if systemColumnNum(kind, a[1]) < 0 {
		// a system column has no ACL of its own: the table's decides
		return hasPrivs(h, role, RelKey(q), relClass(kind), a[2], catalog.AllPrivs(catalog.ClassColumn))
	}
	if !columnExists(h, q, a[1]) {
		return false, pgerror.New(pgerror.UndefinedColumn, "column %q of relation %q does not exist", a[1], q.Name)
	}
	if ok, err := hasPrivs(h, role, RelKey(q), relClass(kind), a[2], catalog.AllPrivs(catalog.ClassColumn)); ok || err != nil {
		return ok, err
	}
	return hasPrivs(h, role, catalog.ObjectKey{Kind: catalog.ObjColumn, Schema: q.Schema, Name: q.Name, Column: a[1]}, catalog.ClassColumn, a[2], catalog.AllPrivs(catalog.ClassColumn))
}

// HasAnyColumnPrivilege is has_any_column_privilege(table text, privs
// text): the privilege on the table, or on at least one of its columns.
func HasAnyColumnPrivilege(h Host, role string, a []string) (bool, error) {
	q, kind, err := relationArg(h, a[0])
	if err != nil {
		return false, err
	}
	if ok, err := hasPrivs(h, role, RelKey(q), relClass(kind), a[1], catalog.AllPrivs(catalog.ClassColumn)); ok || err != nil {
		return ok, err
	}
	cols, _ := h.TableColumns(q.Schema, q.Name)
	if v, ok := h.Catalog().View(q); ok && cols == nil {
		cols = v.Columns
	}
	for _, c := range cols {
		k := catalog.ObjectKey{Kind: catalog.ObjColumn, Schema: q.Schema, Name: q.Name, Column: c}
		if ok, err := hasPrivs(h, role, k, catalog.ClassColumn, a[1], catalog.AllPrivs(catalog.ClassColumn)); ok || err != nil {
			return ok, err
		}
	}
	return false, nil
}

// HasSchemaPrivilege is has_schema_privilege(schema text, privs text).
func HasSchemaPrivilege(h Host, role string, a []string) (bool, error) {
	if !h.HasSchema(a[0]) && a[0] != "pg_catalog" && a[0] != "information_schema" {
		return false, pgerror.New(pgerror.InvalidSchemaName, "schema %q does not exist", a[0])
	}
	if a[0] == "pg_catalog" || a[0] == "information_schema" {
		return hasPrivsOn(role, a[1], catalog.AllPrivs(catalog.ClassSchema), func(p catalog.Priv, _ bool) bool { return p == catalog.PrivUsage })
	}
	return hasPrivs(h, role, schemaKey(a[0]), catalog.ClassSchema, a[1], catalog.AllPrivs(catalog.ClassSchema))
}

// HasDatabasePrivilege is has_database_privilege(database text, privs
// text): CREATE, CONNECT and TEMPORARY (TEMP) on the one database.
func HasDatabasePrivilege(h Host, role string, a []string) (bool, error) {
	if a[0] != databaseName {
		return false, pgerror.New(pgerror.InvalidCatalogName, "database %q does not exist", a[0])
	}
	return hasPrivs(h, role, databaseKey(), catalog.ClassDatabase, a[1], catalog.AllPrivs(catalog.ClassDatabase))
}

// HasLanguagePrivilege is has_language_privilege(language text, privs
// text): USAGE.
func HasLanguagePrivilege(h Host, role string, a []string) (bool, error) {
	if _, ok := languages[a[0]]; !ok {
		return false, pgerror.New(pgerror.UndefinedObject, "language %q does not exist", a[0])
	}
	return hasPrivs(h, role, LanguageKey(a[0]), catalog.ClassLanguage, a[1], catalog.AllPrivs(catalog.ClassLanguage))
}

// HasTablespacePrivilege is has_tablespace_privilege(tablespace text,
// privs text): CREATE.
func HasTablespacePrivilege(h Host, role string, a []string) (bool, error) {
	if !tablespaces[a[0]] {
		return false, pgerror.New(pgerror.UndefinedObject, "tablespace %q does not exist", a[0])
	}
	return hasPrivs(h, role, TablespaceKey(a[0]), catalog.ClassTablespace, a[1], catalog.AllPrivs(catalog.ClassTablespace))
}

// HasForeignDataWrapperPrivilege is has_foreign_data_wrapper_privilege(fdw
// text, privs text): USAGE.
func HasForeignDataWrapperPrivilege(h Host, role string, a []string) (bool, error) {
	if _, ok := h.Catalog().ForeignWrapper(a[0]); !ok {
		return false, wrapperMissing(a[0])
	}
	return hasPrivs(h, role, ForeignWrapperKey(a[0]), catalog.ClassForeignWrapper, a[1], catalog.AllPrivs(catalog.ClassForeignWrapper))
}

// HasServerPrivilege is has_server_privilege(server text, privs text):
// USAGE.
func HasServerPrivilege(h Host, role string, a []string) (bool, error) {
	if _, ok := h.Catalog().ForeignServer(a[0]); !ok {
		return false, serverMissing(a[0])
	}
	return hasPrivs(h, role, ForeignServerKey(a[0]), catalog.ClassForeignServer, a[1], catalog.AllPrivs(catalog.ClassForeignServer))
}

// HasFunctionPrivilege is has_function_privilege(function text, privs
// text).
func HasFunctionPrivilege(h Host, role string, a []string) (bool, error) {
	ref, err := functionArg(h, a[0])
	if err != nil {
		return false, err
	}
	if isBuiltinFunctionRef(ref) { // acl_builtin_funcs.go
		return builtinFunctionPrivs(h, role, a[1])
	}
	t, err := resolveFunctionTarget(h, ref, "function")
	if err != nil {
		return false, err
	}
	return hasPrivs(h, role, t.key, catalog.ClassFunction, a[1], catalog.AllPrivs(catalog.ClassFunction))
}

// PgHasRole is pg_has_role(role text, privs text).
func PgHasRole(h Host, role string, a []string) (bool, error) {
	target := a[0]
	cat := h.Catalog()
	if _, ok := cat.Role(target); !ok {
		return false, RoleMissing(target)
	}
	super := false
	if r, ok := cat.Role(role); ok && r.Super {
		super = true
	}
	for _, p := range strings.Split(a[1], ",") {
		p = strings.ToUpper(strings.TrimSpace(p))
		admin := false
		for _, suffix := range []string{" WITH ADMIN OPTION", " WITH GRANT OPTION"} {
			if strings.HasSuffix(p, suffix) {
				p, admin = strings.TrimSpace(strings.TrimSuffix(p, suffix)), true
			}
		}
		var ok bool
		switch p {
		case "MEMBER":
			ok = super || cat.IsMemberOf(role, target)
		case "USAGE":
			ok = super || cat.HasPrivsOf(role, target)
		default:
			return false, pgerror.New(pgerror.InvalidParameterValue, "unrecognized privilege type: %q", strings.TrimSpace(a[1]))
		}
		if ok && admin && !super && role != target {
			ok = hasAdminOption(h, role, target)
		} else if ok && admin && !super {
			ok = false
		}
		if ok {
			return true, nil
		}
	}
	return false, nil
}

// relationArg resolves has_*_privilege's relation text (an optionally
// qualified, optionally quoted name).
func relationArg(h Host, text string) (catalog.QName, RelKind, error) {
	q, err := parseQualifiedName(text)
	if err != nil {
		return q, "", err
	}
	rq, kind, ok := h.LookupRelation(q)
	if !ok {
		return q, "", pgerror.New(pgerror.UndefinedTable, "relation %q does not exist", text)
	}
	return rq, kind, nil
}

func parseQualifiedName(text string) (catalog.QName, error) {
	tree, err := pgtree.Parse("SELECT * FROM " + text)
	if err != nil || len(tree.Stmts) != 1 {
		return catalog.QName{}, pgerror.New(pgerror.InvalidNameSyntax, "invalid name syntax")
	}
	from := tree.Stmts[0].Stmt.GetSelectStmt().GetFromClause()
	if len(from) != 1 || from[0].GetRangeVar() == nil {
		return catalog.QName{}, pgerror.New(pgerror.InvalidNameSyntax, "invalid name syntax")
	}
	rv := from[0].GetRangeVar()
	return catalog.QName{Schema: rv.Schemaname, Name: rv.Relname}, nil
}

// functionArg parses has_function_privilege's "name(argtypes)" text.
func functionArg(h Host, text string) (translate.FuncRef, error) {
	tree, err := pgtree.Parse("DROP FUNCTION " + text)
	if err != nil || len(tree.Stmts) != 1 {
		return translate.FuncRef{}, pgerror.New(pgerror.InvalidTextRepresentation, "invalid input syntax for type regprocedure: %q", text)
	}
	owa := tree.Stmts[0].Stmt.GetDropStmt().GetObjects()[0].GetObjectWithArgs()
	ref, ok := h.Translator().FuncRefOf(owa)
	if !ok {
		return ref, pgerror.New(pgerror.UndefinedObject, "type does not exist")
	}
	return ref, nil
}

// hasPrivs answers a privilege list for one object.
func hasPrivs(h Host, role string, k catalog.ObjectKey, class catalog.ObjClass, list string, valid catalog.Priv) (bool, error) {
	cat := h.Catalog()
	super := false
	if r, ok := cat.Role(role); ok && r.Super {
		super = true
	}
	have := cat.Privileges(role, k, class)
	grant := cat.GrantOptions(role, k, class)
	if class == catalog.ClassColumn {
		grant = 0
		for _, it := range cat.EffectiveACL(k, class) {
			if it.Grantee != "" && cat.HasPrivsOf(role, it.Grantee) {
				grant |= it.Grant
			}
		}
	}
	return hasPrivsOn(role, list, valid, func(p catalog.Priv, withGrant bool) bool {
		if super {
			return true
		}
		if withGrant {
			return grant&p != 0
		}
		return have&p != 0
	})
}

func hasPrivsOn(role, list string, valid catalog.Priv, holds func(catalog.Priv, bool) bool) (bool, error) {
	any := false
	for _, item := range strings.Split(list, ",") {
		word := strings.ToLower(strings.TrimSpace(item))
		withGrant := false
		if strings.HasSuffix(word, " with grant option") {
			word, withGrant = strings.TrimSpace(strings.TrimSuffix(word, " with grant option")), true
		}
		p, ok := catalog.PrivNames[word]
		if word == "temp" || !ok || p&valid == 0 {
			if word == "temp" && valid&catalog.PrivTemporary != 0 {
				p = catalog.PrivTemporary
			} else {
				return false, pgerror.New(pgerror.InvalidParameterValue, "unrecognized privilege type: %q", strings.TrimSpace(item))
			}
		}
		if holds(p, withGrant) {
			any = true
		}
	}
	return any, nil
}
