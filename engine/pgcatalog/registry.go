package pgcatalog

// pgCatalog and informationSchema map relation names to their definitions.
// Immutable package data, filled by each relation's file.
var (
	pgCatalog = map[string]*def{
		"pg_namespace": pgNamespace,
		"pg_class":     pgClass,
		"pg_tables":    pgTables,
		"pg_indexes":   pgIndexes,
		"pg_extension": pgExtension,
		"pg_settings":  pgSettings,
		"pg_views":     pgViews,
		"pg_sequences": pgSequences,
		"pg_roles":     pgRoles,
		"pg_user":      pgUser,
	}
	informationSchema = map[string]*def{
		"tables":            isTables,
		"columns":           isColumns,
		"schemata":          isSchemata,
		"sequences":         isSequences,
		"table_constraints": isTableConstraints,
		"key_column_usage":  isKeyColumnUsage,
		"views":             isViews,
		"routines":          isRoutines,
	}
)
