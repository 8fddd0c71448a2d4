package pgcatalog

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	pg "github.com/pganalyze/pg_query_go/v5"

	"github.com/tinybase/tinybase/engine/internal/storage"
)

// indexDefOf is pg_get_indexdef of any index: plain-column ones from
// their columns, expression and partial ones from the key parts' and
// predicate's source text analyzed again over the table (deparse.go) and
// printed as ruleutils' pg_get_indexdef_worker does — a key part that
// looks like a function call bare, any other expression in parentheses
// of its own, the predicate after WHERE. ok is false when the source text
// is not kept (an index from before it was) or uses something deparse
// does not model.
func (s *State) indexDefOf(r Relation, ix storage.IndexInfo) (string, bool) {
	if !ix.Expression && !ix.Partial {
		return IndexDef(r.Schema, r.Name, ix.Name, ix.Unique, ix.Columns), true
	}
	var keys []string
	if ix.Expression {
		if len(ix.Source) == 0 {
			return "", false
		}
		cols := r.Table.Schema()
		for _, src := range ix.Source {
			if src == "" {
				return "", false
			}
			n, err := parseStoredExpr(src)
			if err != nil {
				return "", false
			}
			if c := n.GetColumnRef(); c != nil && len(c.Fields) == 1 && c.Fields[0].GetString_() != nil {
				keys = append(keys, QuoteIdent(c.Fields[0].GetString_().Sval))
				continue
			}
			d, ok := s.deparseNode(n, r.Name, cols)
			if !ok {
				return "", false
			}
			text := printExpr(d, false)
			switch d.(type) {
			case *dFunc, *dCoalesce, *dSQLFunc:
				keys = append(keys, text)
			default:
				keys = append(keys, "("+text+")")
			}
		}
	} else {
		for _, c := range ix.Columns {
			keys = append(keys, QuoteIdent(c))
		}
	}
	var b strings.Builder
	b.WriteString("CREATE ")
	if ix.Unique {
		b.WriteString("UNIQUE ")
	}
	b.WriteString("INDEX " + QuoteIdent(ix.Name) + " ON " + QuoteIdent(r.Schema) + "." + QuoteIdent(r.Name) + " USING btree (")
	b.WriteString(strings.Join(keys, ", "))
	b.WriteString(")")
	if ix.Partial {
		if ix.WhereSource == "" {
			return "", false
		}
		w, ok := s.DeparseStored(ix.WhereSource, r.Name, r.Table.Schema(), false)
		if !ok {
			return "", false
		}
		b.WriteString(" WHERE " + w)
	}
	return b.String(), true
}

// deparseNode analyzes a parsed stored expression over relation rel
// (DeparseStored without the printing).
func (s *State) deparseNode(n *pg.Node, rel string, cols sql.Schema) (d dnode, ok bool) {
	defer func() {
		if recover() != nil {
			d, ok = nil, false
		}
	}()
	return s.newDeparseScope(rel, cols).analyze(n)
}
