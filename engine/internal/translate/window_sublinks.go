package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
)

// rowsBelowWindowsAlias names the derived table splitWindowSublinks
// computes a windowed query's other expressions in.
const rowsBelowWindowsAlias = "?rows"

// windowsWithSublinks reports whether an ungrouped SELECT has window
// functions and, outside their calls, a subquery reading columns in its
// SELECT list or ORDER BY. go-mysql-server evaluates such a subquery
// above its window node, where a correlated reference finds the wrong
// column of the outer row; splitWindowSublinks evaluates it below.
//
// Only a subquery naming this level's FROM items or their columns counts:
// one reading only its own relations or an enclosing query's is right
// where it is, and an enclosing query's columns do not reach through the
// derived table.
func (t *Translator) windowsWithSublinks(s *pg.SelectStmt) bool {
	win := false
	var subs []*pg.Node
	visit := func(n *pg.Node) bool {
		if fc := n.GetFuncCall(); fc != nil && fc.Over != nil {
			win = true
			return true
		}
		if n.GetSubLink() != nil {
			if hasColumnRef(n) {
				subs = append(subs, n)
			}
			return true
		}
		return false
	}
	for _, tn := range s.TargetList {
		if !noFuncCall(tn) { // lookup_memo.go
			walkNodes(tn, visit)
		}
	}
	if !win {
		return false
	}
	for _, o := range s.SortClause {
		walkNodes(o, visit)
	}
	if len(subs) == 0 {
		return false
	}
	aliases, cols := map[string]bool{}, map[string]bool{}
	for _, ns := range t.fromSources(s.FromClause, t.scopeCTEs(s)) { // wholerow.go
		aliases[ns.alias] = true
		if ns.src == nil {
			return true // unknown columns: any name may be this level's
		}
		for _, c := range ns.src.cols {
			cols[c] = true
		}
	}
	for _, sub := range subs {
		if hasNode(sub, func(m any) bool {
			cr, ok := m.(*pg.ColumnRef)
			if !ok || len(cr.Fields) == 0 {
				return false
			}
			if len(cr.Fields) == 1 {
				return cols[strVal(cr.Fields[0])]
			}
			return aliases[strVal(cr.Fields[len(cr.Fields)-2])] || len(cr.Fields) == 2 && cr.Fields[1].GetAStar() == nil && aliases[strVal(cr.Fields[0])]
		}) {
			return true
		}
	}
	return false
}

// splitWindowSublinks computes everything a windowed SELECT reads from
// its rows, but the window calls, in a derived table: the window
// functions' arguments, PARTITION BY and ORDER BY expressions, and the
// rest of the SELECT list and ORDER BY (with their subqueries):
//
//	SELECT (SELECT count(*) FROM q WHERE q.k = p.k), rank() OVER (ORDER BY p.id) FROM p
//	=> SELECT "?c1" AS count, rank() OVER (ORDER BY "?c2")
//	   FROM (SELECT (SELECT count(*) ...) AS "?c1", p.id AS "?c2" FROM p) "?rows"
func (t *Translator) splitWindowSublinks(s *pg.SelectStmt) *pg.SelectStmt {
	var def func(d *derivedSplit, wd *pg.WindowDef)
	def = func(d *derivedSplit, wd *pg.WindowDef) {
		for _, p := range wd.PartitionClause {
			d.liftReads(p)
		}
		for _, o := range wd.OrderClause {
			if sb := o.GetSortBy(); sb != nil {
				d.liftReads(sb.Node)
			}
		}
	}
	var visit func(d *derivedSplit, n *pg.Node)
	visit = func(d *derivedSplit, n *pg.Node) {
		if n == nil {
			return
		}
		walk := func(m *pg.Node) bool {
			switch x := m.Node.(type) {
			case *pg.Node_FuncCall:
				if fc := x.FuncCall; fc.Over != nil {
					for _, a := range fc.Args {
						d.liftReads(a)
					}
					d.liftReads(fc.AggFilter)
					def(d, fc.Over)
					return true
				}
			case *pg.Node_CaseWhen, *pg.Node_List, *pg.Node_SortBy, *pg.Node_String_, *pg.Node_TypeName:
				return false // parts of an expression, not one
			}
			if !hasWindowCall(m) {
				d.liftReads(m)
				return true
			}
			return false
		}
		if !walk(n) {
			walkNodes(n, walk)
		}
	}
	return t.splitDerived(s, rowsBelowWindowsAlias, "* beside window functions and subqueries in the SELECT list is not supported yet", visit, def)
}
