package translate

import (
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// caseScope is what one SELECT level knows of its FROM tables' exact
// column names. GMS matches column names case-insensitively, while in
// PostgreSQL "ID" and id are different names; checkColumnCase rejects a
// reference that only matches a column when case is ignored.
type caseScope struct {
	known  bool                  // every FROM item here and outside is a table
	tables map[string]*TableInfo // by alias or name
	outer  *caseScope
}

// newCaseScope describes a SELECT level's FROM list; outer is the
// enclosing level's (nil at the top).
func (t *Translator) newCaseScope(s *pg.SelectStmt, outer *caseScope) *caseScope {
	cs := &caseScope{tables: map[string]*TableInfo{}, outer: outer}
	if t.Tables == nil || s.WithClause != nil || t.topWith != nil || (outer != nil && !outer.known) {
		return cs
	}
	var add func(n *pg.Node) bool
	add = func(n *pg.Node) bool {
		switch x := n.Node.(type) {
		case *pg.Node_RangeVar:
			rv := x.RangeVar
			ti, ok := t.lookupColumns(rv.Schemaname, rv.Relname)
			if !ok {
				return false
			}
			name := rv.Relname
			if rv.Alias != nil {
				if len(rv.Alias.Colnames) > 0 {
					return false
				}
				name = rv.Alias.Aliasname
			}
			cs.tables[name] = ti
			return true
		case *pg.Node_JoinExpr:
			return x.JoinExpr.Alias == nil && add(x.JoinExpr.Larg) && add(x.JoinExpr.Rarg)
		}
		return false
	}
	for _, n := range s.FromClause {
		if !add(n) {
			return cs
		}
	}
	cs.known = true
	return cs
}

// checkColumnCase fails with 42703 for a column reference whose name
// matches a FROM table's column only case-insensitively.
func (t *Translator) checkColumnCase(parts []string, loc int32) {
	cs := t.q.cases
	if cs == nil || !cs.known || len(parts) == 0 || len(parts) > 2 || parts[len(parts)-1] == "*" {
		return
	}
	name := parts[len(parts)-1]
	if len(parts) == 2 {
		ti, ok := cs.tables[parts[0]]
		if !ok || hasColumn(ti, name) {
			return
		}
		if hasColumnFold(ti, name) {
			failAt(loc, pgerror.UndefinedColumn, "column %s.%s does not exist", parts[0], name)
		}
		return
	}
	for _, n := range t.q.targets {
		if rt := n.GetResTarget(); rt != nil && DisplayName(rt.Name) == name {
			return // an output column name (ORDER BY, GROUP BY)
		}
	}
	folded := false
	for s := cs; s != nil; s = s.outer {
		for _, ti := range s.tables {
			if hasColumn(ti, name) {
				return
			}
			if s == cs && hasColumnFold(ti, name) {
				folded = true
			}
		}
	}
	if folded {
		failAt(loc, pgerror.UndefinedColumn, "column %q does not exist", name)
	}
}

func hasColumn(ti *TableInfo, name string) bool {
	for _, c := range ti.Columns {
		if c.Name == name {
			return true
		}
	}
	return false
}

func hasColumnFold(ti *TableInfo, name string) bool {
	for _, c := range ti.Columns {
		if strings.EqualFold(c.Name, name) {
			return true
		}
	}
	return false
}
