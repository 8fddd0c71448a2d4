package pgcatalog

import "strings"

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
				case c.FK != nil:
					schema := c.FK.ParentSchema
					if schema == "" {
						schema = r.Schema
					}
					for _, col := range c.FK.ParentColumns {
						add(schema, c.FK.ParentTable, col, r, c.Name)
					}
				case c.Kind == "CHECK":
					used := checkIdentifiers(c.Check)
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

// checkIdentifiers returns the identifiers of a check expression's text
// (unquoted ones folded to lower case, quoted ones as written), skipping
// string literals; the column names among them are the columns it uses.
func checkIdentifiers(expr string) map[string]bool {
	out := map[string]bool{}
	for i := 0; i < len(expr); {
		ch := expr[i]
		switch {
		case ch == '\'':
			i++
			for i < len(expr) {
				if expr[i] == '\'' {
					if i+1 < len(expr) && expr[i+1] == '\'' {
						i += 2
						continue
					}
					break
				}
				i++
			}
			i++
		case ch == '"' || ch == '`':
			var b strings.Builder
			i++
			for i < len(expr) {
				if expr[i] == ch {
					if i+1 < len(expr) && expr[i+1] == ch {
						b.WriteByte(ch)
						i += 2
						continue
					}
					break
				}
				b.WriteByte(expr[i])
				i++
			}
			i++
			out[b.String()] = true
		case ch == '_' || ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= 0x80:
			j := i
			for j < len(expr) && (expr[j] == '_' || expr[j] == '$' || expr[j] >= 'a' && expr[j] <= 'z' ||
				expr[j] >= 'A' && expr[j] <= 'Z' || expr[j] >= '0' && expr[j] <= '9' || expr[j] >= 0x80) {
				j++
			}
			out[strings.ToLower(expr[i:j])] = true
			i = j
		case ch >= '0' && ch <= '9':
			for i < len(expr) && (expr[i] >= '0' && expr[i] <= '9' || expr[i] == '.') {
				i++
			}
		default:
			i++
		}
	}
	return out
}
