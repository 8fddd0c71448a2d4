package catalog

// IsSystemSchema reports whether schema holds PostgreSQL's own catalogs.
func IsSystemSchema(schema string) bool {
	return schema == "pg_catalog" || schema == "information_schema"
}

// ownerOnlySystemRelations are the catalog relations initdb grants to no
// one but their owner (pg_authid's passwords, pg_statistic's sampled
// values, the configuration files); every other one is readable by
// PUBLIC. information_schema's _pg_* helper views keep no ACL at all.
var ownerOnlySystemRelations = map[string]bool{
	"pg_catalog.pg_authid": true, "pg_catalog.pg_largeobject": true, "pg_catalog.pg_statistic": true,
	"pg_catalog.pg_statistic_ext_data": true, "pg_catalog.pg_subscription": true, "pg_catalog.pg_user_mapping": true,
	"pg_catalog.pg_shadow": true, "pg_catalog.pg_config": true, "pg_catalog.pg_file_settings": true,
	"pg_catalog.pg_hba_file_rules": true, "pg_catalog.pg_ident_file_mappings": true,
	"pg_catalog.pg_replication_origin_status": true, "pg_catalog.pg_backend_memory_contexts": true,
	"pg_catalog.pg_shmem_allocations": true,
}

// unreadableSystemRelations keep no ACL at all (NULL relacl: the owner's
// default only).
var unreadableSystemRelations = map[string]bool{
	"information_schema.transforms": true, "information_schema.sql_parts": true,
	"information_schema._pg_foreign_data_wrappers": true, "information_schema._pg_foreign_servers": true,
	"information_schema._pg_foreign_table_columns": true, "information_schema._pg_foreign_tables": true,
	"information_schema._pg_user_mappings": true,
}

// SystemRelationACL is the ACL initdb leaves on k, a relation of a system
// schema (pg_class.relacl): the owner's and PUBLIC's SELECT (and UPDATE
// of pg_settings, which SET goes through), the owner's alone on the
// owner-only ones, nil on those without one.
func (c *Catalog) SystemRelationACL(k ObjectKey) ACL {
	if k.Kind != ObjRelation || !IsSystemSchema(k.Schema) {
		return nil // every relation privilege check comes here: no work for users' tables
	}
	q := k.Schema + "." + k.Name
	if unreadableSystemRelations[q] {
		return nil
	}
	owner := c.Owner(k)
	all := ACL{{Grantee: owner, Grantor: owner, Privs: AllPrivs(ClassTable)}}
	switch {
	case ownerOnlySystemRelations[q]:
		return all
	case q == "pg_catalog.pg_settings":
		return append(all, ACLItem{Grantee: "", Grantor: owner, Privs: PrivSelect | PrivUpdate})
	}
	return append(all, ACLItem{Grantee: "", Grantor: owner, Privs: PrivSelect})
}
