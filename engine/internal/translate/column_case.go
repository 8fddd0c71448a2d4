package translate

import (
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/expr"
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
	// own are this level's FROM tables by alias or name, whatever its
	// other FROM items are, when no WITH query here or outside can
	// shadow a table's name; withSeen says one may
	own      map[string]*TableInfo
	withSeen bool
	// aliases are the names every FROM item here takes
	aliases map[string]bool
}

// outerTakes reports whether a level outside cs has a FROM item named
// alias, which GMS would bind a reference cs's own item lacks to.
func (cs *caseScope) outerTakes(alias string) bool {
	for o := cs.outer; o != nil; o = o.outer {
		if o.aliases[alias] {
			return true
		}
	}
	return false
}

func fromAliases(from []*pg.Node, into map[string]bool) {
	for _, n := range from {
		switch x := n.Node.(type) {
		case *pg.Node_RangeVar:
			if x.RangeVar.Alias != nil {
				into[x.RangeVar.Alias.Aliasname] = true
			} else {
				into[x.RangeVar.Relname] = true
			}
		case *pg.Node_RangeSubselect:
			if x.RangeSubselect.Alias != nil {
				into[x.RangeSubselect.Alias.Aliasname] = true
			}
		case *pg.Node_RangeFunction:
			if x.RangeFunction.Alias != nil {
				into[x.RangeFunction.Alias.Aliasname] = true
			}
		case *pg.Node_JoinExpr:
			if x.JoinExpr.Alias != nil {
				into[x.JoinExpr.Alias.Aliasname] = true
			}
			fromAliases([]*pg.Node{x.JoinExpr.Larg, x.JoinExpr.Rarg}, into)
		}
	}
}

// newCaseScope describes a SELECT level's FROM list; outer is the
// enclosing level's (nil at the top).
func (t *Translator) newCaseScope(s *pg.SelectStmt, outer *caseScope) *caseScope {
	cs := &caseScope{tables: map[string]*TableInfo{}, outer: outer, aliases: map[string]bool{}}
	fromAliases(s.FromClause, cs.aliases)
	cs.withSeen = t.Tables == nil || s.WithClause != nil || t.topWith != nil || outer != nil && outer.withSeen
	if !cs.withSeen {
		cs.own = map[string]*TableInfo{}
		var own func(n *pg.Node)
		own = func(n *pg.Node) {
			switch x := n.Node.(type) {
			case *pg.Node_RangeVar:
				rv := x.RangeVar
				if rv.Alias != nil && len(rv.Alias.Colnames) > 0 {
					return
				}
				if rv.Schemaname == "" && strings.HasPrefix(rv.Relname, "pg_") {
					return // maybe a catalog: pg_catalog comes first in the search path
				}
				if ti, ok := t.lookupColumns(rv.Schemaname, rv.Relname); ok && ti != nil {
					name := rv.Relname
					if rv.Alias != nil {
						name = rv.Alias.Aliasname
					}
					cs.own[name] = ti
				}
			case *pg.Node_JoinExpr:
				if x.JoinExpr.Alias == nil {
					own(x.JoinExpr.Larg)
					own(x.JoinExpr.Rarg)
				}
			}
		}
		for _, n := range s.FromClause {
			own(n)
		}
	}
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
	if cs == nil || len(parts) == 0 || len(parts) > 2 || parts[len(parts)-1] == "*" {
		return
	}
	name := parts[len(parts)-1]
	if len(parts) == 2 {
		// a qualifier this level's FROM table takes binds here, as in
		// PostgreSQL: a column that table lacks is 42703, not an outer
		// level's same-named alias's column (GMS looks outward)
		// (user tables only: the catalogs' column lists here are
		// partial; a function's name may be attribute notation for a
		// call, cn.label for label(cn))
		// Only when an outer level takes the qualifier too: otherwise
		// GMS fails as PostgreSQL does, with its hint.
		if ti, ok := cs.own[parts[0]]; ok && cs.outerTakes(parts[0]) && ti.Schema != "pg_catalog" && ti.Schema != "information_schema" &&
			!hasColumn(ti, name) && !hasColumnFold(ti, name) && !IsSystemColumn(name) &&
			!expr.Builtins().Has(name) && len(t.userCandidates([]string{name})) == 0 {
			failAt(loc, pgerror.UndefinedColumn, "column %s.%s does not exist", parts[0], name)
		}
	}
	if !cs.known {
		return
	}
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
