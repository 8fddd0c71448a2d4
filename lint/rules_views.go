package lint

import (
	"encoding/json"
	"fmt"

	pg "github.com/pganalyze/pg_query_go/v5"
)

var ruleSecurityDefinerView = &rule{
	id: "0010", name: "security_definer_view", title: "Security Definer View", level: LevelError, category: "SECURITY",
	description: "Detects views defined with the SECURITY DEFINER property. These views enforce Postgres permissions and row level security policies (RLS) of the view creator, rather than that of the querying user",
	run:         securityDefinerView,
}

// securityDefinerView: an API-exposed view without security_invoker runs
// with its owner's rights, bypassing the caller's RLS.
func securityDefinerView(f *facts, r *rule) []Finding {
	var out []Finding
	for _, x := range f.relOrder {
		if x.kind != 'v' || !(x.anonSelect || x.authSelect) || !f.exposed[x.schema] || !f.userRel(x) || x.securityInvoker() {
			continue
		}
		out = append(out, r.finding(
			fmt.Sprintf("View `%s.%s` is defined with the SECURITY DEFINER property", x.schema, x.name),
			Metadata{Schema: x.schema, Name: x.name, Type: "view"},
			fmt.Sprintf("security_definer_view_%s_%s", x.schema, x.name)))
	}
	return out
}

var ruleAuthUsersExposed = &rule{
	id: "0002", name: "auth_users_exposed", title: "Exposed Auth Users", level: LevelError, category: "SECURITY",
	description: "Detects if auth.users is exposed to anon or authenticated roles via a view or materialized view in schemas exposed to PostgREST, potentially compromising user data security.",
	run:         authUsersExposed,
}

// authUsersExposed: an API-exposed view or materialized view that reads
// auth.users directly and is selectable by anon or authenticated, unless
// it is a security_invoker view over an RLS-protected auth.users.
func authUsersExposed(f *facts, r *rule) []Finding {
	var users *rel
	for _, x := range f.relOrder {
		if x.schema == "auth" && x.name == "users" {
			users = x
		}
	}
	if users == nil {
		return nil
	}
	var out []Finding
	for _, x := range f.relOrder {
		if x.kind != 'v' && x.kind != 'm' || !f.exposed[x.schema] || !(x.anonSelect || x.authSelect) {
			continue
		}
		if !readsAuthUsers(f.views[x.oid]) {
			continue
		}
		insecure := x.kind == 'm' || !x.securityInvoker() || !users.rowSecurity
		if !insecure {
			continue
		}
		exposedTo := []string{"authenticated"}
		if x.anonSelect {
			exposedTo = []string{"anon"}
		}
		out = append(out, r.finding(
			fmt.Sprintf("View/Materialized View \"%s\" in the public schema may expose `auth.users` data to anon or authenticated roles.", x.name),
			Metadata{Schema: x.schema, Name: x.name, Type: "view", ExposedTo: exposedTo},
			fmt.Sprintf("auth_users_exposed_%s_%s", x.schema, x.name)))
	}
	return out
}

// readsAuthUsers reports whether a view definition references auth.users
// itself (as PostgreSQL's pg_depend records it for the view's rule).
func readsAuthUsers(def string) bool {
	if def == "" {
		return false
	}
	js, err := pg.ParseToJSON(def)
	if err != nil {
		return false
	}
	var tree any
	if err := json.Unmarshal([]byte(js), &tree); err != nil {
		return false
	}
	var walk func(v any) bool
	walk = func(v any) bool {
		switch n := v.(type) {
		case map[string]any:
			if rv, ok := n["RangeVar"].(map[string]any); ok && rv["schemaname"] == "auth" && rv["relname"] == "users" {
				return true
			}
			for _, c := range n {
				if walk(c) {
					return true
				}
			}
		case []any:
			for _, c := range n {
				if walk(c) {
					return true
				}
			}
		}
		return false
	}
	return walk(tree)
}
