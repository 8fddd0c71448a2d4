package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
)

// inheritanceScan is a FROM item naming a table with descendants, read
// as PostgreSQL reads it without ONLY (docs 5.10): the table's own rows
// and every descendant's, as the parent's columns — a UNION ALL of ONLY
// scans under the table's name. nil when the table has no children (or
// ONLY is written).
func (t *Translator) inheritanceScan(rv *pg.RangeVar) *pg.Node {
	r := t.reader()
	if r == nil || !rv.Inh || len(r.Current().Inheritances()) == 0 {
		return nil
	}
	schema, cols, ok := r.Table(rv.Schemaname, rv.Relname)
	if !ok {
		return nil
	}
	root := catalog.QName{Schema: schema, Name: rv.Relname}
	cat := r.Current()
	if len(cat.Children(root)) == 0 {
		return nil
	}
	var targets []*pg.Node
	for _, c := range cols {
		targets = append(targets, &pg.Node{Node: &pg.Node_ResTarget{ResTarget: &pg.ResTarget{
			Val: &pg.Node{Node: &pg.Node_ColumnRef{ColumnRef: &pg.ColumnRef{Fields: []*pg.Node{pg.MakeStrNode(c)}}}}}}})
	}
	if t.tableoidRels[rv] {
		targets = append(targets, &pg.Node{Node: &pg.Node_ResTarget{ResTarget: &pg.ResTarget{Name: "tableoid",
			Val: &pg.Node{Node: &pg.Node_ColumnRef{ColumnRef: &pg.ColumnRef{Fields: []*pg.Node{pg.MakeStrNode("tableoid")}}}}}}})
		if t.inheritCtid {
			targets = append(targets, &pg.Node{Node: &pg.Node_ResTarget{ResTarget: &pg.ResTarget{Name: "ctid",
				Val: &pg.Node{Node: &pg.Node_ColumnRef{ColumnRef: &pg.ColumnRef{Fields: []*pg.Node{pg.MakeStrNode("ctid")}}}}}}})
		}
	}
	scan := func(q catalog.QName) *pg.SelectStmt {
		return &pg.SelectStmt{Op: pg.SetOperation_SETOP_NONE, LimitOption: pg.LimitOption_LIMIT_OPTION_DEFAULT, TargetList: targets, FromClause: []*pg.Node{{Node: &pg.Node_RangeVar{RangeVar: &pg.RangeVar{
			Schemaname: q.Schema, Relname: q.Name, Inh: false, Relpersistence: "p", Location: -1}}}}}
	}
	sel := scan(root)
	seen := map[catalog.QName]bool{root: true}
	queue := []catalog.QName{root}
	for len(queue) > 0 {
		q := queue[0]
		queue = queue[1:]
		for _, c := range cat.Children(q) {
			if seen[c] {
				continue // multiple inheritance reaches a table once
			}
			seen[c] = true
			queue = append(queue, c)
			sel = &pg.SelectStmt{Op: pg.SetOperation_SETOP_UNION, LimitOption: pg.LimitOption_LIMIT_OPTION_DEFAULT, All: true, Larg: sel, Rarg: scan(c)}
		}
	}
	alias := &pg.Alias{Aliasname: rv.Relname}
	if rv.Alias != nil {
		alias = rv.Alias
	}
	return &pg.Node{Node: &pg.Node_RangeSubselect{RangeSubselect: &pg.RangeSubselect{
		Subquery: &pg.Node{Node: &pg.Node_SelectStmt{SelectStmt: sel}}, Alias: alias}}}
}
