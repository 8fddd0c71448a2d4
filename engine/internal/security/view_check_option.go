package security

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	pg "github.com/pganalyze/pg_query_go/v5"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// A view's WITH CHECK OPTION (docs, CREATE VIEW) makes an INSERT or
// UPDATE through it check that the new row is one the view shows: its
// WHERE, and with CASCADED those of the views beneath it. The conditions
// become check constraints of the table at the bottom of the chain, for
// the running statement only, as row security's WITH CHECK expressions
// do (RowChecks); their violation is 44000. Superusers are checked too:
// this is the view's definition, not a privilege.

// viewCheckPrefix names the check constraints carrying check options.
const viewCheckPrefix = "view$"

// ViewCheckOptions adds to checks the conditions of the check options of
// the views an INSERT or UPDATE in n writes through (the statement's
// target and its data-modifying WITH items).
func ViewCheckOptions(h Host, n *pg.Node, checks *RowChecks) error {
	if !h.Catalog().HasViewCheckOptions() {
		return nil
	}
	w := &secWalker{h: h, checks: checks, cat: h.Catalog(), role: h.CurrentUser()}
	return w.run(func() { w.viewCheckStmt(n) })
}

func (w *secWalker) viewCheckStmt(n *pg.Node) {
	var wc *pg.WithClause
	var target *pg.RangeVar
	switch s := n.GetNode().(type) {
	case *pg.Node_InsertStmt:
		wc, target = s.InsertStmt.WithClause, s.InsertStmt.Relation
	case *pg.Node_UpdateStmt:
		wc, target = s.UpdateStmt.WithClause, s.UpdateStmt.Relation
	case *pg.Node_DeleteStmt:
		wc = s.DeleteStmt.WithClause
	case *pg.Node_SelectStmt:
		wc = s.SelectStmt.WithClause
	}
	if wc != nil {
		for _, c := range wc.Ctes {
			if cte := c.GetCommonTableExpr(); cte != nil {
				w.viewCheckStmt(cte.Ctequery)
			}
		}
	}
	if target == nil {
		return
	}
	q, kind, ok := w.h.LookupRelation(catalog.QName{Schema: target.Schemaname, Name: target.Relname})
	if !ok || kind != "view" {
		return
	}
	v, ok := w.cat.View(q)
	if !ok {
		return
	}
	table, conds := w.viewConditions(v, false, 0)
	for _, c := range conds {
		w.addViewCheck(table, c.view, c.expr)
	}
}

// viewCondition is one view's WHERE over the columns of the table beneath
// it.
type viewCondition struct {
	view string
	expr *pg.Node
}

// viewConditions are the conditions a row written through view v must
// meet, over the columns of table, the relation at the bottom of v's
// chain of simple views: v's own WHERE when it has a check option or one
// above it cascades (cascade), then those beneath.
func (w *secWalker) viewConditions(v *catalog.View, cascade bool, depth int) (table catalog.QName, conds []viewCondition) {
	if depth > 32 {
		w.fail(pgerror.New(pgerror.InvalidObjectDefinition, "infinite recursion detected in rules for relation %q", v.Name))
	}
	tree, err := pgtree.Parse(v.Query)
	if err != nil {
		w.fail(pgerror.New(pgerror.InternalError, "view %q: %v", v.Name, err))
	}
	sel := tree.Stmts[0].Stmt.GetSelectStmt()
	if sel == nil || len(sel.FromClause) != 1 || sel.FromClause[0].GetRangeVar() == nil {
		return catalog.QName{}, nil // not a simple view: its write fails elsewhere
	}
	base := sel.FromClause[0].GetRangeVar()
	own := w.cat.ViewCheckOption(catalog.QName{Schema: v.Schema, Name: v.Name})
	where := sel.WhereClause
	if where != nil {
		unqualify(where, base)
	}
	bq, kind, ok := w.h.LookupRelation(catalog.QName{Schema: base.Schemaname, Name: base.Relname})
	if !ok {
		return catalog.QName{}, nil
	}
	if (cascade || own != "") && where != nil {
		conds = append(conds, viewCondition{view: v.Name, expr: where})
	}
	if kind != "view" {
		return bq, conds
	}
	bv, ok := w.cat.View(bq)
	if !ok {
		return catalog.QName{}, nil
	}
	// the conditions so far read bv's columns: name its base's instead
	btree, err := pgtree.Parse(bv.Query)
	if err != nil {
		w.fail(pgerror.New(pgerror.InternalError, "view %q: %v", bv.Name, err))
	}
	cols := translate.ViewBaseColumns(bv, btree.Stmts[0].Stmt.GetSelectStmt())
	for _, c := range conds {
		renameColumns(c.expr, bv.Name, cols)
	}
	table, inner := w.viewConditions(bv, cascade || own == "cascaded", depth+1)
	return table, append(conds, inner...)
}

// unqualify drops the qualifier naming base (its alias or name) from the
// column references of a view's WHERE: the check reads the table's row.
func unqualify(n *pg.Node, base *pg.RangeVar) {
	ref := base.Relname
	if base.Alias != nil && base.Alias.Aliasname != "" {
		ref = base.Alias.Aliasname
	}
	pgtree.Walk(n, func(m any) bool {
		if cr, ok := m.(*pg.ColumnRef); ok && len(cr.Fields) >= 2 && cr.Fields[len(cr.Fields)-2].GetString_().GetSval() == ref {
			cr.Fields = cr.Fields[len(cr.Fields)-1:]
		}
		return true
	})
}

// renameColumns renames the column references of a condition over view
// name's columns to its base relation's; a view column computed by an
// expression is refused (not modelled).
func renameColumns(n *pg.Node, name string, cols map[string]string) {
	pgtree.Walk(n, func(m any) bool {
		cr, ok := m.(*pg.ColumnRef)
		if !ok || len(cr.Fields) != 1 {
			return true
		}
		s := cr.Fields[0].GetString_()
		if s == nil {
			return true
		}
		b, ok := cols[s.Sval]
		if !ok {
			panic(walkAbort{pgerror.New(pgerror.FeatureNotSupported,
				"WITH CHECK OPTION over the computed column %q of view %q is not supported yet", s.Sval, name)})
		}
		s.Sval = b
		return true
	})
}

// addViewCheck registers view's condition for the statement's writes to
// table q; NULL counts as a violation, as in PostgreSQL.
func (w *secWalker) addViewCheck(q catalog.QName, view string, cond *pg.Node) {
	if *w.checks == nil {
		*w.checks = RowChecks{}
	}
	tree, err := pgtree.Parse("SELECT coalesce(NULL, false)")
	if err != nil {
		w.fail(pgerror.New(pgerror.InternalError, "check option: %v", err))
	}
	check := tree.Stmts[0].Stmt
	check.GetSelectStmt().TargetList[0].GetResTarget().Val.GetCoalesceExpr().Args[0] = cond
	token, err := w.h.RegisterRowSecurityCheck(check)
	if err != nil {
		w.fail(err)
	}
	name := fmt.Sprintf("%s%s$%d", viewCheckPrefix, view, len((*w.checks)[q]))
	(*w.checks)[q] = append((*w.checks)[q], sql.CheckDefinition{Name: name, CheckExpression: token, Enforced: true})
}
