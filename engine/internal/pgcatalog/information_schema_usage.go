package pgcatalog

import (
	"github.com/dolthub/go-mysql-server/sql"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgtree"
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
					for _, col := range checkColumns(c.Check, r.Table.Schema()) {
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
// stores them in pg_constraint.conkey (pull_var_clause order).
func checkColumns(expr string, schema sql.Schema) []string {
	n, err := parseStoredExpr(expr)
	if err != nil {
		return nil
	}
	seen := map[string]bool{}
	var out []string
	pgtree.Walk(n, func(m any) bool {
		cr, ok := m.(*pg.ColumnRef)
		if !ok {
			return true
		}
		if len(cr.Fields) == 0 {
			return true
		}
		name := cr.Fields[len(cr.Fields)-1].GetString_().GetSval()
		if name != "" && !seen[name] && schema.IndexOfColName(name) >= 0 {
			seen[name] = true
			out = append(out, name)
		}
		return true // Walk stops at the first false
	})
	return out
}
