package types

import "testing"

// pgCast is pg_cast among the built-in types, as PostgreSQL 15 has it
// (castsource, casttarget, castcontext).
var pgCast = []struct {
	from, to string
	ctx      byte
}{
	{"bool", "bpchar", 'a'},
	{"bool", "int4", 'e'},
	{"bool", "text", 'a'},
	{"bool", "varchar", 'a'},
	{"bpchar", "char", 'a'},
	{"bpchar", "name", 'i'},
	{"bpchar", "text", 'i'},
	{"bpchar", "varchar", 'i'},
	{"char", "bpchar", 'a'},
	{"char", "int4", 'e'},
	{"char", "text", 'i'},
	{"char", "varchar", 'a'},
	{"date", "timestamp", 'i'},
	{"date", "timestamptz", 'i'},
	{"float4", "float8", 'i'},
	{"float4", "int2", 'a'},
	{"float4", "int4", 'a'},
	{"float4", "int8", 'a'},
	{"float4", "numeric", 'a'},
	{"float8", "float4", 'a'},
	{"float8", "int2", 'a'},
	{"float8", "int4", 'a'},
	{"float8", "int8", 'a'},
	{"float8", "numeric", 'a'},
	{"int2", "float4", 'i'},
	{"int2", "float8", 'i'},
	{"int2", "int4", 'i'},
	{"int2", "int8", 'i'},
	{"int2", "numeric", 'i'},
	{"int2", "oid", 'i'},
	{"int2", "regclass", 'i'},
	{"int2", "regproc", 'i'},
	{"int2", "regtype", 'i'},
	{"int4", "bool", 'e'},
	{"int4", "char", 'e'},
	{"int4", "float4", 'i'},
	{"int4", "float8", 'i'},
	{"int4", "int2", 'a'},
	{"int4", "int8", 'i'},
	{"int4", "numeric", 'i'},
	{"int4", "oid", 'i'},
	{"int4", "regclass", 'i'},
	{"int4", "regproc", 'i'},
	{"int4", "regtype", 'i'},
	{"int8", "float4", 'i'},
	{"int8", "float8", 'i'},
	{"int8", "int2", 'a'},
	{"int8", "int4", 'a'},
	{"int8", "numeric", 'i'},
	{"int8", "oid", 'i'},
	{"int8", "regclass", 'i'},
	{"int8", "regproc", 'i'},
	{"int8", "regtype", 'i'},
	{"interval", "time", 'a'},
	{"json", "jsonb", 'a'},
	{"jsonb", "bool", 'e'},
	{"jsonb", "float4", 'e'},
	{"jsonb", "float8", 'e'},
	{"jsonb", "int2", 'e'},
	{"jsonb", "int4", 'e'},
	{"jsonb", "int8", 'e'},
	{"jsonb", "json", 'a'},
	{"jsonb", "numeric", 'e'},
	{"name", "bpchar", 'a'},
	{"name", "text", 'i'},
	{"name", "varchar", 'a'},
	{"numeric", "float4", 'i'},
	{"numeric", "float8", 'i'},
	{"numeric", "int2", 'a'},
	{"numeric", "int4", 'a'},
	{"numeric", "int8", 'a'},
	{"oid", "int4", 'a'},
	{"xid8", "xid", 'e'},
	{"oid", "int8", 'a'},
	{"oid", "regclass", 'i'},
	{"oid", "regproc", 'i'},
	{"oid", "regtype", 'i'},
	{"regclass", "int4", 'a'},
	{"regclass", "int8", 'a'},
	{"regclass", "oid", 'i'},
	{"regproc", "int4", 'a'},
	{"regproc", "int8", 'a'},
	{"regproc", "oid", 'i'},
	{"regtype", "int4", 'a'},
	{"regtype", "int8", 'a'},
	{"regtype", "oid", 'i'},
	{"text", "bpchar", 'i'},
	{"text", "char", 'a'},
	{"text", "name", 'i'},
	{"text", "regclass", 'i'},
	{"text", "varchar", 'i'},
	{"time", "interval", 'i'},
	{"timestamp", "date", 'a'},
	{"timestamp", "time", 'a'},
	{"timestamp", "timestamptz", 'i'},
	{"timestamptz", "date", 'a'},
	{"timestamptz", "time", 'a'},
	{"timestamptz", "timestamp", 'a'},
	{"varchar", "bpchar", 'i'},
	{"varchar", "char", 'a'},
	{"varchar", "name", 'i'},
	{"varchar", "regclass", 'i'},
	{"varchar", "text", 'i'},
	// the types of range.go, tsearch.go, timetz.go, bit.go, money.go,
	// net_types.go, geo_point.go and xml.go
	{"bit", "int4", 'e'},
	{"bit", "int8", 'e'},
	{"bit", "varbit", 'i'},
	{"cidr", "inet", 'i'},
	{"inet", "cidr", 'a'},
	{"macaddr", "macaddr8", 'i'},
	{"macaddr8", "macaddr", 'i'},
	{"int4", "bit", 'e'},
	{"int4", "money", 'a'},
	{"int8", "bit", 'e'},
	{"int8", "money", 'a'},
	{"money", "numeric", 'a'},
	{"numeric", "money", 'a'},
	{"time", "timetz", 'i'},
	{"timestamptz", "timetz", 'a'},
	{"timetz", "time", 'a'},
	{"varbit", "bit", 'i'},
	// regnamespace and regprocedure (regobjects.go)
	{"int2", "regnamespace", 'i'},
	{"int2", "regprocedure", 'i'},
	{"int4", "regnamespace", 'i'},
	{"int4", "regprocedure", 'i'},
	{"int8", "regnamespace", 'i'},
	{"int8", "regprocedure", 'i'},
	{"oid", "regnamespace", 'i'},
	{"oid", "regprocedure", 'i'},
	{"regnamespace", "int4", 'a'},
	{"regnamespace", "int8", 'a'},
	{"regnamespace", "oid", 'i'},
	{"regproc", "regprocedure", 'i'},
	{"regprocedure", "int4", 'a'},
	{"regprocedure", "int8", 'a'},
	{"regprocedure", "oid", 'i'},
	{"regprocedure", "regproc", 'i'},
	// regrole (regobjects.go)
	{"int2", "regrole", 'i'},
	{"int4", "regrole", 'i'},
	{"int8", "regrole", 'i'},
	{"oid", "regrole", 'i'},
	{"regrole", "int4", 'a'},
	{"regrole", "int8", 'a'},
	{"regrole", "oid", 'i'},
	{"int4range", "int4multirange", 'e'},
	{"int8range", "int8multirange", 'e'},
	{"numrange", "nummultirange", 'e'},
	{"daterange", "datemultirange", 'e'},
	{"tsrange", "tsmultirange", 'e'},
	{"tstzrange", "tstzmultirange", 'e'},
	{"int2", "regoperator", 'i'},
	{"int4", "regoperator", 'i'},
	{"int8", "regoperator", 'i'},
	{"oid", "regoperator", 'i'},
	{"regoperator", "int4", 'a'},
	{"regoperator", "int8", 'a'},
	{"regoperator", "oid", 'i'},
	// regconfig (regconfig.go)
	{"int2", "regconfig", 'i'},
	{"int4", "regconfig", 'i'},
	{"int8", "regconfig", 'i'},
	{"oid", "regconfig", 'i'},
	{"regconfig", "int4", 'a'},
	{"regconfig", "int8", 'a'},
	{"regconfig", "oid", 'i'},
	// regdictionary (regconfig.go)
	{"int2", "regdictionary", 'i'},
	{"int4", "regdictionary", 'i'},
	{"int8", "regdictionary", 'i'},
	{"oid", "regdictionary", 'i'},
	{"regdictionary", "int4", 'a'},
	{"regdictionary", "int8", 'a'},
	{"regdictionary", "oid", 'i'},
	{"lseg", "point", 'e'},
}

// TestCastContexts checks castContextOf against pg_cast, and pairs absent
// from pg_cast against the I/O conversion rule: to a string type by
// assignment, from one explicitly, otherwise none.
func TestCastContexts(t *testing.T) {
	want := map[[2]string]byte{}
	for _, c := range pgCast {
		want[[2]string{c.from, c.to}] = c.ctx
	}
	letter := map[CastContext]byte{CastImplicit: 'i', CastAssignment: 'a', CastExplicit: 'e', castNone: '-'}
	isStr := func(t *Type) bool {
		switch t.Kind {
		case KindText, KindVarchar, KindBpchar, KindName:
			return t.OID != RefCursor.OID // text inside, not of the string category
		}
		return false
	}
	for _, a := range Builtins {
		for _, b := range Builtins {
			if a.OID == b.OID {
				continue
			}
			w, ok := want[[2]string{a.Name, b.Name}]
			switch {
			case ok:
			case isStr(b):
				w = 'a'
			case isStr(a):
				w = 'e'
			default:
				w = '-'
			}
			if got := letter[castContextOf(a, b)]; got != w {
				t.Errorf("cast %s -> %s: context %c, want %c", a.Name, b.Name, got, w)
			}
		}
	}
}
