package types

// RefCursor is refcursor (PostgreSQL docs 43.7.1, "Declaring Cursor
// Variables"): the name of an open cursor, as text. PL/pgSQL cursor
// variables hold one; FETCH ... FROM reads the cursor it names.
var RefCursor = &Type{Kind: KindText, OID: 1790, Name: "refcursor", SQLName: "refcursor", Category: 'U', Mod: -1, ArrayOID: 2201, Len: -1}

// refCursorCast is the cast context between refcursor and another type:
// pg_cast has none, so only I/O conversion applies (to a string type by
// assignment, from one explicitly).
func refCursorCast(f, t *Type) CastContext {
	switch {
	case t.OID != RefCursor.OID && isStringKind(t) && t.Kind != KindUnknown:
		return CastAssignment
	case f.OID != RefCursor.OID && f.IsString():
		return CastExplicit
	}
	return castNone
}
