package pgcatalog

import "sort"

// pgCatalog and informationSchema map relation names to their definitions.
// Immutable package data, built at init (the definitions refer back to
// the maps through systemRelations).
var pgCatalog, informationSchema map[string]*def

func init() {
	pgCatalog = map[string]*def{
		"pg_namespace":                    pgNamespace,
		"pg_class":                        pgClass,
		"pg_tables":                       pgTables,
		"pg_indexes":                      pgIndexes,
		"pg_extension":                    pgExtension,
		"pg_available_extensions":         pgAvailableExtensions,        // pg_extension.go
		"pg_available_extension_versions": pgAvailableExtensionVersions, // pg_extension.go
		"pg_settings":                     pgSettings,
		"pg_views":                        pgViews,
		"pg_matviews":                     pgMatviews,
		"pg_sequences":                    pgSequences,
		"pg_roles":                        pgRoles,
		"pg_user":                         pgUser,
		"pg_attribute":                    pgAttribute,
		"pg_type":                         pgType,
		"pg_index":                        pgIndex,
		"pg_constraint":                   pgConstraint,
		"pg_description":                  pgDescription,
		"pg_enum":                         pgEnum,
		"pg_sequence":                     pgSequence,
		"pg_proc":                         pgProc,        // pg_proc.go
		"pg_language":                     pgLanguage,    // pg_proc.go
		"pg_trigger":                      pgTrigger,     // pg_proc.go
		"pg_authid":                       pgAuthid,      // pg_roles.go
		"pg_auth_members":                 pgAuthMembers, // pg_roles.go
		"pg_policy":                       pgPolicy,      // pg_roles.go
		"pg_policies":                     pgPolicies,    // pg_roles.go
	}
	pgCatalog["pg_db_role_setting"] = pgDbRoleSetting // pg_db_role_setting.go
	pgCatalog["pg_cursors"] = pgCursors               // pg_cursors.go
	pgCatalog["pg_prepared_xacts"] = pgPreparedXacts  // pg_prepared_xacts.go
	pgCatalog["pg_aggregate"] = pgAggregate           // pg_aggregate.go
	pgCatalog["pg_rules"] = pgRules                   // pg_rules.go
	pgCatalog["pg_group"] = pgGroup                   // pg_roles.go
	pgCatalog["pg_timezone_names"] = pgTimezoneNames  // pg_timezone_names.go
	addWireCatalogs(pgCatalog)
	addDescribeCatalogs(pgCatalog) // describe.go
	addStatAllCatalogs(pgCatalog)  // pg_stat_all.go
	addPgDumpCatalogs(pgCatalog)   // pgdump_catalogs.go
	informationSchema = map[string]*def{
		"tables":                  isTables,
		"columns":                 isColumns,
		"schemata":                isSchemata,
		"sequences":               isSequences,
		"table_constraints":       isTableConstraints,
		"key_column_usage":        isKeyColumnUsage,
		"views":                   isViews,
		"routines":                isRoutines,
		"referential_constraints": isReferentialConstraints,
		"check_constraints":       isCheckConstraints,
		"parameters":              isParameters,            // information_schema_routines.go
		"triggers":                isTriggers,              // pg_proc.go
		"role_table_grants":       isRoleTableGrants,       // information_schema_grants.go
		"table_privileges":        isTableGrants,           // information_schema_grants.go
		"constraint_column_usage": isConstraintColumnUsage, // information_schema_usage.go
		"domains":                 isDomains,               // information_schema_domains.go
		"domain_constraints":      isDomainConstraints,     // information_schema_domains.go
	}
	addForeignCatalogs(pgCatalog, informationSchema) // pg_foreign.go
	schemaDerived = schemaDerivedDefs()              // memo.go
	sysRels = listSystemRelations()
	sysRelByName = make(map[[2]string]*sysRel, len(sysRels))
	for i := range sysRels {
		sysRelByName[[2]string{sysRels[i].Schema, sysRels[i].Name}] = &sysRels[i]
	}
}

