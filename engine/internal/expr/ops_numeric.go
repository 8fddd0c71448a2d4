package expr

import (
	"math"

	"github.com/shopspring/decimal"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// operators maps an operator name to its implementations. Built once at
// init; immutable afterwards.
var operators = map[string][]OpImpl{}

func addOp(name string, l, r *types.Type, res *types.Type, fn OpFunc) {
	operators[name] = append(operators[name], OpImpl{Left: l, Right: r, Result: func(*types.Type, *types.Type) *types.Type { return res }, Fn: fn})
}

func addOpDyn(name string, l, r *types.Type, res func(l, r *types.Type) *types.Type, fn OpFunc) {
	operators[name] = append(operators[name], OpImpl{Left: l, Right: r, Result: res, Fn: fn})
}

func sameAsLeft(l, _ *types.Type) *types.Type { return l }

func init() {
	ints := []*types.Type{types.Int2, types.Int4, types.Int8}
	for _, t := range ints {
		t := t
		addOp("+", t, t, t, intOp(t, func(a, b int64) (int64, bool) { c := a + b; return c, (c > a) == (b > 0) || b == 0 }))
		addOp("-", t, t, t, intOp(t, func(a, b int64) (int64, bool) { c := a - b; return c, (c < a) == (b > 0) || b == 0 }))
		addOp("*", t, t, t, intOp(t, func(a, b int64) (int64, bool) {
			if a == 0 || b == 0 {
				return 0, true
			}
			c := a * b
			return c, c/b == a && !(a == -1 && b == math.MinInt64) && !(b == -1 && a == math.MinInt64)
		}))
		addOp("/", t, t, t, func(_ *types.Env, a, b any) (any, error) {
			x, y := toInt(a), toInt(b)
			if y == 0 {
				return nil, errDivZero()
			}
			return types.IntToKindRange(x/y, t)
		})
		addOp("%", t, t, t, func(_ *types.Env, a, b any) (any, error) {
			x, y := toInt(a), toInt(b)
			if y == 0 {
				return nil, errDivZero()
			}
			return types.IntToKindRange(x%y, t)
		})
	}
	addOp("+", types.Numeric, types.Numeric, types.Numeric, decOp("+", func(a, b decimal.Decimal) (decimal.Decimal, error) { return a.Add(b), nil }))
	addOp("-", types.Numeric, types.Numeric, types.Numeric, decOp("-", func(a, b decimal.Decimal) (decimal.Decimal, error) { return a.Sub(b), nil }))
	addOp("*", types.Numeric, types.Numeric, types.Numeric, decOp("*", func(a, b decimal.Decimal) (decimal.Decimal, error) { return a.Mul(b), nil }))
	addOp("/", types.Numeric, types.Numeric, types.Numeric, decOp("/", NumericDiv))
	addOp("%", types.Numeric, types.Numeric, types.Numeric, decOp("%", func(a, b decimal.Decimal) (decimal.Decimal, error) {
		if b.IsZero() {
			return decimal.Decimal{}, errDivZero()
		}
		return a.Mod(b), nil
	}))
	for _, t := range []*types.Type{types.Float4, types.Float8} {
		t := t
		addOp("+", t, t, t, floatOp(t, func(a, b float64) (float64, error) { return a + b, nil }))
		addOp("-", t, t, t, floatOp(t, func(a, b float64) (float64, error) { return a - b, nil }))
		addOp("*", t, t, t, floatOp(t, func(a, b float64) (float64, error) { return a * b, nil }))
		addOp("/", t, t, t, floatOp(t, func(a, b float64) (float64, error) {
			if b == 0 {
				return 0, errDivZero()
			}
			return a / b, nil
		}))
	}
	addOp("^", types.Float8, types.Float8, types.Float8, floatOp(types.Float8, func(a, b float64) (float64, error) {
		if a == 0 && b < 0 {
			return 0, pgerror.New(pgerror.InvalidArgumentForPower, "zero raised to a negative power is undefined")
		}
		if a < 0 && b != math.Trunc(b) {
			return 0, pgerror.New(pgerror.InvalidArgumentForPower, "a negative number raised to a non-integer power yields a complex result")
		}
		return math.Pow(a, b), nil
	}))
	addOp("^", types.Numeric, types.Numeric, types.Numeric, decOp("^", numericPow))
}

func errDivZero() error { return pgerror.New(pgerror.DivisionByZero, "division by zero") }

func toInt(v any) int64 {
	switch x := v.(type) {
	case int16:
		return int64(x)
	case int32:
		return int64(x)
	case int64:
		return x
	case uint32:
		return int64(x)
	}
	return 0
}

func intOp(t *types.Type, f func(a, b int64) (int64, bool)) OpFunc {
	return func(_ *types.Env, a, b any) (any, error) {
		c, ok := f(toInt(a), toInt(b))
		if !ok {
			return nil, types.RangeError(t)
		}
		return types.IntToKindRange(c, t)
	}
}

// decOp is a numeric operator: f on finite operands, numeric.c's rules
// for NaN and the infinities otherwise (ops_numeric_special.go).
func decOp(op string, f func(a, b decimal.Decimal) (decimal.Decimal, error)) OpFunc {
	return func(_ *types.Env, a, b any) (any, error) {
		x, ok1 := a.(decimal.Decimal)
		y, ok2 := b.(decimal.Decimal)
		if !ok1 || !ok2 {
			return numericSpecialOp(op, a, b)
		}
		return f(x, y)
	}
}

func toFloat(v any) float64 {
	switch x := v.(type) {
	case float32:
		return float64(x)
	case float64:
		return x
	}
	return float64(toInt(v))
}

func floatOp(t *types.Type, f func(a, b float64) (float64, error)) OpFunc {
	return func(_ *types.Env, a, b any) (any, error) {
		c, err := f(toFloat(a), toFloat(b))
		if err != nil {
			return nil, err
		}
		if math.IsInf(c, 0) && !math.IsInf(toFloat(a), 0) && !math.IsInf(toFloat(b), 0) {
			return nil, pgerror.New(pgerror.NumericValueOutOfRange, "value out of range: overflow")
		}
		if t.Kind == types.KindFloat4 {
			return float32(c), nil
		}
		return c, nil
	}
}

// NumericDiv divides with PostgreSQL's result scale rule (select_div_scale):
// at least 16 significant digits, and no fewer fraction digits than either
// input has.
func NumericDiv(a, b decimal.Decimal) (decimal.Decimal, error) {
	if b.IsZero() {
		return decimal.Decimal{}, errDivZero()
	}
	// weight and leading digit group in base 10000, as PostgreSQL stores numerics
	weight := func(d decimal.Decimal) (int, int64) {
		d = d.Abs()
		if d.IsZero() {
			return 0, 0
		}
		w := 0
		for d.Cmp(decimal.New(10000, int32(4*w))) >= 0 {
			w++
		}
		for d.Cmp(decimal.New(1, int32(4*w))) < 0 {
			w--
		}
		return w, d.Div(decimal.New(1, int32(4*w))).IntPart()
	}
	dscale := func(d decimal.Decimal) int {
		if e := int(d.Exponent()); e < 0 {
			return -e
		}
		return 0
	}
	wa, la := weight(a)
	wb, lb := weight(b)
	qweight := wa - wb
	if la <= lb {
		qweight--
	}
	rscale := 16 - qweight*4
	if rscale < dscale(a) {
		rscale = dscale(a)
	}
	if rscale < dscale(b) {
		rscale = dscale(b)
	}
	if rscale < 0 {
		rscale = 0
	}
	if rscale > 1000 {
		rscale = 1000
	}
	q := a.DivRound(b, int32(rscale+4)).Round(int32(rscale))
	return q.Truncate(int32(rscale)).Add(decimal.New(0, -int32(rscale))), nil
}

// Bitwise operators on integers (docs 9.3, Table 9.5).
func init() {
	for _, t := range []*types.Type{types.Int2, types.Int4, types.Int8} {
		t := t
		bit := func(f func(a, b int64) int64) OpFunc {
			return func(_ *types.Env, a, b any) (any, error) { return types.IntToKindRange(f(toInt(a), toInt(b)), t) }
		}
		addOp("&", t, t, t, bit(func(a, b int64) int64 { return a & b }))
		addOp("|", t, t, t, bit(func(a, b int64) int64 { return a | b }))
		addOp("#", t, t, t, bit(func(a, b int64) int64 { return a ^ b }))
		// shifts take an int4 count and, as in C, use it modulo the width
		width := int64(t.Len) * 8
		addOp("<<", t, types.Int4, t, bit(func(a, b int64) int64 { return truncBits(a<<uint64(floorMod(b, width)), width) }))
		addOp(">>", t, types.Int4, t, bit(func(a, b int64) int64 { return a >> uint64(floorMod(b, width)) }))
	}
}

// truncBits wraps n to a signed integer of width bits.
func truncBits(n, width int64) int64 {
	switch width {
	case 16:
		return int64(int16(n))
	case 32:
		return int64(int32(n))
	}
	return n
}
