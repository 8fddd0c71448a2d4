package expr

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	gmstypes "github.com/dolthub/go-mysql-server/sql/types"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// RowIn is (a, b, ...) IN (subquery) with PostgreSQL's three-valued row
// comparison (docs 9.23.2): true when some subquery row equals the left
// row in every column, otherwise NULL when some row is equal or unknown
// (a NULL on either side) in every column, otherwise false. GMS's
// InSubquery, its child, hashes rows with their NULLs as values, so that
// (NULL, 1) matches a row (NULL, 1) and (1, 1) not matching (NULL, 1) is
// false; its answer is kept only when it is true for a left row without
// NULLs.
type RowIn struct {
	base
	In sql.Expression
}

// NewRowIn wraps GMS's row IN (subquery).
func NewRowIn(in sql.Expression) sql.Expression { return &RowIn{base{types.Bool}, in} }

// rowInParts are the left row and subquery of GMS's InSubquery.
type rowInParts interface {
	Left() sql.Expression
	Right() sql.Expression
}

type multiEvaluator interface {
	EvalMultiple(*sql.Context, sql.Row) ([]any, error)
}

func (r *RowIn) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	parts, ok := r.In.(rowInParts)
	if !ok {
		return nil, fmt.Errorf("expr: row IN over %T", r.In)
	}
	sub, ok := parts.Right().(multiEvaluator)
	if !ok {
		return nil, fmt.Errorf("expr: row IN over %T", parts.Right())
	}
	lv, err := parts.Left().Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	left, ok := lv.([]any)
	if !ok {
		return nil, fmt.Errorf("expr: row IN of %T", lv)
	}
	hasNull := false
	for _, v := range left {
		hasNull = hasNull || v == nil
	}
	if !hasNull {
		v, err := r.In.Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		if b, ok := v.(bool); ok && b {
			return true, nil
		}
	}
	rows, err := sub.EvalMultiple(ctx, row)
	if err != nil {
		return nil, err
	}
	colTypes, _ := parts.Right().Type().(gmstypes.TupleType)
	unknown := false
	for _, rv := range rows {
		right, ok := rv.([]any)
		if !ok || len(right) != len(left) || len(colTypes) != len(left) {
			return nil, fmt.Errorf("expr: row IN of %d columns over %T", len(left), rv)
		}
		equal, null := true, false
		for i, l := range left {
			if l == nil || right[i] == nil {
				null = true
				continue
			}
			t := colTypes[i]
			lc, _, err := t.Convert(ctx, l)
			if err != nil {
				return nil, err
			}
			c, err := t.Compare(ctx, lc, right[i])
			if err != nil {
				return nil, err
			}
			if c != 0 {
				equal = false
				break
			}
		}
		if equal && !null {
			return true, nil
		}
		unknown = unknown || equal
	}
	if unknown {
		return nil, nil
	}
	return false, nil
}

func (r *RowIn) Children() []sql.Expression { return []sql.Expression{r.In} }
func (r *RowIn) WithChildren(c ...sql.Expression) (sql.Expression, error) {
	return &RowIn{r.base, c[0]}, nil
}
func (r *RowIn) String() string { return r.In.String() }