// catalogTableOIDs are the real pg_class OIDs of the pg_catalog relations
// that are tables in PostgreSQL; the others are views.
var catalogTableOIDs = map[string]uint32{
	"pg_namespace": 2615, "pg_class": 1259, "pg_extension": 3079, "pg_attribute": 1249,
	"pg_type": 1247, "pg_index": 2610, "pg_constraint": 2606, "pg_description": 2609,
	"pg_enum": 3501, "pg_sequence": 2224, "pg_proc": 1255, "pg_language": 2612, "pg_trigger": 2620,
	"pg_am": 2601, "pg_database": 1262, "pg_collation": 3456, "pg_inherits": 2611, "pg_tablespace": 1213,
	"pg_attrdef": 2604, "pg_depend": 2608, "pg_db_role_setting": 2964, "pg_policy": 3256,
	"pg_statistic_ext": 3381, "pg_publication": 6104, "pg_publication_namespace": 6237, "pg_publication_rel": 6106,
	"pg_statistic": 2619, "pg_opclass": 2616, "pg_default_acl": 826, "pg_rewrite": 2618, "pg_init_privs": 3394, "pg_operator": 2617, "pg_aggregate": 2600,
	"pg_opfamily": 2753, "pg_amop": 2602, "pg_amproc": 2603, "pg_cast": 2605, "pg_range": 3541, "pg_transform": 3576,
	"pg_conversion": 2607, "pg_ts_parser": 3601, "pg_ts_template": 3764, "pg_ts_dict": 3600, "pg_ts_config": 3602, "pg_ts_config_map": 3603,
	"pg_foreign_data_wrapper": 2328, "pg_foreign_server": 1417, "pg_event_trigger": 3466, "pg_partitioned_table": 3350,
	"pg_subscription": 6100, "pg_largeobject_metadata": 2995, "pg_largeobject": 2613, "pg_foreign_table": 3118, "pg_user_mapping": 1418,
	"pg_shseclabel": 3592, "pg_parameter_acl": 6243,
}

// sysRel is one system catalog relation as pg_class lists it.
type sysRel struct {
	Schema, Name string
	Kind         byte // 'r' or 'v'
	OID          uint32
	Cols         int
	def          *def
}

// sysRels and sysRelByName are the catalog relations, listed once by
// init: regclass casts look them up per row.
var (
	sysRels      []sysRel
	sysRelByName map[[2]string]*sysRel
)

// systemRelations lists the catalog relations this package provides,
// sorted by schema and name. The slice is shared: callers do not modify it.
func systemRelations() []sysRel { return sysRels }

// systemRelation is catalog relation schema.name, nil for none.
func systemRelation(schema, name string) *sysRel { return sysRelByName[[2]string{schema, name}] }

func listSystemRelations() []sysRel {
	var out []sysRel
	for _, sc := range []struct {
		name string
		defs map[string]*def
	}{{"information_schema", informationSchema}, {"pg_catalog", pgCatalog}} {
		names := make([]string, 0, len(sc.defs))
		for n := range sc.defs {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			r := sysRel{Schema: sc.name, Name: n, Kind: 'v', OID: RelationOID(sc.name, n), Cols: len(sc.defs[n].cols), def: sc.defs[n]}
			if oid, ok := catalogTableOIDs[n]; ok && sc.name == "pg_catalog" {
				r.Kind, r.OID = 'r', oid
			}
			out = append(out, r)
		}
	}
	return out
}

// SystemTableOID returns the pg_class OID of pg_catalog.name when this
// package serves it and it is a table in PostgreSQL: the value of its
// tableoid system column (pg_dump reads tableoid of every catalog it
// scans). Views (pg_roles, pg_tables, ...) have no system columns.
func SystemTableOID(name string) (uint32, bool) {
	if pgCatalog[name] == nil {
		return 0, false
	}
	oid, ok := catalogTableOIDs[name]
	return oid, ok
}

// SystemRelation reports whether schema.name is a catalog relation this
// package serves, with its kind ('r' or 'v') and column names.
func SystemRelation(schema, name string) (kind byte, cols []string, ok bool) {
	d := defOf(schema, name)
	if d == nil {
		return 0, nil, false
	}
	kind = 'v'
	if _, table := catalogTableOIDs[name]; table && schema == "pg_catalog" {
		kind = 'r'
	}
	cols = make([]string, len(d.cols))
	for i, c := range d.cols {
		cols[i] = c.name
	}
	return kind, cols, true
}
