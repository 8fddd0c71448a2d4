package pgcatalog

import (
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// The foreign-data catalogs (PostgreSQL docs 53.23-53.25, 53.56, 54.33
// and information_schema.foreign_tables): the wrappers, servers, user
// mappings and foreign tables the catalog keeps (catalog/foreign.go).

// optionsArray is a text[] of "name=value" options, NULL when none.
func optionsArray(opts []string) any {
	if len(opts) == 0 {
		return nil
	}
	return settingsArray(opts) // pg_roles.go
}

func optText(s string, ok bool) any {
	if !ok {
		return nil
	}
	return s
}

var pgForeignDataWrapper = &def{
	cols: []column{{"oid", types.Oid}, {"fdwname", types.Name}, {"fdwowner", types.Oid},
		{"fdwhandler", types.Oid}, {"fdwvalidator", types.Oid}, {"fdwacl", aclitemArray}, {"fdwoptions", textArray}},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, w := range s.Catalog.Foreign().Wrappers {
			acl := s.objectACL(catalog.ObjectKey{Kind: catalog.ObjForeignWrapper, Name: w.Name})
			out = append(out, []any{w.OID, w.Name, s.RoleOID(w.Owner), w.Handler, w.Validator, acl, optionsArray(w.Options)})
		}
		return out, nil
	},
}

var pgForeignServer = &def{
	cols: []column{{"oid", types.Oid}, {"srvname", types.Name}, {"srvowner", types.Oid},
		{"srvfdw", types.Oid}, {"srvtype", types.Text}, {"srvversion", types.Text}, {"srvacl", aclitemArray},
		{"srvoptions", textArray}},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, sv := range s.Catalog.Foreign().Servers {
			w, _ := s.Catalog.ForeignWrapper(sv.Wrapper)
			acl := s.objectACL(catalog.ObjectKey{Kind: catalog.ObjForeignServer, Name: sv.Name})
			out = append(out, []any{sv.OID, sv.Name, s.RoleOID(sv.Owner), w.OID, optText(sv.Type, sv.HasType),
				optText(sv.Version, sv.HasVersion), acl, optionsArray(sv.Options)})
		}
		return out, nil
	},
}

// objectACL is an object's explicit ACL as a catalog column: NULL until
// a GRANT or REVOKE gives it one.
func (s *State) objectACL(k catalog.ObjectKey) any {
	a := s.Catalog.ACL(k)
	if a == nil {
		return nil
	}
	return aclArray(s.aclStrings(a))
}

// mappingUser is a user mapping's umuser: 0 for PUBLIC.
func (s *State) mappingUser(m catalog.UserMapping) uint32 {
	if m.User == "public" {
		return 0
	}
	return s.RoleOID(m.User)
}

var pgUserMapping = &def{
	cols: []column{{"oid", types.Oid}, {"umuser", types.Oid}, {"umserver", types.Oid}, {"umoptions", textArray}},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, m := range s.Catalog.Foreign().Mappings {
			sv, _ := s.Catalog.ForeignServer(m.Server)
			out = append(out, []any{m.OID, s.mappingUser(m), sv.OID, optionsArray(m.Options)})
		}
		return out, nil
	},
}

var pgUserMappings = &def{
	cols: []column{{"umid", types.Oid}, {"srvid", types.Oid}, {"srvname", types.Name}, {"umuser", types.Oid},
		{"usename", types.Name}, {"umoptions", textArray}},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, m := range s.Catalog.Foreign().Mappings {
			sv, _ := s.Catalog.ForeignServer(m.Server)
			out = append(out, []any{m.OID, sv.OID, sv.Name, s.mappingUser(m), m.User, optionsArray(m.Options)})
		}
		return out, nil
	},
}

var pgForeignTable = &def{
	cols: []column{{"ftrelid", types.Oid}, {"ftserver", types.Oid}, {"ftoptions", textArray}},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, t := range s.Catalog.Foreign().Tables {
			sv, _ := s.Catalog.ForeignServer(t.Server)
			out = append(out, []any{RelationOID(t.Table.Schema, t.Table.Name), sv.OID, optionsArray(t.Options)})
		}
		return out, nil
	},
}

