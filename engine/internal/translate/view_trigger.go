package translate

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// InsteadOf is INSERT / UPDATE / DELETE on a view that has INSTEAD OF row
// triggers for the event (docs 39.1: the trigger function runs once per
// row instead of the write; the command counts the rows it did not skip
// by returning NULL). The engine runs Query, whose rows are, per row:
// the view's columns for OLD (UPDATE, DELETE) followed by the new values
// for NEW (INSERT, UPDATE); for INSERT, Describe (the view with no rows)
// gives the column types NEW is cast to.
type InsteadOf struct {
	View     catalog.QName
	Columns  []string
	Event    catalog.TriggerEvent
	Query    *pg.Node
	Describe *pg.Node
	// Returning, when the statement has RETURNING, selects the list from
	// InsteadOfReturning: the rows the triggers returned, under the name
	// the statement gave the view.
	Returning *pg.Node
	// Params and BoundParams are the statement's parameters: Query,
	// Describe and Returning are translated when the write runs and may
	// reference them.
	Params      []any
	BoundParams func(n int) (sql.Expression, bool)
}

// InsteadOfReturning names the relation of the rows INSTEAD OF triggers
// returned, for RETURNING.
const InsteadOfReturning = "*instead of returning*"

func (*InsteadOf) command() {}

// insteadOfAlias names the source rows of an INSERT on a view.
const insteadOfAlias = "*new*"

// hasInsteadOf reports whether view v has an enabled INSTEAD OF row
// trigger for ev.
func (t *Translator) hasInsteadOf(v *catalog.View, ev catalog.TriggerEvent) bool {
	r := t.reader()
	if r == nil {
		return false
	}
	for _, tg := range r.Current().Triggers(catalog.QName{Schema: v.Schema, Name: v.Name}) {
		if tg.Timing == catalog.TimingInstead && tg.ForEachRow && tg.Events&ev != 0 && tg.Enabled != 'D' {
			return true
		}
	}
	return false
}

