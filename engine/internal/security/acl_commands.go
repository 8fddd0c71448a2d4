package security

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// grantTarget is one object a GRANT / REVOKE names.
type grantTarget struct {
	key   catalog.ObjectKey
	class catalog.ObjClass
	word  string // "table", "sequence", "schema", ... for messages
	name  string // as messages print it
	q     catalog.QName
}

func grantTargets(h Host, c *translate.Grant) ([]grantTarget, error) {
	var out []grantTarget
	cat := h.Catalog()
	switch {
	case len(c.AllInSchema) > 0:
		for _, sc := range c.AllInSchema {
			if !h.HasSchema(sc) {
				return nil, pgerror.New(pgerror.InvalidSchemaName, "schema %q does not exist", sc)
			}
			switch c.Class {
			case catalog.ClassTable:
				names, err := h.TableNames(sc)
				if err != nil {
					return nil, err
				}
				for _, n := range names {
					q := catalog.QName{Schema: sc, Name: n}
					out = append(out, grantTarget{key: RelKey(q), class: catalog.ClassTable, word: "table", name: n, q: q})
				}
				for _, v := range cat.Views() {
					if v.Schema == sc {
						q := catalog.QName{Schema: sc, Name: v.Name}
						out = append(out, grantTarget{key: RelKey(q), class: catalog.ClassTable, word: "view", name: v.Name, q: q})
					}
				}
			case catalog.ClassSequence:
				for _, seq := range cat.Sequences() {
					if seq.Schema == sc {
						q := catalog.QName{Schema: sc, Name: seq.Name}
						out = append(out, grantTarget{key: RelKey(q), class: catalog.ClassSequence, word: "sequence", name: seq.Name, q: q})
					}
				}
			case catalog.ClassFunction:
				out = append(out, functionsInSchema(h, sc, c.ObjType)...)
			}
		}
		return out, nil
	case len(c.Funcs) > 0:
		for _, f := range c.Funcs {
			t, err := resolveFunctionTarget(h, f, c.ObjType)
			if err != nil {
				return nil, err
			}
			out = append(out, t)
		}
		return out, nil
	}
	for _, o := range c.Objects {
		switch c.Class {
		case catalog.ClassTable, catalog.ClassSequence:
			q, kind, ok := h.LookupRelation(o)
			if !ok {
				return nil, pgerror.New(pgerror.UndefinedTable, "relation %q does not exist", o.Display())
			}
			class := catalog.ClassTable
			if kind == "sequence" {
				class = catalog.ClassSequence
			} else if c.Class == catalog.ClassSequence {
				return nil, pgerror.New(pgerror.WrongObjectType, "%q is not a sequence", o.Name)
			}
			out = append(out, grantTarget{key: RelKey(q), class: class, word: string(kind), name: q.Name, q: q})
		case catalog.ClassSchema:
			if !h.HasSchema(o.Name) {
				return nil, pgerror.New(pgerror.InvalidSchemaName, "schema %q does not exist", o.Name)
			}
			out = append(out, grantTarget{key: schemaKey(o.Name), class: catalog.ClassSchema, word: "schema", name: o.Name})
		case catalog.ClassType:
			q, ok := h.FindType(cat, o)
			if !ok {
				return nil, pgerror.New(pgerror.UndefinedObject, "type %q does not exist", o.Display())
			}
			out = append(out, grantTarget{key: catalog.ObjectKey{Kind: catalog.ObjType, Schema: q.Schema, Name: q.Name}, class: catalog.ClassType, word: "type", name: q.Name, q: q})
		case catalog.ClassDatabase:
			if o.Name != databaseName {
				return nil, pgerror.New(pgerror.InvalidCatalogName, "database %q does not exist", o.Name)
			}
			out = append(out, grantTarget{key: databaseKey(), class: catalog.ClassDatabase, word: "database", name: databaseName})
		case catalog.ClassLanguage:
			trusted, ok := languages[o.Name]
			if !ok {
				return nil, pgerror.New(pgerror.UndefinedObject, "language %q does not exist", o.Name)
			}
			if !trusted {
				return nil, pgerror.New(pgerror.WrongObjectType, "language %q is not trusted", o.Name).
					WithDetail("GRANT and REVOKE are not allowed on untrusted languages, because only superusers can use untrusted languages.")
			}
			out = append(out, grantTarget{key: LanguageKey(o.Name), class: catalog.ClassLanguage, word: "language", name: o.Name})
		case catalog.ClassTablespace:
			if !tablespaces[o.Name] {
				return nil, pgerror.New(pgerror.UndefinedObject, "tablespace %q does not exist", o.Name)
			}
			out = append(out, grantTarget{key: TablespaceKey(o.Name), class: catalog.ClassTablespace, word: "tablespace", name: o.Name})
		case catalog.ClassForeignWrapper:
			if _, ok := cat.ForeignWrapper(o.Name); !ok {
				return nil, wrapperMissing(o.Name)
			}
			out = append(out, grantTarget{key: ForeignWrapperKey(o.Name), class: catalog.ClassForeignWrapper, word: "foreign-data wrapper", name: o.Name})
		case catalog.ClassForeignServer:
			if _, ok := cat.ForeignServer(o.Name); !ok {
				return nil, serverMissing(o.Name)
			}
			out = append(out, grantTarget{key: ForeignServerKey(o.Name), class: catalog.ClassForeignServer, word: "foreign server", name: o.Name})
		case catalog.ClassLargeObject:
			oid, err := strconv.ParseUint(o.Name, 10, 32)
			if err != nil {
				return nil, pgerror.New(pgerror.NumericValueOutOfRange, "OID out of range")
			}
			if _, ok := cat.LargeObject(uint32(oid)); !ok {
				return nil, pgerror.New(pgerror.UndefinedObject, "large object %d does not exist", oid)
			}
			out = append(out, grantTarget{key: catalog.LargeObjectKey(uint32(oid)), class: catalog.ClassLargeObject, word: "large object", name: o.Name})
		case catalog.ClassParameter:
			name := strings.ToLower(o.Name)
			if !h.KnownParameter(name) {
				return nil, pgerror.New(pgerror.InvalidName, "invalid parameter name %q", o.Name)
			}
			out = append(out, grantTarget{key: ParameterKey(name), class: catalog.ClassParameter, word: "parameter", name: name})
		}
	}
	return out, nil
}

