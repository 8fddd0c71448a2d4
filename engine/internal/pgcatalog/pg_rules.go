package pgcatalog

import (
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// pgRules is pg_catalog.pg_rules: the rules of CREATE RULE (views'
// _RETURN rules are not listed, as PostgreSQL leaves them out).
var pgRules = &def{
	cols: []column{{"schemaname", types.Name}, {"tablename", types.Name}, {"rulename", types.Name}, {"definition", types.Text}},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, r := range s.Catalog.AllRules() {
			out = append(out, []any{r.Table.Schema, r.Table.Name, r.Name, RuleDefinition(r)})
		}
		return out, nil
	},
}

// RuleDefinition prints a rule as CREATE RULE (pg_get_ruledef's layout;
// the condition and actions as stored, not re-deparsed from an analyzed
// tree as PostgreSQL prints them).
func RuleDefinition(r *catalog.Rule) string {
	var b strings.Builder
	b.WriteString("CREATE RULE " + quoteIdent(r.Name) + " AS\n    ON ")
	b.WriteString(map[byte]string{'2': "UPDATE", '3': "INSERT", '4': "DELETE"}[r.Event])
	b.WriteString(" TO " + quoteIdent(r.Table.Schema) + "." + quoteIdent(r.Table.Name))
	if r.Where != "" {
		b.WriteString("\n  WHERE " + r.Where)
	}
	b.WriteString(" DO ")
	if r.Instead {
		b.WriteString("INSTEAD ")
	}
	switch len(r.Actions) {
	case 0:
		b.WriteString(" NOTHING;")
	case 1:
		b.WriteString(" " + r.Actions[0] + ";")
	default:
		b.WriteString(" (" + strings.Join(r.Actions, "; ") + ");")
	}
	return b.String()
}

// ruleRelOID is the pg_class OID of a rule's table or view.
func (s *State) ruleRelOID(q catalog.QName) uint32 {
	if v, ok := s.Catalog.View(q); ok {
		return v.OID
	}
	return s.RelOID(q.Schema, q.Name)
}
