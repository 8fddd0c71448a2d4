package expr

import (
	"math"
	"math/big"

	"github.com/shopspring/decimal"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// The numeric transcendental functions (sqrt, exp, ln, log, power) choose
// their result scale as numeric.c does — from an estimate of the result's
// decimal weight, so a result carries at least 16 significant digits and
// never fewer fractional digits than its inputs, clamped to 0..1000 — and
// are computed in exact integer arithmetic (sqrt, integer powers) or in
// big.Float with enough guard bits to be correctly rounded at that scale.

const (
	numMinSigDigits   = 16   // NUMERIC_MIN_SIG_DIGITS
	numMaxDisplay     = 1000 // NUMERIC_MAX_DISPLAY_SCALE
	numMaxResultScale = 2000 // NUMERIC_MAX_RESULT_SCALE
)

var errNumericOverflow = pgerror.New(pgerror.NumericValueOutOfRange, "value overflows numeric format")

func clampScale(s int) int32 {
	if s < 0 {
		s = 0
	}
	if s > numMaxDisplay {
		s = numMaxDisplay
	}
	return int32(s)
}

// numDScale is a value's display scale (its count of fractional digits).
func numDScale(d decimal.Decimal) int {
	if e := d.Exponent(); e < 0 {
		return int(-e)
	}
	return 0
}

// numDWeight is floor(log10 |d|) for d ≠ 0.
func numDWeight(d decimal.Decimal) int {
	c := new(big.Int).Abs(d.Coefficient())
	return len(c.String()) - 1 + int(d.Exponent())
}

// numWeight is the weight of d's first base-10000 digit (NumericVar.weight);
// zero has weight 0.
func numWeight(d decimal.Decimal) int {
	if d.IsZero() {
		return 0
	}
	return int(floorDiv(int64(numDWeight(d)), 4))
}

// numNBaseDigits returns up to n leading base-10000 digits of |d| (the
// NumericVar digits array, trailing zero digits stripped).
func numNBaseDigits(d decimal.Decimal, n int) []int64 {
	if d.IsZero() {
		return nil
	}
	w := numWeight(d)
	c := new(big.Int).Abs(d.Coefficient())
	// |d| = c·10^e; the digit groups start at 10^(4w)
	shift := int(d.Exponent()) - 4*(w-n+1)
	v := new(big.Int).Set(c)
	if shift >= 0 {
		v.Mul(v, pow10(shift))
	} else {
		v.Quo(v, pow10(-shift))
	}
	out := make([]int64, n)
	base := big.NewInt(10000)
	m := new(big.Int)
	for i := n - 1; i >= 0; i-- {
		v.QuoRem(v, base, m)
		out[i] = m.Int64()
	}
	// strip trailing zero groups only when nothing nonzero follows them
	exact := shift >= 0 || new(big.Int).Rem(c, pow10(-shift)).Sign() == 0
	if exact {
		for len(out) > 1 && out[len(out)-1] == 0 {
			out = out[:len(out)-1]
		}
	}
	return out
}

func pow10(n int) *big.Int {
	return new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(n)), nil)
}

// estimateLnDWeight is numeric.c's estimate_ln_dweight: the decimal
// weight of ln(d).
func estimateLnDWeight(d decimal.Decimal) int {
	if d.Sign() <= 0 {
		return 0
	}
	if d.Cmp(decimal.New(9, -1)) >= 0 && d.Cmp(decimal.New(11, -1)) <= 0 {
		x := d.Sub(decimal.New(1, 0))
		if x.IsZero() {
			return 0
		}
		return numDWeight(x)
	}
	dig := numNBaseDigits(d, 2)
	digits := float64(dig[0])
	dweight := numWeight(d) * 4
	if len(dig) > 1 {
		digits = digits*10000 + float64(dig[1])
		dweight -= 4
	}
	ln := math.Log(digits) + float64(dweight)*2.302585092994046
	return int(math.Log10(math.Abs(ln)))
}

// roundRat rounds r half away from zero to scale fractional digits.
func roundRat(r *big.Rat, scale int32) decimal.Decimal {
	num := new(big.Int).Mul(r.Num(), pow10(int(scale)))
	den := r.Denom()
	neg := num.Sign() < 0
	num.Abs(num)
	q, m := new(big.Int).QuoRem(num, den, new(big.Int))
	if m.Lsh(m, 1).Cmp(den) >= 0 {
		q.Add(q, big.NewInt(1))
	}
	if neg {
		q.Neg(q)
	}
	return decimal.NewFromBigInt(q, -scale)
}

