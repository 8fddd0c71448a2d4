package pgcatalog

import "github.com/tinybase/tinybase/engine/internal/types"

// pgDbRoleSetting is pg_catalog.pg_db_role_setting: the settings ALTER
// ROLE / ALTER DATABASE ... SET store, one row per (database, role) pair
// with any. setdatabase 0 is every database (ALTER ROLE ... SET), setrole
// 0 every role (ALTER DATABASE ... SET, ALTER ROLE ALL ... SET).
var pgDbRoleSetting = &def{
	cols: []column{
		{"setdatabase", types.Oid}, {"setrole", types.Oid}, {"setconfig", types.ArrayOf(types.Text)},
	},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		add := func(db, role uint32, kv []string) {
			if len(kv) > 0 {
				out = append(out, []any{db, role, settingsArray(kv)})
			}
		}
		add(0, 0, s.Catalog.AllRoleSettings())
		add(DatabaseOID, 0, s.Catalog.DatabaseSettings())
		for _, r := range s.Catalog.Roles() {
			add(0, r.OID, r.Settings)
			add(DatabaseOID, r.OID, r.DBSettings)
		}
		return out, nil
	},
}
