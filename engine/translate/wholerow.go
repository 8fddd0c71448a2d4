package translate

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/expr"
)

// fromColumns records, for FROM items whose output columns the translator
// can name (subqueries with explicit select lists, VALUES and function
// items with column aliases), those names by alias; whole-row references
// to them become records.
func fromColumns(items []*pg.Node, out map[string][]string) {
	for _, n := range items {
		switch x := n.Node.(type) {
		case *pg.Node_JoinExpr:
			fromColumns([]*pg.Node{x.JoinExpr.Larg, x.JoinExpr.Rarg}, out)
		case *pg.Node_RangeSubselect:
			rs := x.RangeSubselect
			if rs.Alias == nil {
				continue
			}
			var names []string
			for _, c := range rs.Alias.Colnames {
				names = append(names, strVal(c))
			}
			sub := rs.Subquery.GetSelectStmt()
			if leaf := leafSelect(sub); leaf != nil && len(names) == 0 {
				if len(leaf.ValuesLists) > 0 {
					continue
				}
				if targetsHaveStar(leaf.TargetList) {
					continue
				}
				for _, tn := range leaf.TargetList {
					rt := tn.GetResTarget()
					name := rt.Name
					if name == "" {
						name = columnName(rt.Val)
					}
					names = append(names, name)
				}
			}
			if len(names) > 0 {
				out[rs.Alias.Aliasname] = names
			}
		case *pg.Node_RangeFunction:
			rf := x.RangeFunction
			if rf.Alias != nil && len(rf.Alias.Colnames) > 0 {
				var names []string
				for _, c := range rf.Alias.Colnames {
					names = append(names, strVal(c))
				}
				out[rf.Alias.Aliasname] = names
			}
		}
	}
}

// wholeRow returns the record for a bare FROM-item alias used as a value,
// or nil when n is not one.
func (t *Translator) wholeRow(n *pg.Node) sqlparser.Expr {
	cr := n.GetColumnRef()
	if cr == nil || len(cr.Fields) != 1 || cr.Fields[0].GetString_() == nil {
		return nil
	}
	alias := cr.Fields[0].GetString_().Sval
	cols, ok := t.q.rowCols[alias]
	if !ok {
		return nil
	}
	for _, other := range t.q.rowCols {
		for _, c := range other {
			if c == alias {
				return nil // a column of that name wins, as in PostgreSQL
			}
		}
	}
	var children []sqlparser.Expr
	for _, c := range cols {
		children = append(children, &sqlparser.ColName{Name: sqlparser.NewColIdent(c), Qualifier: sqlparser.TableName{Name: sqlparser.NewTableIdent(alias)}})
	}
	names := append([]string{}, cols...)
	return t.inject("row", cr.Location, children, func(c []sql.Expression) (sql.Expression, error) {
		return expr.NewRowCtor(names, c), nil
	})
}
