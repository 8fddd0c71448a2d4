package types

// Transaction ids (docs 8.19, "Object Identifier Types"): xid is the
// 32-bit id of a row's xmin and xmax, xid8 the 64-bit one
// pg_current_xact_id returns. They read and print as unsigned integers,
// as oid does, and compare by value. cid is a command id within a
// transaction, the type of the cmin and cmax system columns.
var (
	Xid  = &Type{Kind: KindOid, OID: 28, Name: "xid", SQLName: "xid", Category: 'U', Mod: -1, ArrayOID: 1011, Len: 4}
	Xid8 = &Type{Kind: KindInt8, OID: 5069, Name: "xid8", SQLName: "xid8", Category: 'U', Mod: -1, ArrayOID: 271, Len: 8}
	Cid  = &Type{Kind: KindOid, OID: 29, Name: "cid", SQLName: "cid", Category: 'U', Mod: -1, ArrayOID: 1012, Len: 4}
)

// isXidType reports xid, xid8 and cid, which have no casts but through
// text (and xid8 -> xid).
func isXidType(t *Type) bool { return t.OID == Xid.OID || t.OID == Xid8.OID || t.OID == Cid.OID }

func isStringKind(t *Type) bool {
	switch t.Kind {
	case KindText, KindVarchar, KindBpchar, KindName, KindUnknown:
		return true
	}
	return false
}
