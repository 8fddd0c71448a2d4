package ddl

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/extensions"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// ExtensionHost is what CREATE / ALTER / DROP EXTENSION need beyond Host:
// running SQL as an extension script does (PostgreSQL's
// execute_extension_script: as the bootstrap superuser, with the target
// schema alone on the search_path, in the statement's transaction).
type ExtensionHost interface {
	Host
	// RunExtensionScript runs each statement of script with search_path
	// set to schema (then pg_catalog) and the role set to the bootstrap
	// superuser, restoring both afterwards.
	RunExtensionScript(script, schema string) error
}

// CreateExtension is CREATE EXTENSION (docs: SQL Commands, CREATE
// EXTENSION; extension.c's CreateExtension).
func CreateExtension(h Host, c *translate.CreateExtension) error {
	return createExtension(h, c, nil)
}

func createExtension(h Host, c *translate.CreateExtension, parents []string) error {
	cat := h.Catalog()
	if _, ok := cat.Extension(c.Name); ok {
		if c.IfNotExists || len(parents) > 0 {
			if len(parents) == 0 {
				h.Notice("NOTICE", "42710", fmt.Sprintf("extension %q already exists, skipping", c.Name))
			}
			return nil
		}
		return pgerror.New(pgerror.DuplicateObject, "extension %q already exists", c.Name)
	}
	offer, ok := extensions.Offer(c.Name)
	if !ok {
		// a trusted language extension pg_tle stores (extension_tle.go)
		tle, isTLE, err := extensions.TLE(cat, c.Name, "", c.Version)
		if err != nil {
			return err
		}
		if !isTLE {
			return pgerror.New(pgerror.FeatureNotSupported, "extension %q is not available", c.Name).
				WithHint("The extension must first be installed on the system where PostgreSQL is running.")
		}
		offer = extensions.Offered{Name: tle.Name, Version: tle.Version, StandIn: tle}
	}
	e := offer.StandIn
	if e == nil {
		return pgerror.New(pgerror.FeatureNotSupported, "extension %q is available on Supabase but not in tinybase", c.Name).
			WithDetail("tinybase has no stand-in for %s %s; a migration that creates it still applies on Supabase.", offer.Name, offer.Version).
			WithHint("Remove CREATE EXTENSION %s and what uses it to run this migration locally, or apply it to a Supabase database.", c.Name)
	}
	for _, p := range parents {
		if p == c.Name {
			return pgerror.New(pgerror.InvalidObjectDefinition, "cyclic dependency detected between extensions %q and %q", c.Name, parents[len(parents)-1])
		}
	}
	version := e.Version
	if c.Version != "" {
		version = c.Version
	}
	updates, ok := e.UpdatePath(e.Versions()[0], version)
	if !ok {
		return pgerror.New(pgerror.InvalidParameterValue, "extension %q has no installation script nor update path for version %q", c.Name, c.Version)
	}
	var schema string
	if c.Schema != "" && c.Schema != "pg_catalog" && !h.StorageTxn().HasSchema(c.Schema) {
		// a named schema must exist, even the control file's own
		// (extension.c looks it up before anything else): a dump's
		// `WITH SCHEMA "pgsodium"` fails where Supabase no longer
		// pre-creates pgsodium
		return pgerror.New(pgerror.InvalidSchemaName, "schema %q does not exist", c.Schema)
	}
	if e.Schema != "" {
		if c.Schema != "" && c.Schema != e.Schema {
			return pgerror.New(pgerror.FeatureNotSupported, "extension %q must be installed in schema %q", c.Name, e.Schema)
		}
		schema = e.Schema
		if !h.StorageTxn().HasSchema(schema) {
			// a fixed schema is created when missing (extension.c)
			if err := h.StorageTxn().CreateSchema(schema); err != nil {
				return h.MapError(err)
			}
		}
	} else if e.ControlSchema != "" {
		if c.Schema != "" && c.Schema != e.ControlSchema {
			if !h.StorageTxn().HasSchema(c.Schema) {
				// a named schema must exist before the control file's is checked
				return pgerror.New(pgerror.InvalidSchemaName, "schema %q does not exist", c.Schema)
			}
			return pgerror.New(pgerror.FeatureNotSupported, "extension %q must be installed in schema %q", c.Name, e.ControlSchema)
		}
		schema = e.ControlSchema
	} else if c.Schema == "pg_catalog" {
		// not a storage schema, but where an extension may go (plpgsql
		// is there; `supabase db diff` writes pg_cron's CREATE EXTENSION
		// WITH SCHEMA pg_catalog)
		schema = c.Schema
	} else {
		var err error
		if schema, err = CreationSchema(h, c.Schema); err != nil {
			return err
		}
	}
	for _, req := range e.Requires {
		if _, ok := h.Catalog().Extension(req); ok {
			continue
		}
		if !c.Cascade {
			return pgerror.New(pgerror.UndefinedObject, "required extension %q is not installed", req).
				WithHint("Use CREATE EXTENSION ... CASCADE to install required extensions too.")
		}
		h.Notice("NOTICE", "00000", fmt.Sprintf("installing required extension %q", req))
		sub := &translate.CreateExtension{Name: req, Cascade: true}
		if c.Schema != "" {
			sub.Schema = schema
		}
		if err := createExtension(h, sub, append(parents, c.Name)); err != nil {
			return err
		}
	}
	before := objectSet(h)
	if err := createBaseTypes(h, e, schema); err != nil { // extension_types.go
		return err
	}
	scripts := []string{e.Script}
	for _, u := range updates {
		scripts = append(scripts, u.Script)
	}
	if err := runExtensionScripts(h, e, "CREATE", scripts, schema); err != nil {
		return err
	}
	var members []catalog.Member
	for _, m := range objects(h) {
		if !before[m] {
			members = append(members, m)
		}
	}
	// Supabase's after-create scripts (supautils) run once the extension
	// exists, outside its script: what they create is not a member
	// (pgmq_public's wrappers), what they grant on members is.
	if err := runExtensionScripts(h, e, "CREATE", []string{e.AfterCreate}, schema); err != nil {
		return err
	}
	h.SetCatalog(h.Catalog().PutExtension(catalog.Extension{Name: e.Name, Schema: schema, Version: version,
		Relocatable: e.Relocatable && e.Schema == "", Owner: currentUser(h), Members: members,
		InitPrivs: h.Catalog().MemberACLs(members)}))
	if e.Comment != "" {
		// the control file's comment, as CREATE EXTENSION records it
		comment := e.Comment
		h.SetCatalog(h.Catalog().SetComment(catalog.ObjectKey{Kind: catalog.ObjExtension, Name: e.Name}, &comment))
	}
	return nil
}

