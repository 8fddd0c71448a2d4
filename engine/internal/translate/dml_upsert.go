package translate

import (
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// upsert translates INSERT ... ON CONFLICT (PostgreSQL docs, INSERT, "ON
// CONFLICT Clause") into an Upsert the engine runs row by row against the
// arbiter index.
func (t *Translator) upsert(s *pg.InsertStmt) (Result, error) {
	oc := s.OnConflictClause
	u := &Upsert{Target: TableRef{Schema: s.Relation.Schemaname, Name: s.Relation.Relname}}
	if s.Relation.Alias != nil {
		// the engine runs the steps on the table's own name
		t.insertAlias = s.Relation
		defer func() { t.insertAlias = nil }()
	}
	with := t.with(s.WithClause)
	for _, c := range s.Cols {
		u.Columns = append(u.Columns, c.GetResTarget().Name)
	}
	var values [][]sqlparser.Expr
	var source sqlparser.InsertRows
	if s.SelectStmt != nil && !isValuesInsert(s.SelectStmt.GetSelectStmt()) {
		if cols, rows, ok := t.insertSelectSubscripts(s); ok { // dml_subscript.go
			u.Columns, source = columnNames(cols), rows
		}
	}
	if source == nil {
		values, source = t.insertSource(s)
		var cols sqlparser.Columns
		cols, values = t.insertSubscripts(s, nil, values)
		if cols != nil {
			u.Columns = columnNames(cols)
		}
	}
	u.Values = values
	if source != nil {
		u.Source = source.(sqlparser.SelectStatement)
		setWith(u.Source, with)
	}
	if s.SelectStmt == nil {
		u.Values = [][]sqlparser.Expr{{}}
	}
	if inf := oc.Infer; inf != nil {
		t.checkInferenceVars(s.Relation, inf)
		u.Constraint = inf.Conname
		anyExpr := false
		for _, e := range inf.IndexElems {
			ie := e.GetIndexElem()
			if ie.Name == "" {
				anyExpr = true
				u.TargetExprs = append(u.TargetExprs, t.scalar(ie.Expr))
				continue
			}
			u.TargetColumns = append(u.TargetColumns, ie.Name)
			u.TargetExprs = append(u.TargetExprs, &sqlparser.ColName{Name: sqlparser.NewColIdent(ie.Name)})
		}
		if !anyExpr {
			u.TargetExprs = nil
		}
		// the predicate is not checked against the index's: any partial
		// unique index on the columns is taken to match it
		u.TargetPartial = inf.WhereClause != nil
	}
	if oc.Action == pg.OnConflictAction_ONCONFLICT_UPDATE {
		if oc.Infer == nil {
			e := pgerror.New(pgerror.SyntaxError, "ON CONFLICT DO UPDATE requires inference specification or constraint name")
			e.Hint = "For example, ON CONFLICT (column_name)."
			e.Position = int(oc.Location) + 1
			fail(e)
		}
		t.checkExcludedAmbiguity(s.Relation, oc)
		u.Update = true
		u.Excluded = &ExcludedRow{}
		t.excluded = u.Excluded
		u.Set = t.generatedAssignments(s.Relation, t.assignments(oc.TargetList))
		u.SetCycle = setCycle(oc.TargetList) // dml.go
		if oc.WhereClause != nil {
			u.Where = t.boolCond(oc.WhereClause, "WHERE")
		}
		t.excluded = nil
	}
	restore := t.withInsertSystem(s)
	u.Returning = t.returning(s.ReturningList)
	restore()
	return t.withModifying(Result{Cmd: &DML{Upsert: u}, Tag: "INSERT", Returning: len(s.ReturningList) > 0}), nil
}

// checkInferenceVars fails, inside PL/pgSQL, for an ON CONFLICT (col)
// column that is also a variable's name: PostgreSQL parses each as a
// column reference at the inference clause, so RETURNS TABLE (id ...)
// with ON CONFLICT (id) is ambiguous.
func (t *Translator) checkInferenceVars(target *pg.RangeVar, inf *pg.InferClause) {
	if t.Vars == nil {
		return
	}
	defer t.dmlRowScope(target, nil)() // dup_columns.go
	for _, e := range inf.IndexElems {
		name := e.GetIndexElem().Name
		if name == "" || !t.visibleColumn(name) {
			continue
		}
		if _, ok, _ := t.Vars([]string{name}); ok {
			failVariableConflict(name, inf.Location) // plpgsql.go
		}
	}
}

// checkExcludedAmbiguity fails for a bare name in ON CONFLICT DO UPDATE's
// SET values or WHERE that is a column of the target: EXCLUDED has the
// same columns, so PostgreSQL finds it ambiguous (write t.col or
// excluded.col). Subqueries, which may hold the name themselves, are left
// to their own scope.
func (t *Translator) checkExcludedAmbiguity(target *pg.RangeVar, oc *pg.OnConflictClause) {
	src := t.relationSource(target, t.q.ctes) // wholerow.go
	if src == nil {
		return
	}
	var walk func(any)
	walk = func(v any) {
		x, ok := v.(*pg.Node)
		if !ok || x == nil || x.GetSubLink() != nil {
			return
		}
		if cr := x.GetColumnRef(); cr != nil {
			if len(cr.Fields) == 1 && cr.Fields[0].GetString_() != nil {
				name := cr.Fields[0].GetString_().Sval
				for _, c := range src.cols {
					if DisplayName(c) == name {
						failAt(cr.Location, pgerror.AmbiguousColumn, "column reference \"%s\" is ambiguous", name)
					}
				}
			}
			return
		}
		walkNodeChildren(x, walk)
	}
	for _, n := range oc.TargetList {
		walk(n.GetResTarget().Val)
	}
	walk(oc.WhereClause)
}

// dmlColumn resolves EXCLUDED.col inside ON CONFLICT DO UPDATE; nil
// for every other column reference.
// It also maps INSERT's table alias (INSERT INTO t AS a ... RETURNING
// a.col), which GMS's INSERT does not know, back to the table name.
func (t *Translator) dmlColumn(parts []string, loc int32) sqlparser.Expr {
	if e := t.insertSystemColumn(parts); e != nil {
		return e
	}
	if e := t.mergeColumn(parts, loc); e != nil { // merge.go
		return e
	}
	if e := t.sampleColumn(parts); e != nil { // tablesample.go
		return e
	}
	if t.insertSystem != "" {
		if e := t.systemColumnRef(parts, loc); e != nil { // before the alias becomes the table's name
			return e
		}
	}
	if t.insertAlias != nil && len(parts) == 2 && parts[0] == t.insertAlias.Alias.Aliasname {
		return &sqlparser.ColName{Name: sqlparser.NewColIdent(parts[1]), Qualifier: t.tableName(t.insertAlias)}
	}
	if t.updateNew != nil && len(parts) == 2 && parts[0] == newValueQualifier {
		return t.newValue(parts[1])
	}
	if t.excluded == nil || len(parts) != 2 || parts[0] != "excluded" {
		return nil
	}
	return sqlparser.InjectedExpr{Expression: &excludedRef{row: t.excluded, col: parts[1], loc: loc}}
}

func setWith(s sqlparser.SelectStatement, w *sqlparser.With) {
	if w == nil {
		return
	}
	switch x := s.(type) {
	case *sqlparser.Select:
		x.With = w
	case *sqlparser.SetOp:
		x.With = w
	}
}

func columnNames(cols sqlparser.Columns) []string {
	out := make([]string, len(cols))
	for i, c := range cols {
		out[i] = c.String()
	}
	return out
}
