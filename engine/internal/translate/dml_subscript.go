package translate

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// subscriptAssignment translates UPDATE ... SET col[...] = v.
func (t *Translator) subscriptAssignment(rt *pg.ResTarget, base sqlparser.Expr) sqlparser.Expr {
	if rt.Val.GetSetToDefault() != nil {
		failAt(rt.Location, pgerror.FeatureNotSupported, "cannot set an array element to DEFAULT")
	}
	if rt.Val.GetMultiAssignRef() != nil {
		failAt(rt.Location, pgerror.FeatureNotSupported, "UPDATE of subscripts or fields is not supported yet")
	}
	return t.assignSubscripts(rt.Name, rt.Indirection, base, t.scalar(rt.Val), rt.Location, "UPDATE of subscripts or fields is not supported yet")
}

// assignSubscripts is the new value of column col when the element
// ind names of base (the column, what an earlier assignment to the same
// column in the statement made of it, or NULL in an INSERT) becomes val:
// $array_set(base, i, val) with val assignment-cast to the element type
// for an array (one subscript), a JSONBAssign for jsonb (PostgreSQL 14's
// jsonb subscripting, any depth).
func (t *Translator) assignSubscripts(col string, ind []*pg.Node, base, val sqlparser.Expr, loc int32, unsupported string) sqlparser.Expr {
	args := []sqlparser.Expr{base}
	subLocs := make([]int32, 0, len(ind))
	sliceLoc := int32(-2) // the location of the first slice's upper bound, -2 when none
	for _, n := range ind {
		ai := n.GetAIndices()
		if ai == nil {
			failAt(loc, pgerror.FeatureNotSupported, "%s", unsupported) // a field of a composite
		}
		if ai.IsSlice && sliceLoc == -2 {
			sliceLoc = -1
			if ai.Uidx != nil {
				sliceLoc = exprLocation(ai.Uidx)
			}
		}
		if ai.Uidx == nil {
			failAt(loc, pgerror.FeatureNotSupported, "%s", unsupported)
		}
		args = append(args, t.scalar(ai.Uidx))
		subLocs = append(subLocs, exprLocation(ai.Uidx))
	}
	args = append(args, val)
	return t.inject("subscript assignment", loc, args, func(c []sql.Expression) (sql.Expression, error) {
		at := expr.TypeOf(c[0])
		subs, v := c[1:len(c)-1], c[len(c)-1]
		switch {
		case at.Base().Kind == types.KindJSONB:
			if sliceLoc != -2 {
				return nil, withPosition(pgerror.New(pgerror.DatatypeMismatch, "jsonb subscript does not support slices"), sliceLoc)
			}
			for i, s := range subs {
				e, err := expr.JSONBSubscript(t.Env, s)
				if err != nil {
					return nil, withPosition(err, subLocs[i])
				}
				subs[i] = e
			}
			jv, err := expr.Coerce(t.Env, v, types.JSONB, types.CastAssignment)
			if err != nil {
				return nil, pgerror.New(pgerror.DatatypeMismatch, "subscripted assignment to %q requires type jsonb but expression is of type %s", col, expr.TypeOf(v).FormatType()).
					WithHint("You will need to rewrite or cast the expression.")
			}
			return expr.NewJSONBAssign(t.Env, append(append([]sql.Expression{c[0]}, subs...), jv))
		case at.Base().Kind == types.KindArray && at.Base().Elem != nil:
			if len(subs) != 1 || sliceLoc != -2 {
				return nil, pgerror.New(pgerror.FeatureNotSupported, "%s", unsupported)
			}
			idx, err := expr.Coerce(t.Env, subs[0], types.Int4, types.CastImplicit)
			if err != nil {
				return nil, pgerror.New(pgerror.DatatypeMismatch, "array subscript must have type integer")
			}
			ev, err := expr.Coerce(t.Env, v, at.Base().Elem, types.CastAssignment)
			if err != nil {
				return nil, err
			}
			return expr.NewFuncCall(t.Env, expr.ArraySetFunc, []sql.Expression{c[0], idx, ev})
		}
		return nil, pgerror.New(pgerror.DatatypeMismatch, "cannot subscript type %s because it does not support subscripting", at.FormatType())
	})
}

// withPosition gives a PostgreSQL error the position of loc when it has
// none.
func withPosition(err error, loc int32) error {
	if pe, ok := pgerror.As(err); ok && pe.Position == 0 && loc >= 0 {
		pe.Position = int(loc) + 1
	}
	return err
}

