package expr

import (
	"math"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// TiesCount is the row count of FETCH FIRST n ROWS WITH TIES, which the
// translator turns into a filter `rank <= n` over the ranked rows.
// PostgreSQL evaluates n once per execution (ExecLimit's
// recompute_limits); in a filter it would run for every row, so a
// volatile count (nextval, random) or a subquery ran again and again. The
// exec builder evaluates it when the filter starts (ResolveTiesCounts).
// Evaluated as it stands, as a filter built elsewhere does, it is the
// per-row value.
type TiesCount struct {
	base
	Value sql.Expression // bigint
}

var _ sql.Expression = (*TiesCount)(nil)

// NewTiesCount wraps v, a bigint expression.
func NewTiesCount(v sql.Expression) *TiesCount {
	return &TiesCount{base: base{types.Int8}, Value: v}
}

// Resolved implements sql.Expression.
func (e *TiesCount) Resolved() bool { return e.Value.Resolved() }

// Children implements sql.Expression.
func (e *TiesCount) Children() []sql.Expression { return []sql.Expression{e.Value} }

// WithChildren implements sql.Expression.
func (e *TiesCount) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(e, len(children), 1)
	}
	return NewTiesCount(children[0]), nil
}

// String implements sql.Expression.
func (e *TiesCount) String() string { return e.Value.String() }

// Eval implements sql.Expression: the count, with LIMIT's error for a
// negative one; NULL, when the query runs, is no limit (recompute_limits).
func (e *TiesCount) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := e.Value.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	if v == nil {
		return int64(math.MaxInt64), nil
	}
	n, ok := limitInt(v) // limit_hold.go
	if !ok {
		return nil, pgerror.New(pgerror.InternalError, "internal error: FETCH FIRST count of type %T", v)
	}
	if n < 0 {
		return nil, pgerror.New("2201W", "LIMIT must not be negative")
	}
	return n, nil
}

// ResolveTiesCounts returns e with each TiesCount in it that reads no
// column (outside its subqueries) replaced by its value for this
// execution, evaluated against row (the one e is evaluated against, with
// what the count's subqueries read of it); ok reports whether there were
// any.
func ResolveTiesCounts(ctx *sql.Context, e sql.Expression, row sql.Row) (out sql.Expression, ok bool, err error) {
	out, err = mapTiesCounts(e, func(tc *TiesCount) (sql.Expression, error) {
		if readsColumn(tc.Value) {
			return tc, nil
		}
		v, err := tc.Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		ok = true
		return NewLiteral(types.Int8, v), nil
	})
	return out, ok, err
}

// HasTiesCount reports whether e holds a TiesCount outside its subqueries.
func HasTiesCount(e sql.Expression) bool {
	if _, ok := e.(*TiesCount); ok {
		return true
	}
	if _, sub := e.(subqueryExpr); sub {
		return false
	}
	for _, c := range e.Children() {
		if HasTiesCount(c) {
			return true
		}
	}
	return false
}

func mapTiesCounts(e sql.Expression, f func(*TiesCount) (sql.Expression, error)) (sql.Expression, error) {
	if tc, ok := e.(*TiesCount); ok {
		return f(tc)
	}
	if _, sub := e.(subqueryExpr); sub {
		return e, nil
	}
	kids := e.Children()
	var out []sql.Expression
	for i, c := range kids {
		nc, err := mapTiesCounts(c, f)
		if err != nil {
			return nil, err
		}
		if nc != c && out == nil {
			out = append([]sql.Expression{}, kids...)
		}
		if out != nil {
			out[i] = nc
		}
	}
	if out == nil {
		return e, nil
	}
	return e.WithChildren(out...)
}
