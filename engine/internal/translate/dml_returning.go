package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
)

// returningCTE names the WITH item returningSnapshot moves the write into.
const returningCTE = "?returning?"

// returningSnapshot translates an INSERT or UPDATE whose RETURNING list
// holds a subquery as
//
//	WITH "?returning?" AS (INSERT ... RETURNING *)
//	SELECT <RETURNING list> FROM "?returning?" AS <target alias>
//
// run as a DML program. In PostgreSQL every part of a statement reads one
// snapshot, taken before it starts, so a subquery in RETURNING does not
// see the statement's own writes: `INSERT ... RETURNING (SELECT count(*)
// FROM t)` reports the count before the insert. GMS evaluates RETURNING
// after each row is written (and could not plan the subquery of an
// UPDATE's RETURNING at all); the program runs its SELECT on the tables
// as they were before the write (engine/internal/session/dml_exec.go), as it does for any
// data-modifying WITH. The command tag and result columns stay those of
// the INSERT or UPDATE. ok is false for any other statement, and for
// forms left to the ordinary path: ON CONFLICT, an own WITH clause, or
// schema-qualified column references in RETURNING.
func (t *Translator) returningSnapshot(n *pg.Node) (res Result, ok bool) {
	var list []*pg.Node
	var rel *pg.RangeVar
	var inner *pg.Node
	tag := ""
	switch s := n.Node.(type) {
	case *pg.Node_InsertStmt:
		st := s.InsertStmt
		if st.OnConflictClause != nil || st.WithClause != nil {
			return res, false
		}
		list, rel, tag = st.ReturningList, st.Relation, "INSERT"
		inner = &pg.Node{Node: &pg.Node_InsertStmt{InsertStmt: &pg.InsertStmt{Relation: st.Relation, Cols: st.Cols,
			SelectStmt: st.SelectStmt, ReturningList: starTarget(), Override: st.Override}}}
	case *pg.Node_UpdateStmt:
		st := s.UpdateStmt
		if st.WithClause != nil {
			return res, false
		}
		list, rel, tag = st.ReturningList, st.Relation, "UPDATE"
		inner = &pg.Node{Node: &pg.Node_UpdateStmt{UpdateStmt: &pg.UpdateStmt{Relation: st.Relation, TargetList: st.TargetList,
			WhereClause: st.WhereClause, FromClause: st.FromClause, ReturningList: starTarget()}}}
	default:
		return res, false
	}
	if rel == nil || !holdsSubLink(list) {
		return res, false
	}
	for _, item := range list {
		deep := false
		walkColumnRefs(item, func(cr *pg.ColumnRef) { deep = deep || len(cr.Fields) > 2 })
		if deep {
			return res, false
		}
	}
	alias := rel.Relname
	if rel.Alias != nil {
		alias = rel.Alias.Aliasname
	}
	with := &pg.WithClause{Ctes: []*pg.Node{{Node: &pg.Node_CommonTableExpr{CommonTableExpr: &pg.CommonTableExpr{
		Ctename: returningCTE, Ctequery: inner, Location: -1,
	}}}}}
	sel := &pg.SelectStmt{
		Op:          pg.SetOperation_SETOP_NONE,
		LimitOption: pg.LimitOption_LIMIT_OPTION_DEFAULT,
		WithClause:  with,
		TargetList:  list,
		FromClause: []*pg.Node{{Node: &pg.Node_RangeVar{RangeVar: &pg.RangeVar{
			Relname: returningCTE, Inh: true, Alias: &pg.Alias{Aliasname: alias}, Location: -1,
		}}}},
	}
	t.topWith = with
	res = t.withModifying(Result{Stmt: t.selectStmt(sel), Tag: "SELECT"})
	res.Tag, res.Returning = tag, true
	return res, true
}

// starTarget is a RETURNING * list.
func starTarget() []*pg.Node {
	star := &pg.Node{Node: &pg.Node_ColumnRef{ColumnRef: &pg.ColumnRef{Fields: []*pg.Node{{Node: &pg.Node_AStar{AStar: &pg.A_Star{}}}}, Location: -1}}}
	return []*pg.Node{{Node: &pg.Node_ResTarget{ResTarget: &pg.ResTarget{Val: star, Location: -1}}}}
}

// holdsSubLink reports whether any of the parse trees holds a subquery.
func holdsSubLink(list []*pg.Node) bool {
	for _, n := range list {
		if hasNode(n, func(m any) bool {
			_, ok := m.(*pg.SubLink)
			return ok
		}) {
			return true
		}
	}
	return false
}
