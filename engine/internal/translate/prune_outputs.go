package translate

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"

	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// pruneUnusedOutputs marks the computed output columns of s's FROM
// subqueries and inlined CTEs that nothing reads (t.unread), which
// unreadTarget then gives as NULL. PostgreSQL never evaluates those
// (remove_unused_subquery_outputs, and a pulled-up subquery's unread
// columns vanish), so WITH c AS (SELECT id, 1 / a AS w FROM t) SELECT id
// FROM c raises no division by zero where a = 0; GMS computed every
// column. It is conservative: any *, whole-row reference, USING or
// NATURAL join keeps every column; a name read anywhere in the statement
// keeps the columns so named; a column calling a volatile, set-returning
// or user function, or holding a sub-select, stays; so does every column
// of a subquery that groups, aggregates, is DISTINCT, a set operation,
// or orders or groups by position; a MATERIALIZED CTE, or one read more
// than once (materialized too), keeps all.
func (t *Translator) pruneUnusedOutputs(s *pg.SelectStmt) {
	reads := map[string]bool{}
	relRefs := map[string]int{}
	opaque := false
	pgtree.Walk(s, func(m any) bool {
		switch x := m.(type) {
		case *pg.ColumnRef:
			for _, f := range x.Fields {
				if f.GetAStar() != nil {
					opaque = true
				}
				reads[strVal(f)] = true
			}
			if len(x.Fields) == 1 {
				reads["\x00row:"+strVal(x.Fields[0])] = true
			}
		case *pg.JoinExpr:
			if len(x.UsingClause) > 0 || x.IsNatural {
				opaque = true
			}
		case *pg.RangeVar:
			if x.Schemaname == "" {
				relRefs[x.Relname]++
			}
		}
		return !opaque
	})
	if opaque {
		return
	}
	var prune []*pg.ResTarget
	consider := func(q *pg.SelectStmt, alias string) {
		if q == nil || reads["\x00row:"+alias] || !t.prunable(q) {
			return
		}
		for _, n := range q.TargetList {
			rt := n.GetResTarget()
			if rt == nil || rt.Val == nil {
				return
			}
			name := rt.Name
			if name == "" {
				name = columnName(rt.Val)
			}
			if !reads[name] && t.droppable(rt.Val) {
				prune = append(prune, rt)
			}
		}
	}
	pgtree.Walk(s, func(m any) bool {
		switch x := m.(type) {
		case *pg.RangeSubselect:
			if x.Alias != nil && len(x.Alias.Colnames) == 0 && x.Subquery != nil {
				consider(x.Subquery.GetSelectStmt(), x.Alias.Aliasname)
			}
		case *pg.WithClause:
			if x.Recursive {
				return true
			}
			for _, c := range x.Ctes {
				cte := c.GetCommonTableExpr()
				if cte == nil || len(cte.Aliascolnames) > 0 || cte.Ctematerialized == pg.CTEMaterialize_CTEMaterializeAlways ||
					cte.Ctematerialized != pg.CTEMaterialize_CTEMaterializeNever && relRefs[cte.Ctename] != 1 || cte.Ctequery == nil {
					continue
				}
				consider(cte.Ctequery.GetSelectStmt(), cte.Ctename)
			}
		}
		return true
	})
	if len(prune) == 0 {
		return
	}
	if t.unread == nil {
		t.unread = map[unreadKey]bool{}
	}
	for _, p := range prune {
		if p.Location >= 0 {
			t.unread[unreadKey{p.Location, p.Name}] = true
		}
	}
}

// unreadKey names a select item by its place in the statement's text and
// its name: rewrites (DISTINCT ON, * expansion) translate copies of the
// parse tree, whose items keep both.
type unreadKey struct {
	loc  int32
	name string
}

func (t *Translator) isUnread(rt *pg.ResTarget) bool {
	return rt.Location >= 0 && t.unread[unreadKey{rt.Location, rt.Name}]
}

// unreadTarget is a select item pruneUnusedOutputs found unread: its
// expression is translated (and resolved, so its errors and parameter
// types are PostgreSQL's, which analyses before it plans) but evaluates
// as a NULL of its type.
func (t *Translator) unreadTarget(rt *pg.ResTarget) sqlparser.Expr {
	return t.inject("unread", -1, []sqlparser.Expr{t.scalar(rt.Val)}, func(c []sql.Expression) (sql.Expression, error) {
		return expr.NewLiteral(expr.TypeOf(c[0]), nil), nil
	})
}

// prunable reports whether q is a plain SELECT whose unread columns can
// go without changing its rows.
func (t *Translator) prunable(q *pg.SelectStmt) bool {
	if q.Op != pg.SetOperation_SETOP_NONE || len(q.DistinctClause) > 0 || len(q.GroupClause) > 0 || q.HavingClause != nil ||
		q.IntoClause != nil || len(q.ValuesLists) > 0 || len(q.LockingClause) > 0 {
		return false
	}
	for _, o := range q.SortClause {
		if sb := o.GetSortBy(); sb == nil || sb.Node.GetAConst() != nil {
			return false
		}
	}
	aggregate := false
	for _, n := range q.TargetList {
		pgtree.Walk(n, func(m any) bool {
			if fc, ok := m.(*pg.FuncCall); ok && fc.Over == nil && (fc.AggStar || fc.AggDistinct || len(fc.AggOrder) > 0 || fc.AggFilter != nil || t.isAggregateName(names(fc.Funcname))) {
				aggregate = true
			}
			if _, ok := m.(*pg.SelectStmt); ok {
				return false // a sub-select's aggregates are its own
			}
			return !aggregate
		})
	}
	return !aggregate
}

// droppable reports whether a select item may go unevaluated: a computed
// expression calling only built-in functions that are neither volatile
// nor set-returning, also inside its sub-selects (PostgreSQL drops an
// unread sub-select too: contain_volatile_functions looks into it).
// Plain columns and constants cost nothing and stay.
func (t *Translator) droppable(n *pg.Node) bool {
	switch n.Node.(type) {
	case *pg.Node_ColumnRef, *pg.Node_AConst:
		return false
	}
	ok := true
	pgtree.Walk(n, func(m any) bool {
		switch x := m.(type) {
		case *pg.ParamRef:
			ok = false
		case *pg.FuncCall:
			p := names(x.Funcname)
			name := p[len(p)-1]
			impls := expr.Builtins().Overloads(name)
			if len(impls) == 0 && x.Over == nil && aggregateNames[name] && len(t.userAggregates(p)) == 0 && (len(p) == 1 || p[0] == "pg_catalog") {
				break // a built-in aggregate (of a sub-select): none is volatile
			}
			if len(impls) == 0 || expr.IsSRF(name) || x.Over != nil || len(p) > 1 && p[0] != "pg_catalog" {
				ok = false
			}
			for _, c := range impls {
				if c.Volatile {
					ok = false
				}
			}
		}
		return ok
	})
	return ok
}
