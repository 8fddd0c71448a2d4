package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// findView returns the view a DML target names, or nil for a table.
func (t *Translator) findView(rv *pg.RangeVar) *catalog.View {
	r := t.reader()
	if r == nil {
		return nil
	}
	schemas := []string{rv.Schemaname}
	if rv.Schemaname == "" {
		schemas = r.SearchPath()
	}
	for _, sc := range schemas {
		if _, _, ok := r.Table(sc, rv.Relname); ok {
			return nil
		}
		if v, ok := r.Current().View(catalog.QName{Schema: sc, Name: rv.Relname}); ok {
			return v
		}
	}
	return nil
}

// updatableView is a simple view's base relation and the view columns
// that map to base columns (PostgreSQL docs, CREATE VIEW, "Updatable
// Views"). verb is "insert into", "update" or "delete from".
func (t *Translator) updatableView(v *catalog.View, verb string) (*pg.RangeVar, *pg.Node, map[string]string) {
	tree, err := pgtree.Parse(v.Query)
	if err != nil {
		fail(pgerror.New(pgerror.InternalError, "view %q: %v", v.Name, err))
	}
	sel := tree.Stmts[0].Stmt.GetSelectStmt()
	why := ""
	switch {
	case sel.Op != pg.SetOperation_SETOP_NONE:
		why = "Views containing UNION, INTERSECT, or EXCEPT are not automatically updatable."
	case len(sel.GroupClause) > 0 || sel.HavingClause != nil:
		why = "Views containing GROUP BY are not automatically updatable."
	case len(sel.DistinctClause) > 0:
		why = "Views containing DISTINCT are not automatically updatable."
	case sel.LimitCount != nil || sel.LimitOffset != nil:
		why = "Views containing LIMIT or OFFSET are not automatically updatable."
	case sel.WithClause != nil:
		why = "Views containing WITH are not automatically updatable."
	case len(sel.FromClause) != 1 || sel.FromClause[0].GetRangeVar() == nil:
		why = "Views that do not select from a single table or view are not automatically updatable."
	}
	cols := map[string]string{}
	if why == "" {
		for i, n := range sel.TargetList {
			rt := n.GetResTarget()
			if hasAggregate(rt.Val) {
				why = "Views that return aggregate functions are not automatically updatable."
				break
			}
			cr := rt.Val.GetColumnRef()
			if cr == nil {
				continue
			}
			last := cr.Fields[len(cr.Fields)-1]
			if last.GetAStar() != nil {
				for _, c := range v.Columns {
					if _, ok := cols[c]; !ok {
						cols[c] = c
					}
				}
				continue
			}
			if i < len(v.Columns) {
				cols[v.Columns[i]] = strVal(last)
			}
		}
	}
	if why != "" {
		fail(pgerror.New(pgerror.ObjectNotInPrerequisiteState, "cannot %s view %q", verb, v.Name).
			WithDetail("%s", why).
			WithHint("To enable %s the view, provide an INSTEAD OF %s trigger or an unconditional ON %s DO INSTEAD rule.",
				map[string]string{"insert into": "inserting into", "update": "updating", "delete from": "deleting from"}[verb],
				map[string]string{"insert into": "INSERT", "update": "UPDATE", "delete from": "DELETE"}[verb],
				map[string]string{"insert into": "INSERT", "update": "UPDATE", "delete from": "DELETE"}[verb]))
	}
	return sel.FromClause[0].GetRangeVar(), sel.WhereClause, cols
}

// viewAggregateNames are the built-in aggregates, which make a view not
// updatable.
var viewAggregateNames = map[string]bool{
	"count": true, "sum": true, "avg": true, "min": true, "max": true, "array_agg": true, "string_agg": true,
	"bool_and": true, "bool_or": true, "every": true, "json_agg": true, "jsonb_agg": true, "json_object_agg": true,
	"jsonb_object_agg": true, "stddev": true, "stddev_pop": true, "stddev_samp": true, "variance": true,
	"var_pop": true, "var_samp": true, "bit_and": true, "bit_or": true, "range_agg": true, "range_intersect_agg": true,
	"corr": true, "covar_pop": true, "covar_samp": true, "regr_slope": true, "regr_intercept": true,
	"regr_r2": true, "regr_count": true, "regr_avgx": true, "regr_avgy": true,
	"regr_sxx": true, "regr_syy": true, "regr_sxy": true,
}

func hasAggregate(n *pg.Node) bool {
	found := false
	walkMessages(n, func(m any) {
		if fc, ok := m.(*pg.FuncCall); ok {
			parts := names(fc.Funcname)
			if viewAggregateNames[parts[len(parts)-1]] || fc.AggStar || fc.Over != nil {
				found = true
			}
		}
	})
	return found
}

// walkMessages calls f on m and every message below it.
func walkMessages(m any, f func(any)) {
	pgtree.Walk(m, func(x any) bool {
		f(x)
		return true
	})
}