// runExtensionScripts runs an extension's install or update scripts in
// schema, as PostgreSQL's execute_extension_script does.
func runExtensionScripts(h Host, e *extensions.Extension, verb string, scripts []string, schema string) error {
	for _, script := range scripts {
		if strings.TrimSpace(script) == "" {
			continue
		}
		xh, ok := h.(ExtensionHost)
		if !ok {
			return pgerror.New(pgerror.FeatureNotSupported, "%s EXTENSION %s cannot run its script here", verb, e.Name)
		}
		script = strings.ReplaceAll(script, "@extschema@", quoteIdent(schema))
		script = strings.ReplaceAll(script, "MODULE_PATHNAME", extensions.ModulePathname(e.Name))
		if err := xh.RunExtensionScript(script, schema); err != nil {
			return err
		}
	}
	return nil
}

// currentUser is the role running the statement, when the host knows it.
func currentUser(h Host) string {
	if u, ok := h.(interface{ CurrentUser() string }); ok {
		return u.CurrentUser()
	}
	return ""
}

// objects lists the catalog's objects and storage's schemas and tables.
func objects(h Host) []catalog.Member {
	out := h.Catalog().Objects()
	// an event trigger its script creates belongs to the extension too
	// (pg_graphql's), and goes first when it is dropped
	for _, t := range h.Catalog().EventTriggers() {
		out = append(out, catalog.Member{Kind: "event trigger", Name: t.Name})
	}
	txn := h.StorageTxn()
	for _, sc := range txn.SchemaNames() {
		out = append(out, catalog.Member{Kind: "schema", Name: sc})
		names, err := txn.TableNames(sc)
		if err != nil {
			continue
		}
		for _, n := range names {
			if _, ok := h.Catalog().View(catalog.QName{Schema: sc, Name: n}); ok {
				continue
			}
			out = append(out, catalog.Member{Kind: "table", Schema: sc, Name: n})
		}
	}
	return out
}

func objectSet(h Host) map[catalog.Member]bool {
	set := map[catalog.Member]bool{}
	for _, m := range objects(h) {
		set[m] = true
	}
	return set
}

