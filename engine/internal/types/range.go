package types

import (
	"strings"

	"github.com/shopspring/decimal"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// The built-in range types (docs 8.17). Discrete ranges (int4range,
// int8range, daterange) are kept in canonical [lower,upper) form.
var (
	Int4Range = &Type{Kind: KindRange, OID: 3904, Name: "int4range", SQLName: "int4range", Category: 'R', Mod: -1, ArrayOID: 3905, Len: -1, RangeSub: Int4}
	NumRange  = &Type{Kind: KindRange, OID: 3906, Name: "numrange", SQLName: "numrange", Category: 'R', Mod: -1, ArrayOID: 3907, Len: -1, RangeSub: Numeric}
	TsRange   = &Type{Kind: KindRange, OID: 3908, Name: "tsrange", SQLName: "tsrange", Category: 'R', Mod: -1, ArrayOID: 3909, Len: -1, RangeSub: Timestamp}
	TstzRange = &Type{Kind: KindRange, OID: 3910, Name: "tstzrange", SQLName: "tstzrange", Category: 'R', Mod: -1, ArrayOID: 3911, Len: -1, RangeSub: Timestamptz}
	DateRange = &Type{Kind: KindRange, OID: 3912, Name: "daterange", SQLName: "daterange", Category: 'R', Mod: -1, ArrayOID: 3913, Len: -1, RangeSub: Date}
	Int8Range = &Type{Kind: KindRange, OID: 3926, Name: "int8range", SQLName: "int8range", Category: 'R', Mod: -1, ArrayOID: 3927, Len: -1, RangeSub: Int8}
)

// RangeTypes lists the built-in range types.
var RangeTypes = []*Type{Int4Range, NumRange, TsRange, TstzRange, DateRange, Int8Range}

// RangeBound is one end of a range (rangetypes.h's RangeBound).
type RangeBound struct {
	Val       any
	Inf       bool
	Inclusive bool
	Lower     bool
}

// RangeVal is a value of a range type. Sub is the element type; an empty
// range has Empty set and no bounds.
type RangeVal struct {
	Sub          *Type
	Empty        bool
	Lower, Upper RangeBound
}

// discrete reports whether ranges over sub are canonicalised to [a,b).
func discrete(sub *Type) bool {
	switch sub.Kind {
	case KindInt4, KindInt8, KindDate:
		return true
	}
	return false
}

// CmpBounds is range_cmp_bounds: the order of two bounds, taking
// infinity and inclusivity into account.
func CmpBounds(sub *Type, b1, b2 RangeBound) int {
	if c := CmpBoundValues(sub, b1, b2); c != 0 || b1.Inf || b2.Inf {
		return c
	}
	switch {
	case !b1.Inclusive && !b2.Inclusive:
		if b1.Lower == b2.Lower {
			return 0
		}
		if b1.Lower {
			return 1
		}
		return -1
	case !b1.Inclusive:
		if b1.Lower {
			return 1
		}
		return -1
	case !b2.Inclusive:
		if b2.Lower {
			return -1
		}
		return 1
	}
	return 0
}

// CmpBoundValues is range_cmp_bound_values: bounds compared by value only.
func CmpBoundValues(sub *Type, b1, b2 RangeBound) int {
	switch {
	case b1.Inf && b2.Inf:
		if b1.Lower == b2.Lower {
			return 0
		}
		if b1.Lower {
			return -1
		}
		return 1
	case b1.Inf:
		if b1.Lower {
			return -1
		}
		return 1
	case b2.Inf:
		if b2.Lower {
			return 1
		}
		return -1
	}
	return Compare(sub, b1.Val, b2.Val)
}

// MakeRange is make_range: it checks the bounds' order, detects empty
// ranges and canonicalises discrete ones.
func MakeRange(sub *Type, lower, upper RangeBound) (RangeVal, error) {
	lower.Lower, upper.Lower = true, false
	if lower.Inf {
		lower.Inclusive, lower.Val = false, nil
	}
	if upper.Inf {
		upper.Inclusive, upper.Val = false, nil
	}
	if !lower.Inf && !upper.Inf {
		c := Compare(sub, lower.Val, upper.Val)
		if c > 0 {
			return RangeVal{}, pgerror.New(pgerror.DataException, "range lower bound must be less than or equal to range upper bound")
		}
		if c == 0 && !(lower.Inclusive && upper.Inclusive) {
			return RangeVal{Sub: sub, Empty: true}, nil
		}
	}
	if discrete(sub) {
		var err error
		if !lower.Inf && !lower.Inclusive {
			if lower.Val, err = rangeSucc(sub, lower.Val); err != nil {
				return RangeVal{}, err
			}
			lower.Inclusive = true
		}
		if !upper.Inf && upper.Inclusive {
			if upper.Val, err = rangeSucc(sub, upper.Val); err != nil {
				return RangeVal{}, err
			}
			upper.Inclusive = false
		}
		if !lower.Inf && !upper.Inf && Compare(sub, lower.Val, upper.Val) >= 0 {
			return RangeVal{Sub: sub, Empty: true}, nil
		}
	}
	return RangeVal{Sub: sub, Lower: lower, Upper: upper}, nil
}

// rangeSucc is the discrete successor used by the canonical functions.
func rangeSucc(sub *Type, v any) (any, error) {
	switch x := v.(type) {
	case int32:
		if x == 1<<31-1 {
			return nil, pgerror.New(pgerror.NumericValueOutOfRange, "integer out of range")
		}
		return x + 1, nil
	case int64:
		if x == 1<<63-1 {
			return nil, pgerror.New(pgerror.NumericValueOutOfRange, "bigint out of range")
		}
		return x + 1, nil
	case DateVal:
		if x == DateInfinity || x == DateNegInfinity {
			return x, nil
		}
		return x + 1, nil
	}
	return v, nil
}

// ParseRange is range_in.
func ParseRange(t *Type, s string, env *Env) (RangeVal, error) {
	sub := t.Base().RangeSub
	malformed := func(detail string) error {
		return pgerror.New(pgerror.InvalidTextRepresentation, "malformed range literal: %q", s).WithDetail("%s", detail)
	}
	p := strings.TrimLeft(s, " \t\n\r\v\f")
	if len(p) >= 5 && strings.EqualFold(p[:5], "empty") {
		if strings.TrimSpace(p[5:]) != "" {
			return RangeVal{}, malformed(`Junk after "empty" key word.`)
		}
		return RangeVal{Sub: sub, Empty: true}, nil
	}
	var lower, upper RangeBound
	switch {
	case strings.HasPrefix(p, "["):
		lower.Inclusive = true
	case strings.HasPrefix(p, "("):
	default:
		return RangeVal{}, malformed("Missing left parenthesis or bracket.")
	}
	p = p[1:]
	lo, p, err := parseRangeBound(p, malformed)
	if err != nil {
		return RangeVal{}, err
	}
	if !strings.HasPrefix(p, ",") {
		return RangeVal{}, malformed("Missing comma after lower bound.")
	}
	hi, p, err := parseRangeBound(p[1:], malformed)
	if err != nil {
		return RangeVal{}, err
	}
	switch {
	case strings.HasPrefix(p, "]"):
		upper.Inclusive = true
	case strings.HasPrefix(p, ")"):
	default:
		return RangeVal{}, malformed("Too many commas.")
	}
	if strings.TrimSpace(p[1:]) != "" {
		return RangeVal{}, malformed("Junk after right parenthesis or bracket.")
	}
	for _, b := range []struct {
		text *string
		dst  *RangeBound
	}{{lo, &lower}, {hi, &upper}} {
		if b.text == nil {
			b.dst.Inf = true
			continue
		}
		v, err := Input(sub, *b.text, env)
		if err != nil {
			return RangeVal{}, err
		}
		b.dst.Val = v
	}
	return MakeRange(sub, lower, upper)
}

// parseRangeBound is range_parse_bound: nil for an omitted (infinite)
// bound, else the bound's text with quotes and backslashes removed.
func parseRangeBound(p string, malformed func(string) error) (*string, string, error) {
	if p == "" {
		return nil, p, malformed("Unexpected end of input.")
	}
	if p[0] == ',' || p[0] == ')' || p[0] == ']' {
		return nil, p, nil
	}
	var b strings.Builder
	inQuote := false
	i := 0
	for inQuote || !(p[i] == ',' || p[i] == ')' || p[i] == ']') {
		ch := p[i]
		i++
		switch {
		case ch == '\\':
			if i >= len(p) {
				return nil, "", malformed("Unexpected end of input.")
			}
			b.WriteByte(p[i])
			i++
		case ch == '"':
			switch {
			case !inQuote:
				inQuote = true
			case i < len(p) && p[i] == '"':
				b.WriteByte('"')
				i++
			default:
				inQuote = false
			}
		default:
			b.WriteByte(ch)
		}
		if i >= len(p) {
			return nil, "", malformed("Unexpected end of input.")
		}
	}
	out := b.String()
	return &out, p[i:], nil
}

// FormatRange is range_out.
func FormatRange(r RangeVal, env *Env) string {
	if r.Empty {
		return "empty"
	}
	var b strings.Builder
	if r.Lower.Inclusive {
		b.WriteByte('[')
	} else {
		b.WriteByte('(')
	}
	if !r.Lower.Inf {
		writeRangeBound(&b, Output(r.Sub, r.Lower.Val, env))
	}
	b.WriteByte(',')
	if !r.Upper.Inf {
		writeRangeBound(&b, Output(r.Sub, r.Upper.Val, env))
	}
	if r.Upper.Inclusive {
		b.WriteByte(']')
	} else {
		b.WriteByte(')')
	}
	return b.String()
}

// writeRangeBound is range_bound_escape.
func writeRangeBound(b *strings.Builder, v string) {
	quote := v == "" || strings.ContainsAny(v, "\"\\()[], \t\n\r\v\f")
	if quote {
		b.WriteByte('"')
	}
	for i := 0; i < len(v); i++ {
		if v[i] == '"' || v[i] == '\\' {
			b.WriteByte(v[i])
		}
		b.WriteByte(v[i])
	}
	if quote {
		b.WriteByte('"')
	}
}

// CompareRanges is range_cmp: empty ranges first, then by lower bound,
// then by upper bound.
func CompareRanges(a, b RangeVal) int {
	switch {
	case a.Empty && b.Empty:
		return 0
	case a.Empty:
		return -1
	case b.Empty:
		return 1
	}
	if c := CmpBounds(a.Sub, a.Lower, b.Lower); c != 0 {
		return c
	}
	return CmpBounds(a.Sub, a.Upper, b.Upper)
}

// castRangeSub converts a plain Go number into the element representation
// of sub (constructor arguments arrive already typed; this covers decimals
// handed to numrange from integer literals).
func castRangeSub(sub *Type, v any) any {
	if sub.Kind == KindNumeric {
		if n, ok := asInt64(v); ok {
			return decimal.NewFromInt(n)
		}
	}
	return v
}

// NewRange is the range constructor function (int4range(l, u, '[)')): a
// NULL bound is infinite.
func NewRange(t *Type, lo, hi any, flags string) (RangeVal, error) {
	sub := t.Base().RangeSub
	var lower, upper RangeBound
	switch flags {
	case "[]":
		lower.Inclusive, upper.Inclusive = true, true
	case "[)":
		lower.Inclusive = true
	case "(]":
		upper.Inclusive = true
	case "()":
	default:
		return RangeVal{}, pgerror.New(pgerror.SyntaxError, "invalid range bound flags").
			WithHint(`Valid values are "[]", "[)", "(]", and "()".`)
	}
	lower.Inf, upper.Inf = lo == nil, hi == nil
	lower.Val, upper.Val = castRangeSub(sub, lo), castRangeSub(sub, hi)
	return MakeRange(sub, lower, upper)
}
