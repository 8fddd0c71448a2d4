package pgcatalog

// oidKeyed are the system catalogs whose oid column PostgreSQL keeps
// unique (each has a unique index on it, <catalog>_oid_index), and which
// this package computes one row per object of.
var oidKeyed = map[string]bool{
	"pg_am": true, "pg_amop": true, "pg_amproc": true, "pg_attrdef": true, "pg_authid": true,
	"pg_cast": true, "pg_class": true, "pg_collation": true, "pg_constraint": true, "pg_conversion": true,
	"pg_database": true, "pg_default_acl": true, "pg_enum": true, "pg_event_trigger": true,
	"pg_extension": true, "pg_foreign_data_wrapper": true, "pg_foreign_server": true, "pg_language": true,
	"pg_namespace": true, "pg_opclass": true, "pg_operator": true, "pg_opfamily": true,
	"pg_policy": true, "pg_proc": true, "pg_publication": true, "pg_publication_rel": true,
	"pg_rewrite": true, "pg_statistic_ext": true, "pg_tablespace": true, "pg_transform": true,
	"pg_trigger": true, "pg_ts_config": true, "pg_ts_dict": true, "pg_ts_parser": true,
	"pg_ts_template": true, "pg_type": true, "pg_user_mapping": true,
}

// UniqueKeys implements the planner's unique-key interface (join removal,
// gmsadapter's rule_join_removal.go): a system catalog's rows are unique
// on its oid, as PostgreSQL's unique index on it keeps them; the planner
// drops a LEFT JOIN to it on `oid = ...` whose columns nothing reads.
func (t *Table) UniqueKeys() [][]string {
	if t.schema != "pg_catalog" || !oidKeyed[t.name] {
		return nil
	}
	for _, c := range t.def.cols {
		if c.name == "oid" {
			return [][]string{{"oid"}}
		}
	}
	return nil
}

// nearUniqueNames are the catalog columns naming an object whose value
// picks about one row (unique with the object's schema or table, as
// PostgreSQL's unique indexes on them are).
var nearUniqueNames = map[string]bool{
	"relname": true, "nspname": true, "proname": true, "typname": true, "conname": true, "tgname": true,
	"polname": true, "rolname": true, "extname": true, "collname": true, "pubname": true, "evtname": true,
}

// NearUniqueColumn implements gmsadapter.NearUniqueColumns: the oid of a
// catalog keeping one row per object, and the columns naming the object,
// give the planner PostgreSQL's estimate of about one row per value (its
// statistics on the catalogs say so), so a lookup by name drives a join.
func (t *Table) NearUniqueColumn(name string) bool {
	if t.schema != "pg_catalog" {
		return false
	}
	if name == "oid" {
		return oidKeyed[t.name]
	}
	return nearUniqueNames[name]
}
