// Package types is tinybase's model of PostgreSQL data types: one Type value
// per pg_type row (OID, name, category, element type, typmod), the Go value
// each type carries, and the text input/output functions that decide what
// clients see (PostgreSQL docs, chapter 8 "Data Types"). Every Type also
// implements go-mysql-server's ExtendedType so columns and expressions carry
// Postgres types through the planner and executor unchanged; nothing in GMS
// converts or compares a tinybase value with MySQL rules.
//
// Go representations:
//
//	bool                 bool
//	int2/int4/int8       int16/int32/int64
//	numeric              decimal.Decimal (finite values) or NumericSpecial
//	                     (NaN, Infinity, -Infinity)
//	float4/float8        float32/float64
//	text/varchar/bpchar  string
//	uuid                 string (canonical lower-case form)
//	date                 DateVal (days since 1970-01-01; ±infinity are
//	                     DateInfinity/DateNegInfinity)
//	time                 TimeOfDay (microseconds since midnight)
//	timestamp(tz)        time.Time (UTC; ±infinity are the sentinels
//	                     InfinityTimestamp/NegInfinityTimestamp)
//	regtype              string (format_type spelling)
//	interval             IntervalVal
//	json                 string (text kept as written)
//	jsonb                JSONDoc (normalised document)
//	bytea                []byte
//	arrays               *Array
//	enums                string (label)
//	ranges               RangeVal (bounds of the element type; discrete
//	                     ranges canonical [a,b))
//	multiranges          MultirangeVal (sorted ranges that neither
//	                     overlap nor touch; none when empty)
//	timetz               TimeTZ (microseconds and UTC offset)
//	money                Money (cents)
//	inet/cidr/macaddr,   string (canonical text form; the functions on
//	bit/varbit, point,   them parse it back)
//	tsvector/tsquery,
//	xml, tid, aclitem
//	xid                  uint32 (as oid)
//	xid8                 int64
//	extension base types the implementation's own values: *Vector,
//	                     *HalfVec, *SparseVec (pgvector), *Geometry
//	                     (PostGIS's geometry and geography)
//
// Extension base types (ext.go) are types an extension adds with OIDs
// the database assigns, as pgvector's vector: Kind KindExt, and an
// ExtBase (typinput/typoutput with typmod, send/receive, btree order,
// typmod in/out, pg_cast rows) that Input, Output, Compare, Cast,
// ApplyMod, FormatType and the binary codec dispatch to. Implementations
// live here (ext_vector.go, ext_halfvec.go, ext_geometry*.go) and are
// found by type name, so a catalog written down as data builds them
// back. An ExtBase whose typmods are words (geometry(Point,4326))
// implements ExtTypmodText; a value whose type has a cast to json
// (geometry's GeoJSON) implements JSONCaster, which to_json, row_to_json
// and json_agg use.
//
// Date/time input (datetime_parse.go) decodes fields the way datetime.c's
// ParseDateTime/DecodeDateTime do.
package types