// insertSubscripts rewrites INSERT's VALUES rows for target columns
// written with subscripts (INSERT INTO t (data['a'], data['b']) ...):
// each such column is listed once, its value built from NULL by each of
// its targets in turn, as PostgreSQL merges them.
func (t *Translator) insertSubscripts(s *pg.InsertStmt, cols sqlparser.Columns, rows [][]sqlparser.Expr) (sqlparser.Columns, [][]sqlparser.Expr) {
	any := false
	for _, c := range s.Cols {
		any = any || len(c.GetResTarget().Indirection) > 0
	}
	if !any {
		return cols, rows
	}
	const unsupported = "INSERT into subscripts or fields is not supported yet"
	ti := t.lookup(s.Relation, false)
	first := map[string]int{} // column → its position in the new list
	var out sqlparser.Columns
	for _, c := range s.Cols {
		if _, ok := first[c.GetResTarget().Name]; !ok {
			first[c.GetResTarget().Name] = len(out)
			out = append(out, sqlparser.NewColIdent(c.GetResTarget().Name))
		}
	}
	newRows := make([][]sqlparser.Expr, len(rows))
	for r, tuple := range rows {
		nt := make([]sqlparser.Expr, len(out))
		for i, c := range s.Cols {
			rt := c.GetResTarget()
			k := first[rt.Name]
			if len(rt.Indirection) == 0 {
				nt[k] = tuple[i]
				continue
			}
			if _, ok := tuple[i].(*sqlparser.Default); ok {
				failAt(rt.Location, pgerror.FeatureNotSupported, "cannot set an array element to DEFAULT")
			}
			base := nt[k]
			if base == nil {
				ci, ok := ti.Column(rt.Name)
				if !ok {
					fail(noColumn(rt.Name, ti.Name))
				}
				base = t.literal(ci.Type, nil)
			}
			nt[k] = t.assignSubscripts(rt.Name, rt.Indirection, base, tuple[i], rt.Location, unsupported)
		}
		newRows[r] = nt
	}
	return out, newRows
}

// insertSelectSubscripts is insertSubscripts for INSERT ... SELECT: the
// query's output columns get names, and an outer query over it builds
// the assigned values.
func (t *Translator) insertSelectSubscripts(s *pg.InsertStmt) (sqlparser.Columns, sqlparser.InsertRows, bool) {
	any := false
	for _, c := range s.Cols {
		any = any || len(c.GetResTarget().Indirection) > 0
	}
	if !any {
		return nil, nil, false
	}
	sel := s.SelectStmt.GetSelectStmt()
	first := sel
	for first != nil && first.Op != pg.SetOperation_SETOP_NONE {
		first = first.Larg
	}
	if first == nil || len(first.TargetList) != len(s.Cols) {
		failAt(-1, pgerror.FeatureNotSupported, "INSERT into subscripts or fields is not supported yet")
	}
	sel = pgtree.Clone(sel)
	first = sel
	for first.Op != pg.SetOperation_SETOP_NONE {
		first = first.Larg
	}
	const alias = "tinybase_insert_source"
	rows := [][]sqlparser.Expr{make([]sqlparser.Expr, len(s.Cols))}
	for i, n := range first.TargetList {
		if n.GetResTarget().GetVal().GetColumnRef() != nil {
			if _, star := n.GetResTarget().Val.GetColumnRef().Fields[len(n.GetResTarget().Val.GetColumnRef().Fields)-1].Node.(*pg.Node_AStar); star {
				failAt(-1, pgerror.FeatureNotSupported, "INSERT into subscripts or fields is not supported yet")
			}
		}
		name := fmt.Sprintf("c%d", i+1)
		n.GetResTarget().Name = name
		rows[0][i] = &sqlparser.ColName{Name: sqlparser.NewColIdent(name), Qualifier: sqlparser.TableName{Name: sqlparser.NewTableIdent(alias)}}
	}
	cols, out := t.insertSubscripts(s, nil, rows)
	inner, ok := t.selectStmt(sel).(sqlparser.SelectStatement)
	if !ok {
		failAt(-1, pgerror.FeatureNotSupported, "INSERT into subscripts or fields is not supported yet")
	}
	outer := &sqlparser.Select{From: sqlparser.TableExprs{&sqlparser.AliasedTableExpr{Expr: &sqlparser.Subquery{Select: inner}, As: sqlparser.NewTableIdent(alias)}}}
	for _, e := range out[0] {
		outer.SelectExprs = append(outer.SelectExprs, &sqlparser.AliasedExpr{Expr: e})
	}
	return cols, outer, true
}
