package translate

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// A subquery reads its enclosing query's values: columns, and aggregates
// of the enclosing level written inside it (`(SELECT max(u.name))` is
// the outer query's max, PostgreSQL docs 4.2.7), which makes that query
// a grouped one. GMS builds a grouping's output from the columns and
// aggregates the expressions above it show, and a subquery shows none:
// the columns it reads would be missing from the grouped rows, and an
// aggregate of the enclosing level is found there only when that level
// has computed the same call before. So a subquery of a grouped level's
// SELECT list, HAVING or ORDER BY carries them (expr.SublinkArgs, as
// PostgreSQL's SubPlan carries its args): the aggregates are built
// first, in the enclosing level, where the subquery's calls then find
// them, and the columns pass through the grouping.

// subLink translates a subquery expression of the level being
// translated, with the values of this level it reads as its args: the
// grouped columns groupDependents found for it, and this level's
// aggregates inside it (outerAggregate collects them while it is
// translated).
func (t *Translator) subLink(s *pg.SubLink) sqlparser.Expr {
	held := t.q.held[s]
	if !t.q.argsHere && len(held) == 0 {
		return t.subLinkExpr(s)
	}
	var aggs []*pg.FuncCall
	saved := t.q.outerAggs
	if t.q.argsHere {
		t.q.outerAggs = &aggs
	}
	sub := func() sqlparser.Expr {
		defer func() { t.q.outerAggs = saved }()
		return t.subLinkExpr(s)
	}()
	if len(aggs) == 0 && len(held) == 0 {
		return sub
	}
	var args []sqlparser.Expr
	for _, f := range aggs {
		args = append(args, t.scalar(&pg.Node{Node: &pg.Node_FuncCall{FuncCall: f}}))
	}
	for _, c := range held {
		args = append(args, t.scalar(c))
	}
	t.q.hoisted = t.q.hoisted || len(aggs) > 0
	return t.inject("sublink args", s.Location, append(args, sub), func(c []sql.Expression) (sql.Expression, error) {
		return expr.NewSublinkArgs(c[len(c)-1], c[:len(c)-1]), nil
	})
}

// checkHoistedGrouping refuses (42803), as PostgreSQL's
// check_ungrouped_columns does, the columns of a query that only its
// subqueries' aggregates make grouped (into one group) when they are read
// outside aggregates: in its SELECT list and ORDER BY, or by a subquery
// (`SELECT x, (SELECT sum(t.x)) FROM t`). A query grouped by its own
// GROUP BY, HAVING or aggregates was checked before its translation.
func (t *Translator) checkHoistedGrouping(s *pg.SelectStmt) {
	if !t.q.hoisted || len(s.GroupClause) > 0 || s.HavingClause != nil || t.targetsAggregate(s.TargetList) || t.Tables == nil {
		return
	}
	tables, all := t.fromTables(s) // group_dependents.go
	if len(tables) == 0 {
		return
	}
	outputs := map[string]bool{}
	for _, n := range s.TargetList {
		if rt := n.GetResTarget(); rt != nil && rt.Name != "" {
			outputs[rt.Name] = true
		}
	}
	check := func(n *pg.Node, orderBy bool) {
		if n == nil {
			return
		}
		own := func(cr *pg.ColumnRef) {
			if orderBy && len(cr.Fields) == 1 && outputs[strVal(cr.Fields[0])] {
				return // ORDER BY prefers an output name
			}
			if i, col, ok := resolveFromColumn(cr, tables, all); ok {
				failAt(cr.Location, pgerror.GroupingError, "column \"%s.%s\" must appear in the GROUP BY clause or be used in an aggregate function", tables[i].qual, col)
			}
		}
		t.walkUngrouped(n, own)
		walkTestexprs(n, func(e *pg.Node) { t.walkUngrouped(e, own) })
		t.walkSublinkOuterRefs(n, func(_ *pg.SubLink, cr *pg.ColumnRef, inAggregate bool) {
			if i, col, ok := resolveFromColumn(cr, tables, all); ok && !inAggregate {
				failAt(cr.Location, pgerror.GroupingError, "subquery uses ungrouped column \"%s.%s\" from outer query", tables[i].qual, col)
			}
		})
	}
	for _, n := range s.TargetList {
		check(n.GetResTarget().GetVal(), false)
	}
	for _, n := range s.SortClause {
		check(n.GetSortBy().GetNode(), true)
	}
}