// DropExtension is DROP EXTENSION name: its members go with it, in the
// reverse order of their creation; objects outside the extension that
// depend on a member need CASCADE (2BP01 otherwise), as do extensions
// that require it.
func DropExtension(h Host, name string, cascade, ifExists bool) error {
	cat := h.Catalog()
	ext, ok := cat.Extension(name)
	if !ok {
		if ifExists {
			h.Notice("NOTICE", "00000", fmt.Sprintf("extension %q does not exist, skipping", name))
			return nil
		}
		return pgerror.New(pgerror.UndefinedObject, "extension %q does not exist", name)
	}
	for _, other := range cat.Extensions() {
		if other.Name == name {
			continue
		}
		for _, r := range extensionRequires(cat, other.Name) {
			if r != name {
				continue
			}
			if !cascade {
				return pgerror.New(pgerror.DependentObjectsStillExist, "cannot drop extension %s because other objects depend on it", name).
					WithDetail("extension %s depends on extension %s", other.Name, name).
					WithHint("Use DROP ... CASCADE to drop the dependent objects too.")
			}
			h.Notice("NOTICE", "00000", fmt.Sprintf("drop cascades to extension %s", other.Name))
			if err := DropExtension(h, other.Name, true, false); err != nil {
				return err
			}
		}
	}
	if err := dropTLEStore(h, name, cascade); err != nil { // extension_tle.go
		return err
	}
	// Functions outside the extension that take or return one of its
	// types depend on the type (Supabase's pgmq_public wrappers return
	// pgmq.message_record): 2BP01 without CASCADE, dropped first with it.
	var outside strings.Builder
	if users := memberTypeUsers(h, h.Catalog(), ext); len(users) > 0 {
		if !cascade {
			lines := make([]string, len(users))
			for i, u := range users {
				lines[i] = fmt.Sprintf("function %s depends on type %s", u.desc, u.typ)
			}
			return pgerror.New(pgerror.DependentObjectsStillExist, "cannot drop extension %s because other objects depend on it", name).
				WithDetail("%s", strings.Join(lines, "\n")).WithHint("Use DROP ... CASCADE to drop the dependent objects too.")
		}
		for _, u := range users {
			h.DropCascades("function " + u.desc)
			fmt.Fprintf(&outside, "DROP %s IF EXISTS %s CASCADE;\n", u.word, u.drop)
		}
	}
	// Off the list first, so its members may be dropped.
	h.SetCatalog(h.Catalog().DropExtension(name))
	// types and then schemas go last: the members' order is the
	// catalog's, not their creation's; a type goes once the functions
	// taking it have gone (else they would stay behind, their DROP
	// naming a type that no longer exists), a schema once what it holds
	// has gone
	var script, schemas strings.Builder
	var typeMembers []catalog.Member
	mode := " RESTRICT"
	if cascade {
		mode = " CASCADE"
	}
	// aggregates first: they depend on the member functions they call
	members := make([]catalog.Member, 0, len(ext.Members))
	for _, aggs := range []bool{false, true} {
		for _, m := range ext.Members {
			f, ok := h.Catalog().FunctionByOID(m.OID)
			if (m.Kind == "function" && ok && f.Kind == catalog.KindAggregate) == aggs {
				members = append(members, m)
			}
		}
	}
	for i := len(members) - 1; i >= 0; i-- {
		m := members[i]
		q := quoteIdent(m.Schema) + "." + quoteIdent(m.Name)
		switch m.Kind {
		case "operator":
			h.SetCatalog(h.Catalog().DropOperator(m.OID))
			continue
		case "cast":
			h.SetCatalog(h.Catalog().DropCast(m.OID))
			continue
		case "function":
			f, ok := h.Catalog().FunctionByOID(m.OID)
			if !ok {
				continue
			}
			word := routineWord(f)
			args := make([]string, 0, len(f.Args))
			for _, t := range f.InputTypes() {
				args = append(args, t.WithMod(-1).FormatType())
			}
			fmt.Fprintf(&script, "DROP %s IF EXISTS %s(%s)%s;\n", word, q, strings.Join(args, ", "), mode)
		case "schema":
			fmt.Fprintf(&schemas, "DROP SCHEMA IF EXISTS %s%s;\n", quoteIdent(m.Name), mode)
		case "type":
			typeMembers = append(typeMembers, m)
		case "event trigger":
			fmt.Fprintf(&script, "DROP EVENT TRIGGER IF EXISTS %s;\n", quoteIdent(m.Name))
		case "foreign data wrapper": // foreign.go
			fmt.Fprintf(&script, "DROP FOREIGN DATA WRAPPER IF EXISTS %s%s;\n", quoteIdent(m.Name), mode)
		default:
			fmt.Fprintf(&script, "DROP %s IF EXISTS %s%s;\n", strings.ToUpper(m.Kind), q, mode)
		}
	}
	script.WriteString(outside.String())
	for _, m := range typesByUse(h.Catalog(), typeMembers) {
		fmt.Fprintf(&script, "DROP TYPE IF EXISTS %s.%s%s;\n", quoteIdent(m.Schema), quoteIdent(m.Name), mode)
	}
	script.WriteString(schemas.String())
	if script.Len() == 0 {
		return nil
	}
	xh, ok := h.(ExtensionHost)
	if !ok {
		return pgerror.New(pgerror.FeatureNotSupported, "DROP EXTENSION %s cannot drop its objects here", name)
	}
	err := xh.RunExtensionScript(script.String(), ext.Schema)
	if pe, ok := pgerror.As(err); ok && pe.Code == pgerror.DependentObjectsStillExist {
		return pgerror.New(pgerror.DependentObjectsStillExist, "cannot drop extension %s because other objects depend on it", name).
			WithDetail("%s", pe.Detail).WithHint("Use DROP ... CASCADE to drop the dependent objects too.")
	}
	return err
}

