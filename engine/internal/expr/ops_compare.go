package expr

import (
	"errors"
	"regexp"
	"regexp/syntax"
	"strings"
	"sync/atomic"

	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// anyArray and anyEnum are placeholders matching every array / enum type.
var (
	anyArray = &types.Type{Kind: types.KindArray, OID: 2277, Name: "anyarray", SQLName: "anyarray", Mod: -1}
	anyEnum  = &types.Type{Kind: types.KindEnum, OID: 3500, Name: "anyenum", SQLName: "anyenum", Mod: -1}
)

var compareOps = map[string]func(int) bool{
	"=":  func(c int) bool { return c == 0 },
	"<>": func(c int) bool { return c != 0 },
	"<":  func(c int) bool { return c < 0 },
	"<=": func(c int) bool { return c <= 0 },
	">":  func(c int) bool { return c > 0 },
	">=": func(c int) bool { return c >= 0 },
}

func init() {
	comparable := append([]*types.Type{}, types.Builtins...)
	comparable = append(comparable, anyArray, anyEnum)
	for op, test := range compareOps {
		test := test
		for _, t := range comparable {
			if t.Kind == types.KindJSON || t.Kind == types.KindXML || t.Kind == types.KindPoint || t.Kind == types.KindPolygon || t.Kind == types.KindLseg {
				continue // json, xml and the geometric types have no btree operators
			}
			if t == types.Xid && op != "=" && op != "<>" {
				continue // xid has only equality (ids wrap around)
			}
			if t == types.Cid && op != "=" {
				continue // cid has only = (cideq)
			}
			if t == types.ACLItem && op != "=" {
				continue // aclitem has only = (aclitemeq), for hashing
			}
			impl := OpImpl{Left: t, Right: t, Result: func(*types.Type, *types.Type) *types.Type { return types.Bool }, Fn: compareFn(t, test)}
			if t == anyEnum || t == anyArray {
				impl.Bind = func(l, _ *types.Type) OpFunc { return compareFn(l, test) }
			}
			operators[op] = append(operators[op], impl)
		}
	}
	operators["!="] = operators["<>"]

	text := types.Text
	operators["||"] = append(operators["||"], textConcat)
	addOp("||", types.JSONB, types.JSONB, types.JSONB, jsonbConcat)
	operators["||"] = append(operators["||"],
		OpImpl{Left: anyArray, Right: anyArray, Result: sameAsLeft, Fn: arrayConcat, NonStrict: true},
		OpImpl{Left: anyArray, Right: nil, Result: sameAsLeft, NonStrict: true,
			Bind: func(l, _ *types.Type) OpFunc { return arrayAppendOp(l.Base().Elem) }},
		OpImpl{Left: nil, Right: anyArray, Result: func(_, r *types.Type) *types.Type { return r }, NonStrict: true,
			Bind: func(_, r *types.Type) OpFunc { return arrayPrependOp(r.Base().Elem) }})
	operators["||"] = append(operators["||"],
		OpImpl{Left: nil, Right: text, Result: textConcat.Result, Fn: textConcat.Fn, TextCat: true},
		OpImpl{Left: text, Right: nil, Result: textConcat.Result, Fn: textConcat.Fn, TextCat: true})

	// character keeps its padding for pattern matching (bpcharlike)
	for _, l := range []*types.Type{text, types.Bpchar} {
		addPatternOp("~~", l, text, likeRegexp, false, false)
		addPatternOp("~~*", l, text, likeRegexp, true, false)
		addPatternOp("!~~", l, text, likeRegexp, false, true)
		addPatternOp("!~~*", l, text, likeRegexp, true, true)
	}
	addPatternOp("~", text, text, CompileRegexp, false, false)
	addPatternOp("~*", text, text, CompileRegexp, true, false)
	addPatternOp("!~", text, text, CompileRegexp, false, true)
	addPatternOp("!~*", text, text, CompileRegexp, true, true)
}

// addPatternOp adds a LIKE or regular-expression operator. Each operator
// expression binds its own function, which keeps the last pattern it
// compiled: a filter matches every row against one pattern (psql's
// `nspname !~ '^pg_toast'`), and compiling it cost more than matching.
func addPatternOp(name string, l, r *types.Type, compile func(string, bool) (*regexp.Regexp, error), ci, neg bool) {
	match := func(re *regexp.Regexp, a any) any { return re.MatchString(a.(string)) != neg }
	operators[name] = append(operators[name], OpImpl{Left: l, Right: r,
		Result: func(*types.Type, *types.Type) *types.Type { return types.Bool },
		Fn: func(_ *types.Env, a, b any) (any, error) {
			re, err := compile(b.(string), ci)
			if err != nil {
				return nil, err
			}
			return match(re, a), nil
		},
		Bind: func(_, _ *types.Type) OpFunc {
			var last atomic.Pointer[compiledPattern]
			return func(_ *types.Env, a, b any) (any, error) {
				pat := b.(string)
				p := last.Load()
				if p == nil || p.pat != pat {
					re, err := compile(pat, ci)
					if err != nil {
						return nil, err
					}
					p = &compiledPattern{pat: pat, re: re}
					last.Store(p)
				}
				return match(p.re, a), nil
			}
		}})
}

// compiledPattern is a pattern operator's last pattern, compiled.
type compiledPattern struct {
	pat string
	re  *regexp.Regexp
}

func compareFn(t *types.Type, test func(int) bool) OpFunc {
	switch t {
	case types.Int2, types.Int4, types.Int8, types.Text, types.Varchar, types.Name:
		// a filter compares every row it reads: two int64s or two strings
		// (of a type ordered by their bytes) skip types.Compare's checks
		// for other kinds of values, and = / <> of strings their ordering
		eq, ne := test(0) && !test(1) && !test(-1), !test(0) && test(1) && test(-1)
		return func(_ *types.Env, a, b any) (any, error) {
			switch x := a.(type) {
			case int64:
				if y, ok := b.(int64); ok {
					return test(cmpInt64(x, y)), nil
				}
			case string:
				if y, ok := b.(string); ok {
					switch {
					case eq:
						return x == y, nil
					case ne:
						return x != y, nil
					}
					return test(strings.Compare(x, y)), nil
				}
			}
			return test(types.Compare(t, a, b)), nil
		}
	}
	return func(_ *types.Env, a, b any) (any, error) {
		return test(types.Compare(t, a, b)), nil
	}
}

func cmpInt64(x, y int64) int {
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// likeRegexp translates a LIKE pattern (with backslash escapes) to a regexp.
func likeRegexp(pat string, ci bool) (*regexp.Regexp, error) {
	var b strings.Builder
	b.WriteString("(?s)^")
	if ci {
		b.WriteString("(?i)")
	}
	rs := []rune(pat)
	for i := 0; i < len(rs); i++ {
		switch r := rs[i]; r {
		case '%':
			b.WriteString(".*")
		case '_':
			b.WriteString(".")
		case '\\':
			if i+1 >= len(rs) {
				return nil, pgerror.New(pgerror.InvalidEscapeSequence, "LIKE pattern must not end with escape character")
			}
			i++
			b.WriteString(regexp.QuoteMeta(string(rs[i])))
		default:
			b.WriteString(regexp.QuoteMeta(string(r)))
		}
	}
	b.WriteString("$")
	return regexp.Compile(b.String())
}

// CompileRegexp compiles a POSIX regular expression (PostgreSQL ARE,
// approximated by Go's RE2 syntax).
func CompileRegexp(pat string, ci bool) (*regexp.Regexp, error) {
	pat, ci = embeddedOptions(pat, ci)
	if ci {
		pat = "(?i)" + pat
	}
	re, err := regexp.Compile(pat)
	if err != nil {
		return nil, pgerror.New(pgerror.InvalidRegularExpression, "invalid regular expression: %s", regexpErrorText(err))
	}
	return re, nil
}

// embeddedOptions applies an ARE's leading embedded options, "(?xyz)"
// (PostgreSQL docs 9.7.3.4): i and c set case sensitivity, q makes the
// rest a literal, x the expanded syntax (white space and #-comments
// outside bracket expressions are dropped). Go's syntax has no expanded
// mode, so the pattern is rewritten; other options are left to RE2. The
// result has its escapes in RE2's spelling (areEscapes).
func embeddedOptions(pat string, ci bool) (string, bool) {
	if !strings.HasPrefix(pat, "(?") {
		return areEscapes(pat), ci
	}
	end := strings.IndexByte(pat, ')')
	if end < 0 {
		return areEscapes(pat), ci
	}
	flags := pat[2:end]
	for _, f := range flags {
		if !strings.ContainsRune("bceimnpqstwx", f) {
			return areEscapes(pat), ci // a (?:…) group or RE2's own syntax
		}
	}
	rest := pat[end+1:]
	expanded, literal := false, false
	for _, f := range flags {
		switch f {
		case 'i':
			ci = true
		case 'c':
			ci = false
		case 'x':
			expanded = true
		case 't':
			expanded = false
		case 'q':
			literal = true
		}
	}
	if literal {
		return regexp.QuoteMeta(rest), ci
	}
	if expanded {
		rest = stripExpanded(rest)
	}
	return areEscapes(rest), ci
}

// stripExpanded removes the white space and comments of an expanded-syntax
// ARE, keeping them inside bracket expressions and after a backslash.
func stripExpanded(pat string) string {
	var b strings.Builder
	inBracket := false
	for i := 0; i < len(pat); i++ {
		c := pat[i]
		switch {
		case c == '\\' && i+1 < len(pat):
			b.WriteByte(c)
			i++
			b.WriteByte(pat[i])
			continue
		case inBracket:
			if c == ']' {
				inBracket = false
			}
		case c == '[':
			inBracket = true
			i = openBracket(&b, pat, i)
			continue
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			continue
		case c == '#':
			for i < len(pat) && pat[i] != '\n' {
				i++
			}
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// regexpErrorText words Go's regexp errors as PostgreSQL's regex library
// (Spencer's) words the common ones.
func regexpErrorText(err error) string {
	var re *syntax.Error
	if errors.As(err, &re) {
		switch re.Code {
		case syntax.ErrMissingParen, syntax.ErrUnexpectedParen:
			return "parentheses () not balanced"
		case syntax.ErrMissingBracket:
			return "brackets [] not balanced"
		case syntax.ErrMissingRepeatArgument, syntax.ErrInvalidRepeatOp:
			return "quantifier operand invalid"
		case syntax.ErrInvalidRepeatSize:
			return "invalid repetition count(s)"
		case syntax.ErrInvalidEscape, syntax.ErrTrailingBackslash:
			return "invalid escape \\ sequence"
		case syntax.ErrInvalidCharRange:
			return "invalid character range"
		}
	}
	return err.Error()
}

func init() {
	addOp("||", types.Bytea, types.Bytea, types.Bytea, func(_ *types.Env, a, b any) (any, error) {
		x, y := a.([]byte), b.([]byte)
		out := make([]byte, 0, len(x)+len(y))
		return append(append(out, x...), y...), nil
	})
}

// textConcat is text || text.
var textConcat = OpImpl{Left: types.Text, Right: types.Text,
	Result: func(*types.Type, *types.Type) *types.Type { return types.Text },
	Fn:     func(_ *types.Env, a, b any) (any, error) { return a.(string) + b.(string), nil }}

func init() {
	// ^@ is starts_with (docs 9.4, Table 9.10)
	addOp("^@", types.Text, types.Text, types.Bool, func(_ *types.Env, a, b any) (any, error) {
		return strings.HasPrefix(a.(string), b.(string)), nil
	})
}

// openBracket copies the '[' at pat[i] that opens a bracket expression,
// with the '^' and the ']' that may follow it as members (a ] right after
// [ or [^ does not end it), and returns the index of the last byte copied.
func openBracket(b *strings.Builder, pat string, i int) int {
	b.WriteByte('[')
	if i+1 < len(pat) && pat[i+1] == '^' {
		i++
		b.WriteByte('^')
	}
	if i+1 < len(pat) && pat[i+1] == ']' {
		i++
		b.WriteByte(']')
	}
	return i
}
