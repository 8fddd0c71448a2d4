package expr

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
	"golang.org/x/text/unicode/norm"
)

// addUnicodeFuncs adds normalize and is_normalized (the functions behind
// NORMALIZE(x, form) and x IS [NOT] [form] NORMALIZED, docs 9.4), unistr
// and parse_ident (docs 9.4 Table 9.10).
func addUnicodeFuncs(r *Registry) {
	T := types.Text
	fn := func(name string, args []*types.Type, res *types.Type, f func(a []any) (any, error)) {
		r.Add(name, FuncImpl{Args: args, Result: Fixed(res), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) { return f(a) }})
	}
	form := func(a []any) (norm.Form, error) {
		if len(a) < 2 {
			return norm.NFC, nil
		}
		return normalForm(a[1].(string))
	}
	normalize := func(a []any) (any, error) {
		f, err := form(a)
		if err != nil {
			return nil, err
		}
		return f.String(a[0].(string)), nil
	}
	isNormalized := func(a []any) (any, error) {
		f, err := form(a)
		if err != nil {
			return nil, err
		}
		return f.IsNormalString(a[0].(string)), nil
	}
	fn("normalize", []*types.Type{T}, T, normalize)
	fn("normalize", []*types.Type{T, T}, T, normalize)
	fn("is_normalized", []*types.Type{T}, types.Bool, isNormalized)
	fn("is_normalized", []*types.Type{T, T}, types.Bool, isNormalized)
	fn("unistr", []*types.Type{T}, T, func(a []any) (any, error) { return unistr(a[0].(string)) })
	parse := func(a []any) (any, error) {
		parts, err := parseIdent(a[0].(string), len(a) < 2 || a[1].(bool))
		if err != nil {
			return nil, err
		}
		vals := make([]any, len(parts))
		for i, p := range parts {
			vals[i] = p
		}
		return types.NewArray(T, vals), nil
	}
	textArr := types.ArrayOf(T)
	fn("parse_ident", []*types.Type{T}, textArr, parse)
	fn("parse_ident", []*types.Type{T, types.Bool}, textArr, parse)
}

// normalForm reads a normalization form name, case-insensitively.
func normalForm(s string) (norm.Form, error) {
	switch strings.ToUpper(s) {
	case "NFC":
		return norm.NFC, nil
	case "NFD":
		return norm.NFD, nil
	case "NFKC":
		return norm.NFKC, nil
	case "NFKD":
		return norm.NFKD, nil
	}
	return 0, pgerror.New(pgerror.InvalidParameterValue, "invalid normalization form: %s", s)
}

// unistr decodes the Unicode escapes \XXXX, \+XXXXXX, \uXXXX and
// \UXXXXXXXX (and \\ for a backslash), joining UTF-16 surrogate pairs.
func unistr(s string) (string, error) {
	badEscape := func() error {
		return pgerror.New(pgerror.SyntaxError, "invalid Unicode escape").
			WithHint("Unicode escapes must be \\XXXX, \\+XXXXXX, \\uXXXX, or \\UXXXXXXXX.")
	}
	badPair := func() error {
		return pgerror.New(pgerror.SyntaxError, "invalid Unicode surrogate pair")
	}
	hexAt := func(i, n int) (rune, bool) {
		if i+n > len(s) {
			return 0, false
		}
		for j := i; j < i+n; j++ {
			if !strings.ContainsRune("0123456789abcdefABCDEF", rune(s[j])) {
				return 0, false
			}
		}
		v, err := strconv.ParseUint(s[i:i+n], 16, 32)
		return rune(v), err == nil
	}
	var b strings.Builder
	var pending rune // a first surrogate waiting for its pair
	for i := 0; i < len(s); {
		if s[i] != '\\' {
			if pending != 0 {
				return "", badPair()
			}
			b.WriteByte(s[i])
			i++
			continue
		}
		if i+1 < len(s) && s[i+1] == '\\' {
			if pending != 0 {
				return "", badPair()
			}
			b.WriteByte('\\')
			i += 2
			continue
		}
		var n, skip int
		switch {
		case i+1 < len(s) && s[i+1] == 'u':
			n, skip = 4, 2
		case i+1 < len(s) && s[i+1] == 'U':
			n, skip = 8, 2
		case i+1 < len(s) && s[i+1] == '+':
			n, skip = 6, 2
		default:
			n, skip = 4, 1
		}
		c, ok := hexAt(i+skip, n)
		if !ok {
			return "", badEscape()
		}
		i += skip + n
		if c == 0 || c > utf8.MaxRune {
			return "", pgerror.New(pgerror.InvalidParameterValue, "invalid Unicode code point: %04X", c)
		}
		switch {
		case c >= 0xD800 && c <= 0xDBFF:
			if pending != 0 {
				return "", badPair()
			}
			pending = c
			continue
		case c >= 0xDC00 && c <= 0xDFFF:
			if pending == 0 {
				return "", badPair()
			}
			c = 0x10000 + (pending-0xD800)<<10 + (c - 0xDC00)
			pending = 0
		default:
			if pending != 0 {
				return "", badPair()
			}
		}
		b.WriteRune(c)
	}
	if pending != 0 {
		return "", badPair()
	}
	return b.String(), nil
}

// parseIdent splits a qualified identifier as parse_ident does: quoted
// parts keep their case (a doubled quote is a quote), unquoted ones are
// lower-cased (ASCII letters only, as in a UTF8 database); with strict,
// anything after the last part is an error.
func parseIdent(s string, strict bool) ([]string, error) {
	invalid := func(detail string) error {
		e := pgerror.New(pgerror.InvalidParameterValue, "string is not a valid identifier: \"%s\"", s)
		if detail != "" {
			e = e.WithDetail("%s", detail)
		}
		return e
	}
	space := func(i int) bool {
		return i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r' || s[i] == '\f')
	}
	identStart := func(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c >= 0x80 }
	identCont := func(c byte) bool { return identStart(c) || c >= '0' && c <= '9' || c == '$' }
	var parts []string
	i := 0
	for space(i) {
		i++
	}
	afterDot := false
	for {
		switch {
		case i < len(s) && s[i] == '"':
			var b strings.Builder
			j := i + 1
			for {
				k := strings.IndexByte(s[j:], '"')
				if k < 0 {
					return nil, invalid("String has unclosed double quotes.")
				}
				b.WriteString(s[j : j+k])
				j += k + 1
				if j < len(s) && s[j] == '"' {
					b.WriteByte('"')
					j++
					continue
				}
				break
			}
			if b.Len() == 0 {
				return nil, invalid("Quoted identifier must not be empty.")
			}
			parts = append(parts, b.String())
			i = j
		case i < len(s) && identStart(s[i]):
			j := i + 1
			for j < len(s) && identCont(s[j]) {
				j++
			}
			parts = append(parts, asciiLower(s[i:j]))
			i = j
		case i < len(s) && s[i] == '.':
			return nil, invalid("No valid identifier before \".\".")
		case afterDot:
			return nil, invalid("No valid identifier after \".\".")
		default:
			return nil, invalid("")
		}
		for space(i) {
			i++
		}
		switch {
		case i < len(s) && s[i] == '.':
			afterDot = true
			i++
			for space(i) {
				i++
			}
			continue
		case i >= len(s):
			return parts, nil
		}
		if strict {
			return nil, invalid("")
		}
		return parts, nil
	}
}

func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
