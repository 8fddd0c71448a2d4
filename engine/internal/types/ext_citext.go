package types

import (
	"fmt"
	"strings"
)

// The citext contrib module's type (PostgreSQL docs F.10): text whose
// comparisons fold case first, as citext's citext_cmp lowers both
// operands. Values keep the case they were written with; equality,
// ordering, unique indexes and hashing see the folded form. citext casts
// implicitly to text and varchar (so text functions apply to it), and
// text, varchar and bpchar cast to it by assignment (so an INSERT of a
// text value fits a citext column).

// Citext is a value of type citext.
type Citext string

// Fold is the form comparisons see.
func (c Citext) Fold() string { return strings.ToLower(string(c)) }

// String is the text form, with its case as written.
func (c Citext) String() string { return string(c) }

// Format prints the folded form for %v, the verb go-mysql-server hashes
// grouping and DISTINCT keys with, so that values equal as citext hash
// alike; %s prints the value as written.
func (c Citext) Format(f fmt.State, verb rune) {
	if verb == 'v' {
		_, _ = f.Write([]byte(c.Fold()))
		return
	}
	_, _ = f.Write([]byte(c))
}

type citextBase struct{}

func (citextBase) Input(s string, _ int32) (any, error) { return Citext(s), nil }

func (citextBase) Output(v any) string { return string(v.(Citext)) }

// AppendSend is text's binary form: the bytes.
func (citextBase) AppendSend(buf []byte, v any) ([]byte, error) {
	return append(buf, v.(Citext)...), nil
}

func (citextBase) Receive(b []byte) (any, error) { return Citext(b), nil }

func (citextBase) Compare(a, b any) int {
	return strings.Compare(asCitext(a).Fold(), asCitext(b).Fold())
}

// asCitext accepts a citext or a plain string (a value that reached a
// citext comparison without its cast, as a literal does).
func asCitext(v any) Citext {
	switch x := v.(type) {
	case Citext:
		return x
	case string:
		return Citext(x)
	}
	return Citext(fmt.Sprint(v))
}

func (citextBase) TypmodIn([]int32) (int32, error) { return -1, nil }
func (citextBase) TypmodOut(int32) string          { return "" }
func (citextBase) ApplyMod(v any, _ int32) (any, error) {
	return v, nil
}

// CastContext is citext's pg_cast rows: to text and varchar implicitly,
// to bpchar by assignment; from text, varchar, bpchar, boolean and inet
// by assignment.
func (citextBase) CastContext(other *Type, toExt bool) CastContext {
	b := other.Base()
	switch {
	case !toExt && (b.Kind == KindText || b.Kind == KindVarchar):
		return CastImplicit
	case !toExt && b.Kind == KindBpchar:
		return CastAssignment
	case toExt && (b.Kind == KindText || b.Kind == KindVarchar || b.Kind == KindBpchar || b.Kind == KindBool || b.Kind == KindInet):
		return CastAssignment
	}
	return castNone
}

func (b citextBase) CastFrom(v any, from *Type, _ int32) (any, error) {
	switch x := v.(type) {
	case string:
		if from != nil && from.Base().Kind == KindBpchar {
			x = strings.TrimRight(x, " ")
		}
		if from == nil || from.Base().Kind != KindInet {
			return Citext(x), nil
		}
	case Citext:
		return x, nil
	}
	switch x := v.(type) {
	case bool:
		// citext(boolean) spells it as booltext does
		if x {
			return Citext("true"), nil
		}
		return Citext("false"), nil
	}
	if from != nil && from.Base().Kind == KindInet {
		// citext(inet) is text(inet): the mask always shown
		s := Output(from, v, nil)
		if !strings.Contains(s, "/") {
			if strings.Contains(s, ":") {
				s += "/128"
			} else {
				s += "/32"
			}
		}
		return Citext(s), nil
	}
	if from != nil {
		return Citext(Output(from, v, nil)), nil
	}
	return nil, CannotCast(from, &Type{Kind: KindExt, Name: "citext", SQLName: "citext", Mod: -1, Ext: b})
}

func (citextBase) CastTo(v any, to *Type) (any, error) {
	return Input(to, string(v.(Citext)), nil)
}

// CitextFrom is citext's cast from v of type from (bpchar, boolean,
// inet): the functions citext(bpchar|boolean|inet).
func CitextFrom(v any, from *Type) (any, error) { return citextBase{}.CastFrom(v, from, -1) }
