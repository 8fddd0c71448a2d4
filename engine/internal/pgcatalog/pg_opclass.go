package pgcatalog

import "github.com/tinybase/tinybase/engine/internal/types"

// pgOpclass is pg_catalog.pg_opclass: PostgreSQL 15's operator classes
// (all of them are built in; tinybase has no CREATE OPERATOR CLASS).
var pgOpclass = &def{
	cols: []column{
		{"oid", types.Oid}, {"opcmethod", types.Oid}, {"opcname", types.Name}, {"opcnamespace", types.Oid},
		{"opcowner", types.Oid}, {"opcfamily", types.Oid}, {"opcintype", types.Oid}, {"opcdefault", types.Bool},
		{"opckeytype", types.Oid},
	},
	rows: func(s *State) ([][]any, error) {
		out := make([][]any, len(opclasses))
		for i, o := range opclasses {
			out[i] = []any{o.oid, o.method, o.name, NamespaceOID("pg_catalog"), uint32(10), o.family, o.intype, o.def, o.keytype}
		}
		out = append(out, extOpclassRows(s)...)   // pg_am_ext.go
		for _, o := range s.Catalog.OpClasses() { // CREATE OPERATOR CLASS
			out = append(out, []any{o.OID, extAmOID(o.Method), o.Name, NamespaceOID(o.Schema), s.roleOID(o.Owner), o.Family, o.InType, o.Default, o.KeyType})
		}
		return out, nil
	},
}

// btreeOpclass is the default btree operator class of a column type, as
// pg_index.indclass names it (varchar and other binary-coercible types
// use their target's, as PostgreSQL picks them); 0 when there is none.
func btreeOpclass(typeOID uint32) uint32 {
	switch typeOID {
	case 1043: // varchar
		typeOID = 25
	}
	for _, o := range opclasses {
		if o.method == 403 && o.def && o.intype == typeOID {
			return o.oid
		}
	}
	return 0
}

type opclass struct {
	oid, method uint32
	name        string
	family      uint32
	intype      uint32
	def         bool
	keytype     uint32
}

