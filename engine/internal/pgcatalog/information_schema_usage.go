package pgcatalog

import (
	"github.com/dolthub/go-mysql-server/sql"
)

// isConstraintColumnUsage is information_schema.constraint_column_usage:
// the columns each constraint uses — a primary key's or unique
// constraint's own columns, the referenced columns of a foreign key (named
// under the referenced table, as PostgreSQL lists them), and the columns a
// check constraint's expression mentions.
var isConstraintColumnUsage = &def{
	cols: []column{
		{"table_catalog", sqlIdentifier}, {"table_schema", sqlIdentifier}, {"table_name", sqlIdentifier},
		{"column_name", sqlIdentifier}, {"constraint_catalog", sqlIdentifier},
		{"constraint_schema", sqlIdentifier}, {"constraint_name", sqlIdentifier},
	},
	rows: func(s *State) ([][]any, error) {
		rels, err := s.Tables()
		if err != nil {
			return nil, err
		}
		var out [][]any
		add := func(schema, table, col string, r Relation, name string) {
			out = append(out, []any{s.Database, schema, table, col, s.Database, r.Schema, name})
		}
		for _, r := range rels {
			cons, err := s.constraints(r)
			if err != nil {
				return nil, err
			}
			for _, c := range cons {
				switch {
				case c.Kind == "EXCLUDE": // the view lists contype c, f, p, u only
				case c.FK != nil:
					schema := c.FK.ParentSchema
					if schema == "" {
						schema = r.Schema
					}
					for _, col := range c.FK.ParentColumns {
						add(schema, c.FK.ParentTable, col, r, c.Name)
					}
				case c.Kind == "CHECK":
					used := map[string]bool{}
					for _, col := range s.checkColumns(c.Check, r.Table.Schema()) {
						used[col] = true
					}
					for _, col := range r.Table.Schema() {
						if used[col.Name] {
							add(r.Schema, r.Name, col.Name, r, c.Name)
						}
					}
				default:
					for _, col := range c.Columns {
						add(r.Schema, r.Name, col, r, c.Name)
					}
				}
			}
		}
		return out, nil
	},
}

// checkColumns returns the columns of schema a check expression's text
// references, in the order of their first reference, as PostgreSQL
// stores them in pg_constraint.conkey (pull_var_clause order). The parse
// goes through the session's cache: pg_constraint is recomputed after
// every DDL, and a migration adding constraints in a loop that reads it
// would parse every check again each time.
func (s *State) checkColumns(expr string, schema sql.Schema) []string {
	refs, err := s.columnRefs(expr) // expr_cache.go
	if err != nil {
		return nil
	}
	var out []string
	for _, name := range refs {
		if schema.IndexOfColName(name) >= 0 {
			out = append(out, name)
		}
	}
	return out
}
