package lint

import (
	"fmt"
	"sort"
	"strings"
)

var ruleRLSEnabledNoPolicy = &rule{
	id: "0008", name: "rls_enabled_no_policy", title: "RLS Enabled No Policy", level: LevelError, category: "SECURITY",
	description: "Detects cases where row level security (RLS) has been enabled on a table but no RLS policies have been created.",
	needs:       []fact{factPolicies},
	run:         rlsEnabledNoPolicy,
}

// rlsEnabledNoPolicy: RLS is on and no policy exists, so every API query
// silently returns no rows. ERROR in tinybase (splinter: INFO).
func rlsEnabledNoPolicy(f *facts, r *rule) []Finding {
	has := map[uint32]bool{}
	for _, p := range f.policies {
		has[p.rel] = true
	}
	var out []Finding
	for _, x := range f.relOrder {
		if x.kind != 'r' || !f.userRel(x) || !x.rowSecurity || has[x.oid] {
			continue
		}
		out = append(out, r.finding(
			fmt.Sprintf("Table `%s.%s` has RLS enabled, but no policies exist", x.schema, x.name),
			Metadata{Schema: x.schema, Name: x.name, Type: "table"},
			fmt.Sprintf("rls_enabled_no_policy_%s_%s", x.schema, x.name)))
	}
	return out
}

var ruleRLSDisabledInPublic = &rule{
	id: "0013", name: "rls_disabled_in_public", title: "RLS Disabled in Public", level: LevelError, category: "SECURITY",
	description: "Detects cases where row level security (RLS) has not been enabled on tables in schemas exposed to PostgREST",
	run:         rlsDisabledInPublic,
}

// rlsDisabledInPublic: a table in an API-exposed schema, selectable by
// anon or authenticated, without RLS: anyone with the anon key reads it.
func rlsDisabledInPublic(f *facts, r *rule) []Finding {
	var out []Finding
	for _, x := range f.relOrder {
		if x.kind != 'r' || x.rowSecurity || !(x.anonSelect || x.authSelect) || !f.exposed[x.schema] || excludedSchemas[x.schema] {
			continue
		}
		out = append(out, r.finding(
			fmt.Sprintf("Table `%s.%s` is public, but RLS has not been enabled.", x.schema, x.name),
			Metadata{Schema: x.schema, Name: x.name, Type: "table"},
			fmt.Sprintf("rls_disabled_in_public_%s_%s", x.schema, x.name)))
	}
	return out
}

var rulePolicyExistsRLSDisabled = &rule{
	id: "0007", name: "policy_exists_rls_disabled", title: "Policy Exists RLS Disabled", level: LevelError, category: "SECURITY",
	description: "Detects cases where row level security (RLS) policies have been created, but RLS has not been enabled for the underlying table.",
	needs:       []fact{factPolicies},
	run:         policyExistsRLSDisabled,
}

// policyExistsRLSDisabled: policies exist but RLS is off, so they do
// nothing.
func policyExistsRLSDisabled(f *facts, r *rule) []Finding {
	names := map[uint32][]string{}
	for _, p := range f.policies {
		names[p.rel] = append(names[p.rel], p.name)
	}
	var out []Finding
	for _, x := range f.relOrder {
		ps := names[x.oid]
		if x.kind != 'r' || !f.userRel(x) || x.rowSecurity || len(ps) == 0 {
			continue
		}
		sort.Strings(ps)
		out = append(out, r.finding(
			fmt.Sprintf("Table `%s.%s` has RLS policies but RLS is not enabled on the table. Policies include %s.", x.schema, x.name, pgArray(ps)),
			Metadata{Schema: x.schema, Name: x.name, Type: "table"},
			fmt.Sprintf("policy_exists_rls_disabled_%s_%s", x.schema, x.name)))
	}
	return out
}

var ruleMultiplePermissivePolicies = &rule{
	id: "0006", name: "multiple_permissive_policies", title: "Multiple Permissive Policies", level: LevelWarn, category: "PERFORMANCE",
	description: "Detects if multiple permissive row level security policies are present on a table for the same `role` and `action` (e.g. insert). Multiple permissive policies are suboptimal for performance as each policy must be executed for every relevant query.",
	needs:       []fact{factPolicies},
	run:         multiplePermissivePolicies,
}

var policyActions = map[byte][]string{
	'r': {"SELECT"}, 'a': {"INSERT"}, 'w': {"UPDATE"}, 'd': {"DELETE"}, '*': {"SELECT", "INSERT", "UPDATE", "DELETE"},
}

