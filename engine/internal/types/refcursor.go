package types

// RefCursor is refcursor (PostgreSQL docs 43.7.1, "Declaring Cursor
// Variables"): the name of an open cursor, as text. PL/pgSQL cursor
// variables hold one; FETCH ... FROM reads the cursor it names.
var RefCursor = &Type{Kind: KindText, OID: 1790, Name: "refcursor", SQLName: "refcursor", Category: 'U', Mod: -1, ArrayOID: 2201, Len: -1}
