package conformance

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// This file turns binary result values into PostgreSQL's text output, on
// its own reading of PostgreSQL's send functions (not the engine's), so a
// binary run compares with the same goldens as a text run. Only types
// whose text output this file reproduces exactly are asked for in binary.

// binaryKind is how one type's binary form reads.
type binaryKind struct {
	elem  uint32 // for arrays: the element type
	dated bool   // output depends on DateStyle and TimeZone
}

var binaryKinds = map[uint32]binaryKind{
	16: {}, 17: {}, 19: {}, 20: {}, 21: {}, 23: {}, 25: {}, 26: {}, 114: {},
	700: {}, 701: {}, 1042: {}, 1043: {}, 1700: {}, 2950: {}, 3802: {},
	1082: {dated: true}, 1114: {dated: true}, 1184: {dated: true},
	// arrays
	1000: {elem: 16}, 1001: {elem: 17}, 1003: {elem: 19}, 1005: {elem: 21}, 1007: {elem: 23},
	1009: {elem: 25}, 1014: {elem: 1042}, 1015: {elem: 1043}, 1016: {elem: 20}, 1028: {elem: 26},
	1021: {elem: 700}, 1022: {elem: 701}, 1231: {elem: 1700}, 2951: {elem: 2950}, 3807: {elem: 3802},
	199:  {elem: 114},
	1182: {elem: 1082, dated: true}, 1115: {elem: 1114, dated: true}, 1185: {elem: 1184, dated: true},
}

// binaryToText reads a binary value of type oid as PostgreSQL prints it
// (DateStyle ISO, TimeZone UTC, extra_float_digits 1, bytea_output hex).
func binaryToText(oid uint32, b []byte) (string, error) {
	if k, ok := binaryKinds[oid]; ok && k.elem != 0 {
		return arrayToText(k.elem, b)
	}
	bad := func() (string, error) {
		return "", fmt.Errorf("type %d: binary value of %d bytes is malformed: %x", oid, len(b), b)
	}
	switch oid {
	case 16:
		if len(b) != 1 {
			return bad()
		}
		if b[0] != 0 {
			return "t", nil
		}
		return "f", nil
	case 17:
		return `\x` + hex.EncodeToString(b), nil
	case 19, 25, 114, 1042, 1043:
		return string(b), nil
	case 3802:
		if len(b) == 0 || b[0] != 1 {
			return bad()
		}
		return string(b[1:]), nil
	case 21:
		if len(b) != 2 {
			return bad()
		}
		return strconv.Itoa(int(int16(binary.BigEndian.Uint16(b)))), nil
	case 23:
		if len(b) != 4 {
			return bad()
		}
		return strconv.Itoa(int(int32(binary.BigEndian.Uint32(b)))), nil
	case 26:
		if len(b) != 4 {
			return bad()
		}
		return strconv.FormatUint(uint64(binary.BigEndian.Uint32(b)), 10), nil
	case 20:
		if len(b) != 8 {
			return bad()
		}
		return strconv.FormatInt(int64(binary.BigEndian.Uint64(b)), 10), nil
	case 700:
		if len(b) != 4 {
			return bad()
		}
		return floatText(float64(math.Float32frombits(binary.BigEndian.Uint32(b))), 32), nil
	case 701:
		if len(b) != 8 {
			return bad()
		}
		return floatText(math.Float64frombits(binary.BigEndian.Uint64(b)), 64), nil
	case 1700:
		s, ok := numericText(b)
		if !ok {
			return bad()
		}
		return s, nil
	case 2950:
		if len(b) != 16 {
			return bad()
		}
		h := hex.EncodeToString(b)
		return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:], nil
	case 1082:
		if len(b) != 4 {
			return bad()
		}
		return dateText(int32(binary.BigEndian.Uint32(b))), nil
	case 1114, 1184:
		if len(b) != 8 {
			return bad()
		}
		return timestampText(int64(binary.BigEndian.Uint64(b)), oid == 1184), nil
	}
	return "", fmt.Errorf("type %d: no binary reader", oid)
}

// floatText is float4out / float8out with extra_float_digits 1: the
// shortest exact digits, in exponent form below 1e-4 or from 1e15 (1e6 for
// float4).
func floatText(f float64, bits int) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case f == 0:
		if math.Signbit(f) {
			return "-0"
		}
		return "0"
	}
	limit := 15
	if bits == 32 {
		limit = 6
	}
	e := strconv.FormatFloat(f, 'e', -1, bits)
	exp, _ := strconv.Atoi(e[strings.IndexByte(e, 'e')+1:])
	if exp >= -4 && exp < limit {
		return strconv.FormatFloat(f, 'f', -1, bits)
	}
	return e
}

