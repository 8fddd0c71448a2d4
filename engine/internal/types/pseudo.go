package types

// The polymorphic pseudo-types (docs 38.2.5, "Polymorphic Types") and
// "any". They appear only in routine signatures: a call resolves them
// to the actual argument types (expr.ResolvePolymorphic).
var (
	AnyElement            = pseudo(2283, "anyelement")
	AnyArray              = pseudo(2277, "anyarray")
	AnyNonArray           = pseudo(2776, "anynonarray")
	AnyEnum               = pseudo(3500, "anyenum")
	AnyRange              = pseudo(3831, "anyrange")
	AnyCompatible         = pseudo(5077, "anycompatible")
	AnyCompatibleArray    = pseudo(5078, "anycompatiblearray")
	AnyCompatibleNonArray = pseudo(5079, "anycompatiblenonarray")
	AnyCompatibleRange    = pseudo(5080, "anycompatiblerange")
	// anymultirange and anycompatiblemultirange are the multirange types
	// of the anyrange and anycompatiblerange a call binds.
	AnyMultirange           = pseudo(4537, "anymultirange")
	AnyCompatibleMultirange = pseudo(4538, "anycompatiblemultirange")
	// Any is "any": any argument type, passed as it is (C functions only).
	Any = &Type{Kind: KindPoly, OID: 2276, Name: "any", SQLName: `"any"`, Category: 'P', Mod: -1, Len: 4, Schema: "pg_catalog"}
)

func pseudo(oid uint32, name string) *Type {
	return &Type{Kind: KindPoly, OID: oid, Name: name, SQLName: name, Category: 'P', Mod: -1, Len: 4, Schema: "pg_catalog"}
}

// PolyTypes lists the polymorphic pseudo-types and "any".
var PolyTypes = []*Type{AnyElement, AnyArray, AnyNonArray, AnyEnum, AnyRange,
	AnyCompatible, AnyCompatibleArray, AnyCompatibleNonArray, AnyCompatibleRange, AnyMultirange, AnyCompatibleMultirange, Any}

// PolyByName returns a polymorphic pseudo-type (or "any") by name.
func PolyByName(name string) (*Type, bool) {
	for _, t := range PolyTypes {
		if t.Name == name {
			return t, true
		}
	}
	return nil, false
}

// PolyByOID returns a polymorphic pseudo-type (or "any") by OID.
func PolyByOID(oid uint32) (*Type, bool) {
	for _, t := range PolyTypes {
		if t.OID == oid {
			return t, true
		}
	}
	return nil, false
}

// IsPolymorphic reports whether t is a polymorphic pseudo-type (not
// "any", which takes no part in resolution).
func (t *Type) IsPolymorphic() bool {
	return t != nil && t.Kind == KindPoly && t.OID != Any.OID
}

// IsCompatibleFamily reports whether a polymorphic type belongs to the
// anycompatible family, resolved to a common type of its arguments
// rather than to one identical type.
func (t *Type) IsCompatibleFamily() bool {
	switch t.OID {
	case AnyCompatible.OID, AnyCompatibleArray.OID, AnyCompatibleNonArray.OID, AnyCompatibleRange.OID, AnyCompatibleMultirange.OID:
		return true
	}
	return false
}

// VariadicElem is the type each argument spread into a VARIADIC
// parameter of type t has (pg_proc.provariadic): t's element, the
// polymorphic element type for VARIADIC anyarray / anycompatiblearray,
// "any" for VARIADIC "any".
func VariadicElem(t *Type) *Type {
	switch t.OID {
	case AnyArray.OID:
		return AnyElement
	case AnyCompatibleArray.OID:
		return AnyCompatible
	case Any.OID:
		return Any
	}
	return t.Elem
}
