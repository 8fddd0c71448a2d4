package expr

import (
	"math"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/shopspring/decimal"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Operators and functions of bit strings (docs 9.6), money (docs 8.2) and
// point (docs 9.11).
func init() {
	for _, bt := range []*types.Type{types.Bit, types.Varbit} {
		bt := bt
		bitwise := func(op, name string, f func(x, y byte) byte) {
			addOp(op, bt, bt, bt, func(_ *types.Env, a, b any) (any, error) {
				x, y := a.(string), b.(string)
				if len(x) != len(y) {
					return nil, pgerror.New(pgerror.StringDataLengthMismatch, "cannot %s bit strings of different sizes", name)
				}
				out := make([]byte, len(x))
				for i := range out {
					out[i] = '0' + f(x[i]-'0', y[i]-'0')
				}
				return string(out), nil
			})
		}
		bitwise("&", "AND", func(x, y byte) byte { return x & y })
		bitwise("|", "OR", func(x, y byte) byte { return x | y })
		bitwise("#", "XOR", func(x, y byte) byte { return x ^ y })
		addPrefix("~", bt, bt, func(_ *types.Env, v any) (any, error) {
			s := []byte(v.(string))
			for i := range s {
				s[i] ^= 1
			}
			return string(s), nil
		})
		addOp("<<", bt, types.Int4, bt, func(_ *types.Env, a, b any) (any, error) { return bitShift(a.(string), int(b.(int32))), nil })
		addOp(">>", bt, types.Int4, bt, func(_ *types.Env, a, b any) (any, error) { return bitShift(a.(string), -int(b.(int32))), nil })
	}
	addOp("||", types.Varbit, types.Varbit, types.Varbit, func(_ *types.Env, a, b any) (any, error) { return a.(string) + b.(string), nil })

	M := types.MoneyType
	addOp("+", M, M, M, func(_ *types.Env, a, b any) (any, error) {
		return moneyAdd(int64(a.(types.Money)), int64(b.(types.Money)))
	})
	addOp("-", M, M, M, func(_ *types.Env, a, b any) (any, error) {
		return moneyAdd(int64(a.(types.Money)), -int64(b.(types.Money)))
	})
	addOp("/", M, M, types.Float8, func(_ *types.Env, a, b any) (any, error) {
		if b.(types.Money) == 0 {
			return nil, pgerror.New(pgerror.DivisionByZero, "division by zero")
		}
		return float64(a.(types.Money)) / float64(b.(types.Money)), nil
	})
	for _, nt := range []*types.Type{types.Int2, types.Int4, types.Int8, types.Float4, types.Float8} {
		nt := nt
		addOp("*", M, nt, M, func(_ *types.Env, a, b any) (any, error) { return moneyScale(a.(types.Money), b, false) })
		addOp("*", nt, M, M, func(_ *types.Env, a, b any) (any, error) { return moneyScale(b.(types.Money), a, false) })
		addOp("/", M, nt, M, func(_ *types.Env, a, b any) (any, error) { return moneyScale(a.(types.Money), b, true) })
	}

	P := types.PointType
	addOp("<->", P, P, types.Float8, func(_ *types.Env, a, b any) (any, error) { return types.PointDistance(a.(string), b.(string)) })
	addOp("~=", P, P, types.Bool, func(_ *types.Env, a, b any) (any, error) {
		x1, y1, err := types.PointXY(a.(string))
		if err != nil {
			return nil, err
		}
		x2, y2, err := types.PointXY(b.(string))
		if err != nil {
			return nil, err
		}
		return fpEq(x1, x2) && fpEq(y1, y2), nil
	})
}

// AddBitPointFuncs adds the bit string and point functions.
// session.Builtins adds them after AddTextFuncs so that length(unknown)
// keeps resolving to the text function.
func AddBitPointFuncs(r *Registry) {
	addMoneyFuncs(r) // funcs_money.go
	for _, bt := range []*types.Type{types.Bit, types.Varbit} {
		bt := bt
		r.Add("length", FuncImpl{Args: []*types.Type{bt}, Result: Fixed(types.Int4), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
			return int32(len(a[0].(string))), nil
		}})
		r.Add("bit_length", FuncImpl{Args: []*types.Type{bt}, Result: Fixed(types.Int4), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
			return int32(len(a[0].(string))), nil
		}})
		r.Add("get_bit", FuncImpl{Args: []*types.Type{bt, types.Int4}, Result: Fixed(types.Int4), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
			s, n := a[0].(string), int(a[1].(int32))
			if n < 0 || n >= len(s) {
				return nil, pgerror.New(pgerror.ArraySubscriptError, "bit index %d out of valid range (0..%d)", n, len(s)-1)
			}
			return int32(s[n] - '0'), nil
		}})
	}
	addPolygonFuncs(r)
	P := types.PointType
	r.Add("point", FuncImpl{Args: []*types.Type{types.Float8, types.Float8}, Result: Fixed(P), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		return types.FormatPoint(a[0].(float64), a[1].(float64)), nil
	}})
}

// fpEq is geo_decls.h's FPeq: equal within 1e-6.
func fpEq(a, b float64) bool { return a == b || math.Abs(a-b) <= 1e-6 }

func bitShift(s string, n int) string {
	l := len(s)
	if n >= l || -n >= l {
		return strings.Repeat("0", l)
	}
	if n >= 0 {
		return s[n:] + strings.Repeat("0", n)
	}
	return strings.Repeat("0", -n) + s[:l+n]
}

func moneyAdd(a, b int64) (any, error) {
	c := a + b
	if (c > a) != (b > 0) && b != 0 {
		return nil, pgerror.New(pgerror.NumericValueOutOfRange, "money out of range")
	}
	return types.Money(c), nil
}

// moneyScale is cash_mul_* / cash_div_*: floats round to the nearest
// cent, integers divide with truncation as PostgreSQL's int division does.
func moneyScale(m types.Money, by any, div bool) (any, error) {
	switch x := by.(type) {
	case float32, float64:
		f := toFloat(x)
		if div {
			if f == 0 {
				return nil, pgerror.New(pgerror.DivisionByZero, "division by zero")
			}
			return types.Money(math.RoundToEven(float64(m) / f)), nil
		}
		return types.Money(math.RoundToEven(float64(m) * f)), nil
	}
	n := toInt(by)
	if div {
		if n == 0 {
			return nil, pgerror.New(pgerror.DivisionByZero, "division by zero")
		}
		return types.Money(int64(m) / n), nil
	}
	d := decimal.NewFromInt(int64(m)).Mul(decimal.NewFromInt(n))
	if !d.BigInt().IsInt64() {
		return nil, pgerror.New(pgerror.NumericValueOutOfRange, "money out of range")
	}
	return types.Money(d.IntPart()), nil
}