// opclasses are PostgreSQL 15's rows of pg_opclass.
var opclasses = []opclass{
	{1978, 403, "int4_ops", 1976, 23, true, 0},
	{1979, 403, "int2_ops", 1976, 21, true, 0},
	{1981, 403, "oid_ops", 1989, 26, true, 0},
	{3122, 403, "date_ops", 434, 1082, true, 0},
	{3123, 403, "float8_ops", 1970, 701, true, 0},
	{3124, 403, "int8_ops", 1976, 20, true, 0},
	{3125, 403, "numeric_ops", 1988, 1700, true, 0},
	{3126, 403, "text_ops", 1994, 25, true, 0},
	{3127, 403, "timestamptz_ops", 434, 1184, true, 0},
	{3128, 403, "timestamp_ops", 434, 1114, true, 0},
	{4217, 403, "text_pattern_ops", 2095, 25, false, 0},
	{4218, 403, "varchar_pattern_ops", 2095, 25, false, 0},
	{4219, 403, "bpchar_pattern_ops", 2097, 1042, false, 0},
	{10000, 403, "array_ops", 397, 2277, true, 0},
	{10001, 405, "array_ops", 627, 2277, true, 0},
	{10002, 403, "bit_ops", 423, 1560, true, 0},
	{10003, 403, "bool_ops", 424, 16, true, 0},
	{10004, 403, "bpchar_ops", 426, 1042, true, 0},
	{10005, 405, "bpchar_ops", 427, 1042, true, 0},
	{10006, 403, "bytea_ops", 428, 17, true, 0},
	{10007, 403, "char_ops", 429, 18, true, 0},
	{10008, 405, "char_ops", 431, 18, true, 0},
	{10009, 403, "cidr_ops", 1974, 869, false, 0},
	{10010, 405, "cidr_ops", 1975, 869, false, 0},
	{10011, 405, "date_ops", 435, 1082, true, 0},
	{10012, 403, "float4_ops", 1970, 700, true, 0},
	{10013, 405, "float4_ops", 1971, 700, true, 0},
	{10014, 405, "float8_ops", 1971, 701, true, 0},
	{10015, 403, "inet_ops", 1974, 869, true, 0},
	{10016, 405, "inet_ops", 1975, 869, true, 0},
	{10017, 783, "inet_ops", 3550, 869, false, 0},
	{10018, 4000, "inet_ops", 3794, 869, true, 0},
	{10019, 405, "int2_ops", 1977, 21, true, 0},
	{10020, 405, "int4_ops", 1977, 23, true, 0},
	{10021, 405, "int8_ops", 1977, 20, true, 0},
	{10022, 403, "interval_ops", 1982, 1186, true, 0},
	{10023, 405, "interval_ops", 1983, 1186, true, 0},
	{10024, 403, "macaddr_ops", 1984, 829, true, 0},
	{10025, 405, "macaddr_ops", 1985, 829, true, 0},
	{10026, 403, "macaddr8_ops", 3371, 774, true, 0},
	{10027, 405, "macaddr8_ops", 3372, 774, true, 0},
	{10028, 403, "name_ops", 1994, 19, true, 2275},
	{10029, 405, "name_ops", 1995, 19, true, 0},
	{10030, 405, "numeric_ops", 1998, 1700, true, 0},
	{10031, 405, "oid_ops", 1990, 26, true, 0},
	{10032, 403, "oidvector_ops", 1991, 30, true, 0},
	{10033, 405, "oidvector_ops", 1992, 30, true, 0},
	{10034, 403, "record_ops", 2994, 2249, true, 0},
	{10035, 405, "record_ops", 6194, 2249, true, 0},
	{10036, 403, "record_image_ops", 3194, 2249, false, 0},
	{10037, 405, "text_ops", 1995, 25, true, 0},
	{10038, 403, "time_ops", 1996, 1083, true, 0},
	{10039, 405, "time_ops", 1997, 1083, true, 0},
	{10040, 405, "timestamptz_ops", 1999, 1184, true, 0},
	{10041, 403, "timetz_ops", 2000, 1266, true, 0},
	{10042, 405, "timetz_ops", 2001, 1266, true, 0},
	{10043, 403, "varbit_ops", 2002, 1562, true, 0},
	{10044, 403, "varchar_ops", 1994, 25, false, 0},
	{10045, 405, "varchar_ops", 1995, 25, false, 0},
	{10046, 405, "timestamp_ops", 2040, 1114, true, 0},
	{10047, 403, "money_ops", 2099, 790, true, 0},
	{10048, 405, "bool_ops", 2222, 16, true, 0},
	{10049, 405, "bytea_ops", 2223, 17, true, 0},
	{10050, 403, "tid_ops", 2789, 27, true, 0},
	{10051, 405, "xid_ops", 2225, 28, true, 0},
	{10052, 405, "xid8_ops", 5032, 5069, true, 0},
	{10053, 403, "xid8_ops", 5067, 5069, true, 0},
	{10054, 405, "cid_ops", 2226, 29, true, 0},
	{10055, 405, "tid_ops", 2227, 27, true, 0},
	{10056, 405, "text_pattern_ops", 2229, 25, false, 0},
	{10057, 405, "varchar_pattern_ops", 2229, 25, false, 0},
	{10058, 405, "bpchar_pattern_ops", 2231, 1042, false, 0},
	{10059, 405, "aclitem_ops", 2235, 1033, true, 0},
	{10060, 783, "box_ops", 2593, 603, true, 0},
	{10061, 783, "point_ops", 1029, 600, true, 603},
	{10062, 783, "poly_ops", 2594, 604, true, 603},
	{10063, 783, "circle_ops", 2595, 718, true, 603},
	{10064, 2742, "array_ops", 2745, 2277, true, 2283},
	{10065, 403, "uuid_ops", 2968, 2950, true, 0},
	{10066, 405, "uuid_ops", 2969, 2950, true, 0},
	{10067, 403, "pg_lsn_ops", 3253, 3220, true, 0},
	{10068, 405, "pg_lsn_ops", 3254, 3220, true, 0},
	{10069, 403, "enum_ops", 3522, 3500, true, 0},
	{10070, 405, "enum_ops", 3523, 3500, true, 0},
	{10071, 403, "tsvector_ops", 3626, 3614, true, 0},
	{10072, 783, "tsvector_ops", 3655, 3614, true, 3642},
	{10073, 2742, "tsvector_ops", 3659, 3614, true, 25},
	{10074, 403, "tsquery_ops", 3683, 3615, true, 0},
	{10075, 783, "tsquery_ops", 3702, 3615, true, 20},
	{10076, 403, "range_ops", 3901, 3831, true, 0},
	{10077, 405, "range_ops", 3903, 3831, true, 0},
	{10078, 783, "range_ops", 3919, 3831, true, 0},
	{10079, 4000, "range_ops", 3474, 3831, true, 0},
	{10080, 403, "multirange_ops", 4199, 4537, true, 0},
	{10081, 405, "multirange_ops", 4225, 4537, true, 0},
	{10082, 783, "multirange_ops", 6158, 4537, true, 3831},
	{10083, 4000, "box_ops", 5000, 603, true, 0},
	{10084, 4000, "quad_point_ops", 4015, 600, true, 0},
	{10085, 4000, "kd_point_ops", 4016, 600, false, 0},
	{10086, 4000, "text_ops", 4017, 25, true, 0},
	{10087, 4000, "poly_ops", 5008, 604, true, 603},
	{10088, 403, "jsonb_ops", 4033, 3802, true, 0},
	{10089, 405, "jsonb_ops", 4034, 3802, true, 0},
	{10090, 2742, "jsonb_ops", 4036, 3802, true, 25},
	{10091, 2742, "jsonb_path_ops", 4037, 3802, false, 23},
	{10092, 3580, "bytea_minmax_ops", 4064, 17, true, 17},
	{10093, 3580, "bytea_bloom_ops", 4578, 17, false, 17},
	{10094, 3580, "char_minmax_ops", 4062, 18, true, 18},
	{10095, 3580, "char_bloom_ops", 4577, 18, false, 18},
	{10096, 3580, "name_minmax_ops", 4065, 19, true, 19},
	{10097, 3580, "name_bloom_ops", 4579, 19, false, 19},
	{10098, 3580, "int8_minmax_ops", 4054, 20, true, 20},
	{10099, 3580, "int8_minmax_multi_ops", 4602, 20, false, 20},
	{10100, 3580, "int8_bloom_ops", 4572, 20, false, 20},
	{10101, 3580, "int2_minmax_ops", 4054, 21, true, 21},
	{10102, 3580, "int2_minmax_multi_ops", 4602, 21, false, 21},
	{10103, 3580, "int2_bloom_ops", 4572, 21, false, 21},
	{10104, 3580, "int4_minmax_ops", 4054, 23, true, 23},
	{10105, 3580, "int4_minmax_multi_ops", 4602, 23, false, 23},
	{10106, 3580, "int4_bloom_ops", 4572, 23, false, 23},
	{10107, 3580, "text_minmax_ops", 4056, 25, true, 25},
	{10108, 3580, "text_bloom_ops", 4573, 25, false, 25},
	{10109, 3580, "oid_minmax_ops", 4068, 26, true, 26},
	{10110, 3580, "oid_minmax_multi_ops", 4606, 26, false, 26},
	{10111, 3580, "oid_bloom_ops", 4580, 26, false, 26},
	{10112, 3580, "tid_minmax_ops", 4069, 27, true, 27},
	{10113, 3580, "tid_bloom_ops", 4581, 27, false, 27},
	{10114, 3580, "tid_minmax_multi_ops", 4607, 27, false, 27},
	{10115, 3580, "float4_minmax_ops", 4070, 700, true, 700},
	{10116, 3580, "float4_minmax_multi_ops", 4608, 700, false, 700},
	{10117, 3580, "float4_bloom_ops", 4582, 700, false, 700},
	{10118, 3580, "float8_minmax_ops", 4070, 701, true, 701},
	{10119, 3580, "float8_minmax_multi_ops", 4608, 701, false, 701},
	{10120, 3580, "float8_bloom_ops", 4582, 701, false, 701},
	{10121, 3580, "macaddr_minmax_ops", 4074, 829, true, 829},
	{10122, 3580, "macaddr_minmax_multi_ops", 4609, 829, false, 829},
	{10123, 3580, "macaddr_bloom_ops", 4583, 829, false, 829},
	{10124, 3580, "macaddr8_minmax_ops", 4109, 774, true, 774},
	{10125, 3580, "macaddr8_minmax_multi_ops", 4610, 774, false, 774},
	{10126, 3580, "macaddr8_bloom_ops", 4584, 774, false, 774},
	{10127, 3580, "inet_minmax_ops", 4075, 869, false, 869},
	{10128, 3580, "inet_minmax_multi_ops", 4611, 869, false, 869},
	{10129, 3580, "inet_bloom_ops", 4585, 869, false, 869},
	{10130, 3580, "inet_inclusion_ops", 4102, 869, true, 869},
	{10131, 3580, "bpchar_minmax_ops", 4076, 1042, true, 1042},
	{10132, 3580, "bpchar_bloom_ops", 4586, 1042, false, 1042},
	{10133, 3580, "time_minmax_ops", 4077, 1083, true, 1083},
	{10134, 3580, "time_minmax_multi_ops", 4612, 1083, false, 1083},
	{10135, 3580, "time_bloom_ops", 4587, 1083, false, 1083},
	{10136, 3580, "date_minmax_ops", 4059, 1082, true, 1082},
	{10137, 3580, "date_minmax_multi_ops", 4605, 1082, false, 1082},
	{10138, 3580, "date_bloom_ops", 4576, 1082, false, 1082},
	{10139, 3580, "timestamp_minmax_ops", 4059, 1114, true, 1114},
	{10140, 3580, "timestamp_minmax_multi_ops", 4605, 1114, false, 1114},
	{10141, 3580, "timestamp_bloom_ops", 4576, 1114, false, 1114},
	{10142, 3580, "timestamptz_minmax_ops", 4059, 1184, true, 1184},
	{10143, 3580, "timestamptz_minmax_multi_ops", 4605, 1184, false, 1184},
	{10144, 3580, "timestamptz_bloom_ops", 4576, 1184, false, 1184},
	{10145, 3580, "interval_minmax_ops", 4078, 1186, true, 1186},
	{10146, 3580, "interval_minmax_multi_ops", 4613, 1186, false, 1186},
	{10147, 3580, "interval_bloom_ops", 4588, 1186, false, 1186},
	{10148, 3580, "timetz_minmax_ops", 4058, 1266, true, 1266},
	{10149, 3580, "timetz_minmax_multi_ops", 4604, 1266, false, 1266},
	{10150, 3580, "timetz_bloom_ops", 4575, 1266, false, 1266},
	{10151, 3580, "bit_minmax_ops", 4079, 1560, true, 1560},
	{10152, 3580, "varbit_minmax_ops", 4080, 1562, true, 1562},
	{10153, 3580, "numeric_minmax_ops", 4055, 1700, true, 1700},
	{10154, 3580, "numeric_minmax_multi_ops", 4603, 1700, false, 1700},
	{10155, 3580, "numeric_bloom_ops", 4574, 1700, false, 1700},
	{10156, 3580, "uuid_minmax_ops", 4081, 2950, true, 2950},
	{10157, 3580, "uuid_minmax_multi_ops", 4614, 2950, false, 2950},
	{10158, 3580, "uuid_bloom_ops", 4589, 2950, false, 2950},
	{10159, 3580, "range_inclusion_ops", 4103, 3831, true, 3831},
	{10160, 3580, "pg_lsn_minmax_ops", 4082, 3220, true, 3220},
	{10161, 3580, "pg_lsn_minmax_multi_ops", 4615, 3220, false, 3220},
	{10162, 3580, "pg_lsn_bloom_ops", 4590, 3220, false, 3220},
	{10163, 3580, "box_inclusion_ops", 4104, 603, true, 603},
}
