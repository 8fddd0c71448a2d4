package pgcatalog

import (
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
)

var grantCols = []column{
	{"grantor", types.Name}, {"grantee", types.Name}, {"table_catalog", types.Name}, {"table_schema", types.Name},
	{"table_name", types.Name}, {"privilege_type", types.Varchar}, {"is_grantable", yesOrNo}, {"with_hierarchy", yesOrNo},
}

var privWords = []struct {
	p    catalog.Priv
	word string
}{
	{catalog.PrivInsert, "INSERT"}, {catalog.PrivSelect, "SELECT"}, {catalog.PrivUpdate, "UPDATE"},
	{catalog.PrivDelete, "DELETE"}, {catalog.PrivTruncate, "TRUNCATE"}, {catalog.PrivReferences, "REFERENCES"},
	{catalog.PrivTrigger, "TRIGGER"},
}

// tableGrants lists the table privileges information_schema shows: every
// ACL item of tables and views (the catalogs' too), PUBLIC included; onlyEnabled restricts to
// grants involving a role the current user has (role_table_grants).
func (s *State) tableGrants(onlyEnabled bool) ([][]any, error) {
	rels, err := s.Tables()
	if err != nil {
		return nil, err
	}
	type rel struct{ schema, name string }
	var all []rel
	for _, r := range rels {
		all = append(all, rel{r.Schema, r.Name})
	}
	for _, v := range s.Catalog.Views() {
		all = append(all, rel{v.Schema, v.Name})
	}
	for _, r := range systemRelations() {
		all = append(all, rel{r.Schema, r.Name})
	}
	var out [][]any
	for _, r := range all {
		k := catalog.ObjectKey{Kind: catalog.ObjRelation, Schema: r.schema, Name: r.name}
		for _, it := range s.Catalog.EffectiveACL(k, catalog.ClassTable) {
			grantee := it.Grantee
			if grantee == "" {
				grantee = "PUBLIC"
			}
			if onlyEnabled && !(s.Catalog.HasPrivsOf(s.User, it.Grantor) || (it.Grantee != "" && s.Catalog.HasPrivsOf(s.User, it.Grantee))) {
				continue
			}
			for _, pw := range privWords {
				if it.Privs&pw.p == 0 {
					continue
				}
				grantable := "NO"
				if it.Grant&pw.p != 0 || it.Grantee == s.Catalog.Owner(k) {
					grantable = "YES"
				}
				hier := "NO"
				if pw.p == catalog.PrivSelect {
					hier = "YES"
				}
				out = append(out, []any{it.Grantor, grantee, s.Database, r.schema, r.name, pw.word, grantable, hier})
			}
		}
	}
	return out, nil
}

// isTableGrants is information_schema.table_privileges.
var isTableGrants = &def{cols: grantCols, rows: func(s *State) ([][]any, error) { return s.tableGrants(false) }}

// isRoleTableGrants is information_schema.role_table_grants.
var isRoleTableGrants = &def{cols: grantCols, rows: func(s *State) ([][]any, error) { return s.tableGrants(true) }}
