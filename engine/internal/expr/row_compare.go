package expr

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// RowCompare is an ordering comparison of two row constructors
// (PostgreSQL docs 9.24.5): pairs are compared left to right and the
// first pair that is not equal decides; a NULL there makes the result NULL.
type RowCompare struct {
	base
	eq, cmp []sql.Expression
	orEqual bool // <= or >=
}

// NewRowCompare builds l op r for rows of equal length (op one of < <= > >=).
func NewRowCompare(env *types.Env, op string, l, r []sql.Expression) (sql.Expression, error) {
	rc := &RowCompare{base: base{types.Bool}, orEqual: op == "<=" || op == ">="}
	for i := range l {
		eq, err := NewBinOp(env, "=", l[i], r[i])
		if err != nil {
			return nil, err
		}
		cmp, err := NewBinOp(env, op, l[i], r[i])
		if err != nil {
			return nil, err
		}
		rc.eq, rc.cmp = append(rc.eq, eq), append(rc.cmp, cmp)
	}
	return rc, nil
}

func (r *RowCompare) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	for i := range r.eq {
		e, err := r.eq[i].Eval(ctx, row)
		if err != nil || e == nil {
			return nil, err
		}
		if !e.(bool) {
			return r.cmp[i].Eval(ctx, row)
		}
	}
	return r.orEqual, nil
}

func (r *RowCompare) Children() []sql.Expression {
	return append(append([]sql.Expression{}, r.eq...), r.cmp...)
}
func (r *RowCompare) WithChildren(c ...sql.Expression) (sql.Expression, error) {
	n := *r
	k := len(r.eq)
	n.eq, n.cmp = c[:k], c[k:]
	return &n, nil
}
func (r *RowCompare) String() string {
	return fmt.Sprintf("row_compare%v or_equal=%v", r.cmp, r.orEqual)
}