// numericText is numeric_out of numeric_send's form: ndigits, weight,
// sign, dscale, then base-10000 digits.
func numericText(b []byte) (string, bool) {
	if len(b) < 8 {
		return "", false
	}
	n := int(binary.BigEndian.Uint16(b))
	weight := int(int16(binary.BigEndian.Uint16(b[2:])))
	sign := binary.BigEndian.Uint16(b[4:])
	dscale := int(binary.BigEndian.Uint16(b[6:]))
	if len(b) != 8+2*n {
		return "", false
	}
	switch sign {
	case 0xC000:
		return "NaN", true
	case 0xD000:
		return "Infinity", true
	case 0xF000:
		return "-Infinity", true
	case 0, 0x4000:
	default:
		return "", false
	}
	digit := func(i int) int {
		if i < 0 || i >= n {
			return 0
		}
		return int(binary.BigEndian.Uint16(b[8+2*i:]))
	}
	var sb strings.Builder
	if sign == 0x4000 {
		sb.WriteByte('-')
	}
	if weight < 0 {
		sb.WriteByte('0')
	}
	for i := 0; i <= weight; i++ {
		if i == 0 {
			sb.WriteString(strconv.Itoa(digit(i)))
		} else {
			fmt.Fprintf(&sb, "%04d", digit(i))
		}
	}
	if dscale > 0 {
		var frac strings.Builder
		for i := weight + 1; frac.Len() < dscale; i++ {
			fmt.Fprintf(&frac, "%04d", digit(i))
		}
		sb.WriteByte('.')
		sb.WriteString(frac.String()[:dscale])
	}
	return sb.String(), true
}

// pgEpoch is PostgreSQL's date and timestamp origin.
var pgEpoch = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// yearText prints a year as PostgreSQL's ISO style does: at least four
// digits, and years before 1 as "<1-year> ... BC".
func yearText(t time.Time) (string, bool) {
	y := t.Year()
	if y <= 0 {
		return fmt.Sprintf("%04d", 1-y), true
	}
	return fmt.Sprintf("%04d", y), false
}

func dateText(d int32) string {
	switch d {
	case math.MaxInt32:
		return "infinity"
	case math.MinInt32:
		return "-infinity"
	}
	t := pgEpoch.AddDate(0, 0, int(d))
	y, bc := yearText(t)
	s := y + t.Format("-01-02")
	if bc {
		s += " BC"
	}
	return s
}

func timestampText(us int64, tz bool) string {
	switch us {
	case math.MaxInt64:
		return "infinity"
	case math.MinInt64:
		return "-infinity"
	}
	// time.Unix rather than Add: a Duration spans only ±292 years.
	t := time.Unix(pgEpoch.Unix()+us/1e6, (us%1e6)*1e3).UTC()
	y, bc := yearText(t)
	s := y + t.Format("-01-02 15:04:05.999999")
	if tz {
		s += "+00"
	}
	if bc {
		s += " BC"
	}
	return s
}

// arrayToText is array_out of array_send's form: ndim, has-null flag,
// element type, (length, lower bound) per dimension, then each element as
// its length (-1 for NULL) and binary value.
func arrayToText(elem uint32, b []byte) (string, error) {
	bad := fmt.Errorf("array of type %d: malformed binary value %x", elem, b)
	if len(b) < 12 {
		return "", bad
	}
	ndim := int(int32(binary.BigEndian.Uint32(b)))
	if got := binary.BigEndian.Uint32(b[8:]); got != elem {
		return "", fmt.Errorf("array of type %d: element type %d in value", elem, got)
	}
	if ndim == 0 {
		if len(b) != 12 {
			return "", bad
		}
		return "{}", nil
	}
	if ndim < 0 || ndim > 6 || len(b) < 12+8*ndim {
		return "", bad
	}
	dims := make([]int, ndim)
	var bounds strings.Builder
	custom := false
	for i := range dims {
		dims[i] = int(int32(binary.BigEndian.Uint32(b[12+8*i:])))
		lb := int(int32(binary.BigEndian.Uint32(b[16+8*i:])))
		if dims[i] <= 0 {
			return "", bad
		}
		if lb != 1 {
			custom = true
		}
		fmt.Fprintf(&bounds, "[%d:%d]", lb, lb+dims[i]-1)
	}
	off := 12 + 8*ndim
	var sb strings.Builder
	if custom {
		sb.WriteString(bounds.String())
		sb.WriteByte('=')
	}
	var walk func(d int) error
	walk = func(d int) error {
		sb.WriteByte('{')
		for i := 0; i < dims[d]; i++ {
			if i > 0 {
				sb.WriteByte(',')
			}
			if d+1 < ndim {
				if err := walk(d + 1); err != nil {
					return err
				}
				continue
			}
			if off+4 > len(b) {
				return bad
			}
			n := int(int32(binary.BigEndian.Uint32(b[off:])))
			off += 4
			if n == -1 {
				sb.WriteString("NULL")
				continue
			}
			if n < 0 || off+n > len(b) {
				return bad
			}
			s, err := binaryToText(elem, b[off:off+n])
			if err != nil {
				return err
			}
			off += n
			sb.WriteString(quoteArrayElem(s))
		}
		sb.WriteByte('}')
		return nil
	}
	if err := walk(0); err != nil {
		return "", err
	}
	if off != len(b) {
		return "", bad
	}
	return sb.String(), nil
}

// quoteArrayElem quotes an element as array_out does: when it is empty,
// is NULL in any case, or holds a brace, quote, backslash, comma or white
// space.
func quoteArrayElem(s string) string {
	need := s == "" || strings.EqualFold(s, "NULL")
	for i := 0; i < len(s) && !need; i++ {
		switch s[i] {
		case '{', '}', '"', '\\', ',', ' ', '\t', '\n', '\r', '\v', '\f':
			need = true
		}
	}
	if !need {
		return s
	}
	var sb strings.Builder
	sb.WriteByte('"')
	for i := 0; i < len(s); i++ {
		if s[i] == '"' || s[i] == '\\' {
			sb.WriteByte('\\')
		}
		sb.WriteByte(s[i])
	}
	sb.WriteByte('"')
	return sb.String()
}
