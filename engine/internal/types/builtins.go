package types

// Built-in types with their pg_type OIDs. These are immutable package data.
var (
	Unknown     = &Type{Kind: KindUnknown, OID: 705, Name: "unknown", SQLName: "unknown", Category: 'X', Mod: -1, Len: -2}
	Bool        = &Type{Kind: KindBool, OID: 16, Name: "bool", SQLName: "boolean", Category: 'B', Preferred: true, Mod: -1, ArrayOID: 1000, Len: 1}
	Bytea       = &Type{Kind: KindBytea, OID: 17, Name: "bytea", SQLName: "bytea", Category: 'U', Mod: -1, ArrayOID: 1001, Len: -1}
	Char        = &Type{Kind: KindChar, OID: 18, Name: "char", SQLName: `"char"`, Category: 'Z', Mod: -1, ArrayOID: 1002, Len: 1}
	Name        = &Type{Kind: KindName, OID: 19, Name: "name", SQLName: "name", Category: 'S', Mod: -1, ArrayOID: 1003, Len: 64}
	Int8        = &Type{Kind: KindInt8, OID: 20, Name: "int8", SQLName: "bigint", Category: 'N', Mod: -1, ArrayOID: 1016, Len: 8}
	Int2        = &Type{Kind: KindInt2, OID: 21, Name: "int2", SQLName: "smallint", Category: 'N', Mod: -1, ArrayOID: 1005, Len: 2}
	Int4        = &Type{Kind: KindInt4, OID: 23, Name: "int4", SQLName: "integer", Category: 'N', Mod: -1, ArrayOID: 1007, Len: 4}
	Regproc     = &Type{Kind: KindRegproc, OID: 24, Name: "regproc", SQLName: "regproc", Category: 'N', Mod: -1, ArrayOID: 1008, Len: 4}
	Text        = &Type{Kind: KindText, OID: 25, Name: "text", SQLName: "text", Category: 'S', Preferred: true, Mod: -1, ArrayOID: 1009, Len: -1}
	Oid         = &Type{Kind: KindOid, OID: 26, Name: "oid", SQLName: "oid", Category: 'N', Preferred: true, Mod: -1, ArrayOID: 1028, Len: 4}
	JSON        = &Type{Kind: KindJSON, OID: 114, Name: "json", SQLName: "json", Category: 'U', Mod: -1, ArrayOID: 199, Len: -1}
	Float4      = &Type{Kind: KindFloat4, OID: 700, Name: "float4", SQLName: "real", Category: 'N', Mod: -1, ArrayOID: 1021, Len: 4}
	Float8      = &Type{Kind: KindFloat8, OID: 701, Name: "float8", SQLName: "double precision", Category: 'N', Preferred: true, Mod: -1, ArrayOID: 1022, Len: 8}
	Bpchar      = &Type{Kind: KindBpchar, OID: 1042, Name: "bpchar", SQLName: "character", Category: 'S', Mod: -1, ArrayOID: 1014, Len: -1}
	Varchar     = &Type{Kind: KindVarchar, OID: 1043, Name: "varchar", SQLName: "character varying", Category: 'S', Mod: -1, ArrayOID: 1015, Len: -1}
	Date        = &Type{Kind: KindDate, OID: 1082, Name: "date", SQLName: "date", Category: 'D', Mod: -1, ArrayOID: 1182, Len: 4}
	Time        = &Type{Kind: KindTime, OID: 1083, Name: "time", SQLName: "time without time zone", Category: 'D', Mod: -1, ArrayOID: 1183, Len: 8}
	Timestamp   = &Type{Kind: KindTimestamp, OID: 1114, Name: "timestamp", SQLName: "timestamp without time zone", Category: 'D', Mod: -1, ArrayOID: 1115, Len: 8}
	Timestamptz = &Type{Kind: KindTimestamptz, OID: 1184, Name: "timestamptz", SQLName: "timestamp with time zone", Category: 'D', Preferred: true, Mod: -1, ArrayOID: 1185, Len: 8}
	Interval    = &Type{Kind: KindInterval, OID: 1186, Name: "interval", SQLName: "interval", Category: 'T', Preferred: true, Mod: -1, ArrayOID: 1187, Len: 16}
	Numeric     = &Type{Kind: KindNumeric, OID: 1700, Name: "numeric", SQLName: "numeric", Category: 'N', Mod: -1, ArrayOID: 1231, Len: -1}
	Regclass    = &Type{Kind: KindRegclass, OID: 2205, Name: "regclass", SQLName: "regclass", Category: 'N', Mod: -1, ArrayOID: 2210, Len: 4}
	Regtype     = &Type{Kind: KindRegtype, OID: 2206, Name: "regtype", SQLName: "regtype", Category: 'N', Mod: -1, ArrayOID: 2211, Len: 4}
	Record      = &Type{Kind: KindRecord, OID: 2249, Name: "record", SQLName: "record", Category: 'P', Mod: -1, ArrayOID: 2287, Len: -1}
	Void        = &Type{Kind: KindVoid, OID: 2278, Name: "void", SQLName: "void", Category: 'P', Mod: -1, Len: 4}
	UUID        = &Type{Kind: KindUUID, OID: 2950, Name: "uuid", SQLName: "uuid", Category: 'U', Mod: -1, ArrayOID: 2951, Len: 16}
	Inet        = &Type{Kind: KindInet, OID: 869, Name: "inet", SQLName: "inet", Category: 'I', Preferred: true, Mod: -1, ArrayOID: 1041, Len: -1}
	JSONB       = &Type{Kind: KindJSONB, OID: 3802, Name: "jsonb", SQLName: "jsonb", Category: 'U', Mod: -1, ArrayOID: 3807, Len: -1}
)

