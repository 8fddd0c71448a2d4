package expr

import (
	"math"
	"math/big"

	"github.com/shopspring/decimal"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// numericPow is numeric ^ numeric (power_var in numeric.c): integer
// exponents multiply exactly, others go through exp(y·ln x) in 256-bit
// binary floating point; the result scale follows PostgreSQL's rule of at
// least 16 significant digits.
func numericPow(x, y decimal.Decimal) (decimal.Decimal, error) {
	if x.IsZero() && y.Sign() < 0 {
		return decimal.Decimal{}, pgerror.New(pgerror.InvalidArgumentForPower, "zero raised to a negative power is undefined")
	}
	if x.Sign() < 0 && !y.IsInteger() {
		return decimal.Decimal{}, pgerror.New(pgerror.InvalidArgumentForPower, "a negative number raised to a non-integer power yields a complex result")
	}
	rscale := int32(16)
	if y.IsInteger() && y.Abs().Cmp(decimal.NewFromInt(math.MaxInt32)) <= 0 {
		rscale = maxScale(rscale, x, y)
		n := y.IntPart()
		if x.IsZero() {
			if n == 0 {
				return decimal.New(1, 0).Round(rscale), nil
			}
			return decimal.Zero.Round(rscale), nil
		}
		r := decimal.New(1, 0)
		b := x
		for m := absInt(n); m > 0; m >>= 1 {
			if m&1 == 1 {
				r = r.Mul(b)
			}
			if m > 1 {
				b = b.Mul(b)
			}
		}
		if n < 0 {
			r = decimal.New(1, 0).DivRound(r, rscale+4)
		}
		return r.Round(rscale), nil
	}
	if x.IsZero() {
		return decimal.Zero.Round(maxScale(rscale, x, y)), nil
	}
	// estimated log10 of the result picks the scale
	val := y.InexactFloat64() * math.Log10(x.InexactFloat64())
	if math.IsInf(val, 0) || math.Abs(val) > 1e6 {
		return decimal.Decimal{}, pgerror.New(pgerror.NumericValueOutOfRange, "value overflows numeric format")
	}
	rscale = 16 - int32(val)
	rscale = maxScale(rscale, x, y)
	if rscale > 1000 {
		rscale = 1000
	}
	const prec = 256
	bx, _ := new(big.Float).SetPrec(prec).SetString(x.String())
	by, _ := new(big.Float).SetPrec(prec).SetString(y.String())
	r := bigExp(new(big.Float).SetPrec(prec).Mul(by, bigLn(bx)))
	d, err := decimal.NewFromString(r.Text('f', int(rscale)+8))
	if err != nil {
		return decimal.Decimal{}, pgerror.New(pgerror.NumericValueOutOfRange, "value overflows numeric format")
	}
	return d.Round(rscale), nil
}

func maxScale(rscale int32, x, y decimal.Decimal) int32 {
	for _, d := range []decimal.Decimal{x, y} {
		if e := -d.Exponent(); e > rscale {
			rscale = e
		}
	}
	if rscale < 0 {
		rscale = 0
	}
	return rscale
}

func absInt(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

// bigLn is the natural logarithm of x > 0: x = m·2^k with m in [0.5, 1),
// ln m by the series 2·atanh((m-1)/(m+1)).
func bigLn(x *big.Float) *big.Float {
	prec := x.Prec()
	m := new(big.Float).SetPrec(prec)
	k := x.MantExp(m)
	r := lnSeries(m)
	if k != 0 {
		two := new(big.Float).SetPrec(prec).SetInt64(2)
		ln2 := lnSeries(two)
		r.Add(r, new(big.Float).SetPrec(prec).Mul(ln2, new(big.Float).SetPrec(prec).SetInt64(int64(k))))
	}
	return r
}

func lnSeries(m *big.Float) *big.Float {
	prec := m.Prec()
	one := new(big.Float).SetPrec(prec).SetInt64(1)
	z := new(big.Float).SetPrec(prec).Quo(new(big.Float).SetPrec(prec).Sub(m, one), new(big.Float).SetPrec(prec).Add(m, one))
	z2 := new(big.Float).SetPrec(prec).Mul(z, z)
	sum := new(big.Float).SetPrec(prec)
	term := new(big.Float).SetPrec(prec).Set(z)
	eps := new(big.Float).SetPrec(prec).SetMantExp(one, -int(prec))
	for n := int64(1); n < 10000; n += 2 {
		t := new(big.Float).SetPrec(prec).Quo(term, new(big.Float).SetPrec(prec).SetInt64(n))
		sum.Add(sum, t)
		if new(big.Float).Abs(t).Cmp(eps) < 0 {
			break
		}
		term.Mul(term, z2)
	}
	return sum.Mul(sum, new(big.Float).SetPrec(prec).SetInt64(2))
}

// bigExp is e^x: halve x until small, sum the Taylor series, square back.
func bigExp(x *big.Float) *big.Float {
	prec := x.Prec()
	r := new(big.Float).SetPrec(prec).Set(x)
	halvings := 0
	limit := new(big.Float).SetFloat64(1e-3)
	for new(big.Float).Abs(r).Cmp(limit) > 0 {
		r.Quo(r, new(big.Float).SetPrec(prec).SetInt64(2))
		halvings++
	}
	sum := new(big.Float).SetPrec(prec).SetInt64(1)
	term := new(big.Float).SetPrec(prec).SetInt64(1)
	eps := new(big.Float).SetPrec(prec).SetMantExp(big.NewFloat(1), -int(prec))
	for n := int64(1); n < 1000; n++ {
		term.Mul(term, r)
		term.Quo(term, new(big.Float).SetPrec(prec).SetInt64(n))
		sum.Add(sum, term)
		if new(big.Float).Abs(term).Cmp(eps) < 0 {
			break
		}
	}
	for ; halvings > 0; halvings-- {
		sum.Mul(sum, sum)
	}
	return sum
}
