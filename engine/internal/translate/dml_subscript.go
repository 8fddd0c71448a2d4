package translate

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// subscriptAssignment translates UPDATE ... SET col[i] = v into
// col = $array_set(col, i, v), v assignment-cast to the element type.
// Slices, several subscripts and field assignments are not supported yet.
func (t *Translator) subscriptAssignment(rt *pg.ResTarget) *sqlparser.AssignmentExpr {
	ind := rt.Indirection[0].GetAIndices()
	if len(rt.Indirection) != 1 || ind == nil || ind.IsSlice || ind.Uidx == nil || rt.Val.GetMultiAssignRef() != nil || rt.Val.GetSetToDefault() != nil {
		failAt(rt.Location, pgerror.FeatureNotSupported, "UPDATE of subscripts or fields is not supported yet")
	}
	col := &sqlparser.ColName{Name: sqlparser.NewColIdent(rt.Name)}
	args := []sqlparser.Expr{col, t.scalar(ind.Uidx), t.scalar(rt.Val)}
	val := t.inject("subscript assignment", rt.Location, args, func(c []sql.Expression) (sql.Expression, error) {
		at := expr.TypeOf(c[0])
		if at.Base().Kind != types.KindArray || at.Base().Elem == nil {
			return nil, pgerror.New(pgerror.DatatypeMismatch, "cannot subscript type %s because it does not support subscripting", at.FormatType())
		}
		idx, err := expr.Coerce(t.Env, c[1], types.Int4, types.CastImplicit)
		if err != nil {
			return nil, pgerror.New(pgerror.DatatypeMismatch, "array subscript must have type integer")
		}
		v, err := expr.Coerce(t.Env, c[2], at.Base().Elem, types.CastAssignment)
		if err != nil {
			return nil, err
		}
		return expr.NewFuncCall(t.Env, expr.ArraySetFunc, []sql.Expression{c[0], idx, v})
	})
	return &sqlparser.AssignmentExpr{Name: col, Expr: val}
}