// multiplePermissivePolicies: more than one permissive policy applies to
// the same role and action; each is evaluated for every row.
func multiplePermissivePolicies(f *facts, r *rule) []Finding {
	type key struct {
		rel    uint32
		role   string
		action string
	}
	groups := map[key][]string{}
	var order []key
	for _, p := range f.policies {
		x, ok := f.rels[p.rel]
		if !ok || x.kind != 'r' || !p.permissive || !f.userRel(x) {
			continue
		}
		public := len(p.roles) == 1 && p.roles[0] == 0
		for _, ro := range f.roles {
			if like(ro.name, "pg_%") || like(ro.name, "supabase%admin") || ro.bypassRLS {
				continue
			}
			applies := public
			for _, o := range p.roles {
				if o == ro.oid {
					applies = true
				}
			}
			if !applies {
				continue
			}
			for _, act := range policyActions[p.cmd] {
				k := key{p.rel, ro.name, act}
				if _, seen := groups[k]; !seen {
					order = append(order, k)
				}
				groups[k] = append(groups[k], p.name)
			}
		}
	}
	var out []Finding
	for _, k := range order {
		ps := groups[k]
		if len(ps) < 2 {
			continue
		}
		sort.Strings(ps)
		x := f.rels[k.rel]
		out = append(out, r.finding(
			fmt.Sprintf("Table `%s.%s` has multiple permissive policies for role `%s` for action `%s`. Policies include `%s`", x.schema, x.name, k.role, k.action, pgArray(ps)),
			Metadata{Schema: x.schema, Name: x.name, Type: "table"},
			fmt.Sprintf("multiple_permissive_policies_%s_%s_%s_%s", x.schema, x.name, k.role, k.action)))
	}
	return out
}

var ruleAuthRLSInitplan = &rule{
	id: "0003", name: "auth_rls_initplan", title: "Auth RLS Initialization Plan", level: LevelWarn, category: "PERFORMANCE",
	description: "Detects if calls to `current_setting()` and `auth.<function>()` in RLS policies are being unnecessarily re-evaluated for each row",
	needs:       []fact{factPolicies},
	run:         authRLSInitplan,
}

// reevaluated reports a policy expression calling auth.<fn>() or
// current_setting() outside a scalar subquery (so once per row).
func reevaluated(expr *string) bool {
	if expr == nil {
		return false
	}
	low := strings.ToLower(*expr)
	for _, fn := range []string{"auth.uid()", "auth.jwt()", "auth.role()", "auth.email()"} {
		if strings.Contains(*expr, fn) && !strings.Contains(low, "select "+fn) {
			return true
		}
	}
	return like(*expr, `%current\_setting(%)%`) && !like(low, `%select current\_setting(%)%`)
}

func authRLSInitplan(f *facts, r *rule) []Finding {
	var out []Finding
	for _, p := range f.policies {
		x, ok := f.rels[p.rel]
		if !ok || !x.rowSecurity || excludedSchemas[x.schema] && x.schema != "realtime" {
			continue
		}
		if !reevaluated(p.qual) && !reevaluated(p.withCheck) {
			continue
		}
		out = append(out, r.finding(
			fmt.Sprintf("Table `%s.%s` has a row level security policy `%s` that re-evaluates current_setting() or auth.<function>() for each row. This produces suboptimal query performance at scale. Resolve the issue by replacing `auth.<function>()` with `(select auth.<function>())`. See [docs](https://supabase.com/docs/guides/database/postgres/row-level-security#call-functions-with-select) for more info.", x.schema, x.name, p.name),
			Metadata{Schema: x.schema, Name: x.name, Type: "table"},
			fmt.Sprintf("auth_rls_init_plan_%s_%s_%s", x.schema, x.name, p.name)))
	}
	return out
}

var ruleRLSReferencesUserMetadata = &rule{
	id: "0015", name: "rls_references_user_metadata", title: "RLS references user metadata", level: LevelError, category: "SECURITY",
	description: "Detects when Supabase Auth user_metadata is referenced insecurely in a row level security (RLS) policy.",
	needs:       []fact{factPolicies},
	run:         rlsReferencesUserMetadata,
}

// rlsReferencesUserMetadata: a policy trusts user_metadata from the JWT,
// which end users can edit.
func rlsReferencesUserMetadata(f *facts, r *rule) []Finding {
	var out []Finding
	for _, p := range f.policies {
		x, ok := f.rels[p.rel]
		if !ok || excludedSchemas[x.schema] {
			continue
		}
		hit := false
		for _, e := range []*string{p.qual, p.withCheck} {
			if likeNullable(e, "%auth.jwt()%user_metadata%") || likeNullable(e, "%current_setting(%request.jwt.claims%)%user_metadata%") {
				hit = true
			}
		}
		if !hit {
			continue
		}
		out = append(out, r.finding(
			fmt.Sprintf("Table `%s.%s` has a row level security policy `%s` that references Supabase Auth `user_metadata`. `user_metadata` is editable by end users and should never be used in a security context.", x.schema, x.name, p.name),
			Metadata{Schema: x.schema, Name: x.name, Type: "table"},
			fmt.Sprintf("rls_references_user_metadata_%s_%s_%s", x.schema, x.name, p.name)))
	}
	return out
}
