package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// tableoidScans prepares a SELECT that reads the tableoid system column
// (docs 5.5) of a table it scans with its descendants: each branch of
// the inheritance scan (inherit_scan.go) then carries its own table's
// oid as a column "tableoid", which the reference reads, so every row
// names the table it came from. A star over that table is spelled out as
// its columns so the extra column stays out of the result.
func (t *Translator) tableoidScans(s *pg.SelectStmt) *pg.SelectStmt {
	r := t.reader()
	if r == nil || !r.Current().HasInheritance() || !readsTableoid(s) {
		return s
	}
	cat := r.Current()
	inherited := func(rv *pg.RangeVar) ([]string, bool) {
		if !rv.Inh {
			return nil, false
		}
		schema, cols, ok := r.Table(rv.Schemaname, rv.Relname)
		if !ok || len(cat.Children(catalog.QName{Schema: schema, Name: rv.Relname})) == 0 {
			return nil, false
		}
		return cols, true
	}
	any := false
	for _, rv := range fromRangeVars(s.FromClause) {
		if _, ok := inherited(rv); ok {
			any = true
		}
	}
	if !any {
		return s
	}
	s = pgtree.Clone(s)
	if t.tableoidRels == nil {
		t.tableoidRels = map[*pg.RangeVar]bool{}
	}
	cols := map[string][]string{}
	for _, rv := range fromRangeVars(s.FromClause) {
		if c, ok := inherited(rv); ok {
			t.tableoidRels[rv] = true
			ref := rv.Relname
			if rv.Alias != nil {
				ref = rv.Alias.Aliasname
			}
			cols[ref] = c
		}
	}
	var targets []*pg.Node
	for _, n := range s.TargetList {
		cr := n.GetResTarget().GetVal().GetColumnRef()
		if cr == nil || cr.Fields[len(cr.Fields)-1].GetAStar() == nil {
			targets = append(targets, n)
			continue
		}
		ref := ""
		switch {
		case len(cr.Fields) == 2:
			ref = strVal(cr.Fields[0])
		case len(cr.Fields) == 1 && len(s.FromClause) == 1 && s.FromClause[0].GetRangeVar() != nil:
			rv := s.FromClause[0].GetRangeVar()
			ref = rv.Relname
			if rv.Alias != nil {
				ref = rv.Alias.Aliasname
			}
		}
		c, ok := cols[ref]
		if !ok {
			targets = append(targets, n)
			continue
		}
		for _, name := range c {
			targets = append(targets, &pg.Node{Node: &pg.Node_ResTarget{ResTarget: &pg.ResTarget{Location: -1,
				Val: &pg.Node{Node: &pg.Node_ColumnRef{ColumnRef: &pg.ColumnRef{Fields: []*pg.Node{pg.MakeStrNode(ref), pg.MakeStrNode(name)}, Location: -1}}}}}})
		}
	}
	s.TargetList = targets
	return s
}

// fromRangeVars are the tables a FROM list names, through joins.
func fromRangeVars(from []*pg.Node) []*pg.RangeVar {
	var out []*pg.RangeVar
	var walk func(n *pg.Node)
	walk = func(n *pg.Node) {
		switch x := n.GetNode().(type) {
		case *pg.Node_RangeVar:
			out = append(out, x.RangeVar)
		case *pg.Node_JoinExpr:
			walk(x.JoinExpr.Larg)
			walk(x.JoinExpr.Rarg)
		}
	}
	for _, n := range from {
		walk(n)
	}
	return out
}

// readsTableoid reports a column reference named tableoid in the
// statement's clauses (a JOIN's ON included).
func readsTableoid(s *pg.SelectStmt) bool {
	found := false
	var visit func(m any) bool
	visit = func(m any) bool {
		if found {
			return false
		}
		if cr, ok := m.(*pg.ColumnRef); ok {
			if f := cr.Fields; len(f) > 0 && strVal(f[len(f)-1]) == "tableoid" {
				found = true
				return false
			}
		}
		return pgtree.Children(m, visit)
	}
	for _, list := range [][]*pg.Node{s.TargetList, s.FromClause, s.SortClause, s.GroupClause, {s.WhereClause}, {s.HavingClause}} {
		for _, n := range list {
			if n != nil {
				visit(n)
			}
		}
	}
	return found
}