// roundFloat rounds f half away from zero to scale fractional digits.
func roundFloat(f *big.Float, scale int32) (decimal.Decimal, error) {
	d, err := decimal.NewFromString(f.Text('f', int(scale)+12))
	if err != nil {
		return decimal.Decimal{}, errNumericOverflow
	}
	return checkNumericRange(fixScale(d.Round(scale), scale))
}

// checkNumericRange is make_result's limit: at most 131072 digits before
// the decimal point.
func checkNumericRange(d decimal.Decimal) (decimal.Decimal, error) {
	if !d.IsZero() && numDWeight(d) >= 131072 {
		return decimal.Decimal{}, errNumericOverflow
	}
	return d, nil
}

// fixScale gives d exactly scale fractional digits (trailing zeros kept).
func fixScale(d decimal.Decimal, scale int32) decimal.Decimal {
	return decimal.NewFromBigInt(d.Shift(scale).Round(0).BigInt(), -scale)
}

func bigFloatOf(d decimal.Decimal, prec uint) *big.Float {
	f, _ := new(big.Float).SetPrec(prec).SetString(d.String())
	return f
}

// precFor is the binary precision that carries digits significant
// decimal digits plus guard bits.
func precFor(digits int) uint {
	if digits < 20 {
		digits = 20
	}
	return uint(float64(digits+20)*3.3219280948873626) + 64
}

// numericSqrt is numeric_sqrt.
func numericSqrt(x decimal.Decimal) (decimal.Decimal, error) {
	if x.Sign() < 0 {
		return decimal.Decimal{}, pgerror.New(pgerror.InvalidArgumentForPower, "cannot take square root of a negative number")
	}
	sweight := (numWeight(x)+1)*4/2 - 1
	rscale := numMinSigDigits - sweight
	if ds := numDScale(x); ds > rscale {
		rscale = ds
	}
	rs := clampScale(rscale)
	// sqrt(x·10^(2·rs)) as an integer, rounded: never a tie since the
	// radicand is an integer
	n := x.Shift(2 * rs).BigInt()
	s := new(big.Int).Sqrt(n)
	// round up when n > s² + s
	t := new(big.Int).Mul(s, s)
	t.Add(t, s)
	if n.Cmp(t) > 0 {
		s.Add(s, big.NewInt(1))
	}
	return decimal.NewFromBigInt(s, -rs), nil
}

// numericExp is numeric_exp.
func numericExp(x decimal.Decimal) (decimal.Decimal, error) {
	val := x.InexactFloat64() * 0.434294481903252
	val = math.Max(val, -numMaxResultScale)
	val = math.Min(val, numMaxResultScale)
	rscale := numMinSigDigits - int(val)
	if ds := numDScale(x); ds > rscale {
		rscale = ds
	}
	rs := clampScale(rscale)
	return expAtScale(x, rs)
}

// expAtScale is exp_var: e^x rounded to rs digits.
func expAtScale(x decimal.Decimal, rs int32) (decimal.Decimal, error) {
	xv := x.InexactFloat64()
	if math.Abs(xv) >= numMaxResultScale*3 {
		if xv > 0 {
			return decimal.Decimal{}, errNumericOverflow
		}
		return fixScale(decimal.Zero, rs), nil
	}
	w := int(xv*0.434294481903252) + 1
	if w < 0 {
		w = 0
	}
	if w+int(rs) < -2 {
		return fixScale(decimal.Zero, rs), nil
	}
	prec := precFor(w+int(rs)) + uint(math.Log2(math.Abs(xv)+2))
	return roundFloat(bigExp(bigFloatOf(x, prec)), rs)
}

// numericLn is numeric_ln.
func numericLn(x decimal.Decimal) (decimal.Decimal, error) {
	if err := lnDomain(x); err != nil {
		return decimal.Decimal{}, err
	}
	rscale := numMinSigDigits - estimateLnDWeight(x)
	if ds := numDScale(x); ds > rscale {
		rscale = ds
	}
	rs := clampScale(rscale)
	return roundFloat(bigLnDec(x, int(rs)), rs)
}

