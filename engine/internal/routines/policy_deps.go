package routines

import (
	"fmt"
	"slices"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// dropCallingPolicies refuses to drop a routine that a row security
// policy's expression calls unless CASCADE, which drops the policy, as
// PostgreSQL's pg_depend entry from the policy on the function does.
// Policies keep SQL text, so a call is matched by name (a bare one must
// find the routine's schema first on the search path) and, among
// overloads, by argument count and casts (translate.CallsRoutine).
func dropCallingPolicies(s Host, cat *catalog.Catalog, f *catalog.Function, cascade bool) (*catalog.Catalog, error) {
	overloads := cat.Functions(catalog.QName{Schema: f.Schema, Name: f.Name})
	typeOID := func(names []string) (uint32, bool) { return resolveTypeOID(s, cat, names) }
	calls := func(text string) bool {
		if text == "" {
			return false
		}
		for _, c := range translate.ExprCalls(text) {
			named := false
			switch names := c.Names; len(names) {
			case 2:
				named = names[0] == f.Schema && names[1] == f.Name
			case 1:
				named = names[0] == f.Name && firstSchemaWith(s, cat, f.Name) == f.Schema
			}
			if named && translate.CallsRoutine(c, f, overloads, typeOID) {
				return true
			}
		}
		return false
	}
	var users []*catalog.Policy
	for _, ps := range cat.AllPolicies() {
		for _, p := range ps {
			if calls(p.Using) || calls(p.Check) {
				users = append(users, p)
			}
		}
	}
	slices.SortFunc(users, func(a, b *catalog.Policy) int { return int(a.OID) - int(b.OID) })
	for _, p := range users {
		desc := fmt.Sprintf("policy %s on table %s", p.Name, visibleName(s, p.Table.Schema, p.Table.Name))
		if !cascade {
			return nil, pgerror.New(pgerror.DependentObjectsStillExist, "cannot drop function %s because other objects depend on it", f.Signature()).
				WithDetail("%s depends on function %s", desc, f.Signature()).
				WithHint("Use DROP ... CASCADE to drop the dependent objects too.")
		}
		s.DropCascades(desc)
		cat = cat.DropPolicy(p.Table, p.Name)
	}
	return cat, nil
}

// firstSchemaWith is the schema of the search path where a bare routine
// name resolves.
func firstSchemaWith(s Host, cat *catalog.Catalog, name string) string {
	for _, sc := range s.LookupSchemas("") {
		if len(cat.Functions(catalog.QName{Schema: sc, Name: name})) > 0 {
			return sc
		}
	}
	return ""
}

// resolveTypeOID resolves a type name written in stored text: a user
// type by the search path (or its schema), else a built-in one.
func resolveTypeOID(s Host, cat *catalog.Catalog, names []string) (uint32, bool) {
	name, schema := names[len(names)-1], ""
	if len(names) == 2 {
		schema = names[0]
	}
	if schema != "pg_catalog" {
		for _, sc := range s.LookupSchemas(schema) {
			if d, ok := cat.Type(catalog.QName{Schema: sc, Name: name}); ok {
				return d.Type.OID, true
			}
		}
	}
	if t, ok := types.ByName(name); ok {
		return t.OID, true
	}
	return 0, false
}
