package expr

import (
	"math"
	"math/big"
	"math/rand"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/shopspring/decimal"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

func bfAsF(v any) float64 {
	switch x := v.(type) {
	case float64:
		return x
	case float32:
		return float64(x)
	case decimal.Decimal:
		f, _ := x.Float64()
		return f
	case types.NumericSpecial:
		return x.Float()
	}
	return float64(bfAsInt(v))
}

func bfAsD(v any) decimal.Decimal {
	switch x := v.(type) {
	case decimal.Decimal:
		return x
	case float64:
		return decimal.NewFromFloat(x)
	case float32:
		return decimal.NewFromFloat(float64(x))
	}
	return decimal.NewFromInt(bfAsInt(v))
}

// bfDecFromFloat converts a float result to numeric with 16 fractional digits
// (PostgreSQL's default display scale for most numeric transcendental results).
func bfDecFromFloat(f float64, scale int32) decimal.Decimal {
	return decimal.NewFromFloat(f).Round(scale)
}

type bfFfn = func(float64) (float64, error)

func bfAddFloat1(r *Registry, name string, f bfFfn) {
	fn := func(_ *sql.Context, _ *types.Env, a []any) (any, error) { return f(bfAsF(a[0])) }
	for _, t := range []*types.Type{types.Float8, types.Int4, types.Int8} {
		bfAddSimple(r, name, bfTt(t), types.Float8, fn)
	}
}

func bfAddNumFloat1(r *Registry, name string, nf func(decimal.Decimal) (decimal.Decimal, error), f bfFfn) {
	bfAddFloat1(r, name, f)
	bfAddSimple(r, name, bfTt(types.Numeric), types.Numeric, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		if n, ok := a[0].(types.NumericSpecial); ok {
			// NaN and the infinities follow the float function (round(Infinity)
			// is Infinity, exp(-Infinity) is 0, sqrt(-Infinity) raises)
			r, err := f(n.Float())
			if err != nil {
				return nil, err
			}
			return types.NumericFromFloat(r, 64), nil
		}
		return nf(bfAsD(a[0]))
	})
}

func bfErrLogNeg(x float64) error {
	if x == 0 {
		return pgerror.New(pgerror.InvalidArgumentForLogarithm, "cannot take logarithm of zero")
	}
	return pgerror.New(pgerror.InvalidArgumentForLogarithm, "cannot take logarithm of a negative number")
}

func bfIntAbs(t *types.Type, minv int64) bfFnT {
	return func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		n := bfAsInt(a[0])
		if n == minv {
			return nil, pgerror.New(pgerror.NumericValueOutOfRange, "%s out of range", map[bool]string{true: "integer", false: "bigint"}[t == types.Int4])
		}
		if n < 0 {
			n = -n
		}
		return types.IntToKind(n, t)
	}
}

