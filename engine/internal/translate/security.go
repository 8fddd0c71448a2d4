package translate

import (
	"strconv"
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Role names in commands: a plain name, or one of these markers that the
// engine resolves against the session (RoleSpec).
const (
	RolePublic      = ""
	RoleCurrentUser = "\x00current_user"
	RoleSessionUser = "\x00session_user"
)

// RoleOption is one option of CREATE / ALTER ROLE (a DefElem).
type RoleOption struct {
	Name  string // superuser, inherit, createrole, createdb, canlogin, isreplication, bypassrls, connectionlimit, password, validUntil, addroleto, rolemembers, adminmembers, sysid
	Bool  bool
	Int   int32
	Str   string
	Null  bool // PASSWORD NULL
	Roles []string
}

// CreateRole is CREATE ROLE / USER / GROUP.
type CreateRole struct {
	Name    string
	User    bool // CREATE USER: LOGIN by default
	Options []RoleOption
}

// AlterRole is ALTER ROLE ... [WITH] options.
type AlterRole struct {
	Name    string
	Options []RoleOption
}

// AlterRoleSet is ALTER ROLE ... [IN DATABASE db] SET / RESET. Name is
// empty for ALTER ROLE ALL; Database is empty without IN DATABASE.
type AlterRoleSet struct {
	Name     string
	Database string
	Setting  string
	Value    string
	Reset    bool
	ResetAll bool
}

// RenameRole is ALTER ROLE ... RENAME TO.
type RenameRole struct{ Old, New string }

// DropRole is DROP ROLE / USER / GROUP.
type DropRole struct {
	Names    []string
	IfExists bool
}

// GrantRole is GRANT role TO member / REVOKE role FROM member.
type GrantRole struct {
	Revoke  bool
	Roles   []string
	Members []string
	Admin   bool // WITH ADMIN OPTION, or REVOKE ADMIN OPTION FOR
	Grantor string
}

// PrivSpec is one privilege of GRANT / REVOKE, optionally on columns.
type PrivSpec struct {
	Priv    catalog.Priv // 0 for ALL
	Name    string
	Columns []string
}

// FuncRef names a function with its argument types.
type FuncRef struct {
	Name            catalog.QName
	ArgTypes        []*types.Type
	ArgsUnspecified bool
}

// Grant is GRANT / REVOKE on objects.
type Grant struct {
	Revoke      bool
	Class       catalog.ObjClass
	ObjType     string // "table", "sequence", "function", "procedure", "routine", "schema", "type", "database"
	Privs       []PrivSpec
	All         bool
	Objects     []catalog.QName // tables, sequences, types; schemas in Name
	Funcs       []FuncRef
	AllInSchema []string // ON ALL TABLES / SEQUENCES / FUNCTIONS IN SCHEMA
	Grantees    []string
	GrantOption bool // WITH GRANT OPTION, or REVOKE GRANT OPTION FOR
	Cascade     bool
	Grantor     string
}

// AlterDefaultPrivileges is ALTER DEFAULT PRIVILEGES.
type AlterDefaultPrivileges struct {
	Roles   []string
	Schemas []string
	Action  *Grant
}

// CreatePolicy is CREATE POLICY.
type CreatePolicy struct {
	Policy catalog.Policy
}

// AlterPolicy is ALTER POLICY (nil fields stay as they are).
type AlterPolicy struct {
	Name      string
	Table     catalog.QName
	Roles     []string
	Using     *string
	Check     *string
	NewName   string // ALTER POLICY ... RENAME TO
	UsingNode *pg.Node
}

// DropPolicy is DROP POLICY.
type DropPolicy struct {
	Name     string
	Table    catalog.QName
	IfExists bool
}

// RowSecurityCmd is ALTER TABLE ... ENABLE / DISABLE / FORCE / NO FORCE
// ROW LEVEL SECURITY and ALTER TABLE / VIEW / SEQUENCE ... OWNER TO.
type RowSecurityCmd struct {
	Table    catalog.QName
	IfExists bool
	Kind     string // "table", "view", "sequence", "materialized view"
	Enable   *bool
	Force    *bool
	Owner    string // OWNER TO, "" when absent
	// SecurityInvoker is ALTER VIEW ... SET / RESET (security_invoker):
	// the value as written, "" for RESET.
	SecurityInvoker *string
	// SecurityBarrier is ALTER VIEW ... SET / RESET (security_barrier),
	// likewise.
	SecurityBarrier *string
}

// AlterOwner is ALTER SCHEMA / FUNCTION / TYPE ... OWNER TO.
type AlterOwner struct {
	ObjType string // "schema", "function", "procedure", "type", "domain", "sequence", "view", "table"
	Name    catalog.QName
	Func    *FuncRef
	Owner   string
}

// ReassignOwned is REASSIGN OWNED BY ... TO ...; DropOwned is DROP OWNED BY.
type ReassignOwned struct {
	Roles []string
	To    string
}

// DropOwned is DROP OWNED BY.
type DropOwned struct{ Roles []string }

func (*CreateRole) command()             {}
func (*AlterRole) command()              {}
func (*AlterRoleSet) command()           {}
func (*RenameRole) command()             {}
func (*DropRole) command()               {}
func (*GrantRole) command()              {}
func (*Grant) command()                  {}
func (*AlterDefaultPrivileges) command() {}
func (*CreatePolicy) command()           {}
func (*AlterPolicy) command()            {}
func (*DropPolicy) command()             {}
func (*RowSecurityCmd) command()         {}
func (*AlterOwner) command()             {}
func (*ReassignOwned) command()          {}
func (*DropOwned) command()              {}

func (*CreateRole) catalogCommand()             {}
func (*AlterRole) catalogCommand()              {}
func (*AlterRoleSet) catalogCommand()           {}
func (*RenameRole) catalogCommand()             {}
func (*DropRole) catalogCommand()               {}
func (*GrantRole) catalogCommand()              {}
func (*Grant) catalogCommand()                  {}
func (*AlterDefaultPrivileges) catalogCommand() {}
func (*CreatePolicy) catalogCommand()           {}
func (*AlterPolicy) catalogCommand()            {}
func (*DropPolicy) catalogCommand()             {}
func (*RowSecurityCmd) catalogCommand()         {}
func (*AlterOwner) catalogCommand()             {}
func (*ReassignOwned) catalogCommand()          {}
func (*DropOwned) catalogCommand()              {}

// securityStatement translates roles, privileges, ownership and row
// security statements; ok is false for anything else.
func (t *Translator) securityStatement(n *pg.Node) (Result, bool) {
	switch s := n.Node.(type) {
	case *pg.Node_CreateRoleStmt:
		cr := s.CreateRoleStmt
		tag := map[pg.RoleStmtType]string{pg.RoleStmtType_ROLESTMT_USER: "CREATE ROLE", pg.RoleStmtType_ROLESTMT_GROUP: "CREATE ROLE"}[cr.StmtType]
		if tag == "" {
			tag = "CREATE ROLE"
		}
		return Result{Cmd: &CreateRole{Name: cr.Role, User: cr.StmtType == pg.RoleStmtType_ROLESTMT_USER, Options: roleOptions(cr.Options)}, Tag: tag}, true
	case *pg.Node_AlterRoleStmt:
		ar := s.AlterRoleStmt
		opts := roleOptions(ar.Options)
		if ar.Action == -1 { // ALTER GROUP ... DROP USER
			for i := range opts {
				if opts[i].Name == "rolemembers" {
					return Result{Cmd: &GrantRole{Revoke: true, Roles: []string{roleSpec(ar.Role)}, Members: opts[i].Roles}, Tag: "ALTER ROLE"}, true
				}
			}
		}
		if ar.Action == 1 && len(opts) == 1 && opts[0].Name == "rolemembers" { // ALTER GROUP ... ADD USER
			return Result{Cmd: &GrantRole{Roles: []string{roleSpec(ar.Role)}, Members: opts[0].Roles}, Tag: "ALTER ROLE"}, true
		}
		return Result{Cmd: &AlterRole{Name: roleSpec(ar.Role), Options: opts}, Tag: "ALTER ROLE"}, true
	case *pg.Node_AlterRoleSetStmt:
		as := s.AlterRoleSetStmt
		cmd := &AlterRoleSet{Database: as.Database, Setting: as.Setstmt.Name}
		if as.Role != nil {
			cmd.Name = roleSpec(as.Role)
		}
		switch as.Setstmt.Kind {
		case pg.VariableSetKind_VAR_SET_VALUE:
			vals := make([]string, 0, len(as.Setstmt.Args))
			for _, a := range as.Setstmt.Args {
				vals = append(vals, constText(a))
			}
			cmd.Value = strings.Join(vals, ", ")
		case pg.VariableSetKind_VAR_RESET, pg.VariableSetKind_VAR_SET_DEFAULT:
			cmd.Reset = true
		case pg.VariableSetKind_VAR_RESET_ALL:
			cmd.Reset, cmd.ResetAll = true, true
		default:
			fail(pgerror.New(pgerror.FeatureNotSupported, "this form of ALTER ROLE ... SET is not supported yet"))
		}
		return Result{Cmd: cmd, Tag: "ALTER ROLE"}, true
	case *pg.Node_DropRoleStmt:
		dr := s.DropRoleStmt
		cmd := &DropRole{IfExists: dr.MissingOk}
		for _, r := range dr.Roles {
			cmd.Names = append(cmd.Names, roleSpec(r.GetRoleSpec()))
		}
		return Result{Cmd: cmd, Tag: "DROP ROLE"}, true
	case *pg.Node_GrantRoleStmt:
		gr := s.GrantRoleStmt
		cmd := &GrantRole{Revoke: !gr.IsGrant}
		for _, r := range gr.GrantedRoles {
			if ap := r.GetAccessPriv(); ap != nil {
				cmd.Roles = append(cmd.Roles, ap.PrivName)
			}
		}
		for _, r := range gr.GranteeRoles {
			cmd.Members = append(cmd.Members, roleSpec(r.GetRoleSpec()))
		}
		for _, o := range gr.Opt {
			if d := o.GetDefElem(); d != nil && d.Defname == "admin" {
				cmd.Admin = true
			}
		}
		if gr.Grantor != nil {
			cmd.Grantor = roleSpec(gr.Grantor)
		}
		tag := "GRANT ROLE"
		if !gr.IsGrant {
			tag = "REVOKE ROLE"
		}
		return Result{Cmd: cmd, Tag: tag}, true
	case *pg.Node_GrantStmt:
		g := t.grant(s.GrantStmt)
		tag := "GRANT"
		if g.Revoke {
			tag = "REVOKE"
		}
		return Result{Cmd: g, Tag: tag}, true
	case *pg.Node_AlterDefaultPrivilegesStmt:
		ad := s.AlterDefaultPrivilegesStmt
		cmd := &AlterDefaultPrivileges{Action: t.grant(ad.Action)}
		for _, o := range ad.Options {
			d := o.GetDefElem()
			if d == nil {
				continue
			}
			for _, item := range d.Arg.GetList().GetItems() {
				switch d.Defname {
				case "roles":
					cmd.Roles = append(cmd.Roles, roleSpec(item.GetRoleSpec()))
				case "schemas":
					cmd.Schemas = append(cmd.Schemas, strVal(item))
				}
			}
		}
		return Result{Cmd: cmd, Tag: "ALTER DEFAULT PRIVILEGES"}, true
	case *pg.Node_CreatePolicyStmt:
		cp := s.CreatePolicyStmt
		p := catalog.Policy{Name: cp.PolicyName, Table: rangeQName(cp.Table), Permissive: cp.Permissive, Roles: policyRoles(cp.Roles)}
		p.Command = map[string]byte{"all": '*', "select": 'r', "insert": 'a', "update": 'w', "delete": 'd'}[cp.CmdName]
		if cp.Qual != nil {
			p.Using = exprSQL(cp.Qual)
		}
		if cp.WithCheck != nil {
			p.Check = exprSQL(cp.WithCheck)
		}
		switch {
		case p.Command == 'r' && cp.WithCheck != nil:
			fail(pgerror.New(pgerror.SyntaxError, "WITH CHECK cannot be applied to SELECT or DELETE"))
		case p.Command == 'd' && cp.WithCheck != nil:
			fail(pgerror.New(pgerror.SyntaxError, "WITH CHECK cannot be applied to SELECT or DELETE"))
		case p.Command == 'a' && cp.Qual != nil:
			fail(pgerror.New(pgerror.SyntaxError, "only WITH CHECK expression allowed for INSERT"))
		}
		return Result{Cmd: &CreatePolicy{Policy: p}, Tag: "CREATE POLICY"}, true
	case *pg.Node_AlterPolicyStmt:
		ap := s.AlterPolicyStmt
		cmd := &AlterPolicy{Name: ap.PolicyName, Table: rangeQName(ap.Table)}
		if len(ap.Roles) > 0 {
			cmd.Roles = policyRoles(ap.Roles)
			if cmd.Roles == nil {
				cmd.Roles = []string{}
			}
		}
		if ap.Qual != nil {
			u := exprSQL(ap.Qual)
			cmd.Using = &u
		}
		if ap.WithCheck != nil {
			c := exprSQL(ap.WithCheck)
			cmd.Check = &c
		}
		return Result{Cmd: cmd, Tag: "ALTER POLICY"}, true
	case *pg.Node_RenameStmt:
		rs := s.RenameStmt
		switch rs.RenameType {
		case pg.ObjectType_OBJECT_ROLE:
			return Result{Cmd: &RenameRole{Old: rs.Subname, New: rs.Newname}, Tag: "ALTER ROLE"}, true
		case pg.ObjectType_OBJECT_POLICY:
			return Result{Cmd: &AlterPolicy{Name: rs.Subname, Table: rangeQName(rs.Relation), NewName: rs.Newname}, Tag: "ALTER POLICY"}, true
		}
	case *pg.Node_DropStmt:
		ds := s.DropStmt
		if ds.RemoveType != pg.ObjectType_OBJECT_POLICY {
			return Result{}, false
		}
		if len(ds.Objects) != 1 {
			fail(pgerror.New(pgerror.FeatureNotSupported, "DROP POLICY of several policies is not supported yet"))
		}
		parts := names(ds.Objects[0].GetList().GetItems())
		cmd := &DropPolicy{Name: parts[len(parts)-1], IfExists: ds.MissingOk}
		tbl := parts[:len(parts)-1]
		cmd.Table.Name = tbl[len(tbl)-1]
		if len(tbl) > 1 {
			cmd.Table.Schema = tbl[len(tbl)-2]
		}
		return Result{Cmd: cmd, Tag: "DROP POLICY"}, true
	case *pg.Node_AlterTableStmt:
		return t.alterTableSecurity(s.AlterTableStmt)
	case *pg.Node_AlterOwnerStmt:
		ao := s.AlterOwnerStmt
		cmd := &AlterOwner{Owner: roleSpec(ao.Newowner)}
		switch ao.ObjectType {
		case pg.ObjectType_OBJECT_SCHEMA:
			cmd.ObjType, cmd.Name = "schema", catalog.QName{Name: strVal(ao.Object)}
		case pg.ObjectType_OBJECT_FUNCTION, pg.ObjectType_OBJECT_PROCEDURE, pg.ObjectType_OBJECT_ROUTINE, pg.ObjectType_OBJECT_AGGREGATE:
			cmd.ObjType = strings.ToLower(strings.TrimPrefix(ao.ObjectType.String(), "OBJECT_"))
			f := t.funcRef(ao.Object.GetObjectWithArgs())
			cmd.Func = &f
			cmd.Name = f.Name
		case pg.ObjectType_OBJECT_TYPE, pg.ObjectType_OBJECT_DOMAIN:
			cmd.ObjType = strings.ToLower(strings.TrimPrefix(ao.ObjectType.String(), "OBJECT_"))
			cmd.Name = listQName(ao.Object.GetList().GetItems())
		case pg.ObjectType_OBJECT_LARGEOBJECT:
			// the OID, an integer or (past 2^31) a float literal
			cmd.ObjType, cmd.Name = "large object", catalog.QName{Name: largeObjectOID(ao.Object)}
		default:
			fail(pgerror.New(pgerror.FeatureNotSupported, "ALTER %s ... OWNER TO is not supported yet", strings.TrimPrefix(ao.ObjectType.String(), "OBJECT_")))
		}
		return Result{Cmd: cmd, Tag: "ALTER " + strings.ToUpper(cmd.ObjType)}, true
	case *pg.Node_AlterDatabaseSetStmt:
		return alterDatabaseSet(s.AlterDatabaseSetStmt), true
	case *pg.Node_ReassignOwnedStmt:
		ro := s.ReassignOwnedStmt
		cmd := &ReassignOwned{To: roleSpec(ro.Newrole)}
		for _, r := range ro.Roles {
			cmd.Roles = append(cmd.Roles, roleSpec(r.GetRoleSpec()))
		}
		return Result{Cmd: cmd, Tag: "REASSIGN OWNED"}, true
	case *pg.Node_DropOwnedStmt:
		do := s.DropOwnedStmt
		cmd := &DropOwned{}
		for _, r := range do.Roles {
			cmd.Roles = append(cmd.Roles, roleSpec(r.GetRoleSpec()))
		}
		return Result{Cmd: cmd, Tag: "DROP OWNED"}, true
	}
	return Result{}, false
}

// alterTableSecurity handles ALTER TABLE whose every subcommand is about
// row security or the owner.
func (t *Translator) alterTableSecurity(at *pg.AlterTableStmt) (Result, bool) {
	if len(at.Cmds) == 0 {
		return Result{}, false
	}
	cmd := &RowSecurityCmd{Table: rangeQName(at.Relation), IfExists: at.MissingOk}
	cmd.Kind = map[pg.ObjectType]string{pg.ObjectType_OBJECT_VIEW: "view", pg.ObjectType_OBJECT_SEQUENCE: "sequence", pg.ObjectType_OBJECT_MATVIEW: "materialized view"}[at.Objtype]
	if cmd.Kind == "" {
		cmd.Kind = "table"
	}
	yes, no := true, false
	for _, c := range at.Cmds {
		ac := c.GetAlterTableCmd()
		if ac == nil {
			return Result{}, false
		}
		switch ac.Subtype {
		case pg.AlterTableType_AT_EnableRowSecurity:
			cmd.Enable = &yes
		case pg.AlterTableType_AT_DisableRowSecurity:
			cmd.Enable = &no
		case pg.AlterTableType_AT_ForceRowSecurity:
			cmd.Force = &yes
		case pg.AlterTableType_AT_NoForceRowSecurity:
			cmd.Force = &no
		case pg.AlterTableType_AT_ChangeOwner:
			cmd.Owner = roleSpec(ac.Newowner)
		case pg.AlterTableType_AT_SetRelOptions, pg.AlterTableType_AT_ResetRelOptions:
			reset := ac.Subtype == pg.AlterTableType_AT_ResetRelOptions
			view := (at.Objtype == pg.ObjectType_OBJECT_VIEW || at.Objtype == pg.ObjectType_OBJECT_TABLE) && t.findView(at.Relation) != nil
			if view {
				// a view's options, checked as CREATE VIEW's
				checkViewOptionList(ac.Def.GetList().GetItems(), reset)
			}
			for _, o := range ac.Def.GetList().GetItems() {
				d := o.GetDefElem()
				if d == nil {
					return Result{}, false
				}
				if !view && at.Objtype == pg.ObjectType_OBJECT_VIEW && at.MissingOk && t.lookup(at.Relation, true) == nil {
					continue // ALTER VIEW IF EXISTS of no relation: only the notice
				}
				if view && (d.Defnamespace == "toast" || reset && d.Defname != "security_invoker" && d.Defname != "security_barrier" && d.Defname != "check_option") {
					continue // a view keeps no toast.* option; RESET of an unknown one does nothing
				}
				v := "true"
				if ac.Subtype == pg.AlterTableType_AT_ResetRelOptions {
					v = ""
				} else if d.Arg != nil {
					v = defText(d.Arg)
				}
				switch d.Defname {
				case "security_invoker":
					cmd.SecurityInvoker = &v
				case "security_barrier":
					cmd.SecurityBarrier = &v
				default:
					return Result{}, false
				}
			}
		default:
			return Result{}, false
		}
	}
	tag := "ALTER " + strings.ToUpper(cmd.Kind)
	return Result{Cmd: cmd, Tag: tag}, true
}

func (t *Translator) grant(g *pg.GrantStmt) *Grant {
	cmd := &Grant{Revoke: !g.IsGrant, GrantOption: g.GrantOption, Cascade: g.Behavior == pg.DropBehavior_DROP_CASCADE}
	if g.Grantor != nil {
		cmd.Grantor = roleSpec(g.Grantor)
	}
	switch g.Objtype {
	case pg.ObjectType_OBJECT_TABLE:
		cmd.Class, cmd.ObjType = catalog.ClassTable, "table"
	case pg.ObjectType_OBJECT_SEQUENCE:
		cmd.Class, cmd.ObjType = catalog.ClassSequence, "sequence"
	case pg.ObjectType_OBJECT_FUNCTION:
		cmd.Class, cmd.ObjType = catalog.ClassFunction, "function"
	case pg.ObjectType_OBJECT_PROCEDURE:
		cmd.Class, cmd.ObjType = catalog.ClassFunction, "procedure"
	case pg.ObjectType_OBJECT_ROUTINE:
		cmd.Class, cmd.ObjType = catalog.ClassFunction, "routine"
	case pg.ObjectType_OBJECT_SCHEMA:
		cmd.Class, cmd.ObjType = catalog.ClassSchema, "schema"
	case pg.ObjectType_OBJECT_TYPE, pg.ObjectType_OBJECT_DOMAIN:
		cmd.Class, cmd.ObjType = catalog.ClassType, "type"
	case pg.ObjectType_OBJECT_DATABASE:
		cmd.Class, cmd.ObjType = catalog.ClassDatabase, "database"
	case pg.ObjectType_OBJECT_LANGUAGE:
		cmd.Class, cmd.ObjType = catalog.ClassLanguage, "language"
	case pg.ObjectType_OBJECT_TABLESPACE:
		cmd.Class, cmd.ObjType = catalog.ClassTablespace, "tablespace"
	case pg.ObjectType_OBJECT_FDW:
		cmd.Class, cmd.ObjType = catalog.ClassForeignWrapper, "foreign data wrapper"
	case pg.ObjectType_OBJECT_FOREIGN_SERVER:
		cmd.Class, cmd.ObjType = catalog.ClassForeignServer, "foreign server"
	case pg.ObjectType_OBJECT_PARAMETER_ACL:
		cmd.Class, cmd.ObjType = catalog.ClassParameter, "parameter"
	case pg.ObjectType_OBJECT_LARGEOBJECT:
		cmd.Class, cmd.ObjType = catalog.ClassLargeObject, "large object"
	default:
		fail(pgerror.New(pgerror.FeatureNotSupported, "GRANT on %s is not supported yet", strings.ToLower(strings.TrimPrefix(g.Objtype.String(), "OBJECT_"))))
	}
	if len(g.Privileges) == 0 {
		cmd.All = true
	}
	for _, p := range g.Privileges {
		ap := p.GetAccessPriv()
		spec := PrivSpec{Name: ap.PrivName, Columns: names(ap.Cols)}
		if ap.PrivName == "" { // ALL (col, ...)
			spec.Name = "all"
		} else {
			pr, ok := catalog.PrivNames[ap.PrivName]
			if !ok {
				fail(pgerror.New(pgerror.SyntaxError, "unrecognized privilege type \"%s\"", ap.PrivName))
			}
			spec.Priv = pr
		}
		cmd.Privs = append(cmd.Privs, spec)
	}
	for _, r := range g.Grantees {
		cmd.Grantees = append(cmd.Grantees, roleSpec(r.GetRoleSpec()))
	}
	switch g.Targtype {
	case pg.GrantTargetType_ACL_TARGET_ALL_IN_SCHEMA:
		for _, o := range g.Objects {
			cmd.AllInSchema = append(cmd.AllInSchema, strVal(o))
		}
		return cmd
	case pg.GrantTargetType_ACL_TARGET_DEFAULTS:
		return cmd
	}
	for _, o := range g.Objects {
		switch {
		case o.GetRangeVar() != nil:
			cmd.Objects = append(cmd.Objects, rangeQName(o.GetRangeVar()))
		case o.GetObjectWithArgs() != nil:
			cmd.Funcs = append(cmd.Funcs, t.funcRef(o.GetObjectWithArgs()))
		case o.GetList() != nil:
			cmd.Objects = append(cmd.Objects, listQName(o.GetList().GetItems()))
		case g.Objtype == pg.ObjectType_OBJECT_LARGEOBJECT:
			cmd.Objects = append(cmd.Objects, catalog.QName{Name: largeObjectOID(o)})
		default:
			cmd.Objects = append(cmd.Objects, catalog.QName{Name: strVal(o)})
		}
	}
	return cmd
}

func (t *Translator) funcRef(owa *pg.ObjectWithArgs) FuncRef {
	f := FuncRef{Name: listQName(owa.Objname), ArgsUnspecified: owa.ArgsUnspecified}
	for _, a := range owa.Objargs {
		if tn := a.GetTypeName(); tn != nil {
			f.ArgTypes = append(f.ArgTypes, t.routineType(tn))
		}
	}
	return f
}

func roleOptions(opts []*pg.Node) []RoleOption {
	var out []RoleOption
	for _, o := range opts {
		d := o.GetDefElem()
		if d == nil {
			continue
		}
		ro := RoleOption{Name: d.Defname}
		switch a := d.Arg.GetNode().(type) {
		case nil:
			ro.Null = true
		case *pg.Node_Boolean:
			ro.Bool = a.Boolean.Boolval
		case *pg.Node_Integer:
			ro.Int = a.Integer.Ival
			ro.Bool = a.Integer.Ival != 0
		case *pg.Node_String_:
			ro.Str = a.String_.Sval
		case *pg.Node_List:
			for _, r := range a.List.Items {
				ro.Roles = append(ro.Roles, roleSpec(r.GetRoleSpec()))
			}
		}
		out = append(out, ro)
	}
	return out
}

// roleSpec turns a RoleSpec into a role name or marker.
func roleSpec(r *pg.RoleSpec) string {
	if r == nil {
		return RolePublic
	}
	switch r.Roletype {
	case pg.RoleSpecType_ROLESPEC_CURRENT_USER, pg.RoleSpecType_ROLESPEC_CURRENT_ROLE:
		return RoleCurrentUser
	case pg.RoleSpecType_ROLESPEC_SESSION_USER:
		return RoleSessionUser
	case pg.RoleSpecType_ROLESPEC_PUBLIC:
		return RolePublic
	}
	return r.Rolename
}

func policyRoles(ns []*pg.Node) []string {
	var out []string
	for _, n := range ns {
		r := roleSpec(n.GetRoleSpec())
		if r == RolePublic {
			return nil
		}
		out = append(out, r)
	}
	return out
}

// RecordOwner runs before a statement that creates an object: it checks
// CREATE on the schema and records the creating role (or Owner) as the
// owner, with the ACL default privileges give it. An object that already
// exists is left alone (CREATE ... IF NOT EXISTS).
type RecordOwner struct {
	ObjType byte // 'r' table/view, 'S' sequence, 'T' type, 'n' schema, 'f' function
	Name    catalog.QName
	Owner   string // CREATE SCHEMA AUTHORIZATION
	Func    *FuncRef
	// Created is set when the object was created just before (a serial
	// column's sequence), so that it existing is no reason to skip.
	Created bool
	// SecurityInvoker is CREATE VIEW ... WITH (security_invoker = x): the
	// value as written, "" when the view has no such option.
	SecurityInvoker string
	// CheckOption is CREATE VIEW ... WITH [LOCAL | CASCADED] CHECK OPTION
	// (or WITH (check_option = ...)): "local", "cascaded" or "".
	CheckOption string
	// ReplaceView is CREATE OR REPLACE VIEW: an existing view takes the
	// statement's options.
	ReplaceView bool
}

func (*RecordOwner) command()        {}
func (*RecordOwner) catalogCommand() {}

// ownership appends RecordOwner commands for the objects a successfully
// translated statement creates.
func (t *Translator) ownership(n *pg.Node, res Result) Result {
	var add []CatalogCommand
	rel := func(rv *pg.RangeVar, typ byte) {
		if rv != nil {
			add = append(add, &RecordOwner{ObjType: typ, Name: rangeQName(rv)})
		}
	}
	switch s := n.Node.(type) {
	case *pg.Node_CreateStmt:
		rel(s.CreateStmt.Relation, 'r')
	case *pg.Node_CreateTableAsStmt:
		rel(s.CreateTableAsStmt.GetInto().GetRel(), 'r')
	case *pg.Node_SelectStmt:
		if s.SelectStmt.IntoClause != nil {
			rel(s.SelectStmt.IntoClause.Rel, 'r')
		}
	case *pg.Node_ViewStmt:
		rel(s.ViewStmt.View, 'r')
		ro := add[len(add)-1].(*RecordOwner)
		ro.ReplaceView = s.ViewStmt.Replace
		if inv := securityInvokerOption(s.ViewStmt.Options); inv != nil {
			ro.SecurityInvoker = *inv
		}
		ro.CheckOption = viewCheckOption(s.ViewStmt)
	case *pg.Node_CreateSeqStmt:
		rel(s.CreateSeqStmt.Sequence, 'S')
	case *pg.Node_CreateEnumStmt:
		add = append(add, &RecordOwner{ObjType: 'T', Name: listQName(s.CreateEnumStmt.TypeName)})
	case *pg.Node_CreateDomainStmt:
		add = append(add, &RecordOwner{ObjType: 'T', Name: listQName(s.CreateDomainStmt.Domainname)})
	case *pg.Node_CompositeTypeStmt:
		rel(s.CompositeTypeStmt.Typevar, 'T')
	case *pg.Node_CreateSchemaStmt:
		cs := s.CreateSchemaStmt
		name := cs.Schemaname
		owner := ""
		if cs.Authrole != nil {
			owner = roleSpec(cs.Authrole)
			if name == "" {
				name = cs.Authrole.Rolename
			}
		}
		add = append(add, &RecordOwner{ObjType: 'n', Name: catalog.QName{Name: name}, Owner: owner})
	case *pg.Node_CreateFunctionStmt:
		cf := s.CreateFunctionStmt
		f := FuncRef{Name: listQName(cf.Funcname)}
		for _, p := range cf.Parameters {
			fp := p.GetFunctionParameter()
			if fp == nil || fp.Mode == pg.FunctionParameterMode_FUNC_PARAM_OUT || fp.Mode == pg.FunctionParameterMode_FUNC_PARAM_TABLE {
				continue
			}
			f.ArgTypes = append(f.ArgTypes, t.routineType(fp.ArgType).WithMod(-1))
		}
		add = append(add, &RecordOwner{ObjType: 'f', Name: f.Name, Func: &f})
	case *pg.Node_DefineStmt:
		// an aggregate is a pg_proc row: owner and default privileges as a function's
		if c, ok := res.Cmd.(*CreateAggregate); ok {
			f := FuncRef{Name: listQName(s.DefineStmt.Defnames)}
			for _, a := range c.Fn.InputArgs() {
				f.ArgTypes = append(f.ArgTypes, a.Type.WithMod(-1))
			}
			add = append(add, &RecordOwner{ObjType: 'f', Name: f.Name, Func: &f})
		}
	}
	if len(add) == 0 {
		return res
	}
	// serial columns' sequences belong to the table's owner
	for _, c := range res.Catalog {
		if cs, ok := c.(*CreateSequence); ok && cs.OwnedBy != nil {
			add = append(add, &RecordOwner{ObjType: 'S', Name: cs.Name, Created: true})
		}
	}
	res.Catalog = append(res.Catalog, add...)
	return res
}

// AlterDatabaseSet is ALTER DATABASE ... SET / RESET (settings every new
// session of the database starts with).
type AlterDatabaseSet struct {
	Database string
	Setting  string
	Value    string
	Reset    bool
	ResetAll bool
}

func (*AlterDatabaseSet) command()        {}
func (*AlterDatabaseSet) catalogCommand() {}

func alterDatabaseSet(s *pg.AlterDatabaseSetStmt) Result {
	cmd := &AlterDatabaseSet{Database: s.Dbname, Setting: s.Setstmt.Name}
	switch s.Setstmt.Kind {
	case pg.VariableSetKind_VAR_SET_VALUE:
		vals := make([]string, 0, len(s.Setstmt.Args))
		for _, a := range s.Setstmt.Args {
			vals = append(vals, constText(a))
		}
		cmd.Value = strings.Join(vals, ", ")
	case pg.VariableSetKind_VAR_RESET, pg.VariableSetKind_VAR_SET_DEFAULT:
		cmd.Reset = true
	case pg.VariableSetKind_VAR_RESET_ALL:
		cmd.Reset, cmd.ResetAll = true, true
	default:
		fail(pgerror.New(pgerror.FeatureNotSupported, "this form of ALTER DATABASE ... SET is not supported yet"))
	}
	return Result{Cmd: cmd, Tag: "ALTER DATABASE"}
}

// FuncRefOf resolves the argument types of a function named with its
// arguments (DROP FUNCTION's ObjectWithArgs).
func (t *Translator) FuncRefOf(owa *pg.ObjectWithArgs) (ref FuncRef, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			ok = false
		}
	}()
	return t.funcRef(owa), true
}

