package translate

import (
	"slices"

	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

func (t *Translator) returning(list []*pg.Node) sqlparser.SelectExprs {
	if len(list) == 0 {
		return nil
	}
	if t.insertAlias != nil {
		list = aliasStarsToTable(list, t.insertAlias)
	}
	return t.targetList(list)
}

// aliasStarsToTable rewrites alias.* in INSERT INTO t AS alias ...
// RETURNING to the table's own name, which is what the statement's
// columns are qualified by once translated (alias.col is rewritten so
// too: dmlColumn). The list is copied, not changed.
func aliasStarsToTable(list []*pg.Node, rel *pg.RangeVar) []*pg.Node {
	out := list
	for i, n := range list {
		cr := n.GetResTarget().GetVal().GetColumnRef()
		if cr == nil || len(cr.Fields) != 2 || cr.Fields[1].GetAStar() == nil ||
			cr.Fields[0].GetString_().GetSval() != rel.Alias.Aliasname {
			continue
		}
		if &out[0] == &list[0] {
			out = append([]*pg.Node(nil), list...)
		}
		c := pgtree.Clone(n)
		qual := []*pg.Node{pg.MakeStrNode(rel.Relname)}
		if rel.Schemaname != "" {
			qual = append([]*pg.Node{pg.MakeStrNode(rel.Schemaname)}, qual...)
		}
		ccr := c.GetResTarget().GetVal().GetColumnRef()
		ccr.Fields = append(qual, ccr.Fields[1])
		out[i] = c
	}
	return out
}

func (t *Translator) insert(s *pg.InsertStmt) (Result, error) {
	t.refuseForeign(s.Relation, "written") // foreign.go
	checkInsertSystemColumns(s)            // system_columns.go
	refuseAliasedTarget(s)                 // dml_alias_refs.go
	refuseExcludedInReturning(s)
	if s.OnConflictClause != nil {
		return t.upsert(s)
	}
	ins := &sqlparser.Insert{Action: sqlparser.InsertStr, Table: t.tableName(s.Relation)}
	ins.With = t.with(s.WithClause)
	for _, c := range s.Cols {
		ins.Columns = append(ins.Columns, sqlparser.NewColIdent(c.GetResTarget().Name))
	}
	var values [][]sqlparser.Expr
	var source sqlparser.InsertRows
	if s.SelectStmt != nil && !isValuesInsert(s.SelectStmt.GetSelectStmt()) {
		if cols, rows, ok := t.insertSelectSubscripts(s); ok { // dml_subscript.go
			ins.Columns, source = cols, rows
		}
	}
	if source == nil {
		values, source = t.insertSource(s)
		ins.Columns, values = t.insertSubscripts(s, ins.Columns, values) // dml_subscript.go
	}
	switch {
	case s.SelectStmt == nil:
		ins.Rows = &sqlparser.AliasedValues{Values: sqlparser.Values{sqlparser.ValTuple{}}}
	case values != nil:
		rows := make(sqlparser.Values, len(values))
		for i, v := range values {
			rows[i] = sqlparser.ValTuple(v)
		}
		ins.Rows = &sqlparser.AliasedValues{Values: rows}
	default:
		ins.Rows = source
	}
	ins.Returning = t.insertReturning(s)
	return t.withModifying(Result{Stmt: ins, Tag: "INSERT", Returning: len(s.ReturningList) > 0}), nil
}

// insertReturning translates INSERT's RETURNING list, where the table's
// alias, if any, names the table.
func (t *Translator) insertReturning(s *pg.InsertStmt) sqlparser.SelectExprs {
	if s.Relation.Alias != nil {
		t.insertAlias = s.Relation
		defer func() { t.insertAlias = nil }()
	}
	defer t.withInsertSystem(s)()
	defer t.dmlRowScope(s.Relation, nil)() // the target's columns, not VALUES'
	return t.returning(s.ReturningList)
}

// insertSource translates the rows of an INSERT: VALUES lists (DEFAULT
// items as *sqlparser.Default) or a query.
func (t *Translator) insertSource(s *pg.InsertStmt) ([][]sqlparser.Expr, sqlparser.InsertRows) {
	if s.SelectStmt == nil {
		return nil, nil
	}
	sel := s.SelectStmt.GetSelectStmt()
	if isValuesInsert(sel) {
		var rows [][]sqlparser.Expr
		for _, l := range sel.ValuesLists {
			var tuple []sqlparser.Expr
			for _, it := range l.GetList().Items {
				if it.GetSetToDefault() != nil {
					tuple = append(tuple, &sqlparser.Default{})
				} else {
					tuple = append(tuple, t.scalar(it))
				}
			}
			if len(s.Cols) > 0 && len(tuple) > len(s.Cols) {
				failAt(exprLocation(l.GetList().Items[len(s.Cols)]), pgerror.SyntaxError, "INSERT has more expressions than target columns")
			}
			if len(s.Cols) > 0 && len(tuple) < len(s.Cols) {
				failAt(exprLocation(l.GetList().Items[len(tuple)-1]), pgerror.SyntaxError, "INSERT has more target columns than expressions")
			}
			rows = append(rows, tuple)
		}
		return rows, nil
	}
	switch x := t.selectStmt(sel).(type) {
	case *sqlparser.Select:
		return nil, x
	case *sqlparser.SetOp:
		return nil, x
	}
	failAt(-1, pgerror.FeatureNotSupported, "INSERT source not supported yet")
	return nil, nil
}

// isValuesInsert reports whether an INSERT's source is a plain VALUES
// list, whose rows the translation keeps as rows.
func isValuesInsert(sel *pg.SelectStmt) bool {
	return len(sel.ValuesLists) > 0 && sel.Op == pg.SetOperation_SETOP_NONE && len(sel.SortClause) == 0 && sel.LimitCount == nil && sel.LimitOffset == nil
}

// exprLocation is the parse location of an expression, -1 when unknown.
func exprLocation(n *pg.Node) int32 {
	switch x := n.Node.(type) {
	case *pg.Node_AConst:
		return x.AConst.Location
	case *pg.Node_ColumnRef:
		return x.ColumnRef.Location
	case *pg.Node_TypeCast:
		return x.TypeCast.Location
	case *pg.Node_FuncCall:
		return x.FuncCall.Location
	case *pg.Node_AExpr:
		return x.AExpr.Location
	case *pg.Node_SetToDefault:
		return x.SetToDefault.Location
	case *pg.Node_ParamRef:
		return x.ParamRef.Location
	}
	return -1
}

func (t *Translator) update(s *pg.UpdateStmt) (Result, error) {
	t.refuseForeign(s.Relation, "written")   // foreign.go
	if res, ok := t.inheritedUpdate(s); ok { // inherit_write.go
		return res, nil
	}
	if len(s.FromClause) > 0 || setCycle(s.TargetList) {
		// UPDATE ... FROM's program computes every new value over the
		// old row, which SET items reading each other's columns need
		return t.updateFrom(s)
	}
	defer t.withDMLSystem(s.Relation, nil)()
	defer t.dmlRowScope(s.Relation, nil)()        // dup_columns.go
	defer t.dmlAggregates(s.Relation, "UPDATE")() // aggregate_level.go
	up := &sqlparser.Update{TableExprs: sqlparser.TableExprs{t.rangeVar(s.Relation)}}
	up.With = t.with(s.WithClause)
	for _, f := range s.FromClause {
		up.TableExprs = append(up.TableExprs, t.fromItem(f))
	}
	up.Exprs = t.generatedAssignments(s.Relation, t.assignments(s.TargetList))
	if s.WhereClause != nil {
		up.Where = &sqlparser.Where{Type: sqlparser.WhereStr, Expr: t.boolCond(s.WhereClause, "WHERE")}
	}
	up.Returning = t.returning(s.ReturningList)
	return t.withModifying(Result{Stmt: up, Tag: "UPDATE", Returning: len(s.ReturningList) > 0}), nil
}

// assignments translates an UPDATE SET list, including the
// (a, b) = (x, y) form.
func (t *Translator) assignments(list []*pg.Node) sqlparser.AssignmentExprs {
	var out sqlparser.AssignmentExprs
	var reads []map[string]bool     // the columns each of out reads
	subscripted := map[string]int{} // a column assigned through subscripts → its assignment in out
	plain := map[string]bool{}      // the columns assigned whole
	for _, n := range list {
		rt := n.GetResTarget()
		_, sub := subscripted[rt.Name]
		if plain[rt.Name] || sub && len(rt.Indirection) == 0 {
			fail(pgerror.New(pgerror.SyntaxError, "multiple assignments to same column %q", rt.Name))
		}
		if len(rt.Indirection) == 0 {
			plain[rt.Name] = true
		}
		if len(rt.Indirection) > 0 {
			// a second assignment to the same column's elements applies to
			// the first's result (process_matched_tle)
			if i, ok := subscripted[rt.Name]; ok {
				out[i].Expr = t.subscriptAssignment(rt, out[i].Expr) // dml_subscript.go
				columnsRead(n, reads[i])
				continue
			}
			subscripted[rt.Name] = len(out)
			col := &sqlparser.ColName{Name: sqlparser.NewColIdent(rt.Name)}
			out = append(out, &sqlparser.AssignmentExpr{Name: col, Expr: t.subscriptAssignment(rt, col)})
			reads = append(reads, columnsRead(n, map[string]bool{}))
			continue
		}
		reads = append(reads, columnsRead(rt.Val, map[string]bool{}))
		val := rt.Val
		if m := rt.Val.GetMultiAssignRef(); m != nil {
			if sl := m.Source.GetSubLink(); sl != nil {
				val = multiAssignSubquery(sl, int(m.Colno), int(m.Ncolumns), rt.Location)
			} else {
				row := m.Source.GetRowExpr()
				if row == nil {
					failAt(exprLocation(m.Source), pgerror.FeatureNotSupported, "source for a multiple-column UPDATE item must be a sub-SELECT or ROW() expression")
				}
				if int(m.Ncolumns) != len(row.Args) {
					failAt(rt.Location, pgerror.SyntaxError, "number of columns does not match number of values")
				}
				val = row.Args[m.Colno-1]
			}
		}
		out = append(out, &sqlparser.AssignmentExpr{Name: &sqlparser.ColName{Name: sqlparser.NewColIdent(rt.Name)}, Expr: t.updateValue(val)})
	}
	return readersFirst(out, reads)
}

// readersFirst orders assignments so that each runs before any other
// assigning a column it reads: GMS evaluates SET items one after another
// over the row as the earlier ones left it, where PostgreSQL evaluates
// them all over the old row (SET a = a + 1, b = a gives b the old a).
// Assignments reading each other's columns in a cycle (SET a = b, b = a)
// keep their written order. The order is otherwise unobservable.
func readersFirst(set sqlparser.AssignmentExprs, reads []map[string]bool) sqlparser.AssignmentExprs {
	if len(set) < 2 {
		return set
	}
	out := make(sqlparser.AssignmentExprs, 0, len(set))
	done := make([]bool, len(set))
	for len(out) < len(set) {
		picked := false
		for i, a := range set {
			if done[i] {
				continue
			}
			col := a.Name.Name.String()
			blocked := false
			for j := range set {
				if j != i && !done[j] && reads[j][col] {
					blocked = true
					break
				}
			}
			if !blocked {
				out, done[i], picked = append(out, a), true, true
				break
			}
		}
		if !picked {
			for i, a := range set {
				if !done[i] {
					out = append(out, a)
				}
			}
			break
		}
	}
	return out
}

// setCycle reports whether SET items read each other's columns in a
// cycle (SET a = b, b = a), which no order of GMS's one-after-another
// evaluation gets right (readersFirst).
func setCycle(list []*pg.Node) bool {
	if len(list) < 2 {
		return false
	}
	set := make(sqlparser.AssignmentExprs, 0, len(list))
	reads := make([]map[string]bool, 0, len(list))
	for _, n := range list {
		rt := n.GetResTarget()
		set = append(set, &sqlparser.AssignmentExpr{Name: &sqlparser.ColName{Name: sqlparser.NewColIdent(rt.Name)}})
		reads = append(reads, columnsRead(n, map[string]bool{}))
	}
	ordered := readersFirst(set, reads)
	pos := map[*sqlparser.AssignmentExpr]int{}
	for i, a := range ordered {
		pos[a] = i
	}
	for i, a := range set {
		for j, b := range set {
			// a runs after b although b writes... a column a reads: the
			// cycle readersFirst left in written order
			if i != j && pos[a] > pos[b] && reads[i][b.Name.Name.String()] && a.Name.Name.String() != b.Name.Name.String() {
				return true
			}
		}
	}
	return false
}

// columnsRead adds the names of the columns n refers to to into, and
// returns it.
func columnsRead(n *pg.Node, into map[string]bool) map[string]bool {
	pgtree.Walk(n, func(m any) bool {
		if cr, ok := m.(*pg.ColumnRef); ok {
			if s := cr.Fields[len(cr.Fields)-1].GetString_(); s != nil {
				into[s.Sval] = true
			}
		}
		return true
	})
	return into
}

// generatedAssignments drops SET col = DEFAULT of stored generated
// columns, which the row's recomputation gives their value anyway (GMS
// refuses any assignment to them), and refuses any other value with
// PostgreSQL's 428C9. A SET list of only such columns still updates the
// rows (their triggers fire): it becomes an assignment of the table's
// first other column to itself.
func (t *Translator) generatedAssignments(rel *pg.RangeVar, set sqlparser.AssignmentExprs) sqlparser.AssignmentExprs {
	r := t.reader()
	if r == nil {
		return set
	}
	gen := r.StoredGenerated(rel.Schemaname, rel.Relname)
	if len(gen) == 0 {
		return set
	}
	out := set[:0:0]
	for _, a := range set {
		col := a.Name.Name.String()
		if !slices.Contains(gen, col) {
			out = append(out, a)
			continue
		}
		if _, ok := a.Expr.(*sqlparser.Default); !ok {
			fail(pgerror.New(pgerror.GeneratedAlways, "column %q can only be updated to DEFAULT", col).
				WithDetail("Column %q is a generated column.", col))
		}
	}
	if len(out) == 0 && len(set) > 0 {
		_, cols, _ := r.Table(rel.Schemaname, rel.Relname)
		for _, c := range cols {
			if !slices.Contains(gen, c) {
				out = append(out, &sqlparser.AssignmentExpr{Name: &sqlparser.ColName{Name: sqlparser.NewColIdent(c)},
					Expr: &sqlparser.ColName{Name: sqlparser.NewColIdent(c)}})
				break
			}
		}
	}
	return out
}

func (t *Translator) updateValue(n *pg.Node) sqlparser.Expr {
	if n.GetSetToDefault() != nil {
		return &sqlparser.Default{}
	}
	return t.scalar(n)
}

func (t *Translator) delete(s *pg.DeleteStmt) (Result, error) {
	t.refuseForeign(s.Relation, "written")   // foreign.go
	if res, ok := t.inheritedDelete(s); ok { // inherit_write.go
		return res, nil
	}
	defer t.dmlJoinScope(s.Relation, s.UsingClause)() // join_alias.go
	defer t.withDMLSystem(s.Relation, s.UsingClause)()
	defer t.dmlRowScope(s.Relation, s.UsingClause)() // dup_columns.go
	defer t.dmlAggregates(s.Relation, "DELETE")()    // aggregate_level.go
	with := t.with(s.WithClause)
	var where *sqlparser.Where
	if s.WhereClause != nil {
		where = &sqlparser.Where{Type: sqlparser.WhereStr, Expr: t.boolCond(s.WhereClause, "WHERE")}
	}
	if len(s.ReturningList) == 0 && len(s.UsingClause) == 0 {
		del := &sqlparser.Delete{TableExprs: sqlparser.TableExprs{t.rangeVar(s.Relation)}, With: with, Where: where}
		return t.withModifying(Result{Stmt: del, Tag: "DELETE"}), nil
	}
	// GMS cannot return deleted rows or delete through a join: read the
	// target rows (and RETURNING values) first, then delete them by key.
	name := s.Relation.Relname
	if s.Relation.Alias != nil {
		name = s.Relation.Alias.Aliasname
	}
	sel := &sqlparser.Select{With: with, Where: where}
	sel.SelectExprs = sqlparser.SelectExprs{&sqlparser.StarExpr{TableName: sqlparser.TableName{Name: sqlparser.NewTableIdent(name)}}}
	sel.SelectExprs = append(sel.SelectExprs, t.returning(s.ReturningList)...)
	sel.From = sqlparser.TableExprs{t.rangeVar(s.Relation)}
	for _, u := range s.UsingClause {
		sel.From = append(sel.From, t.fromItem(u))
	}
	steps := &DeleteSteps{Target: TableRef{Schema: s.Relation.Schemaname, Name: s.Relation.Relname}, Select: sel, Returning: len(s.ReturningList) > 0, Using: len(s.UsingClause) > 0}
	return t.withModifying(Result{Cmd: &DML{Delete: steps}, Tag: "DELETE", Returning: steps.Returning}), nil
}

// multiAssignSubquery rewrites column colno of SET (a, b) = (SELECT x, y
// ...) as the scalar subquery (SELECT cN FROM (SELECT x, y ...) AS
// "*multiassign*"(c1, c2)), so the usual one-row check applies. The
// subquery runs once per column.
func multiAssignSubquery(sl *pg.SubLink, colno, ncols int, loc int32) *pg.Node {
	sub := sl.Subselect.GetSelectStmt()
	if sub == nil || (sub.Op == pg.SetOperation_SETOP_NONE && len(sub.ValuesLists) == 0 && len(sub.TargetList) != ncols) {
		failAt(loc, pgerror.SyntaxError, "number of columns does not match number of values")
	}
	const alias = "*multiassign*"
	var colnames []*pg.Node
	for i := 1; i <= ncols; i++ {
		colnames = append(colnames, pg.MakeStrNode("c"+itoa(int64(i))))
	}
	from := &pg.Node{Node: &pg.Node_RangeSubselect{RangeSubselect: &pg.RangeSubselect{
		Subquery: sl.Subselect,
		Alias:    &pg.Alias{Aliasname: alias, Colnames: colnames},
	}}}
	ref := pg.MakeColumnRefNode([]*pg.Node{pg.MakeStrNode(alias), pg.MakeStrNode("c" + itoa(int64(colno)))}, -1)
	sel := &pg.SelectStmt{
		Op:         pg.SetOperation_SETOP_NONE,
		TargetList: []*pg.Node{pg.MakeResTargetNodeWithVal(ref, -1)},
		FromClause: []*pg.Node{from},
	}
	return &pg.Node{Node: &pg.Node_SubLink{SubLink: &pg.SubLink{
		SubLinkType: pg.SubLinkType_EXPR_SUBLINK,
		Subselect:   &pg.Node{Node: &pg.Node_SelectStmt{SelectStmt: sel}},
		Location:    loc,
	}}}
}