func lnDomain(x decimal.Decimal) error {
	switch x.Sign() {
	case 0:
		return pgerror.New(pgerror.InvalidArgumentForLogarithm, "cannot take logarithm of zero")
	case -1:
		return pgerror.New(pgerror.InvalidArgumentForLogarithm, "cannot take logarithm of a negative number")
	}
	return nil
}

// bigLnDec is ln x with an absolute error well below 10^-scale.
func bigLnDec(x decimal.Decimal, scale int) *big.Float {
	// ln's magnitude is at most a few hundred thousand, so its integer
	// part costs at most 6 digits
	return bigLn(bigFloatOf(x, precFor(scale+8)))
}

// numericLog is numeric_log (log_var): log base b of x.
func numericLog(b, x decimal.Decimal) (decimal.Decimal, error) {
	if err := lnDomain(b); err != nil {
		return decimal.Decimal{}, err
	}
	if err := lnDomain(x); err != nil {
		return decimal.Decimal{}, err
	}
	resultDWeight := estimateLnDWeight(x) - estimateLnDWeight(b)
	rscale := numMinSigDigits - resultDWeight
	for _, d := range []decimal.Decimal{b, x} {
		if ds := numDScale(d); ds > rscale {
			rscale = ds
		}
	}
	rs := clampScale(rscale)
	if b.Equal(decimal.New(1, 0)) {
		return decimal.Decimal{}, pgerror.New(pgerror.DivisionByZero, "division by zero")
	}
	if x.Equal(decimal.New(1, 0)) {
		return fixScale(decimal.Zero, rs), nil
	}
	// relative precision: the quotient's digits plus those lost when the
	// logarithms are tiny (arguments near 1)
	extra := 0
	for _, d := range []decimal.Decimal{b, x} {
		if w := estimateLnDWeight(d); w < 0 {
			extra -= w
		}
	}
	digits := int(rs) + extra + 8
	if resultDWeight > 0 {
		digits += resultDWeight
	}
	lb := bigLn(bigFloatOf(b, precFor(digits)))
	lx := bigLn(bigFloatOf(x, precFor(digits)))
	return roundFloat(new(big.Float).SetPrec(precFor(digits)).Quo(lx, lb), rs)
}

// numericPow is numeric ^ numeric and power(numeric, numeric) (power_var).
func numericPow(x, y decimal.Decimal) (decimal.Decimal, error) {
	if x.IsZero() && y.Sign() < 0 {
		return decimal.Decimal{}, pgerror.New(pgerror.InvalidArgumentForPower, "zero raised to a negative power is undefined")
	}
	if x.Sign() < 0 && !y.IsInteger() {
		return decimal.Decimal{}, pgerror.New(pgerror.InvalidArgumentForPower, "a negative number raised to a non-integer power yields a complex result")
	}
	if y.IsInteger() && y.Abs().Cmp(decimal.NewFromInt(math.MaxInt32)) <= 0 {
		rscale := numMinSigDigits
		if ds := numDScale(x); ds > rscale {
			rscale = ds
		}
		return powerInt(x, y.IntPart(), clampScale(rscale))
	}
	if x.IsZero() {
		return fixScale(decimal.Zero, numMinSigDigits), nil
	}
	neg := false
	if x.Sign() < 0 {
		neg = y.BigInt().Bit(0) == 1
		x = x.Abs()
	}
	// a low-precision exp·ln(base) estimates the result's weight
	lnDW := estimateLnDWeight(x)
	localRscale := 8 - lnDW
	if localRscale < 0 {
		localRscale = 0
	}
	lnLow, err := roundFloat(bigLnDec(x, localRscale), int32(localRscale))
	if err != nil {
		return decimal.Decimal{}, err
	}
	lnNum := lnLow.Mul(y).Round(int32(localRscale))
	val := lnNum.InexactFloat64()
	if math.Abs(val) > numMaxResultScale*3.01 {
		if val > 0 {
			return decimal.Decimal{}, errNumericOverflow
		}
		return fixScale(decimal.Zero, numMaxDisplay), nil
	}
	val *= 0.434294481903252
	rscale := numMinSigDigits - int(val)
	for _, d := range []decimal.Decimal{x, y} {
		if ds := numDScale(d); ds > rscale {
			rscale = ds
		}
	}
	rs := clampScale(rscale)
	w := int(val) + 1
	if w < 0 {
		w = 0
	}
	if w+int(rs) < -2 {
		return fixScale(decimal.Zero, rs), nil
	}
	// e^(y·ln x): the exponent needs as many absolute digits as the result
	// has significant ones
	prec := precFor(w+int(rs)) + uint(math.Log2(math.Abs(val)+2)) + 16
	ln := bigLn(bigFloatOf(x, prec))
	e := new(big.Float).SetPrec(prec).Mul(ln, bigFloatOf(y, prec))
	if e.Sign() > 0 {
		if f, _ := e.Float64(); f >= numMaxResultScale*3 {
			return decimal.Decimal{}, errNumericOverflow
		}
	}
	r, err := roundFloat(bigExp(e), rs)
	if neg {
		r = r.Neg()
	}
	return r, err
}

