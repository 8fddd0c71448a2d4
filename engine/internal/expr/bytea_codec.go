package expr

import (
	"encoding/base64"
	"strings"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// encode and decode's formats as PostgreSQL's encode.c has them: base64
// output broken into lines of 76 characters, input that skips whitespace
// and goes on past '=' padding; hex input that skips whitespace; escape
// output with octal escapes for NUL and high-bit bytes.

func isCodecSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// base64Encode is encode(b, 'base64'): a newline after every 76
// characters, the last line's included.
func base64Encode(b []byte) string {
	s := base64.StdEncoding.EncodeToString(b)
	var out strings.Builder
	for len(s) > 0 {
		n := min(len(s), 76)
		out.WriteString(s[:n])
		if n == 76 {
			out.WriteByte('\n')
		}
		s = s[n:]
	}
	return out.String()
}

// base64Decode is decode(s, 'base64').
func base64Decode(s string) ([]byte, error) {
	out := make([]byte, 0, len(s)*3/4)
	var buf uint32
	pos, end := 0, 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if isCodecSpace(c) {
			continue
		}
		b := 0
		if c == '=' {
			if end == 0 {
				switch pos {
				case 2:
					end = 1
				case 3:
					end = 2
				default:
					return nil, pgerror.New(pgerror.InvalidParameterValue, "unexpected \"=\" while decoding base64 sequence")
				}
			}
		} else {
			b = base64Value(c)
			if b < 0 {
				return nil, pgerror.New(pgerror.InvalidParameterValue, "invalid symbol \"%s\" found while decoding base64 sequence", firstRune(s[i:]))
			}
		}
		buf = buf<<6 + uint32(b)
		pos++
		if pos == 4 {
			out = append(out, byte(buf>>16))
			if end == 0 || end > 1 {
				out = append(out, byte(buf>>8))
			}
			if end == 0 || end > 2 {
				out = append(out, byte(buf))
			}
			buf, pos = 0, 0
		}
	}
	if pos != 0 {
		return nil, pgerror.New(pgerror.InvalidParameterValue, "invalid base64 end sequence").
			WithHint("Input data is missing padding, is truncated, or is otherwise corrupted.")
	}
	return out, nil
}

func base64Value(c byte) int {
	switch {
	case c >= 'A' && c <= 'Z':
		return int(c - 'A')
	case c >= 'a' && c <= 'z':
		return int(c-'a') + 26
	case c >= '0' && c <= '9':
		return int(c-'0') + 52
	case c == '+':
		return 62
	case c == '/':
		return 63
	}
	return -1
}

// firstRune is the character s starts with, whole (the error names it).
func firstRune(s string) string {
	for i := range s {
		if i > 0 {
			return s[:i]
		}
	}
	return s
}

// hexDecode is decode(s, 'hex').
func hexDecode(s string) ([]byte, error) {
	out := make([]byte, 0, len(s)/2)
	for i := 0; i < len(s); {
		if isCodecSpace(s[i]) {
			i++
			continue
		}
		hi := hexValue(s[i])
		if hi < 0 {
			return nil, pgerror.New(pgerror.InvalidParameterValue, "invalid hexadecimal digit: \"%s\"", firstRune(s[i:]))
		}
		i++
		if i >= len(s) {
			return nil, pgerror.New(pgerror.InvalidParameterValue, "invalid hexadecimal data: odd number of digits")
		}
		lo := hexValue(s[i])
		if lo < 0 {
			return nil, pgerror.New(pgerror.InvalidParameterValue, "invalid hexadecimal digit: \"%s\"", firstRune(s[i:]))
		}
		i++
		out = append(out, byte(hi<<4|lo))
	}
	return out, nil
}

func hexValue(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// escapeEncode is encode(b, 'escape'): NUL and high-bit bytes as \ooo, a
// backslash doubled.
func escapeEncode(b []byte) string {
	var out strings.Builder
	for _, c := range b {
		switch {
		case c == 0 || c >= 0x80:
			out.WriteByte('\\')
			out.WriteByte('0' + c>>6)
			out.WriteByte('0' + c>>3&7)
			out.WriteByte('0' + c&7)
		case c == '\\':
			out.WriteString(`\\`)
		default:
			out.WriteByte(c)
		}
	}
	return out.String()
}

// escapeDecode is decode(s, 'escape'): \ooo (000 to 377) and \\.
func escapeDecode(s string) ([]byte, error) {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); {
		switch {
		case s[i] != '\\':
			out = append(out, s[i])
			i++
		case i+3 < len(s) && s[i+1] >= '0' && s[i+1] <= '3' && s[i+2] >= '0' && s[i+2] <= '7' && s[i+3] >= '0' && s[i+3] <= '7':
			out = append(out, (s[i+1]-'0')<<6|(s[i+2]-'0')<<3|(s[i+3]-'0'))
			i += 4
		case i+1 < len(s) && s[i+1] == '\\':
			out = append(out, '\\')
			i += 2
		default:
			return nil, pgerror.New(pgerror.InvalidTextRepresentation, "invalid input syntax for type bytea")
		}
	}
	return out, nil
}
