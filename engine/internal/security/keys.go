package security

import (
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// RelKind is the kind of a relation: "table", "view" or "sequence".
type RelKind string

// databaseName is the one database tinybase serves.
const databaseName = "postgres"

// objDatabase keys the database's ACL.
const objDatabase catalog.ObjKind = 100

// objLanguage and objTablespace key a procedural language's and a
// tablespace's ACL.
const (
	objLanguage   catalog.ObjKind = 101
	objTablespace catalog.ObjKind = 102
)

// languages are tinybase's procedural languages (pg_language), with
// whether each is trusted: GRANT on an untrusted one is an error.
var languages = map[string]bool{"internal": false, "c": false, "sql": true, "plpgsql": true}

// tablespaces are PostgreSQL's two built-in tablespaces, the only ones.
var tablespaces = map[string]bool{"pg_default": true, "pg_global": true}

// LanguageKey is a procedural language's ACL key.
func LanguageKey(name string) catalog.ObjectKey {
	return catalog.ObjectKey{Kind: objLanguage, Name: name}
}

// ParameterKey is a configuration parameter's ACL key (name lower-cased).
func ParameterKey(name string) catalog.ObjectKey {
	return catalog.ObjectKey{Kind: catalog.ObjParameter, Name: name}
}

// TablespaceKey is a tablespace's ACL key.
func TablespaceKey(name string) catalog.ObjectKey {
	return catalog.ObjectKey{Kind: objTablespace, Name: name}
}

// ForeignWrapperKey is a foreign-data wrapper's ACL key.
func ForeignWrapperKey(name string) catalog.ObjectKey {
	return catalog.ObjectKey{Kind: catalog.ObjForeignWrapper, Name: name}
}

// ForeignServerKey is a foreign server's ACL key.
func ForeignServerKey(name string) catalog.ObjectKey {
	return catalog.ObjectKey{Kind: catalog.ObjForeignServer, Name: name}
}

// wrapperMissing is 42704 "foreign-data wrapper %q does not exist".
func wrapperMissing(name string) error {
	return pgerror.New(pgerror.UndefinedObject, "foreign-data wrapper %q does not exist", name)
}

// serverMissing is 42704 "server %q does not exist".
func serverMissing(name string) error {
	return pgerror.New(pgerror.UndefinedObject, "server %q does not exist", name)
}

// RelKey is a relation's owner / ACL key.
func RelKey(q catalog.QName) catalog.ObjectKey {
	return catalog.ObjectKey{Kind: catalog.ObjRelation, Schema: q.Schema, Name: q.Name}
}

// schemaKey is a schema's owner / ACL key.
func schemaKey(name string) catalog.ObjectKey {
	return catalog.ObjectKey{Kind: catalog.ObjSchema, Name: name}
}

// DatabaseName is the one database tinybase serves.
const DatabaseName = databaseName

// DatabaseKey is the database's owner / ACL key.
func DatabaseKey() catalog.ObjectKey { return databaseKey() }

// databaseKey is the database's owner / ACL key.
func databaseKey() catalog.ObjectKey {
	return catalog.ObjectKey{Kind: objDatabase, Name: databaseName}
}

// relClass is the ACL class of a relation kind.
func relClass(kind RelKind) catalog.ObjClass {
	if kind == "sequence" {
		return catalog.ClassSequence
	}
	return catalog.ClassTable
}

// funcSignature is how a function is keyed in owners and ACLs:
// name(argtype, ...) with format_type names.
func funcSignature(name string, args []*types.Type) string {
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = a.WithMod(-1).FormatType()
	}
	return name + "(" + strings.Join(parts, ", ") + ")"
}

// funcKey is a function's owner / ACL key.
func funcKey(schema, name string, args []*types.Type) catalog.ObjectKey {
	return catalog.ObjectKey{Kind: catalog.ObjFunction, Schema: schema, Name: funcSignature(name, args)}
}

// permissionDenied is 42501 "permission denied for <kind> <name>".
func permissionDenied(word, name string) error {
	return pgerror.New(pgerror.InsufficientPrivilege, "permission denied for %s %s", word, name)
}

// mustBeOwner is 42501 "must be owner of <kind> <name>".
func mustBeOwner(word, name string) error {
	return pgerror.New(pgerror.InsufficientPrivilege, "must be owner of %s %s", word, name)
}

// RoleMissing is 42704 "role %q does not exist".
func RoleMissing(name string) error {
	return pgerror.New(pgerror.UndefinedObject, "role %q does not exist", name)
}

func quoteIdent(s string) string { return `"` + s + `"` }

func quoteQName(q catalog.QName) string {
	return quoteIdent(q.Schema) + "." + quoteIdent(q.Name)
}

// columnExists reports whether relation q has column col.
// systemColumnNames are the system columns by -attnum - 1 (docs 5.5).
var systemColumnNames = []string{"ctid", "xmin", "cmin", "xmax", "cmax", "tableoid"}

// systemColumnNum is the attnum of system column col of a relation of
// kind kind (-1 for ctid .. -6 for tableoid), 0 when col is none or the
// relation has no system columns (a view).
func systemColumnNum(kind RelKind, col string) int {
	if kind == "view" {
		return 0
	}
	for i, n := range systemColumnNames {
		if n == col {
			return -(i + 1)
		}
	}
	return 0
}

func columnExists(h Host, q catalog.QName, col string) bool {
	if cols, ok := h.TableColumns(q.Schema, q.Name); ok {
		for _, c := range cols {
			if c == col {
				return true
			}
		}
		return false
	}
	if v, ok := h.Catalog().View(q); ok {
		for _, c := range v.Columns {
			if c == col {
				return true
			}
		}
	}
	return false
}

// currentRole is the role privileges are checked for (current_user).
func currentRole(h Host) *catalog.Role {
	r, ok := h.Catalog().Role(h.CurrentUser())
	if !ok {
		return &catalog.Role{Name: h.CurrentUser()}
	}
	return r
}

// isSuperuser reports whether current_user is a superuser.
func isSuperuser(h Host) bool { return currentRole(h).Super }

// resolveRoleName turns a translated role name (or CURRENT_USER /
// SESSION_USER marker) into an existing role's name.
func resolveRoleName(h Host, name string) (string, error) {
	switch name {
	case translate.RoleCurrentUser:
		return h.CurrentUser(), nil
	case translate.RoleSessionUser:
		return h.SessionUser(), nil
	}
	if _, ok := h.Catalog().Role(name); !ok {
		return "", RoleMissing(name)
	}
	return name, nil
}