// renameViewColumns rewrites references to view columns (unqualified or
// qualified by the view's name) into references to base columns.
func renameViewColumns(n *pg.Node, viewName string, cols map[string]string) {
	if n == nil {
		return
	}
	walkMessages(n, func(m any) {
		cr, ok := m.(*pg.ColumnRef)
		if !ok || len(cr.Fields) == 0 {
			return
		}
		if len(cr.Fields) == 2 && strVal(cr.Fields[0]) == viewName {
			cr.Fields = cr.Fields[1:]
		}
		if len(cr.Fields) == 1 {
			if s := cr.Fields[0].GetString_(); s != nil {
				if b, ok := cols[s.Sval]; ok {
					s.Sval = b
				}
			}
		}
	})
}

func andWhere(a, b *pg.Node) *pg.Node {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	return &pg.Node{Node: &pg.Node_BoolExpr{BoolExpr: &pg.BoolExpr{Boolop: pg.BoolExprType_AND_EXPR, Args: []*pg.Node{a, b}, Location: -1}}}
}

func baseColumn(v *catalog.View, cols map[string]string, name, verb string) string {
	b, ok := cols[name]
	if !ok {
		known := false
		for _, c := range v.Columns {
			known = known || c == name
		}
		if !known {
			fail(pgerror.New(pgerror.UndefinedColumn, "column %q of relation %q does not exist", name, v.Name))
		}
		fail(pgerror.New(pgerror.FeatureNotSupported, "cannot %s column %q of view %q", verb, name, v.Name).
			WithDetail("View columns that are not columns of their base relation are not updatable."))
	}
	return b
}

// returningNames keeps the view's column names on RETURNING output.
func returningNames(list []*pg.Node) {
	for _, n := range list {
		rt := n.GetResTarget()
		if rt.Name == "" {
			if cr := rt.Val.GetColumnRef(); cr != nil && cr.Fields[len(cr.Fields)-1].GetAStar() == nil {
				rt.Name = columnName(rt.Val)
			}
		}
	}
}

// viewDML rewrites INSERT / UPDATE / DELETE on a simple view into the
// statement on its base relation; ok is false when the target is a table.
func (t *Translator) viewDML(n *pg.Node) (Result, bool) {
	switch s := n.Node.(type) {
	case *pg.Node_InsertStmt:
		v := t.findView(s.InsertStmt.Relation)
		if v == nil {
			return Result{}, false
		}
		if res, ok := t.insteadOf(n, v); ok {
			return res, true
		}
		ins := s.InsertStmt
		base, _, cols := t.updatableView(v, "insert into")
		if len(ins.Cols) == 0 {
			for _, c := range v.Columns {
				ins.Cols = append(ins.Cols, &pg.Node{Node: &pg.Node_ResTarget{ResTarget: &pg.ResTarget{Name: c, Location: -1}}})
			}
		}
		for _, c := range ins.Cols {
			rt := c.GetResTarget()
			rt.Name = baseColumn(v, cols, rt.Name, "insert into")
		}
		returningNames(ins.ReturningList)
		for _, r := range ins.ReturningList {
			renameViewColumns(r, v.Name, cols)
		}
		ins.Relation = base
	case *pg.Node_UpdateStmt:
		v := t.findView(s.UpdateStmt.Relation)
		if v == nil {
			return Result{}, false
		}
		if res, ok := t.insteadOf(n, v); ok {
			return res, true
		}
		up := s.UpdateStmt
		base, where, cols := t.updatableView(v, "update")
		for _, c := range up.TargetList {
			rt := c.GetResTarget()
			rt.Name = baseColumn(v, cols, rt.Name, "update")
			renameViewColumns(rt.Val, v.Name, cols)
		}
		renameViewColumns(up.WhereClause, v.Name, cols)
		returningNames(up.ReturningList)
		for _, r := range up.ReturningList {
			renameViewColumns(r, v.Name, cols)
		}
		up.WhereClause = andWhere(where, up.WhereClause)
		up.Relation = base
	case *pg.Node_DeleteStmt:
		v := t.findView(s.DeleteStmt.Relation)
		if v == nil {
			return Result{}, false
		}
		if res, ok := t.insteadOf(n, v); ok {
			return res, true
		}
		del := s.DeleteStmt
		base, where, cols := t.updatableView(v, "delete from")
		renameViewColumns(del.WhereClause, v.Name, cols)
		del.WhereClause = andWhere(where, del.WhereClause)
		del.Relation = base
	default:
		return Result{}, false
	}
	res, err := t.Statement(n)
	if err != nil {
		fail(asPG(err))
	}
	return res, true
}

// viewReadsColumn reports whether a view's query names a column (or uses
// *), by name.
func viewReadsColumn(v *catalog.View, col string) bool {
	tree, err := pgtree.Parse(v.Query)
	if err != nil {
		return false
	}
	found := false
	walkMessages(tree.Stmts[0].Stmt, func(m any) {
		if cr, ok := m.(*pg.ColumnRef); ok && len(cr.Fields) > 0 {
			last := cr.Fields[len(cr.Fields)-1]
			if last.GetAStar() != nil || strVal(last) == col {
				found = true
			}
		}
	})
	return found
}
