package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// checkSelectLocking rejects a locking clause (FOR UPDATE, FOR SHARE, ...)
// on a query whose rows are not table rows, as parse analysis does
// (CheckSelectLocking in analyze.c, docs "The Locking Clause"): set
// operations, DISTINCT, GROUP BY, HAVING, aggregates and window
// functions. tinybase takes no row locks (one writer at a time), but the
// statements PostgreSQL refuses must fail here too.
func (t *Translator) checkSelectLocking(s *pg.SelectStmt) {
	if len(s.LockingClause) == 0 {
		return
	}
	lc := s.LockingClause[0].GetLockingClause()
	what := lockingClauseName(lc.GetStrength())
	fail := func(with string) {
		failAt(-1, pgerror.FeatureNotSupported, "%s is not allowed with %s", what, with)
	}
	switch {
	case s.Op != pg.SetOperation_SETOP_NONE:
		fail("UNION/INTERSECT/EXCEPT")
	case len(s.DistinctClause) > 0:
		fail("DISTINCT clause")
	case len(s.GroupClause) > 0:
		fail("GROUP BY clause")
	case s.HavingClause != nil:
		fail("HAVING clause")
	case t.targetsAggregate(s.TargetList):
		fail("aggregate functions")
	case targetsWindow(s.TargetList):
		fail("window functions")
	}
	// the lock applies to the FROM list's sub-selects too (all of them, or
	// those OF names)
	names := map[string]bool{}
	for _, r := range lc.GetLockedRels() {
		names[r.GetRangeVar().GetRelname()] = true
	}
	var from func(n *pg.Node)
	from = func(n *pg.Node) {
		switch x := n.GetNode().(type) {
		case *pg.Node_RangeSubselect:
			sub := x.RangeSubselect.GetSubquery().GetSelectStmt()
			alias := x.RangeSubselect.GetAlias().GetAliasname()
			if sub != nil && len(sub.LockingClause) == 0 && (len(names) == 0 || names[alias]) {
				t.checkSelectLocking(&pg.SelectStmt{Op: sub.Op, DistinctClause: sub.DistinctClause, GroupClause: sub.GroupClause,
					HavingClause: sub.HavingClause, TargetList: sub.TargetList, FromClause: sub.FromClause, LockingClause: s.LockingClause})
			}
		case *pg.Node_JoinExpr:
			from(x.JoinExpr.Larg)
			from(x.JoinExpr.Rarg)
		}
	}
	for _, n := range s.FromClause {
		from(n)
	}
}

// lockingClauseName is how PostgreSQL's messages name a lock strength.
func lockingClauseName(st pg.LockClauseStrength) string {
	switch st {
	case pg.LockClauseStrength_LCS_FORKEYSHARE:
		return "FOR KEY SHARE"
	case pg.LockClauseStrength_LCS_FORSHARE:
		return "FOR SHARE"
	case pg.LockClauseStrength_LCS_FORNOKEYUPDATE:
		return "FOR NO KEY UPDATE"
	}
	return "FOR UPDATE"
}

// targetsWindow reports whether a SELECT list calls a window function
// outside subqueries.
func targetsWindow(list []*pg.Node) bool {
	for _, n := range list {
		if callOutsideSubselects(n, func(f *pg.FuncCall) bool { return f.Over != nil }) {
			return true
		}
	}
	return false
}
