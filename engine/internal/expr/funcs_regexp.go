package expr

import (
	"regexp"
	"regexp/syntax"
	"strings"
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// reFlags is a parsed regexp flags string (regexp.c's parse_re_flags).
type reFlags struct {
	icase, expanded, quote, glob bool
	// newline: 0 no newline sensitivity, 'n' full, 'p' partial, 'w' inverse
	// partial
	newline byte
}

// parseReFlags reads PostgreSQL's regular expression option letters
// (docs table 9.24); the last of c/i and of n/p/s/w wins.
func parseReFlags(flags string) (reFlags, error) {
	var f reFlags
	for _, c := range flags {
		switch c {
		case 'g':
			f.glob = true
		case 'b', 'e':
			// BRE / ERE: Go's syntax is the ERE/ARE one
		case 'c':
			f.icase = false
		case 'i':
			f.icase = true
		case 'm', 'n':
			f.newline = 'n'
		case 'p':
			f.newline = 'p'
		case 'q':
			f.quote = true
		case 's':
			f.newline = 0
		case 't':
			f.expanded = false
		case 'w':
			f.newline = 'w'
		case 'x':
			f.expanded = true
		default:
			return f, pgerror.New(pgerror.InvalidParameterValue, "invalid regular expression option: \"%s\"", string(c))
		}
	}
	return f, nil
}

// compile builds the Go regexp for pat under f.
func (f reFlags) compile(pat string) (*regexp.Regexp, error) {
	ci := f.icase
	if f.quote {
		pat = regexp.QuoteMeta(pat)
	} else {
		pat, ci = embeddedOptions(pat, ci)
		if f.expanded {
			pat = stripExpanded(pat)
		}
	}
	opts := ""
	if ci {
		opts += "i"
	}
	switch f.newline {
	case 0:
		opts += "s"
	case 'n':
		opts += "m"
	case 'w':
		opts += "sm"
	}
	if opts != "" {
		pat = "(?" + opts + ")" + pat
	}
	re, err := regexp.Compile(pat)
	if err != nil {
		return nil, regexpError(err)
	}
	return re, nil
}

// regexpError words a Go regexp syntax error as PostgreSQL's regex
// library (regerror) words the same fault.
func regexpError(err error) error {
	msg := err.Error()
	if se, ok := err.(*syntax.Error); ok {
		switch se.Code {
		case syntax.ErrMissingParen, syntax.ErrUnexpectedParen:
			msg = "parentheses () not balanced"
		case syntax.ErrMissingBracket:
			msg = "brackets [] not balanced"
		case syntax.ErrMissingRepeatArgument, syntax.ErrInvalidRepeatOp:
			msg = "quantifier operand invalid"
		case syntax.ErrInvalidEscape:
			msg = "invalid escape \\ sequence"
		case syntax.ErrInvalidCharRange:
			msg = "invalid character range"
		case syntax.ErrInvalidRepeatSize:
			msg = "invalid repetition count(s)"
		}
	}
	return pgerror.New(pgerror.InvalidRegularExpression, "invalid regular expression: %s", msg)
}

func reParamError(name string, v int64) error {
	return pgerror.New(pgerror.InvalidParameterValue, "invalid value for parameter \"%s\": %d", name, v)
}

func reNoGlobal(fn string) error {
	return pgerror.New(pgerror.InvalidParameterValue, "%s does not support the \"global\" option", fn)
}

// reMatches finds every match of re in s from character start (1-based),
// with byte offsets into s.
func reMatches(re *regexp.Regexp, s string, start int64) [][]int {
	off := 0
	for i := int64(1); i < start && off < len(s); i++ {
		_, n := utf8.DecodeRuneInString(s[off:])
		off += n
	}
	if start > 1 && off >= len(s) && int64(utf8.RuneCountInString(s)) < start-1 {
		return nil
	}
	ms := re.FindAllStringSubmatchIndex(s[off:], -1)
	for _, m := range ms {
		for i := range m {
			if m[i] >= 0 {
				m[i] += off
			}
		}
	}
	return ms
}

// reArgs reads the optional (start, n, …) integer arguments at the given
// positions, checking each as regexp.c does.
type reArgs struct {
	start, n, endoption, subexpr int64
	flags                        string
}

func readReArgs(a []any, startAt, nAt, endAt, flagsAt, subAt int) (reArgs, error) {
	ra := reArgs{start: 1, n: 1}
	if startAt < len(a) {
		ra.start = bfAsInt(a[startAt])
		if ra.start <= 0 {
			return ra, reParamError("start", ra.start)
		}
	}
	if nAt > 0 && nAt < len(a) {
		ra.n = bfAsInt(a[nAt])
		if ra.n <= 0 {
			return ra, reParamError("n", ra.n)
		}
	}
	if endAt > 0 && endAt < len(a) {
		ra.endoption = bfAsInt(a[endAt])
		if ra.endoption != 0 && ra.endoption != 1 {
			return ra, reParamError("endoption", ra.endoption)
		}
	}
	if subAt > 0 && subAt < len(a) {
		ra.subexpr = bfAsInt(a[subAt])
		if ra.subexpr < 0 {
			return ra, reParamError("subexpr", ra.subexpr)
		}
	}
	if flagsAt > 0 && flagsAt < len(a) {
		ra.flags = a[flagsAt].(string)
	}
	return ra, nil
}

func compileNoGlobal(pat, flags, fn string) (*regexp.Regexp, error) {
	f, err := parseReFlags(flags)
	if err != nil {
		return nil, err
	}
	if f.glob {
		return nil, reNoGlobal(fn)
	}
	return f.compile(pat)
}

// addRegexpFuncs adds PostgreSQL 15's regexp_count, regexp_instr,
// regexp_like and regexp_substr (docs 9.7.3).
func addRegexpFuncs(r *Registry) {
	T, I, B := types.Text, types.Int4, types.Bool
	count := func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		ra, err := readReArgs(a, 2, 0, 0, 3, 0)
		if err != nil {
			return nil, err
		}
		re, err := compileNoGlobal(a[1].(string), ra.flags, "regexp_count()")
		if err != nil {
			return nil, err
		}
		return int32(len(reMatches(re, a[0].(string), ra.start))), nil
	}
	bfAddSimple(r, "regexp_count", bfTt(T, T), I, count)
	bfAddSimple(r, "regexp_count", bfTt(T, T, I), I, count)
	bfAddSimple(r, "regexp_count", bfTt(T, T, I, T), I, count)

	instr := func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		ra, err := readReArgs(a, 2, 3, 4, 5, 6)
		if err != nil {
			return nil, err
		}
		re, err := compileNoGlobal(a[1].(string), ra.flags, "regexp_instr()")
		if err != nil {
			return nil, err
		}
		s := a[0].(string)
		ms := reMatches(re, s, ra.start)
		if ra.n > int64(len(ms)) || ra.subexpr > int64(re.NumSubexp()) {
			return int32(0), nil
		}
		m := ms[ra.n-1]
		so, eo := m[2*ra.subexpr], m[2*ra.subexpr+1]
		if so < 0 {
			return int32(0), nil
		}
		pos := so
		if ra.endoption == 1 {
			pos = eo
		}
		return int32(utf8.RuneCountInString(s[:pos]) + 1), nil
	}
	bfAddSimple(r, "regexp_instr", bfTt(T, T), I, instr)
	bfAddSimple(r, "regexp_instr", bfTt(T, T, I), I, instr)
	bfAddSimple(r, "regexp_instr", bfTt(T, T, I, I), I, instr)
	bfAddSimple(r, "regexp_instr", bfTt(T, T, I, I, I), I, instr)
	bfAddSimple(r, "regexp_instr", bfTt(T, T, I, I, I, T), I, instr)
	bfAddSimple(r, "regexp_instr", bfTt(T, T, I, I, I, T, I), I, instr)

	like := func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		flags := ""
		if len(a) > 2 {
			flags = a[2].(string)
		}
		re, err := compileNoGlobal(a[1].(string), flags, "regexp_like()")
		if err != nil {
			return nil, err
		}
		return re.MatchString(a[0].(string)), nil
	}
	bfAddSimple(r, "regexp_like", bfTt(T, T), B, like)
	bfAddSimple(r, "regexp_like", bfTt(T, T, T), B, like)

	substr := func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		ra, err := readReArgs(a, 2, 3, 0, 4, 5)
		if err != nil {
			return nil, err
		}
		re, err := compileNoGlobal(a[1].(string), ra.flags, "regexp_substr()")
		if err != nil {
			return nil, err
		}
		s := a[0].(string)
		ms := reMatches(re, s, ra.start)
		if ra.n > int64(len(ms)) || ra.subexpr > int64(re.NumSubexp()) {
			return nil, nil
		}
		m := ms[ra.n-1]
		so, eo := m[2*ra.subexpr], m[2*ra.subexpr+1]
		if so < 0 {
			return nil, nil
		}
		return strings.Clone(s[so:eo]), nil
	}
	bfAddSimple(r, "regexp_substr", bfTt(T, T), T, substr)
	bfAddSimple(r, "regexp_substr", bfTt(T, T, I), T, substr)
	bfAddSimple(r, "regexp_substr", bfTt(T, T, I, I), T, substr)
	bfAddSimple(r, "regexp_substr", bfTt(T, T, I, I, T), T, substr)
	bfAddSimple(r, "regexp_substr", bfTt(T, T, I, I, T, I), T, substr)
}