// Builtins lists the built-in scalar types.
var Builtins = []*Type{Bool, Bytea, Char, Name, Int8, Int2, Int4, Regproc, Text, Oid, JSON, Float4, Float8,
	Bpchar, Varchar, Date, Time, Timestamp, Timestamptz, Interval, Numeric, Regclass, Regtype, UUID, JSONB, Inet,
	Int4Range, NumRange, TsRange, TstzRange, DateRange, Int8Range, TSVector, TSQuery, TimeTZType, Bit, Varbit,
	Cidr, Macaddr, Macaddr8, MoneyType, PointType, PolygonType, LsegType, XMLType, Xid, Xid8, Cid, TIDType, ACLItem, RefCursor,
	Int4Multirange, NumMultirange, TsMultirange, TstzMultirange, DateMultirange, Int8Multirange}

// Int2Vector is int2vector, the type of the catalogs' column-number
// lists (pg_index.indkey): an int2 array whose text form is its elements
// separated by spaces (Array.Vector). ArrayOf(Int2) stays int2[].
var Int2Vector = &Type{Kind: KindArray, OID: 22, Name: "int2vector", SQLName: "int2vector", Category: 'A', Mod: -1, Elem: Int2, Schema: "pg_catalog", Len: -1}

var arrayByOID = map[uint32]*Type{}
var byOID = map[uint32]*Type{}
var byName = map[string]*Type{}

func init() {
	byOID[Int2Vector.OID], byName[Int2Vector.Name] = Int2Vector, Int2Vector
	for _, t := range Builtins {
		t.Schema = "pg_catalog"
		byOID[t.OID] = t
		byName[t.Name] = t
		if t.ArrayOID != 0 {
			a := &Type{Kind: KindArray, OID: t.ArrayOID, Name: "_" + t.Name, SQLName: t.SQLName + "[]", Category: 'A', Mod: -1, Elem: t, Schema: "pg_catalog", Len: -1}
			arrayByOID[t.OID] = a
			byOID[a.OID] = a
			byName[a.Name] = a
		}
	}
	// SQL spellings that name built-in types.
	for alias, name := range map[string]string{
		"integer": "int4", "int": "int4", "smallint": "int2", "bigint": "int8", "boolean": "bool",
		"real": "float4", "double precision": "float8", "float": "float8", "decimal": "numeric",
		"character varying": "varchar", "character": "bpchar", "timestamp without time zone": "timestamp",
		"timestamp with time zone": "timestamptz", "time without time zone": "time",
		"time with time zone": "timetz", "bit varying": "varbit",
		"serial": "int4", "bigserial": "int8", "smallserial": "int2", "serial4": "int4", "serial8": "int8", "serial2": "int2",
	} {
		byName[alias] = byName[name]
	}
}

// ArrayOf returns the array type whose elements are t (keeping no typmod).
func ArrayOf(t *Type) *Type {
	if a, ok := arrayByOID[t.OID]; ok {
		return a
	}
	if t.ArrayOID != 0 {
		return &Type{Kind: KindArray, OID: t.ArrayOID, Name: "_" + t.Name, SQLName: t.SQLName + "[]", Category: 'A', Mod: -1, Elem: t, Schema: t.Schema, Len: -1}
	}
	return nil
}

// ByOID returns a built-in type by OID.
func ByOID(oid uint32) (*Type, bool) { t, ok := byOID[oid]; return t, ok }

// ByName returns a built-in type by its pg_type name or SQL spelling.
func ByName(name string) (*Type, bool) { t, ok := byName[name]; return t, ok }
