package lint

// rules lists the lints in splinter's numbering order.
var rules = []*rule{
	ruleUnindexedForeignKeys,
	ruleAuthUsersExposed,
	ruleAuthRLSInitplan,
	ruleNoPrimaryKey,
	ruleMultiplePermissivePolicies,
	rulePolicyExistsRLSDisabled,
	ruleRLSEnabledNoPolicy,
	ruleDuplicateIndex,
	ruleSecurityDefinerView,
	ruleFunctionSearchPathMutable,
	ruleRLSDisabledInPublic,
	ruleExtensionInPublic,
	ruleRLSReferencesUserMetadata,
	ruleForeignTableInAPI, // rules_foreign.go
	ruleFKeyToAuthUnique,
}

// Names returns the lint names in splinter's order.
func Names() []string {
	var out []string
	for _, r := range rules {
		out = append(out, r.name)
	}
	return out
}

// userTable reports a table or view splinter lints: outside the excluded
// schemas and not owned by an extension.
func (f *facts) userRel(x *rel) bool {
	return !excludedSchemas[x.schema] && !f.extensionOwned(x.oid)
}
