package gmsadapter

import (
	"math"
	"slices"
	"strconv"
	"unicode/utf8"
)

// EXPLAIN (FORMAT JSON) output without reflection. PostgREST's
// count=planned runs an EXPLAIN (FORMAT JSON) per request, and
// encoding/json's reflection over the plan's maps was most of printing
// it. appendJSON writes the value types the plan's maps hold exactly as
// encoding/json's Encoder does with SetEscapeHTML(false) and a two-space
// indent (keys sorted, floats in its format); ok is false for anything
// else, which is then left to encoding/json.

// appendJSON appends v at the nesting depth given, indented.
func appendJSON(b []byte, v any, depth int) ([]byte, bool) {
	switch x := v.(type) {
	case string:
		return appendJSONString(b, x), true
	case int:
		return strconv.AppendInt(b, int64(x), 10), true
	case int64:
		return strconv.AppendInt(b, x, 10), true
	case float64:
		return appendJSONFloat(b, x)
	case []string:
		if len(x) == 0 {
			return append(b, "[]"...), true
		}
		b = append(b, '[')
		for i, s := range x {
			if i > 0 {
				b = append(b, ',')
			}
			b = jsonNewline(b, depth+1)
			b = appendJSONString(b, s)
		}
		return append(jsonNewline(b, depth), ']'), true
	case []any:
		if len(x) == 0 {
			return append(b, "[]"...), true
		}
		b = append(b, '[')
		for i, e := range x {
			if i > 0 {
				b = append(b, ',')
			}
			b = jsonNewline(b, depth+1)
			var ok bool
			if b, ok = appendJSON(b, e, depth+1); !ok {
				return b, false
			}
		}
		return append(jsonNewline(b, depth), ']'), true
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		return appendJSONObject(b, keys, func(b []byte, k string) ([]byte, bool) { return appendJSON(b, x[k], depth+1) }, depth)
	case map[string]string:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		return appendJSONObject(b, keys, func(b []byte, k string) ([]byte, bool) { return appendJSONString(b, x[k]), true }, depth)
	}
	return b, false
}

// appendJSONObject appends an object of keys in sorted order, each value
// appended by val.
func appendJSONObject(b []byte, keys []string, val func([]byte, string) ([]byte, bool), depth int) ([]byte, bool) {
	if len(keys) == 0 {
		return append(b, "{}"...), true
	}
	slices.Sort(keys)
	b = append(b, '{')
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsonNewline(b, depth+1)
		b = appendJSONString(b, k)
		b = append(b, ": "...)
		var ok bool
		if b, ok = val(b, k); !ok {
			return b, false
		}
	}
	return append(jsonNewline(b, depth), '}'), true
}

func jsonNewline(b []byte, depth int) []byte {
	b = append(b, '\n')
	for i := 0; i < depth; i++ {
		b = append(b, "  "...)
	}
	return b
}

// appendJSONFloat is encoding/json's float64 format; NaN and infinities
// are not JSON.
func appendJSONFloat(b []byte, f float64) ([]byte, bool) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return b, false
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// e-09 is written e-9
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b, true
}

// appendJSONString quotes s as encoding/json does without HTML escaping:
// quotes, backslashes and control characters escaped, invalid UTF-8 as
// U+FFFD, and U+2028 and U+2029 escaped.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
