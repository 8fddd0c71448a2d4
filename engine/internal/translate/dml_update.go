package translate

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// UpdateSteps is UPDATE ... FROM, which GMS's join update miscounts and
// cannot combine with RETURNING: Select reads each target row (Name.* first),
// then the new values of Columns, then the RETURNING list, in which target
// columns already read their new values; the engine then updates the target
// rows by key. A target row joined to several FROM rows is updated once,
// with the first, as PostgreSQL leaves it unspecified which.
type UpdateSteps struct {
	Target    TableRef
	Name      string // the target's alias, or its table name
	Select    *sqlparser.Select
	Columns   []string
	Defaults  []bool // SET col = DEFAULT (its Select item is a placeholder)
	Returning bool
	// FromNames name the FROM items, for * in RETURNING.
	FromNames []string
	// ColumnTypes are the target's column types, set by the engine before
	// planning: RETURNING casts new values to them as storing them does.
	ColumnTypes map[string]*types.Type
}

// newValueQualifier marks a RETURNING column reference that reads the new
// value of an assigned column.
const newValueQualifier = "*new*"

// newValues is what RETURNING of UPDATE ... FROM reads assigned columns
// from while it is translated.
type newValues struct {
	sets  map[string]*pg.Node
	steps *UpdateSteps
}

// newValue translates a reference to the new value of an assigned column.
func (t *Translator) newValue(col string) sqlparser.Expr {
	u := t.updateNew
	v := pgtree.Clone(u.sets[col])
	steps := u.steps
	return t.inject("assign", -1, []sqlparser.Expr{t.scalar(v)}, func(c []sql.Expression) (sql.Expression, error) {
		typ, ok := steps.ColumnTypes[col]
		if !ok {
			return c[0], nil
		}
		return expr.Coerce(t.Env, c[0], typ, types.CastAssignment)
	})
}

// fromNames lists the names a FROM item's columns are qualified by.
func fromNames(n *pg.Node) []string {
	switch x := n.Node.(type) {
	case *pg.Node_RangeVar:
		if x.RangeVar.Alias != nil {
			return []string{x.RangeVar.Alias.Aliasname}
		}
		return []string{x.RangeVar.Relname}
	case *pg.Node_RangeSubselect:
		if x.RangeSubselect.Alias != nil {
			return []string{x.RangeSubselect.Alias.Aliasname}
		}
	case *pg.Node_JoinExpr:
		if x.JoinExpr.Alias != nil {
			return []string{x.JoinExpr.Alias.Aliasname}
		}
		return append(fromNames(x.JoinExpr.Larg), fromNames(x.JoinExpr.Rarg)...)
	}
	return nil
}

func (t *Translator) updateFrom(s *pg.UpdateStmt) (Result, error) {
	defer t.dmlJoinScope(s.Relation, s.FromClause)() // join_alias.go
	defer t.dmlRowScope(s.Relation, s.FromClause)()  // dup_columns.go
	defer t.dmlAggregates(s.Relation, "UPDATE")()    // aggregate_level.go
	name := s.Relation.Relname
	if s.Relation.Alias != nil {
		name = s.Relation.Alias.Aliasname
	}
	u := &UpdateSteps{Target: TableRef{Schema: s.Relation.Schemaname, Name: s.Relation.Relname}, Name: name, Returning: len(s.ReturningList) > 0}
	sel := &sqlparser.Select{With: t.with(s.WithClause)}
	sel.SelectExprs = sqlparser.SelectExprs{&sqlparser.StarExpr{TableName: sqlparser.TableName{Name: sqlparser.NewTableIdent(name)}}}
	sets := map[string]*pg.Node{}
	for _, a := range t.generatedAssignments(s.Relation, t.assignments(s.TargetList)) {
		col := a.Name.Name.String()
		u.Columns = append(u.Columns, col)
		_, isDef := a.Expr.(*sqlparser.Default)
		u.Defaults = append(u.Defaults, isDef)
		e := a.Expr
		if isDef {
			e = sqlparser.NewIntVal([]byte("0"))
		}
		sel.SelectExprs = append(sel.SelectExprs, &sqlparser.AliasedExpr{Expr: e, As: sqlparser.NewColIdent(col)})
	}
	for _, n := range s.TargetList {
		rt := n.GetResTarget()
		if m := rt.Val.GetMultiAssignRef(); m != nil {
			// (a, b) = (x, y): RETURNING reads a as x
			if row := m.Source.GetRowExpr(); row != nil && int(m.Colno) <= len(row.Args) {
				sets[rt.Name] = row.Args[m.Colno-1]
			}
		} else if rt.Val.GetSetToDefault() == nil {
			sets[rt.Name] = rt.Val
		}
	}
	// RETURNING sees the new row: references to assigned target columns
	// become references to their new values (see newValue)
	for _, n := range s.ReturningList {
		visitNode(n, func(x *pg.Node) bool {
			cr := x.GetColumnRef()
			if cr == nil {
				return false
			}
			parts := names(cr.Fields)
			t.checkAmbiguousColumn(parts, cr.Location) // before n becomes the new n
			var col string
			switch {
			case len(parts) == 1:
				col = parts[0]
			case len(parts) == 2 && parts[0] == name:
				col = parts[1]
			case len(parts) == 3 && parts[1] == name && s.Relation.Alias == nil:
				col = parts[2] // schema.table.column
			}
			if _, ok := sets[col]; ok && col != "" {
				rt := n.GetResTarget()
				if rt != nil && rt.Name == "" && rt.Val == x {
					rt.Name = col // keep the column's name as the output name
				}
				x.Node = pg.MakeColumnRefNode([]*pg.Node{pg.MakeStrNode(newValueQualifier), pg.MakeStrNode(col)}, cr.Location).Node
				return true
			}
			return false
		})
	}
	t.updateNew = &newValues{sets: sets, steps: u}
	sel.SelectExprs = append(sel.SelectExprs, t.returning(s.ReturningList)...)
	t.updateNew = nil
	sel.From = sqlparser.TableExprs{t.rangeVar(s.Relation)}
	for _, f := range s.FromClause {
		sel.From = append(sel.From, t.fromItem(f))
		u.FromNames = append(u.FromNames, fromNames(f)...)
	}
	if s.WhereClause != nil {
		sel.Where = &sqlparser.Where{Type: sqlparser.WhereStr, Expr: t.boolCond(s.WhereClause, "WHERE")}
	}
	u.Select = sel
	return t.withModifying(Result{Cmd: &DML{Update: u}, Tag: "UPDATE", Returning: u.Returning}), nil
}
