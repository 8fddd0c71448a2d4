package types

import (
	"math"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// NumericSpecial is a numeric value that is not a finite number: NaN,
// Infinity or -Infinity (PostgreSQL docs 8.1.2, "Arbitrary Precision
// Numbers"). A numeric is carried as a decimal.Decimal when finite and as
// a NumericSpecial otherwise. The constants' order is numeric's sort order
// against each other; every finite value sorts between -Infinity and
// Infinity, and NaN sorts above everything and equals itself.
type NumericSpecial int8

const (
	NumericNegInf NumericSpecial = -1
	NumericPosInf NumericSpecial = 1
	NumericNaN    NumericSpecial = 2
)

// String is numeric_out's spelling (also what GMS hashes for DISTINCT
// and GROUP BY).
func (n NumericSpecial) String() string {
	switch n {
	case NumericNaN:
		return "NaN"
	case NumericPosInf:
		return "Infinity"
	}
	return "-Infinity"
}

// Float is the float8 value of n.
func (n NumericSpecial) Float() float64 {
	switch n {
	case NumericNaN:
		return math.NaN()
	case NumericPosInf:
		return math.Inf(1)
	}
	return math.Inf(-1)
}

// Neg is -n (NaN stays NaN).
func (n NumericSpecial) Neg() NumericSpecial {
	if n == NumericNaN {
		return n
	}
	return -n
}

// parseNumericSpecial recognises numeric_in's special spellings, case
// insensitively: NaN, Infinity, inf, with an optional sign on the
// infinities.
func parseNumericSpecial(s string) (NumericSpecial, bool) {
	l := strings.ToLower(s)
	switch l {
	case "nan":
		return NumericNaN, true
	case "infinity", "+infinity", "inf", "+inf":
		return NumericPosInf, true
	case "-infinity", "-inf":
		return NumericNegInf, true
	}
	return 0, false
}

// NumericFromFloat converts a float to numeric: NaN and the infinities map
// to their numeric counterparts, finite values through their text form
// with DBL_DIG (15) significant digits, FLT_DIG (6) for float4, as
// float8_numeric and float4_numeric print them (%.*g): 0.1::float8 is
// 0.1 and 1/3.0::float8 is 0.333333333333333, not the shortest
// round-trip form's 17 digits.
func NumericFromFloat(f float64, bits int) any {
	switch {
	case math.IsNaN(f):
		return NumericNaN
	case math.IsInf(f, 1):
		return NumericPosInf
	case math.IsInf(f, -1):
		return NumericNegInf
	}
	digits := 15
	if bits == 32 {
		digits = 6
	}
	d, _ := decimal.NewFromString(strconv.FormatFloat(f, 'g', digits, 64))
	return d
}

// NumericFloat is the float8 value of a numeric (finite or special).
func NumericFloat(v any) (float64, bool) {
	switch x := v.(type) {
	case decimal.Decimal:
		return x.InexactFloat64(), true
	case NumericSpecial:
		return x.Float(), true
	}
	return 0, false
}

// numericSpecialToInt is the error casting a special numeric to an integer
// type raises (numeric_int4 and friends).
func numericSpecialToInt(n NumericSpecial, t *Type) error {
	what := "infinity"
	if n == NumericNaN {
		what = "NaN"
	}
	return pgerror.New(pgerror.FeatureNotSupported, "cannot convert %s to %s", what, t.SQLName)
}

// specialRank places a value on numeric's special scale: -1 for -Infinity,
// 1 for Infinity, 2 for NaN, 0 for a finite number (floats included, so a
// numeric compares with a float the way the float cast would).
func specialRank(v any) int {
	switch x := v.(type) {
	case NumericSpecial:
		return int(x)
	case float64:
		return floatRank(x)
	case float32:
		return floatRank(float64(x))
	}
	return 0
}

func floatRank(f float64) int {
	switch {
	case math.IsNaN(f):
		return 2
	case math.IsInf(f, 1):
		return 1
	case math.IsInf(f, -1):
		return -1
	}
	return 0
}

// compareNumericSpecial orders a and b when at least one is a special
// numeric.
func compareNumericSpecial(a, b any) int {
	return cmpInt(specialRank(a), specialRank(b))
}