// AddMathFuncs adds the mathematical functions (docs 9.3).
// A family of session.Builtins.
func AddMathFuncs(r *Registry) {
	N, F, I4, I8 := types.Numeric, types.Float8, types.Int4, types.Int8
	bfAddSimple(r, "abs", bfTt(I4), I4, bfIntAbs(I4, math.MinInt32))
	bfAddSimple(r, "abs", bfTt(I8), I8, bfIntAbs(I8, math.MinInt64))
	bfAddSimple(r, "abs", bfTt(types.Int2), types.Int2, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		n := bfAsInt(a[0])
		if n < 0 {
			n = -n
		}
		return types.IntToKind(n, types.Int2)
	})
	bfAddSimple(r, "abs", bfTt(N), N, func(_ *sql.Context, _ *types.Env, a []any) (any, error) { return numericAbs(a[0]), nil })
	bfAddSimple(r, "abs", bfTt(F), F, func(_ *sql.Context, _ *types.Env, a []any) (any, error) { return math.Abs(bfAsF(a[0])), nil })
	bfAddSimple(r, "sign", bfTt(N), N, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		if isNumNaN(a[0]) {
			return types.NumericNaN, nil
		}
		return decimal.NewFromInt(int64(numSign(a[0]))), nil
	})
	bfAddFloat1(r, "sign", func(x float64) (float64, error) {
		switch {
		case x > 0:
			return 1, nil
		case x < 0:
			return -1, nil
		}
		return 0, nil
	})
	bfAddNumFloat1(r, "round", func(d decimal.Decimal) (decimal.Decimal, error) { return d.Round(0), nil }, func(x float64) (float64, error) { return math.RoundToEven(x), nil })
	bfAddNumFloat1(r, "trunc", func(d decimal.Decimal) (decimal.Decimal, error) { return d.Truncate(0), nil }, func(x float64) (float64, error) { return math.Trunc(x), nil })
	for _, n := range []string{"ceil", "ceiling"} {
		bfAddNumFloat1(r, n, func(d decimal.Decimal) (decimal.Decimal, error) { return d.Ceil(), nil }, func(x float64) (float64, error) { return math.Ceil(x), nil })
	}
	bfAddNumFloat1(r, "floor", func(d decimal.Decimal) (decimal.Decimal, error) { return d.Floor(), nil }, func(x float64) (float64, error) { return math.Floor(x), nil })
	bfAddSimple(r, "round", bfTt(N, I4), N, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		if isSpecial(a[0]) {
			return a[0], nil
		}
		s := int32(bfAsInt(a[1]))
		d := bfAsD(a[0]).Round(s)
		if s > 0 {
			d = d.Round(s) // keep scale s
			return decimal.RequireFromString(d.StringFixed(s)), nil
		}
		return d, nil
	})
	bfAddSimple(r, "trunc", bfTt(N, I4), N, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		if isSpecial(a[0]) {
			return a[0], nil
		}
		s := int32(bfAsInt(a[1]))
		d := bfAsD(a[0]).Truncate(s)
		if s < 0 {
			// shopspring's Truncate leaves a negative precision alone:
			// drop the digits left of the point as PostgreSQL does
			// (trunc(155.5, -1) is 150, at scale 0)
			d = d.Shift(s).Truncate(0).Shift(-s)
		}
		if s > 0 {
			return decimal.RequireFromString(d.StringFixed(s)), nil
		}
		return d, nil
	})
	sqrtF := func(x float64) (float64, error) {
		if x < 0 {
			return 0, pgerror.New(pgerror.InvalidArgumentForPower, "cannot take square root of a negative number")
		}
		return math.Sqrt(x), nil
	}
	bfAddNumFloat1(r, "sqrt", numericSqrt, sqrtF)
	bfAddFloat1(r, "cbrt", func(x float64) (float64, error) { return Cbrt(x), nil })
	bfAddNumFloat1(r, "exp", numericExp, func(x float64) (float64, error) { return math.Exp(x), nil })
	lnF := func(x float64) (float64, error) {
		if x <= 0 {
			return 0, bfErrLogNeg(x)
		}
		return math.Log(x), nil
	}
	log10F := func(x float64) (float64, error) {
		if x <= 0 {
			return 0, bfErrLogNeg(x)
		}
		return math.Log10(x), nil
	}
	bfAddNumFloat1(r, "ln", numericLn, lnF)
	for _, n := range []string{"log", "log10"} {
		// log(numeric) is log(10, x) in pg_proc
		bfAddNumFloat1(r, n, func(d decimal.Decimal) (decimal.Decimal, error) {
			return numericLog(decimal.New(10, 0), d)
		}, log10F)
	}
	bfAddSimple(r, "log", bfTt(N, N), N, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		if isSpecial(a[0]) || isSpecial(a[1]) {
			return numericSpecialLog(a[0], a[1])
		}
		return numericLog(bfAsD(a[0]), bfAsD(a[1]))
	})
	powF := func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		x, y := bfAsF(a[0]), bfAsF(a[1])
		if x == 0 && y < 0 {
			return nil, pgerror.New(pgerror.InvalidArgumentForPower, "zero raised to a negative power is undefined")
		}
		if x < 0 && y != math.Trunc(y) {
			return nil, pgerror.New(pgerror.InvalidArgumentForPower, "a negative number raised to a non-integer power yields a complex result")
		}
		return math.Pow(x, y), nil
	}
	for _, n := range []string{"power", "pow"} {
		bfAddSimple(r, n, bfTt(I4, I4), F, powF)
		bfAddSimple(r, n, bfTt(I8, I8), F, powF)
		bfAddSimple(r, n, bfTt(N, N), N, func(c *sql.Context, e *types.Env, a []any) (any, error) {
			if isSpecial(a[0]) || isSpecial(a[1]) {
				return numericSpecialPow(a[0], a[1])
			}
			return numericPow(bfAsD(a[0]), bfAsD(a[1]))
		})
		bfAddSimple(r, n, bfTt(F, F), F, powF)
	}
	bfAddSimple(r, "mod", bfTt(I4, I4), I4, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		if bfAsInt(a[1]) == 0 {
			return nil, pgerror.New(pgerror.DivisionByZero, "division by zero")
		}
		return int32(bfAsInt(a[0]) % bfAsInt(a[1])), nil
	})
	bfAddSimple(r, "mod", bfTt(I8, I8), I8, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		if bfAsInt(a[1]) == 0 {
			return nil, pgerror.New(pgerror.DivisionByZero, "division by zero")
		}
		return bfAsInt(a[0]) % bfAsInt(a[1]), nil
	})
	bfAddSimple(r, "mod", bfTt(N, N), N, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		if isSpecial(a[0]) || isSpecial(a[1]) {
			return numericSpecialOp("%", a[0], a[1])
		}
		if bfAsD(a[1]).IsZero() {
			return nil, pgerror.New(pgerror.DivisionByZero, "division by zero")
		}
		return bfAsD(a[0]).Mod(bfAsD(a[1])), nil
	})
	bfAddSimple(r, "div", bfTt(N, N), N, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		if isSpecial(a[0]) || isSpecial(a[1]) {
			return numericSpecialDiv(a[0], a[1])
		}
		if bfAsD(a[1]).IsZero() {
			return nil, pgerror.New(pgerror.DivisionByZero, "division by zero")
		}
		q := bfAsD(a[0]).DivRound(bfAsD(a[1]), 20).Truncate(0)
		return q, nil
	})
	r.Add("random", FuncImpl{Result: Fixed(F), Volatile: true, Fn: func(_ *sql.Context, _ *types.Env, _ []any) (any, error) { return rand.Float64(), nil }})
	r.Add("pi", FuncImpl{Result: Fixed(F), Fn: func(_ *sql.Context, _ *types.Env, _ []any) (any, error) { return math.Pi, nil }})
	bfAddFloat1(r, "degrees", func(x float64) (float64, error) { return x * 180 / math.Pi, nil })
	bfAddFloat1(r, "radians", func(x float64) (float64, error) { return x * math.Pi / 180, nil })
	bfAddFloat1(r, "sin", func(x float64) (float64, error) { return math.Sin(x), nil })
	bfAddFloat1(r, "cos", func(x float64) (float64, error) { return math.Cos(x), nil })
	bfAddFloat1(r, "tan", func(x float64) (float64, error) { return math.Tan(x), nil })
	bfAddFloat1(r, "asin", func(x float64) (float64, error) { return math.Asin(x), nil })
	bfAddFloat1(r, "acos", func(x float64) (float64, error) { return math.Acos(x), nil })
	bfAddFloat1(r, "atan", func(x float64) (float64, error) { return math.Atan(x), nil })
	bfAddSimple(r, "atan2", bfTt(F, F), F, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		return math.Atan2(bfAsF(a[0]), bfAsF(a[1])), nil
	})
	bfAddSimple(r, "factorial", bfTt(I8), N, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		n := bfAsInt(a[0])
		if n < 0 {
			return nil, pgerror.New(pgerror.InvalidParameterValue, "factorial of a negative number is undefined")
		}
		r := new(big.Int).MulRange(1, n)
		if n == 0 {
			r = big.NewInt(1)
		}
		return decimal.NewFromBigInt(r, 0), nil
	})
	gcd := func(a, b int64) int64 {
		if a < 0 {
			a = -a
		}
		if b < 0 {
			b = -b
		}
		for b != 0 {
			a, b = b, a%b
		}
		return a
	}
	for _, t := range []*types.Type{I4, I8} {
		t := t
		bfAddSimple(r, "gcd", bfTt(t, t), t, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
			return types.IntToKind(gcd(bfAsInt(a[0]), bfAsInt(a[1])), t)
		})
		bfAddSimple(r, "lcm", bfTt(t, t), t, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
			x, y := bfAsInt(a[0]), bfAsInt(a[1])
			if x == 0 || y == 0 {
				return types.IntToKind(0, t)
			}
			r := x / gcd(x, y) * y
			if r < 0 {
				r = -r
			}
			return types.IntToKind(r, t)
		})
	}
	bfAddSimple(r, "scale", bfTt(N), I4, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		if isSpecial(a[0]) {
			return nil, nil // NaN and the infinities have no scale
		}
		e := bfAsD(a[0]).Exponent()
		if e > 0 {
			return int32(0), nil
		}
		return int32(-e), nil
	})
	trimScale := func(d decimal.Decimal) decimal.Decimal {
		s := d.String()
		return decimal.RequireFromString(s)
	}
	bfAddSimple(r, "trim_scale", bfTt(N), N, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		if isSpecial(a[0]) {
			return a[0], nil
		}
		return trimScale(bfAsD(a[0])), nil
	})
	bfAddSimple(r, "min_scale", bfTt(N), I4, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		if isSpecial(a[0]) {
			return nil, nil
		}
		e := trimScale(bfAsD(a[0])).Exponent()
		if e > 0 {
			return int32(0), nil
		}
		return int32(-e), nil
	})
	bfAddSimple(r, "width_bucket", bfTt(N, N, N, I4), I4, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		if isNumNaN(a[0]) || isNumNaN(a[1]) || isNumNaN(a[2]) {
			return nil, pgerror.New("2201G", "operand, lower bound, and upper bound cannot be NaN")
		}
		if isSpecial(a[1]) || isSpecial(a[2]) {
			return nil, pgerror.New("2201G", "lower and upper bounds must be finite")
		}
		x, lo, hi, n := bfAsF(a[0]), bfAsF(a[1]), bfAsF(a[2]), bfAsInt(a[3])
		if n <= 0 {
			return nil, pgerror.New("2201G", "count must be greater than zero")
		}
		switch {
		case x < lo:
			return int32(0), nil
		case x >= hi:
			return int32(n + 1), nil
		}
		return int32(math.Floor((x-lo)/(hi-lo)*float64(n))) + 1, nil
	})
}

// AddNumericToCharFuncs adds to_char over numbers (docs 9.8).
// A family of session.Builtins.
func AddNumericToCharFuncs(r *Registry) {
	for _, t := range []*types.Type{types.Numeric, types.Int4, types.Int8, types.Float4, types.Float8} {
		bfAddSimple(r, "to_char", bfTt(t, types.Text), types.Text, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
			switch x := a[0].(type) {
			case float64:
				return toCharFloat(x, t == types.Float4, a[1].(string))
			case float32:
				return toCharFloat(float64(x), true, a[1].(string))
			case decimal.Decimal, types.NumericSpecial:
				return toCharNumeric(x, a[1].(string))
			}
			bits := 64
			if t == types.Int4 {
				bits = 32
			}
			return toCharInt(bfAsInt(a[0]), bits, a[1].(string))
		})
	}
	bfAddSimple(r, "to_number", bfTt(types.Text, types.Text), types.Numeric, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		return toNumber(a[0].(string), a[1].(string))
	})
}
