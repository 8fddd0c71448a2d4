package pgcatalog

import (
	"github.com/tinybase/tinybase/engine/internal/pgident"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/types"
)

// pgIndexes is the pg_catalog.pg_indexes view: one row per index, with its
// definition as pg_get_indexdef prints it.
var pgIndexes = &def{
	cols: []column{
		{"schemaname", types.Name}, {"tablename", types.Name}, {"indexname", types.Name},
		{"tablespace", types.Name}, {"indexdef", types.Text},
	},
	rows: func(s *State) ([][]any, error) {
		rels, err := s.Tables()
		if err != nil {
			return nil, err
		}
		var out [][]any
		for _, r := range rels {
			idx, err := s.Indexes(r)
			if err != nil {
				return nil, err
			}
			for _, ix := range idx {
				var def any
				if d, ok := s.indexDefOf(r, ix, false); ok {
					def = d
				}
				out = append(out, []any{r.Schema, r.Name, ix.Name, nil, def})
			}
		}
		return out, nil
	},
}

// IndexDef prints a plain-column btree index as pg_get_indexdef does.
func IndexDef(schema, table, name string, unique bool, cols []string) string {
	return indexDef(qualifiedRel(schema, table), name, unique, cols)
}

// indexDef is IndexDef on a relation name printed already.
func indexDef(rel, name string, unique bool, cols []string) string {
	var b strings.Builder
	b.WriteString("CREATE ")
	if unique {
		b.WriteString("UNIQUE ")
	}
	b.WriteString("INDEX " + QuoteIdent(name) + " ON " + rel + " USING btree (")
	for i, c := range cols {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(QuoteIdent(c))
	}
	b.WriteString(")")
	return b.String()
}

// qualifiedRel is a relation's name qualified as ruleutils.c's
// generate_qualified_relation_name writes it: the session's own temporary
// schema as pg_temp.
func qualifiedRel(schema, name string) string {
	if pgident.IsTempSchema(schema) {
		schema = "pg_temp"
	}
	return QuoteIdent(schema) + "." + QuoteIdent(name)
}

// QuoteIdent quotes an identifier when PostgreSQL would (quote_ident):
// upper case or other characters, and keywords but unreserved ones.
func QuoteIdent(s string) string {
	plain := s != ""
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || i > 0 && r >= '0' && r <= '9') {
			plain = false
			break
		}
	}
	if plain && !reserved[s] && !nonReservedQuoted[s] {
		return s
	}
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}

// reserved are the keywords quote_ident quotes (the reserved ones).
var reserved = map[string]bool{
	"all": true, "analyse": true, "analyze": true, "and": true, "any": true, "array": true, "as": true,
	"asc": true, "asymmetric": true, "both": true, "case": true, "cast": true, "check": true,
	"collate": true, "column": true, "constraint": true, "create": true, "current_catalog": true,
	"current_date": true, "current_role": true, "current_time": true, "current_timestamp": true,
	"current_user": true, "default": true, "deferrable": true, "desc": true, "distinct": true,
	"do": true, "else": true, "end": true, "except": true, "false": true, "fetch": true, "for": true,
	"foreign": true, "from": true, "grant": true, "group": true, "having": true, "in": true,
	"initially": true, "intersect": true, "into": true, "lateral": true, "leading": true, "limit": true,
	"localtime": true, "localtimestamp": true, "not": true, "null": true, "offset": true, "on": true,
	"only": true, "or": true, "order": true, "placing": true, "primary": true, "references": true,
	"returning": true, "select": true, "session_user": true, "some": true, "symmetric": true,
	"table": true, "then": true, "to": true, "trailing": true, "true": true, "union": true,
	"unique": true, "user": true, "using": true, "variadic": true, "when": true, "where": true,
	"window": true, "with": true,
}
