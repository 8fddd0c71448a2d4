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
	why := notAutoUpdatable(sel)
	var cols map[string]string
	if why == "" {
		cols = ViewBaseColumns(v, sel)
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

// ViewBaseColumns maps the columns of simple view v (its query sel) that
// are columns of its base relation to them.
func ViewBaseColumns(v *catalog.View, sel *pg.SelectStmt) map[string]string {
	cols := map[string]string{}
	for i, n := range sel.GetTargetList() {
		cr := n.GetResTarget().GetVal().GetColumnRef()
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
	return cols
}

// notAutoUpdatable is why a view's query makes it not automatically
// updatable (PostgreSQL's view_query_is_auto_updatable), "" when it is.
func notAutoUpdatable(sel *pg.SelectStmt) string {
	switch {
	case sel.Op != pg.SetOperation_SETOP_NONE:
		return "Views containing UNION, INTERSECT, or EXCEPT are not automatically updatable."
	case len(sel.GroupClause) > 0 || sel.HavingClause != nil:
		return "Views containing GROUP BY are not automatically updatable."
	case len(sel.DistinctClause) > 0:
		return "Views containing DISTINCT are not automatically updatable."
	case sel.LimitCount != nil || sel.LimitOffset != nil:
		return "Views containing LIMIT or OFFSET are not automatically updatable."
	case sel.WithClause != nil:
		return "Views containing WITH are not automatically updatable."
	case len(sel.FromClause) != 1 || sel.FromClause[0].GetRangeVar() == nil:
		return "Views that do not select from a single table or view are not automatically updatable."
	}
	for _, n := range sel.TargetList {
		if hasAggregate(n.GetResTarget().Val) {
			return "Views that return aggregate functions are not automatically updatable."
		}
	}
	return ""
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

// viewWrite is a write to a simple view as onBaseRelation rewrites it.
type viewWrite struct {
	v     *catalog.View
	alias string // the statement's name for the view, if it gives one
	// base is the view's base relation and baseRef the name its columns
	// are qualified with; cols maps view columns that are base columns to
	// them, exprOf every view column to its expression over the base
	base    *pg.RangeVar
	baseRef string
	cols    map[string]string
	exprOf  map[string]*pg.Node
}

func (t *Translator) viewWrite(v *catalog.View, rv *pg.RangeVar, verb string) (*viewWrite, *pg.Node) {
	base, where, cols := t.updatableView(v, verb)
	w := &viewWrite{v: v, alias: aliasOf(rv), base: base, baseRef: base.Relname, cols: cols, exprOf: map[string]*pg.Node{}}
	if base.Alias != nil && base.Alias.Aliasname != "" {
		w.baseRef = base.Alias.Aliasname
	}
	tree, err := pgtree.Parse(v.Query)
	if err != nil {
		fail(pgerror.New(pgerror.InternalError, "view %q: %v", v.Name, err))
	}
	for i, n := range tree.Stmts[0].Stmt.GetSelectStmt().GetTargetList() {
		rt := n.GetResTarget()
		if cr := rt.Val.GetColumnRef(); cr != nil && cr.Fields[len(cr.Fields)-1].GetAStar() != nil {
			for _, c := range v.Columns {
				if _, ok := w.exprOf[c]; !ok {
					w.exprOf[c] = columnRefNode(c)
				}
			}
			continue
		}
		if i < len(v.Columns) {
			w.exprOf[v.Columns[i]] = rt.Val
		}
	}
	for _, e := range w.exprOf {
		w.qualify(e)
	}
	w.qualify(where)
	return w, where
}

// qualify makes the unqualified column references of an expression of
// the view's body name the base relation: beside the statement's other
// FROM items (PostgREST's pgrst_body has the view's columns too) they
// would be ambiguous.
func (w *viewWrite) qualify(n *pg.Node) {
	if n == nil {
		return
	}
	walkMessages(n, func(m any) {
		if cr, ok := m.(*pg.ColumnRef); ok && len(cr.Fields) == 1 && cr.Fields[0].GetAStar() == nil {
			cr.Fields = append([]*pg.Node{pg.MakeStrNode(w.baseRef)}, cr.Fields...)
		}
	})
}

// owns reports whether a column reference's qualifier names the view: its
// name, the statement's alias for it, or schema and name (as PostgREST
// writes "schema"."view".*).
func (w *viewWrite) owns(q []*pg.Node) bool {
	switch len(q) {
	case 1:
		return strVal(q[0]) == w.v.Name || (w.alias != "" && strVal(q[0]) == w.alias)
	case 2:
		return w.alias == "" && strVal(q[0]) == w.v.Schema && strVal(q[1]) == w.v.Name
	}
	return false
}

// rename rewrites the statement's references to view columns into base
// columns: unqualified ones stay unqualified, those qualified by the view
// name the base relation.
func (w *viewWrite) rename(n *pg.Node) {
	if n == nil {
		return
	}
	walkMessages(n, func(m any) {
		cr, ok := m.(*pg.ColumnRef)
		if !ok || len(cr.Fields) == 0 {
			return
		}
		last := cr.Fields[len(cr.Fields)-1]
		if q := cr.Fields[:len(cr.Fields)-1]; len(q) > 0 {
			if !w.owns(q) {
				return
			}
			cr.Fields = []*pg.Node{pg.MakeStrNode(w.baseRef), last}
		}
		if s := last.GetString_(); s != nil {
			if b, ok := w.cols[s.Sval]; ok {
				s.Sval = b
			}
		}
	})
}

// renameExcluded renames the view columns of EXCLUDED.col references
// (the row proposed for insertion, a base row once rewritten).
func (w *viewWrite) renameExcluded(n *pg.Node) {
	if n == nil {
		return
	}
	walkMessages(n, func(m any) {
		cr, ok := m.(*pg.ColumnRef)
		if !ok || len(cr.Fields) != 2 || strVal(cr.Fields[0]) != "excluded" {
			return
		}
		if s := cr.Fields[1].GetString_(); s != nil {
			if b, ok := w.cols[s.Sval]; ok {
				s.Sval = b
			}
		}
	})
}

// returning is a RETURNING list on the view as the base relation's
// statement returns it: a * (bare, or qualified by the view) becomes the
// view's columns, each named as the view names it, and a view column
// computed by an expression reads that expression. Without this,
// RETURNING * would hand out every column of the base relation, including
// those the view exists to hide.
func (w *viewWrite) returning(list []*pg.Node) []*pg.Node {
	var out []*pg.Node
	for _, n := range list {
		rt := n.GetResTarget()
		cr := rt.Val.GetColumnRef()
		if q := cr.GetFields(); cr == nil || (len(q) > 1 && !w.owns(q[:len(q)-1])) {
			w.rename(rt.Val)
			out = append(out, n)
			continue
		}
		name := strVal(cr.Fields[len(cr.Fields)-1])
		if cr.Fields[len(cr.Fields)-1].GetAStar() != nil {
			for _, c := range w.v.Columns {
				out = append(out, &pg.Node{Node: &pg.Node_ResTarget{ResTarget: &pg.ResTarget{Name: c,
					Val: pgtree.Clone(w.exprOf[c]), Location: rt.Location}}})
			}
			continue
		}
		if e, ok := w.exprOf[name]; ok {
			if rt.Name == "" {
				rt.Name = name
			}
			rt.Val = pgtree.Clone(e)
		} else {
			w.rename(rt.Val) // an unknown column fails as written
		}
		out = append(out, n)
	}
	return out
}

func aliasOf(rv *pg.RangeVar) string {
	if rv.GetAlias() != nil {
		return rv.GetAlias().Aliasname
	}
	return ""
}

// viewDML rewrites INSERT / UPDATE / DELETE on a simple view into the
// statement on its base relation; ok is false when the target is a table.
func (t *Translator) viewDML(n *pg.Node) (Result, bool) {
	v := t.dmlView(n)
	if v == nil {
		return Result{}, false
	}
	if res, ok := t.insteadOf(n, v); ok {
		return res, true
	}
	t.onBaseRelation(n, v)
	res, err := t.Statement(n)
	if err != nil {
		fail(asPG(err))
	}
	return res, true
}

// dmlView is the view an INSERT, UPDATE or DELETE writes, nil for a table.
func (t *Translator) dmlView(n *pg.Node) *catalog.View {
	switch s := n.Node.(type) {
	case *pg.Node_InsertStmt:
		return t.findView(s.InsertStmt.Relation)
	case *pg.Node_UpdateStmt:
		return t.findView(s.UpdateStmt.Relation)
	case *pg.Node_DeleteStmt:
		return t.findView(s.DeleteStmt.Relation)
	}
	return nil
}

// onBaseRelation rewrites, in place, a write to simple view v into the
// same write to its base relation (docs, CREATE VIEW, "Updatable Views"):
// view columns become base columns, the view's WHERE joins the
// statement's, RETURNING keeps the view's columns.
func (t *Translator) onBaseRelation(n *pg.Node, v *catalog.View) {
	switch s := n.Node.(type) {
	case *pg.Node_InsertStmt:
		ins := s.InsertStmt
		w, _ := t.viewWrite(v, ins.Relation, "insert into")
		if len(ins.Cols) == 0 {
			for _, c := range v.Columns {
				ins.Cols = append(ins.Cols, &pg.Node{Node: &pg.Node_ResTarget{ResTarget: &pg.ResTarget{Name: c, Location: -1}}})
			}
		}
		for _, c := range ins.Cols {
			rt := c.GetResTarget()
			rt.Name = baseColumn(v, w.cols, rt.Name, "insert into")
		}
		if oc := ins.OnConflictClause; oc != nil {
			// the conflict target and DO UPDATE name view columns too
			for _, e := range oc.GetInfer().GetIndexElems() {
				if ie := e.GetIndexElem(); ie != nil && ie.Name != "" {
					ie.Name = baseColumn(v, w.cols, ie.Name, "insert into")
				}
			}
			for _, c := range oc.TargetList {
				rt := c.GetResTarget()
				rt.Name = baseColumn(v, w.cols, rt.Name, "update")
				w.rename(rt.Val)
				w.renameExcluded(rt.Val)
			}
			w.rename(oc.WhereClause)
			w.renameExcluded(oc.WhereClause)
		}
		ins.ReturningList = w.returning(ins.ReturningList)
		ins.Relation = w.base
	case *pg.Node_UpdateStmt:
		up := s.UpdateStmt
		w, where := t.viewWrite(v, up.Relation, "update")
		for _, c := range up.TargetList {
			rt := c.GetResTarget()
			rt.Name = baseColumn(v, w.cols, rt.Name, "update")
			w.rename(rt.Val)
		}
		w.rename(up.WhereClause)
		up.ReturningList = w.returning(up.ReturningList)
		up.WhereClause = andWhere(where, up.WhereClause)
		up.Relation = w.base
	case *pg.Node_DeleteStmt:
		del := s.DeleteStmt
		w, where := t.viewWrite(v, del.Relation, "delete from")
		w.rename(del.WhereClause)
		del.ReturningList = w.returning(del.ReturningList)
		del.WhereClause = andWhere(where, del.WhereClause)
		del.Relation = w.base
	}
}

// viewReadsColumn reports whether a view's query names column col of
// table (or uses *), by name: unqualified, or qualified by a name the
// table goes by in the view.
func viewReadsColumn(v *catalog.View, table, col string) bool {
	tree, err := pgtree.Parse(v.Query)
	if err != nil {
		return false
	}
	// the names the table goes by in the view: a reference qualified by
	// another FROM item's name reads that item, not the table
	names := map[string]bool{}
	walkMessages(tree.Stmts[0].Stmt, func(m any) {
		if rv, ok := m.(*pg.RangeVar); ok && rv.Relname == table {
			names[rv.Relname] = true
			if rv.Alias != nil {
				names[rv.Alias.Aliasname] = true
			}
		}
	})
	found := false
	walkMessages(tree.Stmts[0].Stmt, func(m any) {
		if cr, ok := m.(*pg.ColumnRef); ok && len(cr.Fields) > 0 {
			last := cr.Fields[len(cr.Fields)-1]
			if last.GetAStar() == nil && strVal(last) != col {
				return
			}
			if len(cr.Fields) > 1 && !names[strVal(cr.Fields[len(cr.Fields)-2])] {
				return
			}
			found = true
		}
	})
	return found
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
