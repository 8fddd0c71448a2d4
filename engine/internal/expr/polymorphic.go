package expr

import (
	"errors"

	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// PolyBinding is what the polymorphic types of one call stand for
// (docs 38.2.5; PostgreSQL's enforce_generic_type_consistency).
type PolyBinding struct {
	// Elem is anyelement / anynonarray / anyenum, and anyarray's element.
	Elem *types.Type
	// Range is anyrange, and the range type of anymultirange.
	Range *types.Type
	// Common is anycompatible / anycompatiblenonarray, and
	// anycompatiblearray's element.
	Common *types.Type
	// CRange is anycompatiblerange, and the range type of
	// anycompatiblemultirange.
	CRange *types.Type
}

// errPolyMismatch marks argument types no binding fits: the candidate
// does not match the call (check_generic_type_consistency).
var errPolyMismatch = errors.New("polymorphic argument types do not match")

// polyConflict is errPolyMismatch with the two anyelement types that
// differ, for enforce_generic_type_consistency's message.
type polyConflict struct{ a, b *types.Type }

func (c *polyConflict) Error() string { return errPolyMismatch.Error() }
func (c *polyConflict) Unwrap() error { return errPolyMismatch }

// MatchPolymorphic reports whether actual argument types can be bound
// to declared parameter types that include polymorphic ones: the test
// of a candidate function during overload resolution. Unknown-type
// arguments (literals) match anything.
func MatchPolymorphic(declared, actual []*types.Type) bool {
	_, err := bindPoly(declared, actual)
	return !errors.Is(err, errPolyMismatch)
}

// ResolvePolymorphic binds the polymorphic parameter types of a call
// chosen by MatchPolymorphic to actual types, with PostgreSQL's errors
// when they cannot be determined.
func ResolvePolymorphic(declared, actual []*types.Type) (*PolyBinding, error) {
	b, err := bindPoly(declared, actual)
	if errors.Is(err, errPolyMismatch) {
		pe := pgerror.New(pgerror.DatatypeMismatch, "arguments declared %q are not all alike", "anyelement")
		var c *polyConflict
		if errors.As(err, &c) {
			pe = pe.WithDetail("%s versus %s", c.a.FormatType(), c.b.FormatType())
		}
		return nil, pe
	}
	return b, err
}

func bindPoly(declared, actual []*types.Type) (*PolyBinding, error) {
	var b PolyBinding
	var arr *types.Type
	var compat []*types.Type
	var family1, family2, nonArray, enum, cNonArray bool
	for i, d := range declared {
		if !d.IsPolymorphic() {
			continue
		}
		a := actual[i]
		unknown := a == nil || a.Kind == types.KindUnknown
		if d.IsCompatibleFamily() {
			family2 = true
		} else {
			family1 = true
		}
		switch d.OID {
		case types.AnyNonArray.OID:
			nonArray = true
		case types.AnyEnum.OID:
			enum = true
		case types.AnyCompatibleNonArray.OID:
			cNonArray = true
		}
		if unknown {
			continue
		}
		switch d.OID {
		case types.AnyElement.OID, types.AnyNonArray.OID, types.AnyEnum.OID:
			if b.Elem != nil && b.Elem.OID != a.OID {
				return nil, &polyConflict{b.Elem, a}
			}
			b.Elem = a.WithMod(-1)
		case types.AnyArray.OID:
			ab := a.Base()
			if ab.Kind != types.KindArray || arr != nil && arr.OID != ab.OID {
				return nil, errPolyMismatch
			}
			arr = ab.WithMod(-1)
		case types.AnyRange.OID:
			ab := a.Base()
			if ab.Kind != types.KindRange || b.Range != nil && b.Range.OID != ab.OID {
				return nil, errPolyMismatch
			}
			b.Range = ab
		case types.AnyCompatible.OID, types.AnyCompatibleNonArray.OID:
			compat = append(compat, a)
		case types.AnyCompatibleArray.OID:
			ab := a.Base()
			if ab.Kind != types.KindArray {
				return nil, errPolyMismatch
			}
			compat = append(compat, ab.Elem)
		case types.AnyCompatibleRange.OID:
			ab := a.Base()
			if ab.Kind != types.KindRange || b.CRange != nil && b.CRange.OID != ab.OID {
				return nil, errPolyMismatch
			}
			b.CRange = ab
		case types.AnyMultirange.OID, types.AnyCompatibleMultirange.OID:
			rt := types.RangeOfMultirange(a)
			dst := &b.Range
			if d.OID == types.AnyCompatibleMultirange.OID {
				dst = &b.CRange
			}
			if rt == nil || *dst != nil && (*dst).OID != rt.OID {
				return nil, errPolyMismatch
			}
			*dst = rt
		}
	}
	for _, from := range []*types.Type{arr, b.Range} {
		if from == nil {
			continue
		}
		e := from.Elem
		if from.Kind == types.KindRange {
			e = from.RangeSub
		}
		e = e.WithMod(-1)
		if b.Elem != nil && b.Elem.OID != e.OID {
			return nil, errPolyMismatch
		}
		b.Elem = e
	}
	if b.Elem != nil && (nonArray && b.Elem.IsArray() || enum && b.Elem.Base().Kind != types.KindEnum) {
		return nil, errPolyMismatch
	}
	if family2 {
		if err := bindCompatible(&b, compat, cNonArray); err != nil {
			return nil, err
		}
	}
	if family1 && b.Elem == nil {
		return nil, pgerror.New(pgerror.DatatypeMismatch, "could not determine polymorphic type because input has type unknown")
	}
	return &b, nil
}

// bindCompatible settles the anycompatible family on the common type of
// its arguments (UNION/CASE resolution), or on the subtype of an
// anycompatiblerange argument; text when every argument is unknown.
func bindCompatible(b *PolyBinding, compat []*types.Type, nonArray bool) error {
	switch {
	case b.CRange != nil:
		b.Common = b.CRange.RangeSub
	case len(compat) == 0:
		b.Common = types.Text
	default:
		c, err := CommonType(compat)
		if err != nil {
			return errPolyMismatch
		}
		b.Common = c.WithMod(-1)
	}
	for _, t := range compat {
		if t.OID != b.Common.OID && !types.CastAllowed(t, b.Common, types.CastImplicit) {
			return errPolyMismatch
		}
	}
	if nonArray && b.Common.IsArray() {
		return errPolyMismatch
	}
	return nil
}

// Subst returns the actual type a declared type stands for in the call
// (t itself when it is not polymorphic).
func (b *PolyBinding) Subst(t *types.Type) *types.Type {
	var out *types.Type
	switch t.OID {
	case types.AnyElement.OID, types.AnyNonArray.OID, types.AnyEnum.OID:
		out = b.Elem
	case types.AnyArray.OID:
		out = arrayOrNil(b.Elem)
	case types.AnyRange.OID:
		out = b.Range
	case types.AnyCompatible.OID, types.AnyCompatibleNonArray.OID:
		out = b.Common
	case types.AnyCompatibleArray.OID:
		out = arrayOrNil(b.Common)
	case types.AnyCompatibleRange.OID:
		out = b.CRange
	case types.AnyMultirange.OID, types.AnyCompatibleMultirange.OID:
		r := b.Range
		if t.OID == types.AnyCompatibleMultirange.OID {
			r = b.CRange
		}
		if r != nil {
			out = types.MultirangeOf(r)
		}
	default:
		return t
	}
	return out
}

// SubstAll is Subst over a routine's types; an error names a type the
// call leaves undetermined (an anyrange result from anyelement
// arguments) or an element type without an array type.
func (b *PolyBinding) SubstAll(ts ...*types.Type) error {
	for _, t := range ts {
		if t == nil || !t.IsPolymorphic() {
			continue
		}
		if b.Subst(t) != nil {
			continue
		}
		if (t.OID == types.AnyArray.OID && b.Elem != nil) || (t.OID == types.AnyCompatibleArray.OID && b.Common != nil) {
			e := b.Elem
			if t.OID == types.AnyCompatibleArray.OID {
				e = b.Common
			}
			return pgerror.New(pgerror.UndefinedObject, "could not find array type for data type %s", e.FormatType())
		}
		return pgerror.New(pgerror.DatatypeMismatch, "could not determine polymorphic type %s because input has type unknown", t.Name)
	}
	return nil
}

func arrayOrNil(e *types.Type) *types.Type {
	if e == nil || e.IsArray() {
		return nil // arrays of arrays are not a type of their own
	}
	return types.ArrayOf(e)
}
