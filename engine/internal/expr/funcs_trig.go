package expr

import (
	"math"
	"math/bits"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

func errInputOutOfRange() error {
	return pgerror.New(pgerror.NumericValueOutOfRange, "input is out of range")
}

func errFloatOverflow() error {
	return pgerror.New(pgerror.NumericValueOutOfRange, "value out of range: overflow")
}

func errFloatUnderflow() error {
	return pgerror.New(pgerror.NumericValueOutOfRange, "value out of range: underflow")
}

// degConsts are float.c's init_degree_constants, computed at run time
// from the rounded radians-per-degree (not folded exactly, as Go would
// fold a constant expression), so the degree functions scale by the
// same values PostgreSQL does.
type degConsts struct {
	sin30, oneMinusCos60, asin05, acos05, atan10, tan45, cot45 float64
}

var radPerDeg = 0.0174532925199432957692

func newDegConsts() degConsts {
	thirty, sixty := 30.0, 60.0
	d := degConsts{
		sin30:         math.Sin(radPerDeg * thirty),
		oneMinusCos60: 1.0 - math.Cos(radPerDeg*sixty),
		asin05:        math.Asin(0.5),
		acos05:        math.Acos(0.5),
		atan10:        math.Atan(1.0),
	}
	d.tan45 = d.sindQ1(45) / d.cosdQ1(45)
	d.cot45 = d.cosdQ1(45) / d.sindQ1(45)
	return d
}

func (d degConsts) sind0to30(x float64) float64 {
	return (math.Sin(x*radPerDeg) / d.sin30) / 2.0
}

func (d degConsts) cosd0to60(x float64) float64 {
	return 1.0 - ((1.0 - math.Cos(x*radPerDeg)) / d.oneMinusCos60 / 2.0)
}

func (d degConsts) sindQ1(x float64) float64 {
	if x <= 30 {
		return d.sind0to30(x)
	}
	return d.cosd0to60(90 - x)
}

func (d degConsts) cosdQ1(x float64) float64 {
	if x <= 60 {
		return d.cosd0to60(x)
	}
	return d.sind0to30(90 - x)
}

func (d degConsts) asindQ1(x float64) float64 {
	if x <= 0.5 {
		return (math.Asin(x) / d.asin05) * 30.0
	}
	return 90.0 - (math.Acos(x)/d.acos05)*60.0
}

func (d degConsts) acosdQ1(x float64) float64 {
	if x <= 0.5 {
		return 90.0 - (math.Asin(x)/d.asin05)*30.0
	}
	return (math.Acos(x) / d.acos05) * 60.0
}

// finiteArg is the check the trigonometric functions make first: NaN in,
// NaN out; an infinity is out of their domain.
func finiteArg(x float64) (nan bool, err error) {
	if math.IsNaN(x) {
		return true, nil
	}
	if math.IsInf(x, 0) {
		return false, errInputOutOfRange()
	}
	return false, nil
}

func (d degConsts) sind(x float64) (float64, error) {
	if nan, err := finiteArg(x); nan || err != nil {
		return math.NaN(), err
	}
	x = math.Mod(x, 360)
	sign := 1.0
	if x < 0 {
		x, sign = -x, -sign
	}
	if x > 180 {
		x, sign = x-180, -sign
	}
	if x > 90 {
		x = 180 - x
	}
	return sign * d.sindQ1(x), nil
}

func (d degConsts) cosd(x float64) (float64, error) {
	if nan, err := finiteArg(x); nan || err != nil {
		return math.NaN(), err
	}
	x = math.Mod(x, 360)
	sign := 1.0
	if x < 0 {
		x = -x
	}
	if x > 180 {
		x = 360 - x
	}
	if x > 90 {
		x, sign = 180-x, -sign
	}
	return sign * d.cosdQ1(x), nil
}

// tancotd is tand (cot false) or cotd: the quadrant folding both share,
// and plain zero for a minus zero, as float.c forces it.
func (d degConsts) tancotd(x float64, cot bool) (float64, error) {
	if nan, err := finiteArg(x); nan || err != nil {
		return math.NaN(), err
	}
	x = math.Mod(x, 360)
	sign := 1.0
	if x < 0 {
		x, sign = -x, -sign
	}
	if x > 180 {
		x, sign = 360-x, -sign
	}
	if x > 90 {
		x, sign = 180-x, -sign
	}
	var r float64
	if cot {
		r = sign * ((d.cosdQ1(x) / d.sindQ1(x)) / d.cot45)
	} else {
		r = sign * ((d.sindQ1(x) / d.cosdQ1(x)) / d.tan45)
	}
	if r == 0 {
		r = 0
	}
	return r, nil
}

// AddTrigFuncs adds cot, the trigonometric functions in degrees and the
// hyperbolic functions (docs 9.3, Tables 9.7 and 9.8), with float.c's
// exact results at the standard angles (sind(30) is 0.5) and its domain
// errors; and bit_count (docs 9.5, 9.6).
// A family of session.Builtins.
func AddTrigFuncs(r *Registry) {
	d := newDegConsts()
	bfAddFloat1(r, "cot", func(x float64) (float64, error) {
		if nan, err := finiteArg(x); nan || err != nil {
			return math.NaN(), err
		}
		return 1.0 / math.Tan(x), nil
	})
	bfAddFloat1(r, "sind", d.sind)
	bfAddFloat1(r, "cosd", d.cosd)
	bfAddFloat1(r, "tand", func(x float64) (float64, error) { return d.tancotd(x, false) })
	bfAddFloat1(r, "cotd", func(x float64) (float64, error) { return d.tancotd(x, true) })
	unit := func(f func(float64) float64) bfFfn {
		return func(x float64) (float64, error) {
			if math.IsNaN(x) {
				return x, nil
			}
			if x < -1 || x > 1 {
				return 0, errInputOutOfRange()
			}
			return f(x), nil
		}
	}
	bfAddFloat1(r, "asind", unit(func(x float64) float64 {
		if x >= 0 {
			return d.asindQ1(x)
		}
		return -d.asindQ1(-x)
	}))
	bfAddFloat1(r, "acosd", unit(func(x float64) float64 {
		if x >= 0 {
			return d.acosdQ1(x)
		}
		return 90.0 + d.asindQ1(-x)
	}))
	bfAddFloat1(r, "atand", func(x float64) (float64, error) {
		if math.IsNaN(x) {
			return x, nil
		}
		return (math.Atan(x) / d.atan10) * 45.0, nil
	})
	F := types.Float8
	bfAddSimple(r, "atan2d", bfTt(F, F), F, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		y, x := bfAsF(a[0]), bfAsF(a[1])
		if math.IsNaN(y) || math.IsNaN(x) {
			return math.NaN(), nil
		}
		return (math.Atan2(y, x) / d.atan10) * 45.0, nil
	})
	bfAddFloat1(r, "sinh", func(x float64) (float64, error) { return math.Sinh(x), nil })
	bfAddFloat1(r, "cosh", func(x float64) (float64, error) {
		v := math.Cosh(x)
		if v == 0 {
			return 0, errFloatUnderflow()
		}
		return v, nil
	})
	bfAddFloat1(r, "tanh", func(x float64) (float64, error) {
		v := math.Tanh(x)
		if math.IsInf(v, 0) {
			return 0, errFloatOverflow()
		}
		return v, nil
	})
	bfAddFloat1(r, "asinh", func(x float64) (float64, error) { return math.Asinh(x), nil })
	bfAddFloat1(r, "acosh", func(x float64) (float64, error) {
		if x < 1 {
			return 0, errInputOutOfRange()
		}
		return math.Acosh(x), nil
	})
	bfAddFloat1(r, "atanh", func(x float64) (float64, error) {
		switch {
		case x < -1 || x > 1:
			return 0, errInputOutOfRange()
		case x == -1:
			return math.Inf(-1), nil
		case x == 1:
			return math.Inf(1), nil
		}
		return math.Atanh(x), nil
	})
	bfAddSimple(r, "bit_count", bfTt(types.Bytea), types.Int8, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		n := 0
		for _, b := range a[0].([]byte) {
			n += bits.OnesCount8(b)
		}
		return int64(n), nil
	})
	for _, t := range []*types.Type{types.Varbit, types.Bit} {
		bfAddSimple(r, "bit_count", bfTt(t), types.Int8, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
			n := 0
			for _, c := range a[0].(string) {
				if c == '1' {
					n++
				}
			}
			return int64(n), nil
		})
	}
}
