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

// RuleDefinition prints a rule as pg_get_ruledef lays it out: the event
// line, the condition on its own line in parentheses, DO [INSTEAD] and
// the actions (as stored, not re-deparsed from an analyzed tree as
// PostgreSQL prints them: no INSERT column list, no casts it adds).
func RuleDefinition(r *catalog.Rule) string {
	var b strings.Builder
	b.WriteString("CREATE RULE " + quoteIdent(r.Name) + " AS\n    ON ")
	b.WriteString(map[byte]string{'2': "UPDATE", '3': "INSERT", '4': "DELETE"}[r.Event])
	b.WriteString(" TO " + qualifiedRel(r.Table.Schema, r.Table.Name))
	if r.Where != "" {
		w := r.Where
		if !strings.HasPrefix(w, "(") || !strings.HasSuffix(w, ")") {
			w = "(" + w + ")"
		}
		b.WriteString("\n   WHERE " + w)
	}
	b.WriteString(" DO ")
	if r.Instead {
		b.WriteString("INSTEAD ")
	}
	switch len(r.Actions) {
	case 0:
		b.WriteString("NOTHING;")
	case 1:
		b.WriteString(" " + r.Actions[0] + ";")
	default:
		b.WriteString(" (" + strings.Join(r.Actions, "; ") + ");")
	}
	return b.String()
}

// RuleDef is pg_get_ruledef(oid): a CREATE RULE rule (RuleDefinition) or
// a view's _RETURN rule, its query as pg_get_viewdef prints it; ok is
// false for an OID that is no rule.
func (s *State) RuleDef(oid uint32) (string, bool) {
	for _, r := range s.Catalog.AllRules() {
		if r.OID == oid {
			return RuleDefinition(r), true
		}
	}
	for _, v := range s.Catalog.Views() {
		if RuleOID(v.Schema, v.Name) != oid {
			continue
		}
		def, ok := s.ViewDefPretty(v, false)
		if !ok {
			def = " " + v.Query + ";"
		}
		return "CREATE RULE \"_RETURN\" AS\n    ON SELECT TO " + quoteIdent(v.Schema) + "." + quoteIdent(v.Name) + " DO INSTEAD " + def, true
	}
	return "", false
}

// ruleRelOID is the pg_class OID of a rule's table or view.
func (s *State) ruleRelOID(q catalog.QName) uint32 {
	if v, ok := s.Catalog.View(q); ok {
		return v.OID
	}
	return s.RelOID(q.Schema, q.Name)
}