// privsOf turns the GRANT's privilege list into table-level privileges and
// per-column ones, checking each is valid for the class.
func privsOf(c *translate.Grant, class catalog.ObjClass, word string) (catalog.Priv, map[string]catalog.Priv, error) {
	all := catalog.AllPrivs(class)
	if c.All {
		return all, nil, nil
	}
	var p catalog.Priv
	cols := map[string]catalog.Priv{}
	for _, spec := range c.Privs {
		pr := spec.Priv
		if spec.Name == "all" {
			pr = all
			if len(spec.Columns) > 0 {
				pr = catalog.AllPrivs(catalog.ClassColumn)
			}
		}
		if len(spec.Columns) > 0 {
			if class != catalog.ClassTable {
				return 0, nil, pgerror.New(pgerror.InvalidGrantOperation, "column privileges are only valid for relations")
			}
			if pr&^catalog.AllPrivs(catalog.ClassColumn) != 0 {
				return 0, nil, pgerror.New(pgerror.InvalidGrantOperation, "invalid privilege type %s for column", strings.ToUpper(spec.Name))
			}
			for _, col := range spec.Columns {
				cols[col] |= pr
			}
			continue
		}
		if pr&^all != 0 {
			if class == catalog.ClassSequence && c.Class == catalog.ClassTable {
				// GRANT ... ON TABLE naming a sequence: PostgreSQL warns and
				// keeps the privileges sequences have.
				continue
			}
			return 0, nil, pgerror.New(pgerror.InvalidGrantOperation, "invalid privilege type %s for %s", strings.ToUpper(spec.Name), word)
		}
		p |= pr
	}
	return p, cols, nil
}

