package pgcatalog

import (
	"slices"
	"sort"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// Relations pg_dump reads that no other client does. Most list objects
// tinybase cannot create (operators, operator families, casts, text
// search objects, foreign-data wrappers and servers, event triggers,
// partitioned tables, subscriptions, large objects, security labels,
// transforms, conversions): they exist, empty of user objects, so
// pg_dump's queries run as on a database without any. Their built-in
// rows (PostgreSQL's casts, operators, ...) are not listed; pg_dump skips
// those anyway (OIDs below 16384 in pg_catalog). pg_default_acl and
// pg_rewrite (a view's _RETURN rule) list the catalog's objects.

// empty is a relation without rows.
func empty(cols ...column) *def {
	return &def{cols: cols, rows: func(*State) ([][]any, error) { return nil, nil }}
}

// pgDefaultACL is pg_catalog.pg_default_acl (ALTER DEFAULT PRIVILEGES).
var pgDefaultACL = &def{
	cols: []column{
		{"oid", types.Oid}, {"defaclrole", types.Oid}, {"defaclnamespace", types.Oid},
		{"defaclobjtype", types.Char}, {"defaclacl", aclitemArray},
	},
	rows: func(s *State) ([][]any, error) {
		defs := s.Catalog.DefaultACLs()
		keys := make([]catalog.DefaultKey, 0, len(defs))
		for k := range defs {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool {
			a, b := keys[i], keys[j]
			if a.Role != b.Role {
				return a.Role < b.Role
			}
			if a.Schema != b.Schema {
				return a.Schema < b.Schema
			}
			return a.ObjType < b.ObjType
		})
		out := make([][]any, 0, len(keys))
		for _, k := range keys {
			var nsp uint32
			if k.Schema != "" {
				nsp = NamespaceOID(k.Schema)
			}
			oid := stableOID("defacl:" + k.Role + "." + k.Schema + "." + string(k.ObjType))
			out = append(out, []any{oid, s.RoleOID(k.Role), nsp, string(k.ObjType), aclArray(s.aclStrings(defs[k]))})
		}
		return out, nil
	},
}

// RuleOID is the pg_rewrite OID of view schema.name's _RETURN rule.
func RuleOID(schema, name string) uint32 {
	return stableOID("rule:" + schema + "." + name)
}

// pgRewrite is pg_catalog.pg_rewrite: each view's _RETURN rule (tinybase
// has no other rules). ev_qual and ev_action (pg_node_tree) are left out.
var pgRewrite = &def{
	cols: []column{
		{"oid", types.Oid}, {"rulename", types.Name}, {"ev_class", types.Oid}, {"ev_type", types.Char},
		{"ev_enabled", types.Char}, {"is_instead", types.Bool},
	},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, v := range s.Catalog.Views() {
			out = append(out, []any{RuleOID(v.Schema, v.Name), "_RETURN", v.OID, "1", "O", true})
		}
		for _, r := range s.Catalog.AllRules() { // CREATE RULE rules (rules.go)
			out = append(out, []any{r.OID, r.Name, s.ruleRelOID(r.Table), string(rune(r.Event)), string(rune(r.EnabledChar())), r.Instead})
		}
		return out, nil
	},
}

// pgInitPrivs is pg_catalog.pg_init_privs: the initial privileges of
// objects initdb makes whose ACL is not acldefault's: the catalogs'
// (catalog.SystemRelationACL) and schema public's (catalog.InitialACL);
// and those extensions' scripts gave their members;
// every other ACL compares with acldefault, as pg_dump does when an
// object has no row. pg_dump dumps only what differs from these.
var pgInitPrivs = &def{
	cols: []column{{"objoid", types.Oid}, {"classoid", types.Oid}, {"objsubid", types.Int4},
		{"privtype", types.Char}, {"initprivs", aclitemArray}},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		k := catalog.ObjectKey{Kind: catalog.ObjSchema, Name: "public"}
		if initial := s.Catalog.InitialACL(k); initial != nil && slices.Contains(s.Schemas(), "public") {
			// initdb's owner: the items name pg_database_owner whoever
			// owns the schema now
			acl := catalog.ACL{{Grantee: "pg_database_owner", Grantor: "pg_database_owner", Privs: initial[0].Privs},
				{Grantee: "", Grantor: "pg_database_owner", Privs: initial[1].Privs}}
			out = append(out, []any{NamespaceOID("public"), uint32(pgNamespaceOID), int32(0), "i", aclArray(s.aclStrings(acl))})
		}
		for _, r := range systemRelations() {
			rk := catalog.ObjectKey{Kind: catalog.ObjRelation, Schema: r.Schema, Name: r.Name}
			if acl := s.Catalog.SystemRelationACL(rk); acl != nil {
				out = append(out, []any{r.OID, uint32(pgClassOID), int32(0), "i", aclArray(s.aclStrings(acl))})
			}
		}
		// what extensions' scripts granted on their members (privtype e)
		for _, e := range s.Catalog.Extensions() {
			for _, p := range e.InitPrivs {
				var oid, class uint32
				switch p.Key.Kind {
				case catalog.ObjRelation:
					oid, class = s.RelOID(p.Key.Schema, p.Key.Name), pgClassOID
				case catalog.ObjFunction:
					oid, class = s.functionOID(p.Key.Schema, p.Key.Name), pgProcOID
				case catalog.ObjSchema:
					oid, class = NamespaceOID(p.Key.Name), pgNamespaceOID
				case catalog.ObjType:
					if d, ok := s.Catalog.Type(catalog.QName{Schema: p.Key.Schema, Name: p.Key.Name}); ok {
						oid, class = d.Type.OID, pgTypeOID
					}
				}
				if oid != 0 {
					out = append(out, []any{oid, class, int32(0), "e", aclArray(s.aclStrings(p.ACL))})
				}
			}
		}
		return out, nil
	},
}

