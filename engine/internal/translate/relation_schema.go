package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// SchemaLookup is implemented by a TableLookup that also knows which
// schemas exist.
type SchemaLookup interface {
	HasSchema(name string) bool
}

// checkRelationSchema reports a table read through a schema that does not
// exist as PostgreSQL does: the relation, not the schema, is missing
// (42P01 relation "s.t" does not exist, at the name).
func (t *Translator) checkRelationSchema(rv *pg.RangeVar) {
	if rv.Schemaname == "" || rv.Catalogname != "" {
		return
	}
	switch rv.Schemaname {
	case "pg_catalog", "information_schema", "pg_toast":
		return // always present in PostgreSQL
	}
	sl, ok := t.Tables.(SchemaLookup)
	if !ok || sl.HasSchema(rv.Schemaname) {
		return
	}
	failAt(rv.Location, pgerror.UndefinedTable, "relation %q does not exist", rv.Schemaname+"."+rv.Relname)
}
