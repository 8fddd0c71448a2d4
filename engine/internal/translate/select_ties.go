package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// tiesRank names the rank column withTies adds.
const tiesRank = "?ties_rank?"

// withTies rewrites SELECT ... ORDER BY k FETCH FIRST n ROWS WITH TIES as
// SELECT cols FROM (SELECT ..., rank() OVER (ORDER BY k)) WHERE rank <= n
// ORDER BY rank: the rows up to the n-th and every row tied with it.
// With OFFSET m the filter is rank - m <= n and the outer query keeps
// the OFFSET: rows up to the (m+n)-th and its ties, less the first m
// (PostgreSQL skips m rows, then takes n and the rows tied with the n-th).
// It returns nil for shapes it does not rewrite (DISTINCT,
// grouping, ORDER BY output names or positions, unnamed or duplicate
// output columns), which limit then reports as not supported. A count
// other than an integer constant is translated as expr.TiesCount, which
// the filter evaluates once when it starts, as PostgreSQL does.
func (t *Translator) withTies(s *pg.SelectStmt) *pg.SelectStmt {
	if s.LimitCount == nil || len(s.SortClause) == 0 || len(s.DistinctClause) > 0 ||
		len(s.GroupClause) > 0 || s.HavingClause != nil || len(s.WindowClause) > 0 || len(s.LockingClause) > 0 ||
		targetsHaveStar(s.TargetList) {
		return nil
	}
	if c := s.LimitCount.GetAConst(); c != nil && c.Isnull {
		return nil
	}
	seen := map[string]bool{}
	var outTargets []*pg.Node
	for _, n := range s.TargetList {
		rt := n.GetResTarget()
		name := rt.Name
		if name == "" {
			name = columnName(rt.Val)
		}
		if name == "" || name == "?column?" || seen[name] {
			return nil
		}
		seen[name] = true
		outTargets = append(outTargets, resTarget(pg.MakeColumnRefNode([]*pg.Node{pg.MakeStrNode(name)}, -1), rt.Name))
	}
	for _, o := range s.SortClause {
		sb := o.GetSortBy()
		if sb == nil || sb.Node.GetAConst() != nil {
			return nil
		}
		if cr := sb.Node.GetColumnRef(); cr != nil && len(cr.Fields) == 1 && seen[strVal(cr.Fields[0])] {
			// may name an output column, which a window's ORDER BY cannot see
			for _, n := range s.TargetList {
				if rt := n.GetResTarget(); rt.Name == strVal(cr.Fields[0]) {
					return nil
				}
			}
		}
	}
	tmpl, err := pgtree.Parse("SELECT rank() OVER (ORDER BY 1)")
	if err != nil {
		return nil
	}
	rank := tmpl.Stmts[0].Stmt.GetSelectStmt().TargetList[0].GetResTarget().Val
	rank.GetFuncCall().Over.OrderClause = s.SortClause
	inner := &pg.SelectStmt{
		TargetList:  append(append([]*pg.Node{}, s.TargetList...), resTarget(rank, tiesRank)),
		FromClause:  s.FromClause,
		WhereClause: s.WhereClause,
		Op:          pg.SetOperation_SETOP_NONE,
		LimitOption: pg.LimitOption_LIMIT_OPTION_DEFAULT,
	}
	rankRef := func() *pg.Node { return pg.MakeColumnRefNode([]*pg.Node{pg.MakeStrNode(tiesRank)}, -1) }
	count := s.LimitCount
	if c := count.GetAConst(); c == nil || c.GetIval() == nil || c.GetIval().Ival < 0 {
		if t.tiesCounts == nil {
			t.tiesCounts = map[*pg.Node]bool{}
		}
		t.tiesCounts[count] = true
	}
	where := pg.MakeAExprNode(pg.A_Expr_Kind_AEXPR_OP, []*pg.Node{pg.MakeStrNode("<=")}, rankRef(), count, -1)
	if s.LimitOffset != nil {
		off, err := pgtree.Parse("SELECT 1 - CAST(coalesce(NULL, 0) AS bigint)")
		if err != nil {
			return nil
		}
		minus := off.Stmts[0].Stmt.GetSelectStmt().TargetList[0].GetResTarget().Val
		minus.GetAExpr().Lexpr = rankRef()
		minus.GetAExpr().Rexpr.GetTypeCast().Arg.GetCoalesceExpr().Args[0] = s.LimitOffset
		where.GetAExpr().Lexpr = minus
	}
	return &pg.SelectStmt{
		LimitOffset: s.LimitOffset,
		TargetList:  outTargets,
		FromClause: []*pg.Node{{Node: &pg.Node_RangeSubselect{RangeSubselect: &pg.RangeSubselect{
			Subquery: &pg.Node{Node: &pg.Node_SelectStmt{SelectStmt: inner}},
			Alias:    &pg.Alias{Aliasname: "?ties?"},
		}}}},
		WhereClause: where,
		SortClause:  []*pg.Node{pg.MakeSortByNode(rankRef(), pg.SortByDir_SORTBY_DEFAULT, pg.SortByNulls_SORTBY_NULLS_DEFAULT, -1)},
		WithClause:  s.WithClause,
		Op:          pg.SetOperation_SETOP_NONE,
		LimitOption: pg.LimitOption_LIMIT_OPTION_DEFAULT,
	}
}

func resTarget(val *pg.Node, name string) *pg.Node {
	return &pg.Node{Node: &pg.Node_ResTarget{ResTarget: &pg.ResTarget{Name: name, Val: val, Location: -1}}}
}
