package expr

import (
	"github.com/shopspring/decimal"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Arithmetic on numeric's special values NaN, Infinity and -Infinity, as
// numeric.c's numeric_add / sub / mul / div / mod / power define it: NaN
// in, NaN out (except the POSIX pow(3) rules NaN ^ 0 = 1 and 1 ^ NaN = 1);
// an infinity dominates a finite operand; Inf - Inf, Inf * 0, Inf / Inf
// and Inf % x are NaN; dividing an infinity by zero still raises 22012.

var numericZero = decimal.New(0, 0)

// numSign is the sign of a finite or special numeric (NaN has none; it is
// reported as 0 and callers test for NaN first).
func numSign(v any) int {
	switch x := v.(type) {
	case decimal.Decimal:
		return x.Sign()
	case types.NumericSpecial:
		if x == types.NumericNaN {
			return 0
		}
		return int(x)
	}
	return 0
}

func isNumNaN(v any) bool { return v == types.NumericNaN }

// infOfSign is Infinity or -Infinity.
func infOfSign(sign int) types.NumericSpecial {
	if sign < 0 {
		return types.NumericNegInf
	}
	return types.NumericPosInf
}

// numericSpecialOp computes a op b where at least one operand is special.
func numericSpecialOp(op string, a, b any) (any, error) {
	if op == "^" {
		return numericSpecialPow(a, b)
	}
	if op == "/" || op == "%" {
		// x / 0 and x % 0 raise for every x but NaN
		if !isNumNaN(a) && !isNumNaN(b) && !isSpecial(b) && numSign(b) == 0 {
			return nil, errDivZero()
		}
	}
	if isNumNaN(a) || isNumNaN(b) {
		return types.NumericNaN, nil
	}
	sa, sb := numSign(a), numSign(b)
	ia, ib := isSpecial(a), isSpecial(b)
	switch op {
	case "+":
		if ia && ib && sa != sb {
			return types.NumericNaN, nil
		}
		if ia {
			return a, nil
		}
		return b, nil
	case "-":
		if ia && ib && sa == sb {
			return types.NumericNaN, nil
		}
		if ia {
			return a, nil
		}
		return b.(types.NumericSpecial).Neg(), nil
	case "*":
		if sa == 0 || sb == 0 {
			return types.NumericNaN, nil
		}
		return infOfSign(sa * sb), nil
	case "/":
		if ia && ib {
			return types.NumericNaN, nil
		}
		if ia {
			return infOfSign(sa * sb), nil
		}
		return numericZero, nil // finite / ±Infinity
	case "%":
		if ia {
			return types.NumericNaN, nil
		}
		return a, nil // finite % ±Infinity
	}
	return nil, pgerror.New(pgerror.InternalError, "numeric operator %s has no special-value rule", op)
}

// numericSpecialPow is numeric_power's special-value branch (POSIX pow(3)).
func numericSpecialPow(x, y any) (any, error) {
	one := decimal.New(1, 0)
	if isNumNaN(x) {
		if d, ok := y.(decimal.Decimal); ok && d.IsZero() {
			return one, nil
		}
		return types.NumericNaN, nil
	}
	if isNumNaN(y) {
		if d, ok := x.(decimal.Decimal); ok && d.Equal(one) {
			return one, nil
		}
		return types.NumericNaN, nil
	}
	sx, sy := numSign(x), numSign(y)
	if sx == 0 && sy < 0 {
		return nil, pgerror.New(pgerror.InvalidArgumentForPower, "zero raised to a negative power is undefined")
	}
	yd, yFinite := y.(decimal.Decimal)
	if sx < 0 && yFinite && !yd.IsInteger() { // infinities count as integral
		return nil, pgerror.New(pgerror.InvalidArgumentForPower, "a negative number raised to a non-integer power yields a complex result")
	}
	xd, xFinite := x.(decimal.Decimal)
	if xFinite && xd.Equal(one) {
		return one, nil
	}
	if sy == 0 {
		return one, nil
	}
	if !yFinite {
		absGtOne := true
		if xFinite {
			c := xd.Abs().Cmp(one)
			if c == 0 {
				return one, nil // -1 ^ ±Infinity
			}
			absGtOne = c > 0
		}
		if (y == types.NumericPosInf) == absGtOne {
			return types.NumericPosInf, nil
		}
		return numericZero, nil
	}
	// x is ±Infinity, y finite and non-zero
	if x == types.NumericPosInf || sy < 0 {
		if sy > 0 {
			return types.NumericPosInf, nil
		}
		return numericZero, nil
	}
	if yd.IsInteger() && yd.Mod(decimal.New(2, 0)).Abs().Equal(one) {
		return types.NumericNegInf, nil
	}
	return types.NumericPosInf, nil
}

func isSpecial(v any) bool {
	_, ok := v.(types.NumericSpecial)
	return ok
}

// numericAbs is abs(numeric) and @numeric.
func numericAbs(v any) any {
	if n, ok := v.(types.NumericSpecial); ok {
		if n == types.NumericNegInf {
			return types.NumericPosInf
		}
		return n
	}
	return v.(decimal.Decimal).Abs()
}

// numericSpecialDiv is div(numeric, numeric) with a special operand: the
// quotient's rules, then truncation (an infinite quotient stays infinite).
func numericSpecialDiv(a, b any) (any, error) {
	return numericSpecialOp("/", a, b)
}

// numericSpecialLog is log(b, x) with a special operand (numeric_log).
func numericSpecialLog(b, x any) (any, error) {
	if isNumNaN(b) || isNumNaN(x) {
		return types.NumericNaN, nil
	}
	sb, sx := numSign(b), numSign(x)
	if sb < 0 || sx < 0 {
		return nil, pgerror.New(pgerror.InvalidArgumentForLogarithm, "cannot take logarithm of a negative number")
	}
	if sb == 0 || sx == 0 {
		return nil, pgerror.New(pgerror.InvalidArgumentForLogarithm, "cannot take logarithm of zero")
	}
	if isSpecial(b) {
		if isSpecial(x) {
			return types.NumericNaN, nil // log(Inf, Inf) is Inf / Inf
		}
		return numericZero, nil // log(Inf, x)
	}
	return types.NumericPosInf, nil // log(b, Inf)
}