// powerInt is power_var_int: base^n for an int32 n at scale rs.
func powerInt(x decimal.Decimal, n int64, rs int32) (decimal.Decimal, error) {
	switch n {
	case 0:
		return fixScale(decimal.New(1, 0), rs), nil
	case 1:
		return fixScale(x.Round(rs), rs), nil
	}
	if x.IsZero() {
		if n < 0 {
			return decimal.Decimal{}, pgerror.New(pgerror.DivisionByZero, "division by zero")
		}
		return fixScale(decimal.Zero, rs), nil
	}
	dig := numNBaseDigits(x, 4)
	f := float64(dig[0])
	p := numWeight(x) * 4
	for i := 1; i < len(dig); i++ {
		f = f*10000 + float64(dig[i])
		p -= 4
	}
	est := float64(n) * (math.Log10(f) + float64(p))
	if est > 3*32767*4 {
		return decimal.Decimal{}, errNumericOverflow
	}
	if est+1 < -float64(rs) || est+1 < -numMaxDisplay {
		return fixScale(decimal.Zero, rs), nil
	}
	m := absInt(n)
	coefDigits := len(new(big.Int).Abs(x.Coefficient()).String())
	if int64(coefDigits)*m <= 20000 {
		// exact: a tie rounds away from zero as round_var does
		c := new(big.Int).Exp(x.Coefficient(), big.NewInt(m), nil)
		r := new(big.Rat).SetInt(c)
		e := int64(x.Exponent()) * m
		if e >= 0 {
			r.Mul(r, new(big.Rat).SetInt(pow10(int(e))))
		} else {
			r.Quo(r, new(big.Rat).SetInt(pow10(int(-e))))
		}
		if n < 0 {
			r.Inv(r)
		}
		return checkNumericRange(roundRat(r, rs))
	}
	w := int(math.Abs(est)) + 1
	prec := precFor(w+int(rs)) + 2*uint(math.Log2(float64(m)+1))
	b := bigFloatOf(x, prec)
	r := new(big.Float).SetPrec(prec).SetInt64(1)
	for ; m > 0; m >>= 1 {
		if m&1 == 1 {
			r.Mul(r, b)
		}
		if m > 1 {
			b.Mul(b, b)
		}
	}
	if n < 0 {
		r.Quo(new(big.Float).SetPrec(prec).SetInt64(1), r)
	}
	return roundFloat(r, rs)
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
	// move m to [√½, √2) so the series converges fast
	if m.Cmp(big.NewFloat(0.7071067811865476)) < 0 {
		m.SetMantExp(m, 1)
		k--
	}
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
	if z.Sign() == 0 {
		return new(big.Float).SetPrec(prec)
	}
	z2 := new(big.Float).SetPrec(prec).Mul(z, z)
	sum := new(big.Float).SetPrec(prec)
	term := new(big.Float).SetPrec(prec).Set(z)
	// relative to the first term, so a tiny z keeps full precision
	eps := new(big.Float).SetPrec(prec).SetMantExp(new(big.Float).Abs(z), -int(prec))
	for n := int64(1); n < 1<<20; n += 2 {
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
		r.SetMantExp(r, -1)
		halvings++
	}
	sum := new(big.Float).SetPrec(prec).SetInt64(1)
	term := new(big.Float).SetPrec(prec).SetInt64(1)
	eps := new(big.Float).SetPrec(prec).SetMantExp(big.NewFloat(1), -int(prec))
	for n := int64(1); n < 1<<20; n++ {
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
