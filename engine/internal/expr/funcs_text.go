package expr

import (
	"crypto/md5"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

type bfFnT = func(ctx *sql.Context, env *types.Env, args []any) (any, error)

func bfAddSimple(r *Registry, name string, args []*types.Type, res *types.Type, fn bfFnT) {
	r.Add(name, FuncImpl{Args: args, Result: Fixed(res), Fn: fn})
}

func bfTt(ts ...*types.Type) []*types.Type { return ts }

func bfAsInt(v any) int64 {
	switch x := v.(type) {
	case int16:
		return int64(x)
	case int32:
		return int64(x)
	case int64:
		return x
	}
	return 0
}

// bfPgRegexp translates a POSIX ARE pattern to Go syntax (approximately).
func bfPgRegexp(pat string, flags string) (*regexp.Regexp, error) {
	prefix := ""
	pat, ci := embeddedOptions(pat, strings.Contains(flags, "i"))
	if strings.Contains(flags, "x") {
		pat = stripExpanded(pat)
	}
	if ci {
		prefix = "(?i)"
	}
	re, err := regexp.Compile(prefix + pat)
	if err != nil {
		return nil, regexpError(err)
	}
	return re, nil
}

func bfTrimFn(left, right bool) bfFnT {
	return func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		s, chars := a[0].(string), " "
		if len(a) > 1 {
			chars = a[1].(string)
		}
		if left {
			s = strings.TrimLeft(s, chars)
		}
		if right {
			s = strings.TrimRight(s, chars)
		}
		return s, nil
	}
}

func bfPad(left bool) bfFnT {
	return func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		r := []rune(a[0].(string))
		n := int(bfAsInt(a[1]))
		fill := " "
		if len(a) > 2 {
			fill = a[2].(string)
		}
		if n < 0 {
			n = 0
		}
		if len(r) >= n {
			return string(r[:n]), nil
		}
		fr := []rune(fill)
		if len(fr) == 0 {
			return string(r), nil
		}
		p := make([]rune, 0, n-len(r))
		for i := 0; len(p) < n-len(r); i++ {
			p = append(p, fr[i%len(fr)])
		}
		if left {
			return string(p) + string(r), nil
		}
		return string(r) + string(p), nil
	}
}

func bfSubstrRunes(s string, start int64, count int64, hasCount bool) (string, error) {
	r := []rune(s)
	if hasCount && count < 0 {
		return bfNil2str(), pgerror.New("22011", "negative substring length not allowed")
	}
	end := int64(len(r)) + 1
	if hasCount {
		end = start + count
	}
	if start < 1 {
		start = 1
	}
	if end > int64(len(r))+1 {
		end = int64(len(r)) + 1
	}
	if end <= start {
		return "", nil
	}
	return string(r[start-1 : end-1]), nil
}

func bfNil2str() string { return "" }

func bfQuoteIdent(s string) string {
	ok := s != ""
	for i, c := range s {
		if !(c == '_' || (c >= 'a' && c <= 'z') || (i > 0 && c >= '0' && c <= '9')) {
			ok = false
		}
	}
	if ok && !bfIsKeyword(s) {
		return s
	}
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}

// bfIsKeyword reports whether s is a keyword quote_ident must quote:
// every keyword but the unreserved ones, as PostgreSQL's
// quote_identifier decides, read from the SQL scanner's keyword table.
func bfIsKeyword(s string) bool {
	r, err := pgtree.Scan(s)
	if err != nil || len(r.Tokens) != 1 {
		return false
	}
	k := r.Tokens[0].KeywordKind
	return k != pg.KeywordKind_NO_KEYWORD && k != pg.KeywordKind_UNRESERVED_KEYWORD
}