// MemberDropError is PostgreSQL's refusal to drop an object an extension
// owns on its own (findDependentObjects: "because extension x requires
// it"); nil when the object belongs to no extension.
func MemberDropError(cat *catalog.Catalog, kind, schema, name string, oid uint32, shown string) error {
	e, ok := cat.MemberOf(kind, schema, name, oid)
	if !ok {
		return nil
	}
	return pgerror.New(pgerror.DependentObjectsStillExist, "cannot drop %s %s because extension %s requires it", kind, shown, e.Name).
		WithHint("You can drop extension %s instead.", e.Name)
}

// AlterExtension is ALTER EXTENSION name UPDATE [TO version] and ALTER
// EXTENSION name SET SCHEMA schema.
func AlterExtension(h Host, c *translate.AlterExtension) error {
	cat := h.Catalog()
	ext, ok := cat.Extension(c.Name)
	if !ok {
		return pgerror.New(pgerror.UndefinedObject, "extension %q does not exist", c.Name)
	}
	if c.NewSchema == "" {
		return updateExtension(h, ext, c.Version)
	}
	if c.NewSchema == ext.Schema {
		return nil
	}
	if !ext.Relocatable {
		return pgerror.New(pgerror.FeatureNotSupported, "extension %q does not support SET SCHEMA", c.Name)
	}
	if !h.StorageTxn().HasSchema(c.NewSchema) {
		return pgerror.New(pgerror.InvalidSchemaName, "schema %q does not exist", c.NewSchema)
	}
	// members move while the extension is off the list (so ALTER ... SET
	// SCHEMA of a member is allowed), then it comes back in its new schema
	h.SetCatalog(cat.DropExtension(c.Name))
	var script strings.Builder
	moved := make([]catalog.Member, len(ext.Members))
	for i, m := range ext.Members {
		moved[i] = m
		if m.Schema != ext.Schema {
			continue
		}
		moved[i].Schema = c.NewSchema
		q := quoteIdent(m.Schema) + "." + quoteIdent(m.Name)
		switch m.Kind {
		case "function":
			f, ok := h.Catalog().FunctionByOID(m.OID)
			if !ok {
				continue
			}
			args := make([]string, 0, len(f.Args))
			for _, t := range f.InputTypes() {
				args = append(args, t.WithMod(-1).FormatType())
			}
			fmt.Fprintf(&script, "ALTER FUNCTION %s(%s) SET SCHEMA %s;\n", q, strings.Join(args, ", "), quoteIdent(c.NewSchema))
		case "operator":
			if o := operatorByOID(h.Catalog(), m.OID); o != nil {
				n := *o
				n.Schema = c.NewSchema
				next, _ := h.Catalog().PutOperator(n)
				h.SetCatalog(next)
			}
		case "table", "view", "sequence", "type":
			fmt.Fprintf(&script, "ALTER %s %s SET SCHEMA %s;\n", strings.ToUpper(m.Kind), q, quoteIdent(c.NewSchema))
		}
	}
	if script.Len() > 0 {
		xh, ok := h.(ExtensionHost)
		if !ok {
			return pgerror.New(pgerror.FeatureNotSupported, "ALTER EXTENSION %s cannot move its objects here", c.Name)
		}
		if err := xh.RunExtensionScript(script.String(), ext.Schema); err != nil {
			return err
		}
	}
	n := *ext
	n.Schema, n.Members = c.NewSchema, moved
	n.InitPrivs = nil
	for _, p := range ext.InitPrivs {
		if p.Key.Schema == ext.Schema && p.Key.Kind != catalog.ObjSchema {
			p.Key.Schema = c.NewSchema
		}
		n.InitPrivs = append(n.InitPrivs, p)
	}
	h.SetCatalog(h.Catalog().PutExtension(n))
	return nil
}

