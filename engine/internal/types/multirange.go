package types

import (
	"sort"
	"strings"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// The built-in multirange types (docs 8.17.10), one per range type. A
// value is a sorted list of non-empty ranges that neither overlap nor
// touch, as PostgreSQL's make_multirange leaves it.
var (
	Int4Multirange = &Type{Kind: KindMultirange, OID: 4451, Name: "int4multirange", SQLName: "int4multirange", Category: 'R', Mod: -1, ArrayOID: 6150, Len: -1, RangeSub: Int4}
	NumMultirange  = &Type{Kind: KindMultirange, OID: 4532, Name: "nummultirange", SQLName: "nummultirange", Category: 'R', Mod: -1, ArrayOID: 6151, Len: -1, RangeSub: Numeric}
	TsMultirange   = &Type{Kind: KindMultirange, OID: 4533, Name: "tsmultirange", SQLName: "tsmultirange", Category: 'R', Mod: -1, ArrayOID: 6152, Len: -1, RangeSub: Timestamp}
	TstzMultirange = &Type{Kind: KindMultirange, OID: 4534, Name: "tstzmultirange", SQLName: "tstzmultirange", Category: 'R', Mod: -1, ArrayOID: 6153, Len: -1, RangeSub: Timestamptz}
	DateMultirange = &Type{Kind: KindMultirange, OID: 4535, Name: "datemultirange", SQLName: "datemultirange", Category: 'R', Mod: -1, ArrayOID: 6155, Len: -1, RangeSub: Date}
	Int8Multirange = &Type{Kind: KindMultirange, OID: 4536, Name: "int8multirange", SQLName: "int8multirange", Category: 'R', Mod: -1, ArrayOID: 6157, Len: -1, RangeSub: Int8}
)

// MultirangeTypes lists the built-in multirange types, in RangeTypes' order.
var MultirangeTypes = []*Type{Int4Multirange, NumMultirange, TsMultirange, TstzMultirange, DateMultirange, Int8Multirange}

// MultirangeOf returns the multirange type of range type rt
// (pg_range.rngmultitypid), or nil.
func MultirangeOf(rt *Type) *Type {
	for i, r := range RangeTypes {
		if r.OID == rt.Base().OID {
			return MultirangeTypes[i]
		}
	}
	return nil
}

// RangeOfMultirange returns the range type of multirange type mt, or nil.
func RangeOfMultirange(mt *Type) *Type {
	for i, m := range MultirangeTypes {
		if m.OID == mt.Base().OID {
			return RangeTypes[i]
		}
	}
	return nil
}

// MultirangeVal is a value of a multirange type: Sub is the element type,
// Ranges the canonical ranges (none when the multirange is empty).
type MultirangeVal struct {
	Sub    *Type
	Ranges []RangeVal
}

// NewMultirange is make_multirange: it drops empty ranges, sorts the rest
// and merges those that overlap or are adjacent.
func NewMultirange(sub *Type, ranges []RangeVal) (MultirangeVal, error) {
	rs := make([]RangeVal, 0, len(ranges))
	for _, r := range ranges {
		if !r.Empty {
			rs = append(rs, r)
		}
	}
	sort.SliceStable(rs, func(i, j int) bool { return CompareRanges(rs[i], rs[j]) < 0 })
	out := MultirangeVal{Sub: sub}
	for _, r := range rs {
		n := len(out.Ranges)
		if n > 0 {
			last := out.Ranges[n-1]
			if CmpBounds(sub, last.Upper, r.Lower) >= 0 || boundsAdjacent(sub, last.Upper, r.Lower) {
				upper := last.Upper
				if CmpBounds(sub, r.Upper, upper) > 0 {
					upper = r.Upper
				}
				m, err := MakeRange(sub, last.Lower, upper)
				if err != nil {
					return MultirangeVal{}, err
				}
				out.Ranges[n-1] = m
				continue
			}
		}
		out.Ranges = append(out.Ranges, r)
	}
	return out, nil
}

// boundsAdjacent is bounds_adjacent for canonical bounds: an upper and a
// lower bound at the same finite value, exactly one of them inclusive.
func boundsAdjacent(sub *Type, upper, lower RangeBound) bool {
	if upper.Inf || lower.Inf {
		return false
	}
	return CmpBoundValues(sub, upper, lower) == 0 && upper.Inclusive != lower.Inclusive
}

// IsEmpty reports whether m holds no ranges.
func (m MultirangeVal) IsEmpty() bool { return len(m.Ranges) == 0 }

// Span is the range from m's first lower bound to its last upper bound
// (range_merge(anymultirange)); empty for an empty multirange.
func (m MultirangeVal) Span() RangeVal {
	if m.IsEmpty() {
		return RangeVal{Sub: m.Sub, Empty: true}
	}
	return RangeVal{Sub: m.Sub, Lower: m.Ranges[0].Lower, Upper: m.Ranges[len(m.Ranges)-1].Upper}
}

// ParseMultirange is multirange_in: a brace-enclosed, comma-separated list
// of range literals (or "empty"), each read by the range type's input.
func ParseMultirange(t *Type, s string, env *Env) (MultirangeVal, error) {
	b := t.Base()
	sub := b.RangeSub
	rt := RangeOfMultirange(b)
	malformed := func(detail string) error {
		return pgerror.New(pgerror.InvalidTextRepresentation, "malformed multirange literal: %q", s).WithDetail("%s", detail)
	}
	isSpace := func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f' }
	i := 0
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	if i >= len(s) || s[i] != '{' {
		return MultirangeVal{}, malformed("Missing left brace.")
	}
	i++
	const (
		beforeRange = iota
		inRange
		inRangeEscaped
		inRangeQuoted
		inRangeQuotedEscaped
		afterRange
		finished
	)
	state, seen, start := beforeRange, 0, 0
	var ranges []RangeVal
	for ; state != finished; i++ {
		if i >= len(s) {
			return MultirangeVal{}, malformed("Unexpected end of input.")
		}
		ch := s[i]
		if isSpace(ch) {
			continue
		}
		switch state {
		case beforeRange:
			switch {
			case ch == '[' || ch == '(':
				start, state = i, inRange
			case ch == '}' && seen == 0:
				state = finished
			case len(s)-i >= 5 && strings.EqualFold(s[i:i+5], "empty"):
				seen++
				i += 4
				state = afterRange
			default:
				return MultirangeVal{}, malformed("Expected range start.")
			}
		case inRange:
			switch ch {
			case ']', ')':
				seen++
				r, err := ParseRange(rt, s[start:i+1], env)
				if err != nil {
					return MultirangeVal{}, err
				}
				ranges = append(ranges, r)
				state = afterRange
			case '"':
				state = inRangeQuoted
			case '\\':
				state = inRangeEscaped
			}
		case inRangeEscaped:
			state = inRange
		case inRangeQuoted:
			switch {
			case ch == '"' && i+1 < len(s) && s[i+1] == '"':
				i++ // a doubled quote is a literal quote
			case ch == '"':
				state = inRange
			case ch == '\\':
				state = inRangeQuotedEscaped
			}
		case inRangeQuotedEscaped:
			state = inRangeQuoted
		case afterRange:
			switch ch {
			case ',':
				state = beforeRange
			case '}':
				state = finished
			default:
				return MultirangeVal{}, malformed("Expected comma or end of multirange.")
			}
		}
	}
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	if i < len(s) {
		return MultirangeVal{}, malformed("Junk after closing right brace.")
	}
	return NewMultirange(sub, ranges)
}

// FormatMultirange is multirange_out.
func FormatMultirange(m MultirangeVal, env *Env) string {
	var b strings.Builder
	b.WriteByte('{')
	for i, r := range m.Ranges {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(FormatRange(r, env))
	}
	b.WriteByte('}')
	return b.String()
}

// CompareMultiranges is multirange_cmp: range by range, a multirange that
// runs out of ranges first sorting first (so the empty one sorts first).
func CompareMultiranges(a, b MultirangeVal) int {
	for i := 0; ; i++ {
		switch {
		case i >= len(a.Ranges) && i >= len(b.Ranges):
			return 0
		case i >= len(a.Ranges):
			return -1
		case i >= len(b.Ranges):
			return 1
		}
		if c := CompareRanges(a.Ranges[i], b.Ranges[i]); c != 0 {
			return c
		}
	}
}

// MultirangeFromRange is the multirange(anyrange) function and the
// range → multirange cast: an empty range gives the empty multirange.
func MultirangeFromRange(r RangeVal) MultirangeVal {
	if r.Empty {
		return MultirangeVal{Sub: r.Sub}
	}
	return MultirangeVal{Sub: r.Sub, Ranges: []RangeVal{r}}
}

// RangeMinusSplit is r1 - r2 as range_split_internal allows it: the parts
// of r1 below and above r2, none, one or two non-empty ranges.
func RangeMinusSplit(r1, r2 RangeVal) ([]RangeVal, error) {
	if r1.Empty {
		return nil, nil
	}
	s := r1.Sub
	if r2.Empty || CmpBounds(s, r1.Lower, r2.Upper) > 0 || CmpBounds(s, r1.Upper, r2.Lower) < 0 {
		return []RangeVal{r1}, nil // no overlap
	}
	var out []RangeVal
	if CmpBounds(s, r1.Lower, r2.Lower) < 0 {
		b := r2.Lower
		b.Inclusive = !b.Inclusive
		r, err := MakeRange(s, r1.Lower, b)
		if err != nil {
			return nil, err
		}
		if !r.Empty {
			out = append(out, r)
		}
	}
	if CmpBounds(s, r1.Upper, r2.Upper) > 0 {
		b := r2.Upper
		b.Inclusive = !b.Inclusive
		r, err := MakeRange(s, b, r1.Upper)
		if err != nil {
			return nil, err
		}
		if !r.Empty {
			out = append(out, r)
		}
	}
	return out, nil
}
