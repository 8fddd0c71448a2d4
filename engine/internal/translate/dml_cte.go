package translate

import (
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// modifyingCTE translates WITH name AS (INSERT/UPDATE/DELETE ... RETURNING)
// into a CTE whose body the engine fills with the statement's RETURNING
// rows once it has run it (PostgreSQL docs 7.8.4: the sub-statement runs
// exactly once, whether or not the main query reads it). The WITH items
// before it (outer, so far) are visible to it, as in PostgreSQL.
func (t *Translator) modifyingCTE(cte *pg.CommonTableExpr, outer *sqlparser.With) *sqlparser.CommonTableExpr {
	if !t.atTopLevel(cte) {
		failAt(cte.Location, pgerror.FeatureNotSupported, "WITH clause containing a data-modifying statement must be at the top level")
	}
	saved, savedQ := t.ctes, t.q
	t.ctes = nil
	// the statement is a query level of its own, not the main query's:
	// its RETURNING list reads the target's system columns (tableoid,
	// ctid), not those of the main query's FROM items; the WITH items
	// stay visible
	t.q = queryScope{ctes: savedQ.ctes}
	var res Result
	var err error
	var returning int
	view := t.modifyingView(cte)
	switch q := cte.Ctequery.Node.(type) {
	case *pg.Node_InsertStmt:
		returning = len(q.InsertStmt.ReturningList)
	case *pg.Node_UpdateStmt:
		returning = len(q.UpdateStmt.ReturningList)
	case *pg.Node_DeleteStmt:
		returning = len(q.DeleteStmt.ReturningList)
	}
	switch q := cte.Ctequery.Node.(type) {
	case *pg.Node_InsertStmt, *pg.Node_UpdateStmt, *pg.Node_DeleteStmt:
		if view != nil {
			res, _ = t.insteadOf(cte.Ctequery, view) // the engine runs it as the item (dml.RunResult)
			break
		}
		switch q := q.(type) {
		case *pg.Node_InsertStmt:
			res, err = t.insert(q.InsertStmt)
		case *pg.Node_UpdateStmt:
			res, err = t.update(q.UpdateStmt)
		case *pg.Node_DeleteStmt:
			res, err = t.delete(q.DeleteStmt)
		}
	default:
		failAt(cte.Location, pgerror.FeatureNotSupported, "WITH query %s is not supported yet", nodeName(cte.Ctequery))
	}
	t.ctes, t.q = saved, savedQ
	if err != nil {
		panic(err)
	}
	if len(outer.Ctes) > 0 {
		shareWith(res, outer)
	}
	if returning == 0 {
		// PostgreSQL: WITH query "x" does not have a RETURNING clause,
		// reported only when referenced; an unreferenced one still runs.
		res.Returning = false
	}
	slot := &sqlparser.Subquery{}
	m := &ModifyingCTE{Name: cte.Ctename, Stmt: res, Slot: slot}
	for _, c := range cte.Aliascolnames {
		m.Columns = append(m.Columns, strVal(c))
	}
	t.ctes = append(t.ctes, m)
	ate := &sqlparser.AliasedTableExpr{Expr: slot, As: sqlparser.NewTableIdent(cte.Ctename)}
	return &sqlparser.CommonTableExpr{AliasedTableExpr: ate}
}

// withModifying attaches the data-modifying WITH items collected while
// translating res, making it a DML program when there are any.
func (t *Translator) withModifying(res Result) Result {
	if len(t.ctes) == 0 {
		return res
	}
	ctes := t.ctes
	t.ctes = nil
	if d, ok := res.Cmd.(*DML); ok {
		d.CTEs = append(ctes, d.CTEs...)
		return res
	}
	res.Cmd = &DML{CTEs: ctes, Stmt: res.Stmt}
	res.Stmt = nil
	return res
}

// shareWith makes the WITH items in outer visible to a data-modifying WITH
// item's statement, ahead of its own.
func shareWith(res Result, outer *sqlparser.With) {
	add := func(w **sqlparser.With) {
		merged := &sqlparser.With{Recursive: outer.Recursive, Ctes: append([]*sqlparser.CommonTableExpr(nil), outer.Ctes...)}
		if *w != nil {
			merged.Ctes = append(merged.Ctes, (*w).Ctes...)
			merged.Recursive = merged.Recursive || (*w).Recursive
		}
		*w = merged
	}
	switch st := res.Stmt.(type) {
	case *sqlparser.Select:
		add(&st.With)
	case *sqlparser.SetOp:
		add(&st.With)
	case *sqlparser.Insert:
		if sel, ok := st.Rows.(*sqlparser.Select); ok {
			add(&sel.With)
		} else {
			add(&st.With)
		}
	case *sqlparser.Update:
		add(&st.With)
	case *sqlparser.Delete:
		add(&st.With)
	}
	d, ok := res.Cmd.(*DML)
	if !ok {
		return
	}
	switch {
	case d.Delete != nil:
		add(&d.Delete.Select.With)
	case d.Update != nil:
		add(&d.Update.Select.With)
	case d.Upsert != nil && d.Upsert.Source != nil:
		switch src := d.Upsert.Source.(type) {
		case *sqlparser.Select:
			add(&src.With)
		case *sqlparser.SetOp:
			add(&src.With)
		}
	}
}

// atTopLevel reports whether cte belongs to the statement's own WITH.
func (t *Translator) atTopLevel(cte *pg.CommonTableExpr) bool {
	if t.topWith == nil {
		return false
	}
	for _, n := range t.topWith.Ctes {
		if n.GetCommonTableExpr() == cte {
			return true
		}
	}
	return false
}

// topWith returns a statement's WITH clause.
func topWith(n *pg.Node) *pg.WithClause {
	switch s := n.Node.(type) {
	case *pg.Node_SelectStmt:
		return s.SelectStmt.WithClause
	case *pg.Node_InsertStmt:
		return s.InsertStmt.WithClause
	case *pg.Node_UpdateStmt:
		return s.UpdateStmt.WithClause
	case *pg.Node_DeleteStmt:
		return s.DeleteStmt.WithClause
	}
	return nil
}
