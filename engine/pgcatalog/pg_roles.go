package pgcatalog

import "github.com/tinybase/tinybase/engine/types"

// roles are the roles the catalogs list: postgres and the session user.
func (s *State) roles() []string {
	if s.User == "" || s.User == "postgres" {
		return []string{"postgres"}
	}
	return []string{"postgres", s.User}
}

// pgRoles is the pg_catalog.pg_roles view.
var pgRoles = &def{
	cols: []column{
		{"rolname", types.Name}, {"rolsuper", types.Bool}, {"rolinherit", types.Bool},
		{"rolcreaterole", types.Bool}, {"rolcreatedb", types.Bool}, {"rolcanlogin", types.Bool},
		{"rolreplication", types.Bool}, {"rolconnlimit", types.Int4}, {"rolpassword", types.Text},
		{"rolvaliduntil", types.Timestamptz}, {"rolbypassrls", types.Bool},
		{"rolconfig", types.ArrayOf(types.Text)}, {"oid", types.Oid},
	},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, r := range s.roles() {
			super := r == "postgres"
			oid := uint32(10)
			if !super {
				oid = stableOID("a:" + r)
			}
			out = append(out, []any{r, super, true, super, super, true, super, int32(-1), "********", nil, super, nil, oid})
		}
		return out, nil
	},
}

// pgUser is the pg_catalog.pg_user view.
var pgUser = &def{
	cols: []column{
		{"usename", types.Name}, {"usesysid", types.Oid}, {"usecreatedb", types.Bool},
		{"usesuper", types.Bool}, {"userepl", types.Bool}, {"usebypassrls", types.Bool},
		{"passwd", types.Text}, {"valuntil", types.Timestamptz}, {"useconfig", types.ArrayOf(types.Text)},
	},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, r := range s.roles() {
			super := r == "postgres"
			oid := uint32(10)
			if !super {
				oid = stableOID("a:" + r)
			}
			out = append(out, []any{r, oid, super, super, super, super, "********", nil, nil})
		}
		return out, nil
	},
}
