package expr

import (
	"strings"

	"github.com/shopspring/decimal"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// to_number: formatting.c's NUM_processor in reading mode over the same
// parsed pattern to_char uses (tochar_num.go). Each digit or decimal-point
// position consumes one input character, reading a digit, the decimal
// point or a sign anchored to the first or last digit; G and ',' skip a
// thousands separator only when one is there; L skips the currency symbol
// or one non-data character; MI/PL/SG read their sign or skip one
// non-data character; every literal pattern character skips one input
// character. The digits read become numeric(pre+V, post digits read),
// scaled down by V's digits.

type numReader struct {
	f       *numFormat
	in      string
	p       int
	sign    byte // ' ', '-' or '+'
	digits  strings.Builder
	readDec bool
	pre     int
	post    int
}

func (r *numReader) end() bool { return r.p >= len(r.in) }

func (r *numReader) at(s string) bool { return strings.HasPrefix(r.in[r.p:], s) }

// eatNonData is NUM_eat_non_data_chars: skip up to n characters that
// cannot be part of the number.
func (r *numReader) eatNonData(n int) {
	for ; n > 0 && !r.end(); n-- {
		if strings.IndexByte("0123456789.,+-", r.in[r.p]) >= 0 {
			return
		}
		r.p += runeLen(r.in[r.p:])
	}
}

// atSign reads a '-' or '+' at the read position into the sign.
func (r *numReader) atSign() bool {
	switch {
	case r.at("-"):
		r.sign = '-'
	case r.at("+"):
		r.sign = '+'
	default:
		return false
	}
	return true
}

// numPart is NUM_numpart_from_char for a 9, 0, D or '.' position.
func (r *numReader) numPart(k numKey) {
	if r.end() {
		return
	}
	if r.in[r.p] == ' ' {
		r.p++
	}
	if r.end() {
		return
	}
	// a sign ahead of the first digit
	if r.sign == ' ' && (k == num0 || k == num9) && r.pre+r.post == 0 {
		if r.f.is(numLSign) && r.f.lsign == lsignPre {
			if r.at("-") {
				r.p++
				r.sign = '-'
			} else if r.at("+") {
				r.p++
				r.sign = '+'
			}
		} else if c := r.in[r.p]; c == '-' || (r.f.is(numBracket) && c == '<') {
			r.sign = '-'
			r.p++
		} else if c == '+' {
			r.sign = '+'
			r.p++
		}
	}
	if r.end() {
		return
	}
	isread := false
	if c := r.in[r.p]; c >= '0' && c <= '9' {
		if r.readDec && r.post == r.f.post {
			return
		}
		r.digits.WriteByte(c)
		if r.readDec {
			r.post++
		} else {
			r.pre++
		}
		isread = true
	} else if r.f.is(numDecimal) && !r.readDec && c == '.' {
		r.digits.WriteByte('.')
		r.readDec = true
		isread = true
	}
	if r.end() {
		return
	}
	// a sign behind the last digit
	if r.sign == ' ' && r.pre+r.post > 0 {
		if r.f.is(numLSign) && isread && r.p+1 < len(r.in) && !isDigitByte(r.in[r.p+1]) {
			tmp := r.p
			r.p++
			if !r.atSign() {
				r.p = tmp
			}
		} else if !isread && !r.f.is(numLSign) && (r.f.is(numPlus) || r.f.is(numMinus)) {
			if c := r.in[r.p]; c == '-' || c == '+' {
				r.sign = c
			}
		}
	}
}

func isDigitByte(c byte) bool { return c >= '0' && c <= '9' }

// toNumber is to_number(text, text).
func toNumber(in, pattern string) (any, error) {
	if pattern == "" {
		return nil, nil
	}
	f, err := parseNumFormat(pattern)
	if err != nil {
		return nil, err
	}
	if f.is(numEEEE) {
		return nil, pgerror.New(pgerror.FeatureNotSupported, `"EEEE" not supported for input`)
	}
	if f.is(numRoman) {
		return nil, pgerror.New(pgerror.FeatureNotSupported, `"RN" not supported for input`)
	}
	r := &numReader{f: f, in: in, sign: ' '}
	for _, n := range f.nodes {
		if r.end() {
			break
		}
		if n.key == numLiteral {
			r.p += runeLen(r.in[r.p:])
			continue
		}
		switch n.key {
		case num9, num0, numDec, numD:
			r.numPart(n.key)
		case numComma, numG:
			if f.is(numFillMode) || !r.at(",") {
				continue
			}
		case numL:
			// the C locale's currency symbol is a blank
			if !r.at(" ") {
				r.eatNonData(1)
				continue
			}
		case numMI:
			if !r.at("-") {
				r.eatNonData(1)
				continue
			}
			r.sign = '-'
		case numPL:
			if !r.at("+") {
				r.eatNonData(1)
				continue
			}
			r.sign = '+'
		case numSG:
			if !r.atSign() {
				r.eatNonData(1)
				continue
			}
		case numTH, numTHLower:
			if f.is(numDecimal) || r.sign == '-' {
				continue
			}
			r.eatNonData(2)
			continue
		default:
			continue
		}
		if !r.end() {
			r.p += runeLen(r.in[r.p:])
		}
	}
	num := strings.TrimSuffix(r.digits.String(), ".")
	text := string(r.sign) + num
	d, err := decimal.NewFromString(strings.TrimPrefix(strings.TrimSpace(text), "+"))
	if err != nil || num == "" || num == "." {
		return nil, pgerror.New(pgerror.InvalidTextRepresentation, "invalid input syntax for type numeric: %q", text)
	}
	prec, scale := f.pre+f.multi+r.post, r.post
	if prec > 0 {
		if d, err = types.ApplyNumericMod(fixScale(d, int32(scale)), int32(prec<<16|scale)+4); err != nil {
			return nil, err
		}
	}
	d = fixScale(d, int32(scale))
	if f.multi > 0 {
		m, err := numericPow(decimal.New(10, 0), decimal.NewFromInt(int64(-f.multi)))
		if err != nil {
			return nil, err
		}
		d = d.Mul(m)
	}
	return d, nil
}
