package types

import (
	"strconv"
	"strings"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// SplitIdentifierString is PostgreSQL's SplitIdentifierString: s split
// at sep into identifiers, unquoted ones lowered, double-quoted ones
// kept (with "" for a quote); whitespace around each is allowed, inside
// an unquoted one it is not. An empty s is an empty list.
func SplitIdentifierString(s string, sep byte) ([]string, bool) {
	isSpace := func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f' }
	i := 0
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	if i == len(s) {
		return nil, true
	}
	var out []string
	for {
		var name string
		if s[i] == '"' {
			var b strings.Builder
			for i++; ; i++ {
				if i >= len(s) {
					return nil, false // unterminated quote
				}
				if s[i] == '"' {
					if i+1 < len(s) && s[i+1] == '"' {
						b.WriteByte('"')
						i++
						continue
					}
					i++
					break
				}
				b.WriteByte(s[i])
			}
			name = b.String()
		} else {
			start := i
			for i < len(s) && s[i] != sep && !isSpace(s[i]) {
				i++
			}
			if i == start {
				return nil, false // empty unquoted name
			}
			name = strings.ToLower(s[start:i])
		}
		for i < len(s) && isSpace(s[i]) {
			i++
		}
		out = append(out, name)
		if i == len(s) {
			return out, true
		}
		if s[i] != sep {
			return nil, false
		}
		for i++; i < len(s) && isSpace(s[i]); i++ {
		}
		if i == len(s) {
			return nil, false // a separator with nothing after it
		}
	}
}

// SplitQualifiedName splits a possibly schema-qualified name given as
// text ('public.Foo', '"Mixed"."T"') as regclass input does: unquoted
// parts fold to lower case, quoted parts keep their spelling.
func SplitQualifiedName(s string) []string {
	var parts []string
	var b strings.Builder
	inQuote, quoted := false, false
	flush := func() {
		p := b.String()
		if !quoted {
			p = strings.ToLower(p)
		}
		parts = append(parts, p)
		b.Reset()
		quoted = false
	}
	s = strings.TrimSpace(s)
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch == '"' && inQuote && i+1 < len(s) && s[i+1] == '"':
			b.WriteByte('"')
			i++
		case ch == '"':
			inQuote = !inQuote
			quoted = true
		case ch == '.' && !inQuote:
			flush()
		default:
			b.WriteByte(ch)
		}
	}
	flush()
	return parts
}

// regclassInput normalizes a relation name given as regclass text: tinybase
// carries regclass values as the relation's name (as it does regtype), and
// resolves the name where it is used (nextval, obj_description, ...).
func regclassInput(s string) string {
	parts := SplitQualifiedName(s)
	for i, p := range parts {
		if strings.ContainsAny(p, `."`) || p != strings.ToLower(p) {
			parts[i] = `"` + strings.ReplaceAll(p, `"`, `""`) + `"`
		}
	}
	return strings.Join(parts, ".")
}

// regclassIn is regclass input: with the session's relations at hand, the
// name must exist (42P01 otherwise, as in PostgreSQL) and is kept in the
// form regclass output prints; a number is taken as an OID.
func regclassIn(s string, env *Env) (any, error) {
	if env == nil || env.Relations == nil {
		return regclassInput(s), nil
	}
	if n, err := strconv.ParseUint(strings.TrimSpace(s), 10, 32); err == nil {
		return env.Relations.RelationName(uint32(n)), nil
	}
	name, err := checkRelationName(s, env)
	if err != nil {
		return nil, err
	}
	oid, err := env.Relations.RelationOID(name)
	if err != nil {
		return nil, err
	}
	return env.Relations.RelationName(oid), nil
}

// DatabaseNamer, when the Env's Relations also implements it, names the
// session's database: a three-part relation name may start with it.
type DatabaseNamer interface {
	Database() string
}

// checkRelationName is regclassin's parse of a relation name
// (stringToQualifiedNameList, makeRangeVarFromNameList): PostgreSQL's
// errors for bad syntax, too many parts and another database's name; the
// name returned is regclassInput's form of the schema and relation.
func checkRelationName(s string, env *Env) (string, error) {
	parts, ok := SplitIdentifierString(s, '.')
	if !ok || len(parts) == 0 {
		return "", pgerror.New(pgerror.InvalidName, "invalid name syntax")
	}
	switch {
	case len(parts) > 3:
		return "", pgerror.New(pgerror.SyntaxError, "improper relation name (too many dotted names): %s", strings.Join(parts, "."))
	case len(parts) == 3:
		if d, ok := env.Relations.(DatabaseNamer); !ok || parts[0] != d.Database() {
			return "", pgerror.New(pgerror.FeatureNotSupported, "cross-database references are not implemented: \"%s.%s.%s\"", parts[0], parts[1], parts[2])
		}
		parts = parts[1:]
	}
	return QuoteQualified(parts), nil
}

// QuoteQualified joins name parts with dots, each quoted when regclass
// output would quote it.
func QuoteQualified(parts []string) string {
	out := make([]string, len(parts))
	for i, p := range parts {
		out[i] = p
		if strings.ContainsAny(p, `."`) || p != strings.ToLower(p) {
			out[i] = `"` + strings.ReplaceAll(p, `"`, `""`) + `"`
		}
	}
	return strings.Join(out, ".")
}
