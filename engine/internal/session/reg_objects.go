package session

import (
	"strconv"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// sessionRelations also resolves regnamespace, regproc and regprocedure
// (types/regobjects.go) through the session's schemas, routines and
// search path.
var _ types.ObjectResolver = sessionRelations{}

// NamespaceOID implements types.ObjectResolver.
func (r sessionRelations) NamespaceOID(name string) (uint32, error) {
	st, err := r.s.currentCatalogState()
	if err != nil {
		return 0, err
	}
	for _, n := range st.Schemas() {
		if n == name {
			return pgcatalog.NamespaceOID(n), nil
		}
	}
	return 0, pgerror.New(pgerror.InvalidSchemaName, "schema %q does not exist", name)
}

// NamespaceName implements types.ObjectResolver.
func (r sessionRelations) NamespaceName(oid uint32) string {
	if st, err := r.s.currentCatalogState(); err == nil {
		for _, n := range st.Schemas() {
			if pgcatalog.NamespaceOID(n) == oid {
				return quoteIdentPart(n)
			}
		}
	}
	return strconv.FormatUint(uint64(oid), 10)
}

// ProcOID implements types.ObjectResolver: regproc takes a name that only
// one routine has; regprocedure a name and its argument types.
func (r sessionRelations) ProcOID(spec string, withArgs bool) (uint32, error) {
	name, args := spec, ""
	if withArgs {
		open := strings.IndexByte(spec, '(')
		if open < 0 {
			return 0, pgerror.New(pgerror.InvalidTextRepresentation, "expected a left parenthesis")
		}
		if !strings.HasSuffix(strings.TrimSpace(spec), ")") {
			return 0, pgerror.New(pgerror.InvalidTextRepresentation, "expected a right parenthesis")
		}
		name, args = spec[:open], strings.TrimSuffix(strings.TrimSpace(spec[open+1:]), ")")
	}
	parts := types.SplitQualifiedName(name)
	schemas := r.s.SearchPath()
	switch len(parts) {
	case 1:
		schemas = append([]string{"pg_catalog"}, schemas...)
	case 2:
		schemas = []string{parts[0]}
	default:
		return 0, pgerror.New(pgerror.SyntaxError, "improper qualified name (too many dotted names): %s", name)
	}
	fname := parts[len(parts)-1]
	if len(parts) == 2 {
		if _, err := r.NamespaceOID(parts[0]); err != nil {
			return 0, err
		}
	}
	var want []*types.Type
	if withArgs {
		for _, a := range splitTypeList(args) {
			t, err := types.RegtypeType(strings.Join(strings.Fields(a), " "), &r.s.env)
			if err != nil {
				return 0, err
			}
			want = append(want, t)
		}
	}
	cat := r.s.catalog()
	for _, sc := range schemas {
		var found []uint32
		for _, f := range cat.AllFunctions() {
			if f.Schema != sc || f.Name != fname {
				continue
			}
			if withArgs && !sameArgTypes(f.InputTypes(), want) {
				continue
			}
			found = append(found, f.OID)
		}
		if sc == "pg_catalog" {
			found = append(found, builtinProcOIDs(fname, withArgs, want)...)
			if oid, ok := pgcatalog.IOProcOID(fname); ok && len(found) == 0 && !withArgs {
				// a type's I/O function pg_type names (typinput::oid)
				found = append(found, oid)
			}
		}
		switch {
		case len(found) == 1:
			return found[0], nil
		case len(found) > 1:
			return 0, pgerror.New(pgerror.AmbiguousFunction, "more than one function named %q", name)
		}
	}
	return 0, pgerror.New(pgerror.UndefinedFunction, "function %q does not exist", strings.TrimSpace(spec))
}

// ProcName implements types.ObjectResolver.
func (r sessionRelations) ProcName(oid uint32, withArgs bool) string {
	f, ok := r.s.catalog().FunctionByOID(oid)
	if !ok {
		if p, ok := pgcatalog.BuiltinByOID(oid); ok {
			return builtinProcName(r, p, withArgs)
		}
		if name, ok := pgcatalog.IOProcName(oid); ok && !withArgs {
			return name
		}
		return strconv.FormatUint(uint64(oid), 10)
	}
	name := quoteIdentPart(f.Name)
	visible := false
	for _, sc := range r.s.SearchPath() {
		if sc == f.Schema {
			visible = true
			break
		}
	}
	if !withArgs && visible {
		// regproc output qualifies a name that does not find exactly
		// this routine (an overloaded one)
		if oid, err := r.ProcOID(quoteIdentPart(f.Name), false); err != nil || oid != f.OID {
			visible = false
		}
	}
	if !visible && f.Schema != "pg_catalog" {
		name = quoteIdentPart(f.Schema) + "." + name
	}
	if !withArgs {
		return name
	}
	in := f.InputTypes()
	args := make([]string, len(in))
	for i, t := range in {
		args[i] = r.TypeText(t)
	}
	return name + "(" + strings.Join(args, ",") + ")"
}

// splitTypeList splits regprocedure's argument list at top-level commas
// (numeric(10,2) keeps its comma).
func splitTypeList(s string) []string {
	if strings.TrimSpace(s) == "" {
		return nil
	}
	var out []string
	depth, start := 0, 0
	for i, c := range s {
		switch c {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

// sameArgTypes reports whether a routine's input types are want, by
// type OID (by spelling for a type without one).
func sameArgTypes(in, want []*types.Type) bool {
	if len(in) != len(want) {
		return false
	}
	for i, t := range in {
		if t.OID != want[i].OID || t.OID == 0 && t.FormatType() != want[i].FormatType() {
			return false
		}
	}
	return true
}

// builtinProcOIDs are the OIDs of the built-in functions named name (with
// these argument types when withArgs) that pg_proc lists.
func builtinProcOIDs(name string, withArgs bool, want []*types.Type) []uint32 {
	var out []uint32
	for _, p := range pgcatalog.Builtins() {
		if p.Name != name {
			continue
		}
		if withArgs {
			in := make([]*types.Type, len(p.ArgTypes))
			known := true
			for i, o := range p.ArgTypes {
				if in[i], known = types.ByOID(o); !known {
					break
				}
			}
			if !known || !sameArgTypes(in, want) {
				continue
			}
		}
		out = append(out, p.OID)
	}
	return out
}

// builtinProcName is regproc / regprocedure output of a built-in
// function: its name (qualified when user routines of the search path
// make it ambiguous, as for any routine) and, for regprocedure, its
// argument types as format_type prints them.
func builtinProcName(r sessionRelations, p *pgcatalog.BuiltinProc, withArgs bool) string {
	name := quoteIdentPart(p.Name)
	if !withArgs {
		if oid, err := r.ProcOID(name, false); err != nil || oid != p.OID {
			return "pg_catalog." + name
		}
		return name
	}
	args := make([]string, len(p.ArgTypes))
	for i, o := range p.ArgTypes {
		if t, ok := types.ByOID(o); ok {
			args[i] = t.FormatType()
		} else {
			args[i] = strconv.FormatUint(uint64(o), 10)
		}
	}
	return name + "(" + strings.Join(args, ",") + ")"
}

var _ types.TypeResolver = sessionRelations{}

// UserType implements types.TypeResolver: a user type by name, unqualified
// names through the search path.
func (r sessionRelations) UserType(name string) (*types.Type, bool) {
	parts := types.SplitQualifiedName(name)
	schemas := r.s.SearchPath()
	switch len(parts) {
	case 1:
	case 2:
		schemas = []string{parts[0]}
	default:
		return nil, false
	}
	cat := r.s.catalog()
	for _, sc := range schemas {
		if d, ok := cat.Type(catalog.QName{Schema: sc, Name: parts[len(parts)-1]}); ok {
			return d.Type, true
		}
		// a table's or view's row type is a type of its schema too
		if t, ok := r.s.RowType(sc, parts[len(parts)-1]); ok {
			return t, true
		}
	}
	return nil, false
}

// TypeText implements types.TypeDisplayer: format_type's spelling of a
// type in reg* output, qualified by its schema when the search path does
// not find it by its bare name (under pg_dump's empty search_path it shows
// public.t).
func (r sessionRelations) TypeText(t *types.Type) string {
	if t.Kind == types.KindArray && t.Domain == nil && t.Elem != nil {
		return r.TypeText(t.Elem.WithMod(t.Mod)) + "[]"
	}
	if t.Schema == "" || t.Schema == "pg_catalog" || t.Kind == types.KindExt {
		return t.FormatTypeNoMod()
	}
	bare := *t
	bare.Schema = "public" // FormatType's unqualified (but quoted) spelling
	text := bare.FormatTypeNoMod()
	if found, ok := r.UserType(quoteIdentPart(t.Name)); ok && found.OID == t.OID {
		return text
	}
	return quoteIdentPart(t.Schema) + "." + text
}

// UserTypeByOID implements types.TypeResolver.
func (r sessionRelations) UserTypeByOID(oid uint32) (*types.Type, bool) {
	return r.s.catalog().TypeByOID(oid)
}

// RoleOID implements types.ObjectResolver.
func (r sessionRelations) RoleOID(name string) (uint32, error) {
	if role, ok := r.s.catalog().Role(name); ok {
		return role.OID, nil
	}
	return 0, pgerror.New(pgerror.UndefinedObject, "role %q does not exist", name)
}

// RoleNameOf names a role in aclitem values (types.ACLRoleNameOf).
func (r sessionRelations) RoleNameOf(oid uint32) (string, bool) {
	if role, ok := r.s.catalog().RoleByOID(oid); ok {
		return role.Name, true
	}
	return "", false
}

// RoleName implements types.ObjectResolver.
func (r sessionRelations) RoleName(oid uint32) string {
	if role, ok := r.s.catalog().RoleByOID(oid); ok {
		return quoteIdentPart(role.Name)
	}
	return strconv.FormatUint(uint64(oid), 10)
}
