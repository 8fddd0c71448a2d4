package expr

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"

	"github.com/tinybase/tinybase/engine/internal/types"
)

// ScanFilter compiles a filter a scan applies to every row it reads into
// a test of the row, for the shapes a filter over a large scan usually
// has: a column compared with a value fixed for the statement (a
// constant, or a parameter, which fixed recognises), a boolean column,
// and ANDs of those. The comparison's other operand is evaluated once,
// where Eval would evaluate it (and look up the session's environment)
// for every row; an integer or text column is compared without boxing or
// a call through the operator table. ok is false for any other
// condition, and for a fixed operand whose evaluation fails (the
// condition's own Eval then raises it on the first row, as before).
//
// The test is the filter's: a row passes when the condition is true, not
// when it is false or NULL. None of the compiled shapes can fail or has a
// side effect, so the order of the tests does not matter.
func ScanFilter(ctx *sql.Context, cond sql.Expression, fixed func(sql.Expression) bool) (test func(sql.Row) bool, ok bool) {
	switch c := cond.(type) {
	case *Logic:
		if !c.And {
			return nil, false
		}
		return andFilter(ctx, c.Left, c.Right, fixed)
	case *expression.And:
		return andFilter(ctx, c.LeftChild, c.RightChild, fixed)
	case *expression.GetField:
		if t, isPG := c.Type().(*types.Type); !isPG || t.OID != types.Bool.OID {
			return nil, false
		}
		i := c.Index()
		if i < 0 {
			return nil, false
		}
		return func(row sql.Row) bool {
			// a type assertion, not == true, which compares through the
			// type's equality function
			if i >= len(row) {
				return false
			}
			b, _ := row[i].(bool)
			return b
		}, true
	case *Literal:
		// a comparison with a NULL constant folds to one (NewBinOp)
		v := c.Value
		return func(sql.Row) bool { return v == true }, true
	case *BinOp:
		if c.lt != c.rt {
			return nil, false
		}
		return compareFilter(ctx, c.Op, c.Left, c.Right, c.lt, c.fn, fixed)
	case expression.Comparer:
		// GMS's own comparisons (IndexableComparisons makes them of
		// tinybase's): of two operands of one PostgreSQL type they are
		// that type's comparison, which compareFn is
		op, ok := gmsCompareOps[fmt.Sprintf("%T", c)]
		if !ok {
			return nil, false
		}
		t, isPG := c.Left().Type().(*types.Type)
		if !isPG || t != c.Right().Type() {
			return nil, false
		}
		return compareFilter(ctx, op, c.Left(), c.Right(), t, compareFn(t, compareOps[op]), fixed)
	}
	return nil, false
}

// gmsCompareOps are the operators of GMS's comparisons.
var gmsCompareOps = map[string]string{
	fmt.Sprintf("%T", &expression.Equals{}):             "=",
	fmt.Sprintf("%T", &expression.LessThan{}):           "<",
	fmt.Sprintf("%T", &expression.LessThanOrEqual{}):    "<=",
	fmt.Sprintf("%T", &expression.GreaterThan{}):        ">",
	fmt.Sprintf("%T", &expression.GreaterThanOrEqual{}): ">=",
}

// andFilter compiles l AND r.
func andFilter(ctx *sql.Context, l, r sql.Expression, fixed func(sql.Expression) bool) (func(sql.Row) bool, bool) {
	lt, ok := ScanFilter(ctx, l, fixed)
	if !ok {
		return nil, false
	}
	rt, ok := ScanFilter(ctx, r, fixed)
	if !ok {
		return nil, false
	}
	return func(row sql.Row) bool { return lt(row) && rt(row) }, true
}

// fastCompared are the types whose comparison (compareFn) orders int64s
// or strings by their Go order.
func fastCompared(t *types.Type) bool {
	switch t {
	case types.Int2, types.Int4, types.Int8, types.Text, types.Varchar, types.Name:
		return true
	}
	return false
}

// compareFilter compiles column op fixed (or fixed op column), fn the
// operator on two values of type t, for a comparison operator and a type
// in fastCompared.
func compareFilter(ctx *sql.Context, op string, left, right sql.Expression, t *types.Type, fn OpFunc, fixed func(sql.Expression) bool) (func(sql.Row) bool, bool) {
	test, isCmp := compareOps[op]
	if !isCmp || !fastCompared(t) {
		return nil, false
	}
	if _, ok := left.Type().(*types.Type); !ok {
		return nil, false
	}
	if _, ok := right.Type().(*types.Type); !ok {
		return nil, false
	}
	col, other := left, right
	swapped := false
	if _, ok := col.(*expression.GetField); !ok {
		col, other, swapped = right, left, true
	}
	gf, ok := col.(*expression.GetField)
	if !ok || gf.Index() < 0 || !isFixed(other, fixed) {
		return nil, false
	}
	v, err := other.Eval(ctx, nil)
	if err != nil {
		return nil, false
	}
	i := gf.Index()
	if v == nil {
		// a strict operator's NULL operand: no row passes
		return func(sql.Row) bool { return false }, true
	}
	// cmp orders the row's value against v as the operator's operands
	// stand: column first unless swapped
	sign := 1
	if swapped {
		sign = -1
	}
	env := EnvOf(ctx)
	slow := func(x any) bool {
		var r any
		if swapped {
			r, _ = fn(env, v, x)
		} else {
			r, _ = fn(env, x, v)
		}
		return r == true
	}
	switch y := v.(type) {
	case int64:
		return func(row sql.Row) bool {
			if i >= len(row) || row[i] == nil {
				return false
			}
			x, ok := row[i].(int64)
			if !ok {
				return slow(row[i])
			}
			return test(sign * cmpInt64(x, y))
		}, true
	case string:
		eq, ne := op == "=", op == "<>"
		return func(row sql.Row) bool {
			if i >= len(row) || row[i] == nil {
				return false
			}
			x, ok := row[i].(string)
			switch {
			case !ok:
				return slow(row[i])
			case eq:
				return x == y
			case ne:
				return x != y
			}
			return test(sign * strings.Compare(x, y))
		}, true
	}
	return func(row sql.Row) bool {
		if i >= len(row) || row[i] == nil {
			return false
		}
		return slow(row[i])
	}, true
}

// isFixed reports whether e is a constant or a parameter.
func isFixed(e sql.Expression, fixed func(sql.Expression) bool) bool {
	switch e.(type) {
	case *Literal, *expression.Literal:
		return true
	}
	return fixed != nil && fixed(e)
}