// updateExtension is ALTER EXTENSION name UPDATE [TO want]: the update
// scripts from the installed version to want (the default version when
// empty) run, and what they create joins the extension's members.
func updateExtension(h Host, ext *catalog.Extension, want string) error {
	e, _ := extensions.Lookup(ext.Name)
	if e == nil {
		var err error
		if e, _, err = extensions.TLE(h.Catalog(), ext.Name, ext.Version, want); err != nil { // pg_tle's
			return err
		}
	}
	if want == "" && e != nil {
		want = e.Version
	}
	if want == ext.Version || want == "" {
		h.Notice("NOTICE", "00000", fmt.Sprintf("version %q of extension %q is already installed", ext.Version, ext.Name))
		return nil
	}
	var path []extensions.Update
	ok := false
	if e != nil {
		path, ok = e.UpdatePath(ext.Version, want)
	}
	if !ok {
		return pgerror.New(pgerror.InvalidParameterValue, "extension %q has no update path from version %q to version %q", ext.Name, ext.Version, want)
	}
	before := objectSet(h)
	scripts := make([]string, len(path))
	for i, u := range path {
		scripts[i] = u.Script
	}
	// An update script may drop or replace the extension's own objects
	// (pgmq's drops the forms of send it replaces), as PostgreSQL lets an
	// extension's script do: its members are off the list meanwhile.
	off := *ext
	off.Members = nil
	h.SetCatalog(h.Catalog().PutExtension(off))
	if err := runExtensionScripts(h, e, "ALTER", scripts, ext.Schema); err != nil {
		return err
	}
	after := objects(h)
	present := make(map[catalog.Member]bool, len(after))
	for _, m := range after {
		present[m] = true
	}
	n := *ext
	n.Members = nil
	for _, m := range ext.Members {
		if present[m] {
			n.Members = append(n.Members, m)
		}
	}
	var added []catalog.Member
	for _, m := range after {
		if !before[m] {
			added = append(added, m)
		}
	}
	n.Members = append(n.Members, added...)
	n.InitPrivs = append(slices.Clip(ext.InitPrivs), h.Catalog().MemberACLs(added)...)
	n.Version = want
	h.SetCatalog(h.Catalog().PutExtension(n))
	return nil
}

func operatorByOID(cat *catalog.Catalog, oid uint32) *catalog.Operator {
	for _, o := range cat.AllOperators() {
		if o.OID == oid {
			return o
		}
	}
	return nil
}

func quoteIdent(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

// CreateOperator is CREATE OPERATOR: a binary or prefix operator bound to
// a function taking its argument types.
func CreateOperator(h Host, c *translate.CreateOperator) error {
	op := c.Op
	schema, err := CreationSchema(h, op.Schema)
	if err != nil {
		return err
	}
	op.Schema = schema
	want := []*types.Type{op.Right}
	if op.Left != nil {
		want = []*types.Type{op.Left, op.Right}
	}
	cat := h.Catalog()
	var fn *catalog.Function
	for _, sc := range LookupSchemas(h, c.Func.Schema) {
		for _, f := range cat.Functions(catalog.QName{Schema: sc, Name: c.Func.Name}) {
			if f.SameInputTypes(want) {
				fn = f
			}
		}
		if fn != nil {
			break
		}
	}
	if fn == nil {
		names := make([]string, len(want))
		for i, t := range want {
			names[i] = t.FormatType()
		}
		return pgerror.New(pgerror.UndefinedFunction, "function %s(%s) does not exist", c.Func.Display(), strings.Join(names, ", "))
	}
	for _, o := range cat.Operators(op.Name) {
		if o.Schema == schema && sameType(o.Left, op.Left) && sameType(o.Right, op.Right) {
			return pgerror.New(pgerror.DuplicateFunction, "operator %s already exists", op.Name)
		}
	}
	op.Proc, op.Result, op.Owner = fn.OID, fn.Result, currentUser(h)
	next, _ := cat.PutOperator(op)
	h.SetCatalog(next)
	return nil
}

func sameType(a, b *types.Type) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.OID == b.OID
}

