package types

import (
	"math/big"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Money is money (docs 8.2) in cents, with lc_monetary = C conventions as
// a fresh PostgreSQL has them in the C locale: "$1,234.56".
type Money int64

// MoneyType is the built-in money type.
var MoneyType = &Type{Kind: KindMoney, OID: 790, Name: "money", SQLName: "money", Category: 'N', Mod: -1, ArrayOID: 791, Len: 8}

// ParseMoney is cash_in: an optional sign or parentheses, an optional
// currency symbol, digits with thousands separators, and a fraction that
// is rounded to cents.
func ParseMoney(s string) (Money, error) {
	bad := func() error { return badInput(MoneyType, s) }
	str := trimSpace(s)
	neg := false
	if strings.HasPrefix(str, "(") && strings.HasSuffix(str, ")") {
		neg, str = true, trimSpace(str[1:len(str)-1])
	}
	if strings.HasPrefix(str, "-") {
		neg, str = !neg, trimSpace(str[1:])
	} else if strings.HasPrefix(str, "+") {
		str = trimSpace(str[1:])
	}
	str = trimSpace(strings.TrimPrefix(str, "$"))
	if strings.HasPrefix(str, "-") {
		neg, str = !neg, trimSpace(str[1:])
	}
	if strings.HasSuffix(str, "-") {
		neg, str = !neg, trimSpace(str[:len(str)-1])
	}
	intPart, frac, hasDot := strings.Cut(str, ".")
	intPart = strings.ReplaceAll(intPart, ",", "")
	if intPart == "" && (!hasDot || frac == "") {
		return 0, bad()
	}
	for _, part := range []string{intPart, frac} {
		for i := 0; i < len(part); i++ {
			if part[i] < '0' || part[i] > '9' {
				return 0, bad()
			}
		}
	}
	d, err := decimal.NewFromString("0" + intPart + "." + frac + "0")
	if err != nil {
		return 0, bad()
	}
	return moneyFromDecimal(d, neg, s)
}

func moneyFromDecimal(d decimal.Decimal, neg bool, s string) (Money, error) {
	cents := d.Shift(2).Round(0)
	if neg {
		cents = cents.Neg()
	}
	bi := cents.BigInt()
	if !bi.IsInt64() {
		return 0, pgerror.New(pgerror.NumericValueOutOfRange, "value %q is out of range for type money", s)
	}
	return Money(bi.Int64()), nil
}

// MoneyFromNumeric is numeric → money (rounded to cents).
func MoneyFromNumeric(d decimal.Decimal) (Money, error) {
	return moneyFromDecimal(d, false, FormatNumeric(d))
}

// MoneyToNumeric is money → numeric with scale 2.
func MoneyToNumeric(m Money) decimal.Decimal {
	return decimal.NewFromBigInt(big.NewInt(int64(m)), -2)
}

// FormatMoney is cash_out in the C locale.
func FormatMoney(m Money) string {
	n := int64(m)
	neg := n < 0
	u := uint64(n)
	if neg {
		u = uint64(-n)
	}
	digits := strconv.FormatUint(u/100, 10)
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	b.WriteByte('$')
	for i := 0; i < len(digits); i++ {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteByte(digits[i])
	}
	c := u % 100
	b.WriteByte('.')
	b.WriteByte('0' + byte(c/10))
	b.WriteByte('0' + byte(c%10))
	return b.String()
}
