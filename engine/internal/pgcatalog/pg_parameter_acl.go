package pgcatalog

import "github.com/tinybase/tinybase/engine/internal/types"

// pgParameterACL is pg_catalog.pg_parameter_acl (PostgreSQL 15): one row
// per configuration parameter whose privileges GRANT ... ON PARAMETER
// changed from the default. pg_dumpall reads it for its GRANT SET ON
// PARAMETER lines (`supabase db dump --role-only` runs pg_dumpall).
var pgParameterACL = &def{
	cols: []column{{"oid", types.Oid}, {"parname", types.Text}, {"paracl", aclitemArray}},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, p := range s.Catalog.ParameterACLs() {
			out = append(out, []any{p.OID, p.Name, aclArray(s.aclStrings(p.ACL))})
		}
		return out, nil
	},
}
