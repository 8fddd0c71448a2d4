package types

import (
	"strings"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// IsComposite reports whether t is a named composite type (CREATE TYPE
// ... AS (...) or a table's row type), not the anonymous record.
func (t *Type) IsComposite() bool {
	b := t.Base()
	return b.Kind == KindRecord && b.OID != Record.OID && (len(b.Fields) > 0 || b.RelOID != 0)
}

// parseRecord reads a composite literal as record_in does: fields in
// parentheses separated by commas, an empty field is NULL, double quotes
// and backslashes quote.
func parseRecord(t *Type, s string) (any, error) {
	bad := func(detail string) error {
		return pgerror.New(pgerror.InvalidTextRepresentation, "malformed record literal: %q", s).WithDetail("%s", detail)
	}
	p := strings.TrimLeft(s, " \t\n\r\v\f")
	if !strings.HasPrefix(p, "(") {
		return nil, bad("Missing left parenthesis.")
	}
	p = p[1:]
	fields := t.Fields
	rec := &RecordVal{Names: make([]string, len(fields)), Types: make([]*Type, len(fields)), Vals: make([]any, len(fields))}
	for i, f := range fields {
		rec.Names[i], rec.Types[i] = f.Name, f.Type
		if i > 0 {
			if !strings.HasPrefix(p, ",") {
				if strings.HasPrefix(p, ")") {
					return nil, bad("Too few columns.")
				}
				return nil, bad("Unexpected end of input.")
			}
			p = p[1:]
		}
		if strings.HasPrefix(p, ",") || strings.HasPrefix(p, ")") {
			continue // NULL
		}
		var b strings.Builder
		quoted := false
		for {
			if p == "" {
				return nil, bad("Unexpected end of input.")
			}
			c := p[0]
			if !quoted && (c == ',' || c == ')') {
				break
			}
			p = p[1:]
			switch {
			case c == '\\':
				if p == "" {
					return nil, bad("Unexpected end of input.")
				}
				b.WriteByte(p[0])
				p = p[1:]
			case c == '"' && quoted && strings.HasPrefix(p, `"`):
				b.WriteByte('"')
				p = p[1:]
			case c == '"':
				quoted = !quoted
			default:
				b.WriteByte(c)
			}
		}
		v, err := Input(f.Type, b.String(), nil)
		if err != nil {
			return nil, err
		}
		if v, err = ApplyMod(v, f.Type, false); err != nil {
			return nil, err
		}
		rec.Vals[i] = v
	}
	if !strings.HasPrefix(p, ")") {
		return nil, bad("Too many columns.")
	}
	if strings.TrimSpace(p[1:]) != "" {
		return nil, bad("Junk after right parenthesis.")
	}
	return rec, nil
}

// castToComposite converts a record (a ROW(...) constructor) to the
// composite type t, field by field in the cast's own context, as
// coerce_record_to_complex does: (text, text)::t casts text to a smallint
// field explicitly, a row stored into a column only by assignment.
func castToComposite(v any, from, t *Type, explicit bool, env *Env) (any, error) {
	r, ok := v.(*RecordVal)
	if !ok {
		return nil, CannotCast(from, t)
	}
	fields := t.Base().Fields
	if len(r.Vals) != len(fields) {
		detail := "Input has too few columns."
		if len(r.Vals) > len(fields) {
			detail = "Input has too many columns."
		}
		return nil, pgerror.New(pgerror.CannotCoerce, "cannot cast type %s to %s", from.FormatType(), t.FormatType()).WithDetail("%s", detail)
	}
	out := &RecordVal{Names: make([]string, len(fields)), Types: make([]*Type, len(fields)), Vals: make([]any, len(fields))}
	for i, f := range fields {
		out.Names[i], out.Types[i] = f.Name, f.Type
		ft := Unknown
		if i < len(r.Types) && r.Types[i] != nil {
			ft = r.Types[i]
		}
		if r.Vals[i] == nil {
			continue
		}
		ctx := CastAssignment
		if explicit {
			ctx = CastExplicit
		}
		if !CastAllowedIn(env, ft, f.Type, ctx) {
			return nil, pgerror.New(pgerror.CannotCoerce, "cannot cast type %s to %s", from.FormatType(), t.FormatType()).
				WithDetail("Cannot cast type %s to %s in column %d.", ft.FormatType(), f.Type.FormatType(), i+1)
		}
		c, err := Cast(r.Vals[i], ft, f.Type, explicit, env)
		if err != nil {
			return nil, err
		}
		if c, err = ApplyMod(c, f.Type, explicit); err != nil {
			return nil, err
		}
		out.Vals[i] = c
	}
	return out, nil
}
