package routines

import (
	"fmt"
	"slices"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// dropCallingPolicies refuses to drop a routine that a row security
// policy's expression calls unless CASCADE, which drops the policy, as
// PostgreSQL's pg_depend entry from the policy on the function does.
// Policies keep SQL text, so a call is matched by name and argument
// count: a bare name must find the routine's schema first on the search
// path.
func dropCallingPolicies(s Host, cat *catalog.Catalog, f *catalog.Function, cascade bool) (*catalog.Catalog, error) {
	calls := func(text string) bool {
		if text == "" {
			return false
		}
		for _, c := range translate.ExprCalls(text) {
			n := len(f.InputTypes())
			if c.Args < n-f.NumDefaults() || c.Args > n && !f.Variadic() {
				continue
			}
			switch names := c.Names; len(names) {
			case 2:
				if names[0] == f.Schema && names[1] == f.Name {
					return true
				}
			case 1:
				if names[0] == f.Name && firstSchemaWith(s, cat, f.Name) == f.Schema {
					return true
				}
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
