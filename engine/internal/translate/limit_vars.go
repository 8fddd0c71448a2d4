package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// checkLimitVariables refuses a LIMIT or OFFSET subquery reading the
// query's own FROM items (`limit (select i.n)`), as PostgreSQL's
// checkExprIsVarFree does: 42P10. The subquery's columns are resolved
// apart from the query (the analyzer prepares it on its own), so a
// reference to this level would otherwise surface as an internal error.
func (t *Translator) checkLimitVariables(s *pg.SelectStmt) {
	names := map[string]bool{}
	for _, f := range s.FromClause {
		switch x := f.Node.(type) {
		case *pg.Node_RangeVar:
			names[x.RangeVar.Relname] = true
			if x.RangeVar.Alias != nil {
				delete(names, x.RangeVar.Relname)
				names[x.RangeVar.Alias.Aliasname] = true
			}
		case *pg.Node_RangeSubselect:
			if x.RangeSubselect.Alias != nil {
				names[x.RangeSubselect.Alias.Aliasname] = true
			}
		}
	}
	if len(names) == 0 {
		return
	}
	for _, c := range []struct {
		n    *pg.Node
		what string
	}{{s.LimitCount, "LIMIT"}, {s.LimitOffset, "OFFSET"}} {
		if c.n == nil || c.n.GetSubLink() == nil {
			continue
		}
		if loc, ok := qualifiedRefTo(c.n, names); ok {
			failAt(loc, pgerror.InvalidColumnReference, "argument of %s must not contain variables", c.what)
		}
	}
}

// qualifiedRefTo finds a column reference qualified by one of names in
// the tree under n.
func qualifiedRefTo(n *pg.Node, names map[string]bool) (int32, bool) {
	var loc int32
	found := false
	walkNodes(n, func(x *pg.Node) bool {
		if cr := x.GetColumnRef(); cr != nil && !found && len(cr.Fields) >= 2 {
			if s := cr.Fields[0].GetString_(); s != nil && names[s.Sval] {
				loc, found = cr.Location, true
			}
		}
		return found
	})
	return loc, found
}