// addPgDumpCatalogs registers this file's relations.
func addPgDumpCatalogs(m map[string]*def) {
	m["pg_default_acl"] = pgDefaultACL
	m["pg_rewrite"] = pgRewrite
	m["pg_init_privs"] = pgInitPrivs
	addOpfamilyCatalogs(m)  // pg_opfamily.go: pg_operator, pg_opfamily, pg_amop, pg_amproc
	m["pg_cast"] = pgCast   // builtin_opcasts.go
	m["pg_range"] = pgRange // pg_range.go
	m["pg_transform"] = empty(column{"oid", types.Oid}, column{"trftype", types.Oid}, column{"trflang", types.Oid},
		column{"trffromsql", types.Regproc}, column{"trftosql", types.Regproc})
	m["pg_conversion"] = empty(column{"oid", types.Oid}, column{"conname", types.Name}, column{"connamespace", types.Oid},
		column{"conowner", types.Oid}, column{"conforencoding", types.Int4}, column{"contoencoding", types.Int4},
		column{"conproc", types.Regproc}, column{"condefault", types.Bool})
	addTextSearchCatalogs(m) // pg_ts.go
	m["pg_foreign_data_wrapper"] = empty(column{"oid", types.Oid}, column{"fdwname", types.Name}, column{"fdwowner", types.Oid},
		column{"fdwhandler", types.Oid}, column{"fdwvalidator", types.Oid}, column{"fdwacl", aclitemArray}, column{"fdwoptions", textArray})
	m["pg_foreign_server"] = empty(column{"oid", types.Oid}, column{"srvname", types.Name}, column{"srvowner", types.Oid},
		column{"srvfdw", types.Oid}, column{"srvtype", types.Text}, column{"srvversion", types.Text}, column{"srvacl", aclitemArray},
		column{"srvoptions", textArray})
	m["pg_event_trigger"] = pgEventTrigger
	m["pg_partitioned_table"] = pgPartitionedTable // pg_inherits.go
	m["pg_subscription"] = empty(column{"oid", types.Oid}, column{"subdbid", types.Oid}, column{"subname", types.Name},
		column{"subowner", types.Oid}, column{"subenabled", types.Bool}, column{"subbinary", types.Bool}, column{"substream", types.Bool},
		column{"subtwophasestate", types.Char}, column{"subdisableonerr", types.Bool}, column{"subconninfo", types.Text},
		column{"subslotname", types.Name}, column{"subsynccommit", types.Text}, column{"subpublications", textArray})
	m["pg_foreign_table"] = empty(column{"ftrelid", types.Oid}, column{"ftserver", types.Oid}, column{"ftoptions", textArray})
	addLargeObjectCatalogs(m) // pg_largeobject.go
	m["pg_seclabels"] = empty(column{"objoid", types.Oid}, column{"classoid", types.Oid}, column{"objsubid", types.Int4},
		column{"objtype", types.Text}, column{"objnamespace", types.Oid}, column{"objname", types.Text},
		column{"provider", types.Text}, column{"label", types.Text})
	// security labels of shared objects: SECURITY LABEL is not supported,
	// so there are none
	m["pg_shseclabel"] = empty(column{"objoid", types.Oid}, column{"classoid", types.Oid},
		column{"provider", types.Text}, column{"label", types.Text})
}

// pgEventTrigger is pg_catalog.pg_event_trigger.
var pgEventTrigger = &def{
	cols: []column{{"oid", types.Oid}, {"evtname", types.Name}, {"evtevent", types.Name},
		{"evtowner", types.Oid}, {"evtfoid", types.Oid}, {"evtenabled", types.Char}, {"evttags", textArray}},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, t := range s.Catalog.EventTriggers() {
			var owner uint32
			if r, ok := s.Catalog.Role(t.Owner); ok {
				owner = r.OID
			}
			var tags any
			if len(t.Tags) > 0 {
				vals := make([]any, len(t.Tags))
				for i, tg := range t.Tags {
					vals[i] = tg
				}
				tags = types.NewArray(types.Text, vals)
			}
			out = append(out, []any{t.OID, t.Name, t.Event, owner, t.Function, string(rune(t.Enabled)), tags})
		}
		return out, nil
	},
}
