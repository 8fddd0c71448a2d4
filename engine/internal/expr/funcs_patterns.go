package expr

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// AddPatternFuncs adds like_escape and similar_to_escape.
// A family of session.Builtins.
//
// The grammar rewrites `x LIKE p ESCAPE e` to `x ~~ like_escape(p, e)` and
// `x SIMILAR TO p [ESCAPE e]` to `x ~ similar_to_escape(p [, e])`
// (PostgreSQL docs 9.7.1 and 9.7.2); these functions do the conversion.
func AddPatternFuncs(r *Registry) {
	T := types.Text
	r.Add("like_escape", FuncImpl{Args: []*types.Type{T, T}, Result: Fixed(T), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		return likeEscape(a[0].(string), a[1].(string))
	}})
	r.Add("similar_to_escape", FuncImpl{Args: []*types.Type{T}, Result: Fixed(T), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		return similarToRegexp(a[0].(string), `\`)
	}})
	r.Add("similar_to_escape", FuncImpl{Args: []*types.Type{T, T}, Result: Fixed(T), NonStrict: true, Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		if a[0] == nil {
			return nil, nil
		}
		esc := ""
		if a[1] != nil {
			esc = a[1].(string)
		}
		return similarToRegexp(a[0].(string), esc)
	}})
}

func init() {
	T := types.Text
	addOp("^@", T, T, types.Bool, func(_ *types.Env, a, b any) (any, error) {
		return strings.HasPrefix(a.(string), b.(string)), nil
	})
}

// likeEscape rewrites a LIKE pattern with escape character esc into one
// whose escape is backslash.
func likeEscape(pat, esc string) (string, error) {
	if len([]rune(esc)) > 1 {
		return "", pgerror.New(pgerror.InvalidEscapeSequence, "invalid escape string").WithHint("Escape string must be empty or one character.")
	}
	if esc == `\` {
		return pat, nil
	}
	var b strings.Builder
	rs := []rune(pat)
	e := []rune(esc)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case len(e) == 1 && r == e[0]:
			if i+1 >= len(rs) {
				return "", pgerror.New(pgerror.InvalidEscapeSequence, "LIKE pattern must not end with escape character")
			}
			i++
			b.WriteRune('\\')
			b.WriteRune(rs[i])
		case r == '\\':
			b.WriteString(`\\`)
		default:
			b.WriteRune(r)
		}
	}
	return b.String(), nil
}

// similarToRegexp translates a SQL regular expression into a POSIX one
// anchored at both ends, as PostgreSQL's similar_to_escape does.
func similarToRegexp(pat, esc string) (string, error) {
	e := []rune(esc)
	if len(e) > 1 {
		return "", pgerror.New(pgerror.InvalidEscapeSequence, "invalid escape string").WithHint("Escape string must be empty or one character.")
	}
	var b strings.Builder
	b.WriteString("^(?:")
	rs := []rune(pat)
	inClass := false
	quotes := 0
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		if len(e) == 1 && r == e[0] {
			if i+1 >= len(rs) {
				return "", pgerror.New(pgerror.InvalidEscapeSequence, "invalid escape string")
			}
			i++
			if rs[i] == '"' {
				// escape-double-quote separators delimit the part
				// substring() returns: the text before them matches as
				// little as possible
				quotes++
				switch quotes {
				case 1:
					b.WriteString("){1,1}?(")
				case 2:
					b.WriteString("){1,1}(?:")
				default:
					return "", pgerror.New("2200C", "SQL regular expression may not contain more than two escape-double-quote separators")
				}
				continue
			}
			b.WriteString(regexpQuoteRune(rs[i]))
			continue
		}
		if inClass {
			if r == ']' {
				inClass = false
			}
			b.WriteRune(r)
			continue
		}
		switch r {
		case '%':
			b.WriteString(".*")
		case '_':
			b.WriteString(".")
		case '[':
			inClass = true
			b.WriteRune(r)
		case '(':
			// the user's groups do not capture (similar_escape_internal)
			b.WriteString("(?:")
		case '.', '^', '$':
			b.WriteString(`\` + string(r))
		default:
			b.WriteRune(r)
		}
	}
	b.WriteString(")$")
	return b.String(), nil
}

func regexpQuoteRune(r rune) string {
	if strings.ContainsRune(`\.+*?()|[]{}^$`, r) {
		return `\` + string(r)
	}
	return string(r)
}
