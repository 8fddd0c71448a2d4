package pgcatalog

import "strings"

// isReferentialConstraints is information_schema.referential_constraints:
// each foreign key with the unique constraint it references.
var isReferentialConstraints = &def{
	cols: []column{
		{"constraint_catalog", sqlIdentifier}, {"constraint_schema", sqlIdentifier},
		{"constraint_name", sqlIdentifier}, {"unique_constraint_catalog", sqlIdentifier},
		{"unique_constraint_schema", sqlIdentifier}, {"unique_constraint_name", sqlIdentifier},
		{"match_option", characterData}, {"update_rule", characterData}, {"delete_rule", characterData},
	},
	rows: func(s *State) ([][]any, error) {
		rels, err := s.Tables()
		if err != nil {
			return nil, err
		}
		byName := map[string]Relation{}
		for _, r := range rels {
			byName[r.Schema+"."+r.Name] = r
		}
		var out [][]any
		for _, r := range rels {
			cons, err := s.constraints(r)
			if err != nil {
				return nil, err
			}
			for _, c := range cons {
				if c.FK == nil {
					continue
				}
				var ucSchema, ucName any
				if parent, ok := byName[c.FK.ParentSchema+"."+c.FK.ParentTable]; ok {
					pcons, err := s.constraints(parent)
					if err != nil {
						return nil, err
					}
					for _, pc := range pcons {
						if (pc.Kind == "PRIMARY KEY" || pc.Kind == "UNIQUE") && sameSet(pc.Columns, c.FK.ParentColumns) {
							ucSchema, ucName = parent.Schema, pc.Name
							break
						}
					}
				}
				out = append(out, []any{s.Database, r.Schema, c.Name, s.Database, ucSchema, ucName, "NONE",
					ruleName(string(c.FK.OnUpdate)), ruleName(string(c.FK.OnDelete))})
			}
		}
		return out, nil
	},
}

// ruleName spells a referential action as information_schema does.
func ruleName(action string) string {
	switch fkAction(action) {
	case "c":
		return "CASCADE"
	case "n":
		return "SET NULL"
	case "d":
		return "SET DEFAULT"
	case "r":
		return "RESTRICT"
	}
	return "NO ACTION"
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	seen := map[string]int{}
	for _, x := range a {
		seen[x]++
	}
	for _, x := range b {
		if seen[x] == 0 {
			return false
		}
		seen[x]--
	}
	return true
}

// isCheckConstraints is information_schema.check_constraints: CHECK
// constraints and, as PostgreSQL 15 lists them, NOT NULL ones.
var isCheckConstraints = &def{
	cols: []column{
		{"constraint_catalog", sqlIdentifier}, {"constraint_schema", sqlIdentifier},
		{"constraint_name", sqlIdentifier}, {"check_clause", characterData},
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
				if c.Kind == "CHECK" {
					// substring(pg_get_constraintdef(oid) from 7), as the view is defined
					out = append(out, []any{s.Database, r.Schema, c.Name, strings.TrimPrefix(s.checkDef(r, c, false), "CHECK ")})
				}
			}
			for i, col := range r.Table.Schema() {
				if !col.Nullable {
					out = append(out, []any{s.Database, r.Schema, notNullName(r, i), col.Name + " IS NOT NULL"})
				}
			}
		}
		return out, nil
	},
}

// notNullName is the name PostgreSQL 15's information_schema gives the
// NOT NULL constraint of column i: <namespace oid>_<table oid>_<attnum>_not_null.
func notNullName(r Relation, i int) string {
	return itoa(NamespaceOID(r.Schema)) + "_" + itoa(RelationOID(r.Schema, r.Name)) + "_" + itoa(uint32(i+1)) + "_not_null"
}