// typesByUse orders an extension's types so that a composite type comes
// before the types its fields have (pg_net's http_response_result before
// http_response and request_status): DROP TYPE ... CASCADE of a type a
// composite still uses is not supported.
func typesByUse(cat *catalog.Catalog, members []catalog.Member) []catalog.Member {
	typeOf := func(m catalog.Member) *types.Type {
		if d, ok := cat.Type(catalog.QName{Schema: m.Schema, Name: m.Name}); ok {
			return d.Type
		}
		return nil
	}
	usedBy := func(t, by *types.Type) bool {
		if t == nil || by == nil || !by.IsComposite() {
			return false
		}
		for _, f := range by.Base().Fields {
			ft := f.Type.Base()
			if ft.Kind == types.KindArray && ft.Elem != nil {
				ft = ft.Elem.Base()
			}
			if ft.OID == t.OID {
				return true
			}
		}
		return false
	}
	var out []catalog.Member
	rest := append([]catalog.Member(nil), members...)
	for len(rest) > 0 {
		next := rest[:0:0]
		for _, m := range rest {
			used := false
			for _, o := range rest {
				if o != m && usedBy(typeOf(m), typeOf(o)) {
					used = true
					break
				}
			}
			if used {
				next = append(next, m)
			} else {
				out = append(out, m)
			}
		}
		if len(next) == len(rest) { // a cycle: keep the order given
			return append(out, next...)
		}
		rest = next
	}
	return out
}

// typeUser is a routine outside an extension using one of its types.
type typeUser struct {
	oid        uint32
	desc, typ  string // "s.f(text,integer)", "s.t" as pg_describe_object
	word, drop string // DROP <word> <drop>
}

// memberTypeUsers lists the routines that are not members of ext whose
// parameters or result are one of ext's types (or arrays of them), in
// OID order, as PostgreSQL reports the dependents it finds.
func memberTypeUsers(h Host, cat *catalog.Catalog, ext *catalog.Extension) []typeUser {
	owned := map[[2]string]bool{}
	members := map[uint32]bool{}
	for _, m := range ext.Members {
		switch m.Kind {
		case "type":
			owned[[2]string{m.Schema, m.Name}] = true
		case "function":
			members[m.OID] = true
		}
	}
	return routineTypeUsers(h, cat, owned, members)
}

// routineTypeUsers lists the routines but those in skip whose parameters
// or result are one of the types owned (schema, name), or arrays of them,
// in OID order, as PostgreSQL reports the dependents it finds.
func routineTypeUsers(h Host, cat *catalog.Catalog, owned map[[2]string]bool, members map[uint32]bool) []typeUser {
	if len(owned) == 0 {
		return nil
	}
	uses := func(t *types.Type) (string, bool) {
		for ; t != nil; t = t.Elem {
			if owned[[2]string{t.Schema, t.Name}] {
				return visibleName(h, t.Schema, t.Name), true
			}
		}
		return "", false
	}
	var out []typeUser
	for _, f := range cat.AllFunctions() {
		if members[f.OID] {
			continue
		}
		in := f.InputTypes()
		typ, ok := uses(f.Result)
		for _, t := range in {
			if ok {
				break
			}
			typ, ok = uses(t)
		}
		if !ok {
			continue
		}
		names, shown := make([]string, len(in)), make([]string, len(in))
		for i, t := range in {
			names[i], shown[i] = t.WithMod(-1).FormatType(), t.FormatTypeNoMod()
		}
		word := routineWord(f)
		out = append(out, typeUser{oid: f.OID, typ: typ, word: word,
			desc: visibleName(h, f.Schema, f.Name) + "(" + strings.Join(shown, ",") + ")",
			drop: quoteIdent(f.Schema) + "." + quoteIdent(f.Name) + "(" + strings.Join(names, ", ") + ")"})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].oid < out[j].oid })
	return out
}

// routineWord is the DROP keyword of a routine: FUNCTION, PROCEDURE or
// AGGREGATE.
func routineWord(f *catalog.Function) string {
	switch f.Kind {
	case catalog.KindProcedure:
		return "PROCEDURE"
	case catalog.KindAggregate:
		return "AGGREGATE"
	}
	return "FUNCTION"
}