func bfQuoteLiteral(s string) string {
	q := "'" + strings.ReplaceAll(s, "'", "''") + "'"
	if strings.Contains(s, `\`) {
		q = "E'" + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), "'", "''") + "'"
	}
	return q
}

func bfTextOf(t *types.Type, v any, env *types.Env) string {
	if s, ok := v.(string); ok {
		return s
	}
	return types.Output(t, v, env)
}

// AddTextFuncs adds the string functions (docs 9.4).
// A family of session.Builtins.
func AddTextFuncs(r *Registry) {
	addOverlay(r)      // funcs_overlay.go
	addRegexpFuncs(r)  // funcs_regexp.go
	addUnicodeFuncs(r) // funcs_text_unicode.go
	T, I := types.Text, types.Int4
	lenFn := func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		return int32(utf8.RuneCountInString(a[0].(string))), nil
	}
	for _, n := range []string{"length", "char_length", "character_length"} {
		bfAddSimple(r, n, bfTt(T), I, lenFn)
	}
	bfAddSimple(r, "octet_length", bfTt(T), I, func(_ *sql.Context, _ *types.Env, a []any) (any, error) { return int32(len(a[0].(string))), nil })
	// octet_length(character) counts the padding (bpcharoctetlen), unlike
	// length, which sees the value through its cast to text.
	bfAddSimple(r, "octet_length", bfTt(types.Bpchar), I, func(_ *sql.Context, _ *types.Env, a []any) (any, error) { return int32(len(a[0].(string))), nil })
	bfAddSimple(r, "bit_length", bfTt(T), I, func(_ *sql.Context, _ *types.Env, a []any) (any, error) { return int32(8 * len(a[0].(string))), nil })
	bfAddSimple(r, "lower", bfTt(T), T, func(_ *sql.Context, _ *types.Env, a []any) (any, error) { return strings.ToLower(a[0].(string)), nil })
	bfAddSimple(r, "upper", bfTt(T), T, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		return strings.Map(unicode.ToUpper, a[0].(string)), nil
	})
	bfAddSimple(r, "initcap", bfTt(T), T, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		var b strings.Builder
		prev := false
		for _, c := range a[0].(string) {
			alnum := unicode.IsLetter(c) || unicode.IsDigit(c)
			if alnum && !prev {
				b.WriteRune(unicode.ToUpper(c))
			} else {
				b.WriteRune(unicode.ToLower(c))
			}
			prev = alnum
		}
		return b.String(), nil
	})
	sub2 := func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		return bfSubstrRunes(a[0].(string), bfAsInt(a[1]), 0, false)
	}
	sub3 := func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		return bfSubstrRunes(a[0].(string), bfAsInt(a[1]), bfAsInt(a[2]), true)
	}
	bfAddSimple(r, "substring", bfTt(T, T), T, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		return substringMatch(a[0].(string), a[1].(string))
	})
	// substring(s SIMILAR p ESCAPE e) and substring(s FROM p FOR e): the SQL
	// regular expression form (docs 9.7.2)
	bfAddSimple(r, "substring", bfTt(T, T, T), T, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		pat, err := similarToRegexp(a[1].(string), a[2].(string))
		if err != nil {
			return nil, err
		}
		return substringMatch(a[0].(string), pat)
	})
	for _, n := range []string{"substring", "substr"} {
		bfAddSimple(r, n, bfTt(T, I), T, sub2)
		bfAddSimple(r, n, bfTt(T, I, I), T, sub3)
	}
	posFn := func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		s, sub := a[0].(string), a[1].(string)
		i := strings.Index(s, sub)
		if i < 0 {
			return int32(0), nil
		}
		return int32(utf8.RuneCountInString(s[:i]) + 1), nil
	}
	bfAddSimple(r, "strpos", bfTt(T, T), I, posFn)
	// position(sub IN s) is parsed as position(s, sub) in PG's grammar
	bfAddSimple(r, "position", bfTt(T, T), I, posFn)
	bfAddSimple(r, "replace", bfTt(T, T, T), T, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		if a[1].(string) == "" {
			return a[0], nil
		}
		return strings.ReplaceAll(a[0].(string), a[1].(string), a[2].(string)), nil
	})
	bfAddSimple(r, "translate", bfTt(T, T, T), T, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		from, to := []rune(a[1].(string)), []rune(a[2].(string))
		var b strings.Builder
		for _, c := range a[0].(string) {
			idx := -1
			for i, f := range from {
				if f == c {
					idx = i
					break
				}
			}
			switch {
			case idx < 0:
				b.WriteRune(c)
			case idx < len(to):
				b.WriteRune(to[idx])
			}
		}
		return b.String(), nil
	})
	bfAddSimple(r, "split_part", bfTt(T, T, I), T, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		s, d, n := a[0].(string), a[1].(string), int(bfAsInt(a[2]))
		if n == 0 {
			return nil, pgerror.New(pgerror.InvalidParameterValue, "field position must not be zero")
		}
		var parts []string
		if d == "" {
			parts = []string{s}
		} else {
			parts = strings.Split(s, d)
		}
		if n < 0 {
			n = len(parts) + n + 1
		}
		if n < 1 || n > len(parts) {
			return "", nil
		}
		return parts[n-1], nil
	})
	r.Add("concat", FuncImpl{VarAny: true, NonStrict: true, Result: Fixed(T), Typed: bfConcatFn})
	r.Add("concat_ws", FuncImpl{Args: bfTt(T), VarAny: true, NonStrict: true, Result: Fixed(T), Typed: bfConcatWSFn})
	r.Add("format", FuncImpl{Args: bfTt(T), VarAny: true, NonStrict: true, Result: Fixed(T), Fn: bfFormatFn})
	bfAddSimple(r, "left", bfTt(T, I), T, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		r, n := []rune(a[0].(string)), int(bfAsInt(a[1]))
		if n < 0 {
			n = len(r) + n
		}
		n = max(0, min(n, len(r)))
		return string(r[:n]), nil
	})
	bfAddSimple(r, "right", bfTt(T, I), T, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		r, n := []rune(a[0].(string)), int(bfAsInt(a[1]))
		if n < 0 {
			n = len(r) + n
		}
		n = max(0, min(n, len(r)))
		return string(r[len(r)-n:]), nil
	})
	for _, n := range []struct {
		name string
		l, r bool
	}{{"btrim", true, true}, {"trim", true, true}, {"ltrim", true, false}, {"rtrim", false, true}} {
		bfAddSimple(r, n.name, bfTt(T), T, bfTrimFn(n.l, n.r))
		bfAddSimple(r, n.name, bfTt(T, T), T, bfTrimFn(n.l, n.r))
	}
	bfAddSimple(r, "lpad", bfTt(T, I), T, bfPad(true))
	bfAddSimple(r, "lpad", bfTt(T, I, T), T, bfPad(true))
	bfAddSimple(r, "rpad", bfTt(T, I), T, bfPad(false))
	bfAddSimple(r, "rpad", bfTt(T, I, T), T, bfPad(false))
	bfAddSimple(r, "repeat", bfTt(T, I), T, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		n := int(bfAsInt(a[1]))
		if n < 0 {
			n = 0
		}
		return strings.Repeat(a[0].(string), n), nil
	})
	bfAddSimple(r, "reverse", bfTt(T), T, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		r := []rune(a[0].(string))
		for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
			r[i], r[j] = r[j], r[i]
		}
		return string(r), nil
	})
	bfAddSimple(r, "ascii", bfTt(T), I, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		r, _ := utf8.DecodeRuneInString(a[0].(string))
		if a[0].(string) == "" {
			r = 0
		}
		return int32(r), nil
	})
	bfAddSimple(r, "chr", bfTt(I), T, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		n := bfAsInt(a[0])
		if n == 0 {
			return nil, pgerror.New(pgerror.ProgramLimitExceeded, "null character not permitted")
		}
		if n < 0 || n > unicode.MaxRune {
			return nil, pgerror.New(pgerror.ProgramLimitExceeded, "requested character too large for encoding: %d", n)
		}
		return string(rune(n)), nil
	})
	bfAddSimple(r, "md5", bfTt(T), T, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		h := md5.Sum([]byte(a[0].(string)))
		return hex.EncodeToString(h[:]), nil
	})
	bfAddSimple(r, "starts_with", bfTt(T, T), types.Bool, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		return strings.HasPrefix(a[0].(string), a[1].(string)), nil
	})
	rr := func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		flags := ""
		if len(a) > 3 {
			flags = a[3].(string)
		}
		re, err := bfPgRegexp(a[1].(string), flags)
		if err != nil {
			return nil, err
		}
		repl := regexp.MustCompile(`\\([0-9&\\])`).ReplaceAllStringFunc(a[2].(string), func(m string) string {
			switch m[1] {
			case '&':
				return "${0}"
			case '\\':
				return `\`
			}
			return "${" + m[1:] + "}"
		})
		repl = strings.ReplaceAll(repl, "$$", "$$$$")
		s := a[0].(string)
		if strings.Contains(flags, "g") {
			return re.ReplaceAllString(s, repl), nil
		}
		loc := re.FindStringSubmatchIndex(s)
		if loc == nil {
			return s, nil
		}
		out := re.ExpandString(nil, repl, s, loc)
		return s[:loc[0]] + string(out) + s[loc[1]:], nil
	}
	bfAddSimple(r, "regexp_replace", bfTt(T, T, T), T, rr)
	bfAddSimple(r, "regexp_replace", bfTt(T, T, T, T), T, rr)
	rm := func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		flags := ""
		if len(a) > 2 {
			flags = a[2].(string)
		}
		re, err := bfPgRegexp(a[1].(string), flags)
		if err != nil {
			return nil, err
		}
		m := re.FindStringSubmatchIndex(a[0].(string))
		if m == nil {
			return nil, nil
		}
		var vals []any
		if len(m) == 2 {
			vals = []any{a[0].(string)[m[0]:m[1]]}
		}
		for i := 2; i < len(m); i += 2 {
			if m[i] < 0 {
				vals = append(vals, nil)
			} else {
				vals = append(vals, a[0].(string)[m[i]:m[i+1]])
			}
		}
		return types.NewArray(T, vals), nil
	}
	r.Add("regexp_match", FuncImpl{Args: bfTt(T, T), Result: Fixed(types.ArrayOf(T)), Fn: rm})
	r.Add("regexp_match", FuncImpl{Args: bfTt(T, T, T), Result: Fixed(types.ArrayOf(T)), Fn: rm})
	r.Add("regexp_split_to_array", FuncImpl{Args: bfTt(T, T), Result: Fixed(types.ArrayOf(T)), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		re, err := bfPgRegexp(a[1].(string), "")
		if err != nil {
			return nil, err
		}
		parts := re.Split(a[0].(string), -1)
		vals := make([]any, len(parts))
		for i, p := range parts {
			vals[i] = p
		}
		return types.NewArray(T, vals), nil
	}})
	bfAddSimple(r, "to_hex", bfTt(types.Int4), T, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		return strconv.FormatUint(uint64(uint32(bfAsInt(a[0]))), 16), nil
	})
	for name, sum := range map[string]func([]byte) []byte{
		"sha224": func(b []byte) []byte { h := sha256.Sum224(b); return h[:] },
		"sha256": func(b []byte) []byte { h := sha256.Sum256(b); return h[:] },
		"sha384": func(b []byte) []byte { h := sha512.Sum384(b); return h[:] },
		"sha512": func(b []byte) []byte { h := sha512.Sum512(b); return h[:] },
	} {
		bfAddSimple(r, name, bfTt(types.Bytea), types.Bytea, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
			return sum(a[0].([]byte)), nil
		})
	}
	bfAddSimple(r, "encode", bfTt(types.Bytea, T), T, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		b := a[0].([]byte)
		switch strings.ToLower(a[1].(string)) {
		case "hex":
			return hex.EncodeToString(b), nil
		case "base64":
			return base64Encode(b), nil // bytea_codec.go
		case "escape":
			return escapeEncode(b), nil
		}
		return nil, pgerror.New(pgerror.InvalidParameterValue, "unrecognized encoding: \"%s\"", a[1])
	})
	bfAddSimple(r, "decode", bfTt(T, T), types.Bytea, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		s := a[0].(string)
		var b []byte
		var err error
		switch strings.ToLower(a[1].(string)) {
		case "hex":
			b, err = hexDecode(s) // bytea_codec.go
		case "base64":
			b, err = base64Decode(s)
		case "escape":
			b, err = escapeDecode(s)
		default:
			return nil, pgerror.New(pgerror.InvalidParameterValue, "unrecognized encoding: \"%s\"", a[1])
		}
		if err != nil {
			return nil, err
		}
		return b, nil
	})
	bfAddSimple(r, "to_hex", bfTt(types.Int8), T, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		return strconv.FormatUint(uint64(bfAsInt(a[0])), 16), nil
	})
	bfAddSimple(r, "quote_ident", bfTt(T), T, func(_ *sql.Context, _ *types.Env, a []any) (any, error) { return bfQuoteIdent(a[0].(string)), nil })
	r.Add("quote_literal", FuncImpl{Args: []*types.Type{nil}, Result: Fixed(T), Fn: bfQuoteNullable})
	r.Add("quote_nullable", FuncImpl{Args: []*types.Type{nil}, NonStrict: true, Result: Fixed(T), Fn: bfQuoteNullable})
}

func bfQuoteNullable(_ *sql.Context, env *types.Env, a []any) (any, error) {
	if a[0] == nil {
		return "NULL", nil
	}
	return bfQuoteLiteral(bfTextOf(nil, a[0], env)), nil
}

// bfConcatFn is concat: each argument printed by its type's output
// function (a timestamptz with its zone, in the session's DateStyle).
func bfConcatFn(ctx *sql.Context, ats []*types.Type, a []any) (any, error) {
	env := EnvOf(ctx)
	var b strings.Builder
	for i, v := range a {
		if v != nil {
			b.WriteString(bfTextOf(ats[i], v, env))
		}
	}
	return b.String(), nil
}

func bfConcatWSFn(ctx *sql.Context, ats []*types.Type, a []any) (any, error) {
	if a[0] == nil {
		return nil, nil
	}
	env := EnvOf(ctx)
	var parts []string
	for i, v := range a[1:] {
		if v != nil {
			parts = append(parts, bfTextOf(ats[i+1], v, env))
		}
	}
	return strings.Join(parts, a[0].(string)), nil
}

func bfFormatFn(_ *sql.Context, env *types.Env, a []any) (any, error) {
	if a[0] == nil {
		return nil, nil
	}
	f := []rune(a[0].(string))
	args := a[1:]
	var b strings.Builder
	next := 0
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			b.WriteRune(f[i])
			continue
		}
		i++
		if i >= len(f) {
			return nil, pgerror.New(pgerror.InvalidParameterValue, "unterminated format() type specifier")
		}
		if f[i] == '%' {
			b.WriteRune('%')
			continue
		}
		// optional position n$
		j := i
		for j < len(f) && f[j] >= '0' && f[j] <= '9' {
			j++
		}
		argpos := -1
		if j < len(f) && f[j] == '$' && j > i {
			n, _ := strconv.Atoi(string(f[i:j]))
			argpos = n - 1
			i = j + 1
		}
		minus := false
		if i < len(f) && f[i] == '-' {
			minus = true
			i++
		}
		j = i
		for j < len(f) && f[j] >= '0' && f[j] <= '9' {
			j++
		}
		width := 0
		if j > i {
			width, _ = strconv.Atoi(string(f[i:j]))
			i = j
		} else if i < len(f) && f[i] == '*' {
			// the width is an argument: the next one, or *n$'s; NULL is
			// no width and a negative one pads on the right
			i++
			// (text_format: the value is then argpos's or the one after
			// the width)
			wpos := next
			j = i
			for j < len(f) && f[j] >= '0' && f[j] <= '9' {
				j++
			}
			if j < len(f) && f[j] == '$' && j > i {
				n, _ := strconv.Atoi(string(f[i:j]))
				wpos = n - 1
				i = j + 1
			}
			next = wpos + 1
			if wpos >= len(args) {
				return nil, pgerror.New(pgerror.InvalidParameterValue, "too few arguments for format()")
			}
			if w := args[wpos]; w != nil {
				n, err := strconv.Atoi(strings.TrimSpace(bfTextOf(nil, w, env)))
				if err != nil {
					return nil, pgerror.New(pgerror.InvalidTextRepresentation, "invalid input syntax for type integer: \"%s\"", bfTextOf(nil, w, env))
				}
				width = n
			}
			if width < 0 {
				minus, width = true, -width
			}
		}
		if i >= len(f) {
			return nil, pgerror.New(pgerror.InvalidParameterValue, "unterminated format() type specifier")
		}
		if argpos >= 0 {
			next = argpos
		}
		if next >= len(args) {
			return nil, pgerror.New(pgerror.InvalidParameterValue, "too few arguments for format()")
		}
		v := args[next]
		next++
		var s string
		switch f[i] {
		case 's':
			if v != nil {
				s = bfTextOf(nil, v, env)
			}
		case 'I':
			if v == nil {
				return nil, pgerror.New(pgerror.NullValueNotAllowed, "null values cannot be formatted as an SQL identifier")
			}
			s = bfQuoteIdent(bfTextOf(nil, v, env))
		case 'L':
			if v == nil {
				s = "NULL"
			} else {
				s = bfQuoteLiteral(bfTextOf(nil, v, env))
			}
		default:
			return nil, pgerror.New(pgerror.InvalidParameterValue, "unrecognized format() type specifier \"%c\"", f[i])
		}
		if bfPad := width - utf8.RuneCountInString(s); bfPad > 0 {
			if minus {
				s += strings.Repeat(" ", bfPad)
			} else {
				s = strings.Repeat(" ", bfPad) + s
			}
		}
		b.WriteString(s)
	}
	return b.String(), nil
}

// substringMatch is substring(s FROM pattern): the first parenthesized
// subexpression's match, or the whole match when there is none; NULL
// when the pattern does not match.
func substringMatch(s, pattern string) (any, error) {
	re, err := bfPgRegexp(pattern, "")
	if err != nil {
		return nil, err
	}
	m := re.FindStringSubmatch(s)
	if m == nil {
		return nil, nil
	}
	if len(m) > 1 {
		return m[1], nil
	}
	return m[0], nil
}
