package pgcatalog

import "github.com/tinybase/tinybase/engine/internal/catalog"

// isTableConstraints is information_schema.table_constraints, NOT NULL
// constraints included as PostgreSQL 15 lists them (CHECK constraints
// named <namespace oid>_<table oid>_<column number>_not_null).
var isTableConstraints = &def{
	cols: []column{
		{"constraint_catalog", sqlIdentifier}, {"constraint_schema", sqlIdentifier},
		{"constraint_name", sqlIdentifier}, {"table_catalog", sqlIdentifier}, {"table_schema", sqlIdentifier},
		{"table_name", sqlIdentifier}, {"constraint_type", characterData}, {"is_deferrable", yesOrNo},
		{"initially_deferred", yesOrNo}, {"enforced", yesOrNo}, {"nulls_distinct", yesOrNo},
	},
	rows: func(s *State) ([][]any, error) {
		rels, err := s.Tables()
		if err != nil {
			return nil, err
		}
		var out [][]any
		for _, r := range rels {
			cons, err := s.constraints(r)
			if err != nil {
				return nil, err
			}
			for _, c := range cons {
				if c.Kind == "EXCLUDE" {
					continue // the view lists contype c, f, p, u only
				}
				var nd any
				if c.Kind == "UNIQUE" {
					nd = "YES"
				}
				deferrable, initially := s.Catalog.Deferrable(catalog.QName{Schema: r.Schema, Name: r.Name}, c.Name)
				out = append(out, []any{s.Database, r.Schema, c.Name, s.Database, r.Schema, r.Name, c.Kind, yesNo(deferrable), yesNo(initially), "YES", nd})
			}
			for i, col := range r.Table.Schema() {
				if !col.Nullable {
					out = append(out, []any{s.Database, r.Schema, notNullName(r, i), s.Database, r.Schema, r.Name, "CHECK", "NO", "NO", "YES", nil})
				}
			}
		}
		return out, nil
	},
}

// isKeyColumnUsage is information_schema.key_column_usage: the columns of
// primary key, unique and foreign key constraints.
var isKeyColumnUsage = &def{
	cols: []column{
		{"constraint_catalog", sqlIdentifier}, {"constraint_schema", sqlIdentifier},
		{"constraint_name", sqlIdentifier}, {"table_catalog", sqlIdentifier}, {"table_schema", sqlIdentifier},
		{"table_name", sqlIdentifier}, {"column_name", sqlIdentifier}, {"ordinal_position", cardinalNumber},
		{"position_in_unique_constraint", cardinalNumber},
	},
	rows: func(s *State) ([][]any, error) {
		rels, err := s.Tables()
		if err != nil {
			return nil, err
		}
		var out [][]any
		for _, r := range rels {
			cons, err := s.constraints(r)
			if err != nil {
				return nil, err
			}
			for _, c := range cons {
				if c.Kind == "CHECK" || c.Kind == "EXCLUDE" {
					continue
				}
				for i, col := range c.Columns {
					var pos any
					if c.FK != nil {
						pos = int32(i + 1)
					}
					out = append(out, []any{s.Database, r.Schema, c.Name, s.Database, r.Schema, r.Name, col, int32(i + 1), pos})
				}
			}
		}
		return out, nil
	},
}

func itoa(n uint32) string {
	var b [10]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			break
		}
	}
	return string(b[i:])
}