var isForeignTables = &def{
	cols: []column{{"foreign_table_catalog", sqlIdentifier}, {"foreign_table_schema", sqlIdentifier},
		{"foreign_table_name", sqlIdentifier}, {"foreign_server_catalog", sqlIdentifier}, {"foreign_server_name", sqlIdentifier}},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, t := range s.Catalog.Foreign().Tables {
			out = append(out, []any{s.Database, t.Table.Schema, t.Table.Name, s.Database, t.Server})
		}
		return out, nil
	},
}

// isForeignDataWrappers is information_schema.foreign_data_wrappers: the
// wrappers the current user owns (or is a member of the owner) or may use.
// PostgreSQL leaves library_name NULL and says 'c' for every wrapper.
var isForeignDataWrappers = &def{
	cols: []column{{"foreign_data_wrapper_catalog", sqlIdentifier}, {"foreign_data_wrapper_name", sqlIdentifier},
		{"authorization_identifier", sqlIdentifier}, {"library_name", characterData},
		{"foreign_data_wrapper_language", characterData}},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, w := range s.Catalog.Foreign().Wrappers {
			if !s.mayUseForeign(catalog.ObjectKey{Kind: catalog.ObjForeignWrapper, Name: w.Name}, catalog.ClassForeignWrapper, w.Owner) {
				continue
			}
			out = append(out, []any{s.Database, w.Name, w.Owner, nil, "c"})
		}
		return out, nil
	},
}

// isForeignServers is information_schema.foreign_servers, with the same
// visibility rule as foreign_data_wrappers.
var isForeignServers = &def{
	cols: []column{{"foreign_server_catalog", sqlIdentifier}, {"foreign_server_name", sqlIdentifier},
		{"foreign_data_wrapper_catalog", sqlIdentifier}, {"foreign_data_wrapper_name", sqlIdentifier},
		{"foreign_server_type", characterData}, {"foreign_server_version", characterData},
		{"authorization_identifier", sqlIdentifier}},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, sv := range s.Catalog.Foreign().Servers {
			if !s.mayUseForeign(catalog.ObjectKey{Kind: catalog.ObjForeignServer, Name: sv.Name}, catalog.ClassForeignServer, sv.Owner) {
				continue
			}
			out = append(out, []any{s.Database, sv.Name, s.Database, sv.Wrapper, optText(sv.Type, sv.HasType),
				optText(sv.Version, sv.HasVersion), sv.Owner})
		}
		return out, nil
	},
}

// mayUseForeign is these views' filter: pg_has_role(owner, 'USAGE') or
// USAGE on the object.
func (s *State) mayUseForeign(k catalog.ObjectKey, class catalog.ObjClass, owner string) bool {
	u := s.CurrentUser
	if u == "" {
		u = s.User
	}
	return s.Catalog.HasPrivsOf(u, owner) || s.Catalog.HasPrivilege(u, k, class, catalog.PrivUsage)
}

// isForeign reports whether table schema.name is a foreign table.
func (s *State) isForeign(schema, name string) bool {
	_, ok := s.Catalog.ForeignTable(catalog.QName{Schema: schema, Name: name})
	return ok
}

// addForeignCatalogs registers this file's relations.
func addForeignCatalogs(pgc, is map[string]*def) {
	pgc["pg_foreign_data_wrapper"] = pgForeignDataWrapper
	pgc["pg_foreign_server"] = pgForeignServer
	pgc["pg_user_mapping"] = pgUserMapping
	pgc["pg_user_mappings"] = pgUserMappings
	pgc["pg_foreign_table"] = pgForeignTable
	is["foreign_tables"] = isForeignTables
	is["foreign_data_wrappers"] = isForeignDataWrappers
	is["foreign_servers"] = isForeignServers
}