// insteadOf translates a write on view v with INSTEAD OF triggers; ok is
// false when v has none for the statement's event.
func (t *Translator) insteadOf(n *pg.Node, v *catalog.View) (Result, bool) {
	q := catalog.QName{Schema: v.Schema, Name: v.Name}
	notYet := func(what string) {
		fail(pgerror.New(pgerror.FeatureNotSupported, "%s on a view with INSTEAD OF triggers is not supported yet", what))
	}
	viewRef := func(rv *pg.RangeVar) string {
		if rv.Alias != nil && rv.Alias.Aliasname != "" {
			return rv.Alias.Aliasname
		}
		return rv.Relname
	}
	colRef := func(fields ...string) *pg.Node {
		ns := make([]*pg.Node, len(fields))
		for i, f := range fields {
			ns[i] = pg.MakeStrNode(f)
		}
		return &pg.Node{Node: &pg.Node_ColumnRef{ColumnRef: &pg.ColumnRef{Fields: ns, Location: -1}}}
	}
	target := func(e *pg.Node) *pg.Node {
		return &pg.Node{Node: &pg.Node_ResTarget{ResTarget: &pg.ResTarget{Val: e, Location: -1}}}
	}
	viewCols := func(rv *pg.RangeVar) []*pg.Node {
		var out []*pg.Node
		for _, c := range v.Columns {
			out = append(out, target(colRef(viewRef(rv), c)))
		}
		return out
	}
	colIndex := func(name string, loc int32) int {
		for i, c := range v.Columns {
			if c == name {
				return i
			}
		}
		failAt(loc, pgerror.UndefinedColumn, "column %q of relation %q does not exist", name, v.Name)
		return -1
	}
	returning := func(list []*pg.Node, rv *pg.RangeVar) *pg.Node {
		if len(list) == 0 {
			return nil
		}
		returningNames(list)
		from := &pg.RangeVar{Relname: InsteadOfReturning, Inh: true, Relpersistence: "p", Alias: &pg.Alias{Aliasname: viewRef(rv)}, Location: -1}
		sel := &pg.SelectStmt{TargetList: list, FromClause: []*pg.Node{{Node: &pg.Node_RangeVar{RangeVar: from}}},
			Op: pg.SetOperation_SETOP_NONE, LimitOption: pg.LimitOption_LIMIT_OPTION_DEFAULT}
		return &pg.Node{Node: &pg.Node_SelectStmt{SelectStmt: sel}}
	}
	selectNode := func(sel *pg.SelectStmt) *pg.Node {
		sel.Op = pg.SetOperation_SETOP_NONE
		if sel.LimitOption == pg.LimitOption_LIMIT_OPTION_UNDEFINED {
			sel.LimitOption = pg.LimitOption_LIMIT_OPTION_DEFAULT
		}
		return &pg.Node{Node: &pg.Node_SelectStmt{SelectStmt: sel}}
	}
	switch s := n.Node.(type) {
	case *pg.Node_InsertStmt:
		ins := s.InsertStmt
		if !t.hasInsteadOf(v, catalog.EventInsert) {
			return Result{}, false
		}
		switch {
		case ins.OnConflictClause != nil:
			notYet("INSERT ... ON CONFLICT")
		case ins.WithClause != nil:
			notYet("WITH ... INSERT")
		}
		idx := make([]int, 0, len(v.Columns))
		if len(ins.Cols) == 0 {
			for i := range v.Columns {
				idx = append(idx, i)
			}
		} else {
			for _, c := range ins.Cols {
				rt := c.GetResTarget()
				if len(rt.Indirection) > 0 {
					notYet("INSERT into a subscript or field")
				}
				idx = append(idx, colIndex(rt.Name, rt.Location))
			}
		}
		src := ins.SelectStmt
		if src == nil { // DEFAULT VALUES
			row := make([]*pg.Node, 0, len(idx))
			for range idx {
				row = append(row, nullConst())
			}
			src = selectNode(&pg.SelectStmt{ValuesLists: []*pg.Node{{Node: &pg.Node_List{List: &pg.List{Items: row}}}}})
		}
		width := len(idx)
		if sel := src.GetSelectStmt(); sel != nil && len(sel.ValuesLists) > 0 {
			for _, l := range sel.ValuesLists {
				items := l.GetList().Items
				if len(items) > len(idx) {
					fail(pgerror.New(pgerror.SyntaxError, "INSERT has more expressions than target columns"))
				}
				if len(items) < len(idx) && len(ins.Cols) > 0 {
					fail(pgerror.New(pgerror.SyntaxError, "INSERT has more target columns than expressions"))
				}
				width = len(items)
				for i, it := range items {
					if it.GetSetToDefault() != nil { // a view column has no default here
						items[i] = nullConst()
					}
				}
			}
		}
		names := make([]*pg.Node, width)
		for i := range names {
			names[i] = pg.MakeStrNode(fmt.Sprintf("c%d", i+1))
		}
		list := make([]*pg.Node, len(v.Columns))
		for j := range list {
			list[j] = target(nullConst())
		}
		for i, j := range idx {
			if i < width {
				list[j] = target(colRef(insteadOfAlias, fmt.Sprintf("c%d", i+1)))
			}
		}
		from := &pg.Node{Node: &pg.Node_RangeSubselect{RangeSubselect: &pg.RangeSubselect{Subquery: src,
			Alias: &pg.Alias{Aliasname: insteadOfAlias, Colnames: names}}}}
		describe := &pg.SelectStmt{TargetList: viewCols(ins.Relation), FromClause: []*pg.Node{{Node: &pg.Node_RangeVar{RangeVar: ins.Relation}}},
			LimitCount:  &pg.Node{Node: &pg.Node_AConst{AConst: &pg.A_Const{Val: &pg.A_Const_Ival{Ival: &pg.Integer{Ival: 0}}, Location: -1}}},
			LimitOption: pg.LimitOption_LIMIT_OPTION_COUNT}
		return Result{Cmd: &InsteadOf{Params: t.Params, BoundParams: t.BoundParams, View: q, Columns: v.Columns, Event: catalog.EventInsert,
			Query:    selectNode(&pg.SelectStmt{TargetList: list, FromClause: []*pg.Node{from}}),
			Describe: selectNode(describe), Returning: returning(ins.ReturningList, ins.Relation)}, Tag: "INSERT", Returning: len(ins.ReturningList) > 0}, true
	case *pg.Node_UpdateStmt:
		up := s.UpdateStmt
		if !t.hasInsteadOf(v, catalog.EventUpdate) {
			return Result{}, false
		}
		switch {
		case len(up.FromClause) > 0:
			notYet("UPDATE ... FROM")
		case up.WithClause != nil:
			notYet("WITH ... UPDATE")
		}
		list := viewCols(up.Relation)
		newVals := viewCols(up.Relation)
		for _, c := range up.TargetList {
			rt := c.GetResTarget()
			if len(rt.Indirection) > 0 || rt.Val.GetMultiAssignRef() != nil {
				notYet("UPDATE of a subscript, field or column list")
			}
			newVals[colIndex(rt.Name, rt.Location)] = target(rt.Val)
		}
		sel := &pg.SelectStmt{TargetList: append(list, newVals...), FromClause: []*pg.Node{{Node: &pg.Node_RangeVar{RangeVar: up.Relation}}},
			WhereClause: up.WhereClause}
		return Result{Cmd: &InsteadOf{Params: t.Params, BoundParams: t.BoundParams, View: q, Columns: v.Columns, Event: catalog.EventUpdate, Query: selectNode(sel),
			Returning: returning(up.ReturningList, up.Relation)}, Tag: "UPDATE", Returning: len(up.ReturningList) > 0}, true
	case *pg.Node_DeleteStmt:
		del := s.DeleteStmt
		if !t.hasInsteadOf(v, catalog.EventDelete) {
			return Result{}, false
		}
		switch {
		case len(del.UsingClause) > 0:
			notYet("DELETE ... USING")
		case del.WithClause != nil:
			notYet("WITH ... DELETE")
		}
		sel := &pg.SelectStmt{TargetList: viewCols(del.Relation), FromClause: []*pg.Node{{Node: &pg.Node_RangeVar{RangeVar: del.Relation}}},
			WhereClause: del.WhereClause}
		return Result{Cmd: &InsteadOf{Params: t.Params, BoundParams: t.BoundParams, View: q, Columns: v.Columns, Event: catalog.EventDelete, Query: selectNode(sel),
			Returning: returning(del.ReturningList, del.Relation)}, Tag: "DELETE", Returning: len(del.ReturningList) > 0}, true
	}
	return Result{}, false
}

func nullConst() *pg.Node {
	return &pg.Node{Node: &pg.Node_AConst{AConst: &pg.A_Const{Isnull: true, Location: -1}}}
}

// modifyingView rewrites a data-modifying WITH item that writes a simple
// view onto the view's base relation, as a top-level statement is
// (PostgREST writes through such an item). A view with INSTEAD OF
// triggers for the item's event is returned instead, unrewritten: the
// item runs through its triggers (insteadOf), as PostgreSQL's rewriter
// leaves such a write to the executor's trigger calls.
func (t *Translator) modifyingView(cte *pg.CommonTableExpr) *catalog.View {
	v := t.dmlView(cte.Ctequery)
	if v == nil {
		return nil
	}
	ev := catalog.EventDelete
	switch cte.Ctequery.Node.(type) {
	case *pg.Node_InsertStmt:
		ev = catalog.EventInsert
	case *pg.Node_UpdateStmt:
		ev = catalog.EventUpdate
	}
	if t.hasInsteadOf(v, ev) {
		return v
	}
	t.onBaseRelation(cte.Ctequery, v)
	return t.modifyingView(cte) // a view over a view
}
