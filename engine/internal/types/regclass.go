package types

import (
	"strconv"
	"strings"
)

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
	oid, err := env.Relations.RelationOID(regclassInput(s))
	if err != nil {
		return nil, err
	}
	return env.Relations.RelationName(oid), nil
}
