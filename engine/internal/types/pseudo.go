package types

import "strings"

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
	length := int16(4)
	if !strings.HasSuffix(name, "nonarray") && (strings.HasSuffix(name, "array") || strings.HasSuffix(name, "range")) {
		length = -1 // varlena, as pg_type has them
	}
	return &Type{Kind: KindPoly, OID: oid, Name: name, SQLName: name, Category: 'P', Mod: -1, Len: length, Schema: "pg_catalog"}
}

// The other pseudo-types (docs 8.21): what a C function takes or returns
// (internal, cstring, the handler types), a trigger function's result,
// pg_ddl_command. They hold no values (void aside, which is a value-less
// value), so they are KindVoid; cstring (regobjects.go) is held as text.
var (
	Internal        = voidPseudo(2281, "internal", 8)
	Trigger         = voidPseudo(2279, "trigger", 4)
	EventTrigger    = voidPseudo(3838, "event_trigger", 4)
	FdwHandler      = voidPseudo(3115, "fdw_handler", 4)
	LanguageHandler = voidPseudo(2280, "language_handler", 4)
	IndexAmHandler  = voidPseudo(325, "index_am_handler", 4)
	TableAmHandler  = voidPseudo(269, "table_am_handler", 4)
	TsmHandler      = voidPseudo(3310, "tsm_handler", 4)
	PgDdlCommand    = voidPseudo(32, "pg_ddl_command", 8)
)

func voidPseudo(oid uint32, name string, length int16) *Type {
	return &Type{Kind: KindVoid, OID: oid, Name: name, SQLName: name, Category: 'P', Mod: -1, Len: length, Schema: "pg_catalog"}
}

// PseudoTypes lists every pseudo-type pg_type has (typtype 'p') but
// record's array type, which ArrayOf(Record) gives.
var PseudoTypes = append([]*Type{Void, Record, Cstring, Unknown, Internal, Trigger, EventTrigger, FdwHandler,
	LanguageHandler, IndexAmHandler, TableAmHandler, TsmHandler, PgDdlCommand}, PolyTypes...)

// PseudoByName returns a pseudo-type by name.
func PseudoByName(name string) (*Type, bool) {
	for _, t := range PseudoTypes {
		if t.Name == name {
			return t, true
		}
	}
	return nil, false
}

// PseudoByOID returns a pseudo-type (or the array type of record or
// cstring) by OID.
func PseudoByOID(oid uint32) (*Type, bool) {
	if oid == 0 {
		return nil, false
	}
	for _, t := range PseudoTypes {
		switch oid {
		case t.OID:
			return t, true
		case t.ArrayOID: // record[], cstring[]
			return ArrayOf(t), true
		}
	}
	return nil, false
}

// TakesNoInput reports whether t is a pseudo-type whose input function
// always fails (pseudotypes.c: "cannot accept a value of type %s"): all
// but void, record, cstring and unknown, which have values.
func (t *Type) TakesNoInput() bool {
	switch t.Kind {
	case KindPoly:
		return true
	case KindVoid:
		return t.OID != Void.OID
	}
	return false
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