func grantees(h Host, names []string) ([]string, error) {
	var out []string
	for _, g := range names {
		if g == translate.RolePublic {
			out = append(out, "")
			continue
		}
		n, err := resolveRoleName(h, g)
		if err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, nil
}

// Grant runs GRANT / REVOKE of privileges on objects.
func Grant(h Host, c *translate.Grant) error {
	targets, err := grantTargets(h, c)
	if err != nil {
		return err
	}
	grantees, err := grantees(h, c.Grantees)
	if err != nil {
		return err
	}
	me := h.CurrentUser()
	for _, t := range targets {
		privs, cols, err := privsOf(c, t.class, t.word)
		if err != nil {
			return err
		}
		if t.class == catalog.ClassSequence && c.Class == catalog.ClassTable && !c.All {
			for _, spec := range c.Privs {
				if spec.Priv&^catalog.AllPrivs(catalog.ClassSequence) != 0 {
					h.Notice("WARNING", "01007", fmt.Sprintf("sequence %q only supports USAGE, SELECT, and UPDATE privileges", t.name))
					break
				}
			}
		}
		cat := h.Catalog()
		// The grantor: the owner when the current role has the owner's
		// privileges (superusers included); otherwise the current role,
		// which needs grant options (PostgreSQL's select_best_grantor).
		owner := cat.Owner(t.key)
		grantor := me
		avail := cat.GrantOptions(me, t.key, t.class)
		if cat.HasPrivsOf(me, owner) {
			grantor = owner
			avail = catalog.AllPrivs(t.class)
			if len(cols) > 0 {
				avail |= catalog.AllPrivs(catalog.ClassColumn)
			}
		}
		want := privs
		for _, p := range cols {
			want |= p
		}
		if avail&want == 0 {
			if cat.Privileges(me, t.key, t.class) == 0 && !isSuperuser(h) {
				return permissionDenied(t.word, t.name)
			}
			if c.Revoke {
				h.Notice("WARNING", "01006", fmt.Sprintf("no privileges could be revoked for %q", t.name))
			} else {
				h.Notice("WARNING", "01007", fmt.Sprintf("no privileges were granted for %q", t.name))
			}
			continue
		}
		if avail&want != want {
			if c.Revoke {
				h.Notice("WARNING", "01006", fmt.Sprintf("not all privileges could be revoked for %q", t.name))
			} else {
				h.Notice("WARNING", "01007", fmt.Sprintf("not all privileges were granted for %q", t.name))
			}
			privs &= avail
			for k := range cols {
				cols[k] &= avail
			}
		}
		if privs != 0 {
			acl := cat.EffectiveACL(t.key, t.class)
			for _, g := range grantees {
				if c.Revoke {
					acl = acl.Revoke(g, grantor, privs, c.GrantOption)
				} else {
					acl = acl.Grant(g, grantor, privs, c.GrantOption)
				}
			}
			if acl == nil {
				acl = catalog.ACL{}
			}
			cat = cat.SetACL(t.key, acl)
		}
		for col, p := range cols {
			if !columnExists(h, t.q, col) {
				return pgerror.New(pgerror.UndefinedColumn, "column %q of relation %q does not exist", col, t.name)
			}
			k := catalog.ObjectKey{Kind: catalog.ObjColumn, Schema: t.q.Schema, Name: t.q.Name, Column: col}
			acl := cat.ACL(k)
			for _, g := range grantees {
				if c.Revoke {
					acl = acl.Revoke(g, grantor, p, c.GrantOption)
				} else {
					acl = acl.Grant(g, grantor, p, c.GrantOption)
				}
			}
			cat = cat.SetACL(k, acl)
		}
		// REVOKE on a table also revokes the same privileges on its columns
		if c.Revoke && t.class == catalog.ClassTable && len(cols) == 0 {
			for col, acl := range cat.ColumnACLs(t.q) {
				k := catalog.ObjectKey{Kind: catalog.ObjColumn, Schema: t.q.Schema, Name: t.q.Name, Column: col}
				for _, g := range grantees {
					acl = acl.Revoke(g, grantor, privs, c.GrantOption)
				}
				cat = cat.SetACL(k, acl)
			}
		}
		h.SetCatalog(cat)
	}
	return nil
}

// AlterDefaultPrivileges runs ALTER DEFAULT PRIVILEGES.
func AlterDefaultPrivileges(h Host, c *translate.AlterDefaultPrivileges) error {
	roles := c.Roles
	if len(roles) == 0 {
		roles = []string{h.CurrentUser()}
	}
	objType := map[catalog.ObjClass]byte{catalog.ClassTable: 'r', catalog.ClassSequence: 'S', catalog.ClassFunction: 'f', catalog.ClassType: 'T', catalog.ClassSchema: 'n'}[c.Action.Class]
	if objType == 0 {
		return pgerror.New(pgerror.FeatureNotSupported, "ALTER DEFAULT PRIVILEGES for this object type is not supported yet")
	}
	if objType == 'n' && len(c.Schemas) > 0 {
		return pgerror.New(pgerror.InvalidGrantOperation, "cannot use IN SCHEMA clause when using GRANT/REVOKE ON SCHEMAS")
	}
	grantees, err := grantees(h, c.Action.Grantees)
	if err != nil {
		return err
	}
	class := catalog.DefaultClass(objType)
	privs := catalog.AllPrivs(class)
	if !c.Action.All {
		privs = 0
		for _, spec := range c.Action.Privs {
			if spec.Priv&^catalog.AllPrivs(class) != 0 {
				return pgerror.New(pgerror.InvalidGrantOperation, "invalid privilege type %s for %s", strings.ToUpper(spec.Name), map[byte]string{'r': "relation", 'S': "sequence", 'f': "function", 'T': "type", 'n': "schema"}[objType])
			}
			privs |= spec.Priv
		}
	}
	schemas := c.Schemas
	if len(schemas) == 0 {
		schemas = []string{""}
	}
	for _, rn := range roles {
		role, err := resolveRoleName(h, rn)
		if err != nil {
			return err
		}
		if !isSuperuser(h) && !h.Catalog().HasPrivsOf(h.CurrentUser(), role) {
			return pgerror.New(pgerror.InsufficientPrivilege, "permission denied to change default privileges")
		}
		for _, sc := range schemas {
			if sc != "" && !h.HasSchema(sc) {
				return pgerror.New(pgerror.InvalidSchemaName, "schema %q does not exist", sc)
			}
			cat := h.Catalog()
			key := catalog.DefaultKey{Role: role, Schema: sc, ObjType: objType}
			acl, ok := cat.DefaultACLs()[key]
			if !ok {
				if sc == "" {
					acl = catalog.Default(class, role)
				} else {
					acl = catalog.ACL{}
				}
			}
			for _, g := range grantees {
				if c.Action.Revoke {
					acl = acl.Revoke(g, role, privs, c.Action.GrantOption)
				} else {
					acl = acl.Grant(g, role, privs, c.Action.GrantOption)
				}
			}
			// an entry equal to the starting point is removed, as PostgreSQL does
			if (sc == "" && acl.Equal(catalog.Default(class, role))) || (sc != "" && len(acl) == 0) {
				acl = nil
			}
			h.SetCatalog(cat.SetDefaultACL(key, acl))
		}
	}
	return nil
}

// RecordOwner records a new object's owner and initial ACL.
func RecordOwner(h Host, c *translate.RecordOwner) error {
	cat := h.Catalog()
	owner := h.CurrentUser()
	if c.ObjType == 'n' {
		if c.Owner != "" {
			o, err := resolveRoleName(h, c.Owner)
			if err != nil {
				return err
			}
			if !isSuperuser(h) && !cat.IsMemberOf(h.CurrentUser(), o) {
				return pgerror.New(pgerror.InsufficientPrivilege, "must be member of role %q", o)
			}
			owner = o
		}
		if !h.HasSchema(c.Name.Name) {
			if !cat.HasPrivilege(h.CurrentUser(), databaseKey(), catalog.ClassDatabase, catalog.PrivCreate) {
				return permissionDenied("database", databaseName)
			}
			cat = cat.SetOwner(schemaKey(c.Name.Name), owner)
			h.SetCatalog(cat.SetACL(schemaKey(c.Name.Name), cat.NewObjectACL(owner, "", 'n')))
		}
		return nil
	}
	if c.ObjType == 'f' {
		return recordFunctionOwner(h, c, owner)
	}
	schema, err := h.CreationSchema(c.Name.Schema)
	if err != nil {
		return nil // the statement itself reports it
	}
	q := catalog.QName{Schema: schema, Name: c.Name.Name}
	var key catalog.ObjectKey
	switch c.ObjType {
	case 'T':
		key = catalog.ObjectKey{Kind: catalog.ObjType, Schema: schema, Name: c.Name.Name}
		if _, ok := cat.Type(q); ok {
			return nil
		}
	default:
		key = RelKey(q)
		if !c.Created && h.RelationExists(cat, q) {
			if _, isView := cat.View(q); c.ReplaceView && isView {
				// CREATE OR REPLACE VIEW replaces the options too.
				return replaceViewOptions(h, cat, q, c.SecurityInvoker, c.CheckOption)
			}
			return nil
		}
		if err := h.CompositeNameTaken(cat, q); err != nil {
			return err
		}
	}
	if !cat.HasPrivilege(h.CurrentUser(), schemaKey(schema), catalog.ClassSchema, catalog.PrivCreate) {
		return permissionDenied("schema", schema)
	}
	cat = cat.SetOwner(key, owner)
	cat = cat.SetACL(key, cat.NewObjectACL(owner, schema, c.ObjType))
	if c.SecurityInvoker != "" {
		if _, ok := catalog.ParseBoolOption(c.SecurityInvoker); !ok {
			return invalidBoolOption(c.SecurityInvoker)
		}
		cat = cat.SetViewSecurityInvoker(q, c.SecurityInvoker)
	}
	cat = cat.SetViewCheckOption(q, c.CheckOption)
	h.SetCatalog(cat)
	return nil
}

// ownedObject is an object an ALTER / DROP / GRANT needs the owner for.
func CheckOwner(h Host, key catalog.ObjectKey, word, name string) error {
	cat := h.Catalog()
	if isSuperuser(h) || cat.HasPrivsOf(h.CurrentUser(), cat.Owner(key)) {
		return nil
	}
	return mustBeOwner(word, name)
}

// changeOwner is ALTER ... OWNER TO: the current role must own the object,
// be a member of the new owner and (except for superusers) hold CREATE on
// the object's schema.
func changeOwner(h Host, key catalog.ObjectKey, word, name, schema, newOwner string) error {
	o, err := resolveRoleName(h, newOwner)
	if err != nil {
		return err
	}
	cat := h.Catalog()
	if cat.Owner(key) == o {
		return nil
	}
	if !isSuperuser(h) {
		if err := CheckOwner(h, key, word, name); err != nil {
			return err
		}
		if !cat.IsMemberOf(h.CurrentUser(), o) {
			return pgerror.New(pgerror.InsufficientPrivilege, "must be member of role %q", o)
		}
		if schema != "" && !cat.HasPrivilege(o, schemaKey(schema), catalog.ClassSchema, catalog.PrivCreate) {
			return permissionDenied("schema", schema)
		}
	}
	h.SetCatalog(cat.SetOwner(key, o))
	return nil
}

// AlterOwner runs ALTER ... OWNER TO.
func AlterOwner(h Host, c *translate.AlterOwner) error {
	cat := h.Catalog()
	switch c.ObjType {
	case "schema":
		if !h.HasSchema(c.Name.Name) {
			return pgerror.New(pgerror.InvalidSchemaName, "schema %q does not exist", c.Name.Name)
		}
		return changeOwner(h, schemaKey(c.Name.Name), "schema", c.Name.Name, "", c.Owner)
	case "type", "domain":
		q, ok := h.FindType(cat, c.Name)
		if !ok {
			return pgerror.New(pgerror.UndefinedObject, "type %q does not exist", c.Name.Display())
		}
		if d, ok := cat.Type(q); ok && c.ObjType == "domain" && !d.IsDomain() {
			return pgerror.New(pgerror.WrongObjectType, "%s is not a domain", d.Type.FormatType())
		}
		return changeOwner(h, catalog.ObjectKey{Kind: catalog.ObjType, Schema: q.Schema, Name: q.Name}, "type", q.Name, q.Schema, c.Owner)
	case "function", "procedure", "routine", "aggregate":
		t, err := resolveFunctionTarget(h, *c.Func, c.ObjType)
		if err != nil {
			return err
		}
		if err := changeOwner(h, t.key, t.word, t.name, t.q.Schema, c.Owner); err != nil {
			return err
		}
		// pg_proc.proowner follows
		cat := h.Catalog()
		owner := cat.Owner(t.key)
		for _, f := range cat.Functions(t.q) {
			if funcKey(f.Schema, f.Name, f.InputTypes()) == t.key && f.Owner != owner {
				nf := *f
				nf.Owner = owner
				cat, _ = cat.PutFunction(nf)
			}
		}
		h.SetCatalog(cat)
		return nil
	case "large object":
		return alterLargeObjectOwner(h, c)
	}
	return pgerror.New(pgerror.FeatureNotSupported, "ALTER %s ... OWNER TO is not supported yet", strings.ToUpper(c.ObjType))
}

// alterLargeObjectOwner is ALTER LARGE OBJECT ... OWNER TO: the owner is
// the large object's own (catalog.LargeObject); the checks are changeOwner's
// without a schema.
func alterLargeObjectOwner(h Host, c *translate.AlterOwner) error {
	oid, err := strconv.ParseUint(c.Name.Name, 10, 32)
	if err != nil {
		return pgerror.New(pgerror.NumericValueOutOfRange, "OID out of range")
	}
	cat := h.Catalog()
	lo, ok := cat.LargeObject(uint32(oid))
	if !ok {
		return pgerror.New(pgerror.UndefinedObject, "large object %d does not exist", oid)
	}
	o, err := resolveRoleName(h, c.Owner)
	if err != nil {
		return err
	}
	if lo.Owner == o {
		return nil
	}
	if !isSuperuser(h) {
		if !cat.HasPrivsOf(h.CurrentUser(), lo.Owner) {
			return pgerror.New(pgerror.InsufficientPrivilege, "must be owner of large object %d", oid)
		}
		if !cat.IsMemberOf(h.CurrentUser(), o) {
			return pgerror.New(pgerror.InsufficientPrivilege, "must be member of role %q", o)
		}
	}
	n := *lo
	n.Owner = o
	// SetOwner gives the old owner's ACL entries to the new one
	h.SetCatalog(cat.SetOwner(catalog.LargeObjectKey(lo.OID), o).PutLargeObject(&n))
	return nil
}
