package types

import (
	"github.com/tinybase/tinybase/internal/pgerror"
)

// ParseBytea reads bytea input in hex (\x0102...) or escape format
// (backslash-octal triples and \\), as byteain does (docs 8.4).
func ParseBytea(s string) ([]byte, error) {
	if len(s) >= 2 && s[0] == '\\' && (s[1] == 'x' || s[1] == 'X') {
		return parseByteaHex(s[2:])
	}
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' {
			out = append(out, c)
			continue
		}
		switch {
		case i+1 < len(s) && s[i+1] == '\\':
			out = append(out, '\\')
			i++
		case i+3 < len(s) && isOctal(s[i+1], '3') && isOctal(s[i+2], '7') && isOctal(s[i+3], '7'):
			out = append(out, (s[i+1]-'0')<<6|(s[i+2]-'0')<<3|(s[i+3]-'0'))
			i += 3
		default:
			return nil, pgerror.New(pgerror.InvalidTextRepresentation, "invalid input syntax for type bytea")
		}
	}
	return out, nil
}

func isOctal(c, max byte) bool { return c >= '0' && c <= max }

func parseByteaHex(s string) ([]byte, error) {
	out := make([]byte, 0, len(s)/2)
	for i := 0; i < len(s); {
		c := s[i]
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			i++
			continue
		}
		hi, ok := hexVal(c)
		if !ok {
			return nil, pgerror.New(pgerror.InvalidParameterValue, "invalid hexadecimal digit: %q", string(c))
		}
		if i+1 >= len(s) {
			return nil, pgerror.New(pgerror.InvalidParameterValue, "invalid hexadecimal data: odd number of digits")
		}
		lo, ok := hexVal(s[i+1])
		if !ok {
			return nil, pgerror.New(pgerror.InvalidParameterValue, "invalid hexadecimal digit: %q", string(s[i+1]))
		}
		out = append(out, hi<<4|lo)
		i += 2
	}
	return out, nil
}

func hexVal(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}