// viewCheckOption is a CREATE VIEW's check option, from its WITH ...
// CHECK OPTION clause or its check_option reloption (whose value
// checkViewOptions checks).
func viewCheckOption(s *pg.ViewStmt) string {
	switch s.WithCheckOption {
	case pg.ViewCheckOption_LOCAL_CHECK_OPTION:
		return "local"
	case pg.ViewCheckOption_CASCADED_CHECK_OPTION:
		return "cascaded"
	}
	for _, o := range s.Options {
		if d := o.GetDefElem(); d != nil && d.Defname == "check_option" {
			if d.Arg == nil {
				return "?" // no value: refused by checkViewOptions
			}
			return defText(d.Arg)
		}
	}
	return ""
}

// checkViewOptions checks a CREATE VIEW's WITH (...) options as
// PostgreSQL's view reloptions do, in the order written: a view knows
// check_option (local or cascaded), security_barrier and
// security_invoker (booleans) and nothing else (22023) but toast.*.
func checkViewOptions(s *pg.ViewStmt) {
	checkViewOptionList(s.Options, false)
}

// checkViewOptionList checks the options of a view's WITH (...), or of
// ALTER VIEW / ALTER TABLE on a view's SET (...) or, with reset, RESET
// (...), whose names PostgreSQL takes unchecked but not with values.
func checkViewOptionList(opts []*pg.Node, reset bool) {
	for _, o := range opts {
		d := o.GetDefElem()
		if d == nil {
			continue
		}
		if reset {
			if d.Arg != nil {
				fail(pgerror.New(pgerror.SyntaxError, "RESET must not include values for parameters"))
			}
			continue
		}
		v := "true"
		if d.Arg != nil {
			v = defText(d.Arg)
		}
		switch {
		case d.Defnamespace == "toast":
			// a view has no TOAST table: PostgreSQL takes these unchecked
		case d.Defnamespace != "":
			fail(pgerror.New(pgerror.InvalidParameterValue, "unrecognized parameter namespace %q", d.Defnamespace))
		case d.Defname != "check_option" && d.Defname != "security_barrier" && d.Defname != "security_invoker":
			fail(pgerror.New(pgerror.InvalidParameterValue, "unrecognized parameter %q", d.Defname))
		case d.Defname == "check_option":
			if d.Arg == nil || v != "local" && v != "cascaded" {
				if d.Arg == nil {
					v = ""
				}
				fail(pgerror.New(pgerror.InvalidParameterValue, "invalid value for enum option \"check_option\": %s", v).
					WithDetail("Valid values are \"local\" and \"cascaded\"."))
			}
		default:
			if _, err := types.Input(types.Bool, v, nil); err != nil {
				fail(pgerror.New(pgerror.InvalidParameterValue, "invalid value for boolean option %q: %s", d.Defname, v))
			}
		}
	}
}

// securityInvokerOption reads security_invoker from a view's options:
// the value as written ("on", "1"), "true" when it has none.
func securityInvokerOption(opts []*pg.Node) *string {
	for _, o := range opts {
		d := o.GetDefElem()
		if d == nil || d.Defname != "security_invoker" {
			continue
		}
		v := "true"
		if d.Arg != nil {
			v = defText(d.Arg)
		}
		return &v
	}
	return nil
}

func defText(n *pg.Node) string {
	switch a := n.Node.(type) {
	case *pg.Node_String_:
		return a.String_.Sval
	case *pg.Node_Integer:
		return itoa(int64(a.Integer.Ival))
	case *pg.Node_Boolean:
		if a.Boolean.Boolval {
			return "true"
		}
		return "false"
	case *pg.Node_TypeName:
		return strVal(a.TypeName.Names[len(a.TypeName.Names)-1])
	}
	return constText(n)
}

// largeObjectOID is the text of a large object's OID as a statement
// names it.
func largeObjectOID(n *pg.Node) string {
	switch v := n.Node.(type) {
	case *pg.Node_Integer:
		return strconv.FormatInt(int64(v.Integer.Ival), 10)
	case *pg.Node_Float:
		return v.Float.Fval
	}
	return strVal(n)
}
