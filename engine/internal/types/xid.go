package types

// Transaction ids (docs 8.19, "Object Identifier Types"): xid is the
// 32-bit id of a row's xmin and xmax, xid8 the 64-bit one
// pg_current_xact_id returns. They read and print as unsigned integers,
// as oid does, and compare by value.
var (
	Xid  = &Type{Kind: KindOid, OID: 28, Name: "xid", SQLName: "xid", Category: 'U', Mod: -1, ArrayOID: 1011, Len: 4}
	Xid8 = &Type{Kind: KindInt8, OID: 5069, Name: "xid8", SQLName: "xid8", Category: 'U', Mod: -1, ArrayOID: 271, Len: 8}
)

func isXidType(t *Type) bool { return t.OID == Xid.OID || t.OID == Xid8.OID }

func isStringKind(t *Type) bool {
	switch t.Kind {
	case KindText, KindVarchar, KindBpchar, KindName, KindUnknown:
		return true
	}
	return false
}
