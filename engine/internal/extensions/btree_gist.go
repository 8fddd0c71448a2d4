package extensions

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// btree_gist 1.7 (docs F.8) beyond its operator classes: the types its
// classes store (gbtreekey2 ... gbtreekey_var), their I/O functions, every
// support function of the classes, and the distance functions behind its
// <-> operators. A schema dump of a project with btree_gist (supabase db
// pull) grants on all of them; those GRANTs must apply. The support
// functions take internal, so SQL cannot call them, and tinybase's indexes
// do not either; the distance functions work.

// btreeGistSupport lists the support functions, as pg_proc has them
// after CREATE EXTENSION btree_gist (1.7): name(arguments) result. Each is
// a C function whose link symbol is its name; the boolean class's are
// PARALLEL UNSAFE (1.7 added them without a marking), the rest SAFE.
const btreeGistSupport = `
gbt_oid_consistent(internal, oid, smallint, oid, internal) boolean
gbt_oid_distance(internal, oid, smallint, oid, internal) double precision
gbt_oid_fetch(internal) internal
gbt_oid_compress(internal) internal
gbt_decompress(internal) internal
gbt_var_decompress(internal) internal
gbt_var_fetch(internal) internal
gbt_oid_penalty(internal, internal, internal) internal
gbt_oid_picksplit(internal, internal) internal
gbt_oid_union(internal, internal) gbtreekey8
gbt_oid_same(gbtreekey8, gbtreekey8, internal) internal
gbt_int2_consistent(internal, smallint, smallint, oid, internal) boolean
gbt_int2_distance(internal, smallint, smallint, oid, internal) double precision
gbt_int2_compress(internal) internal
gbt_int2_fetch(internal) internal
gbt_int2_penalty(internal, internal, internal) internal
gbt_int2_picksplit(internal, internal) internal
gbt_int2_union(internal, internal) gbtreekey4
gbt_int2_same(gbtreekey4, gbtreekey4, internal) internal
gbt_int4_consistent(internal, integer, smallint, oid, internal) boolean
gbt_int4_distance(internal, integer, smallint, oid, internal) double precision
gbt_int4_compress(internal) internal
gbt_int4_fetch(internal) internal
gbt_int4_penalty(internal, internal, internal) internal
gbt_int4_picksplit(internal, internal) internal
gbt_int4_union(internal, internal) gbtreekey8
gbt_int4_same(gbtreekey8, gbtreekey8, internal) internal
gbt_int8_consistent(internal, bigint, smallint, oid, internal) boolean
gbt_int8_distance(internal, bigint, smallint, oid, internal) double precision
gbt_int8_compress(internal) internal
gbt_int8_fetch(internal) internal
gbt_int8_penalty(internal, internal, internal) internal
gbt_int8_picksplit(internal, internal) internal
gbt_int8_union(internal, internal) gbtreekey16
gbt_int8_same(gbtreekey16, gbtreekey16, internal) internal
gbt_float4_consistent(internal, real, smallint, oid, internal) boolean
gbt_float4_distance(internal, real, smallint, oid, internal) double precision
gbt_float4_compress(internal) internal
gbt_float4_fetch(internal) internal
gbt_float4_penalty(internal, internal, internal) internal
gbt_float4_picksplit(internal, internal) internal
gbt_float4_union(internal, internal) gbtreekey8
gbt_float4_same(gbtreekey8, gbtreekey8, internal) internal
gbt_float8_consistent(internal, double precision, smallint, oid, internal) boolean
gbt_float8_distance(internal, double precision, smallint, oid, internal) double precision
gbt_float8_compress(internal) internal
gbt_float8_fetch(internal) internal
gbt_float8_penalty(internal, internal, internal) internal
gbt_float8_picksplit(internal, internal) internal
gbt_float8_union(internal, internal) gbtreekey16
gbt_float8_same(gbtreekey16, gbtreekey16, internal) internal
gbt_ts_consistent(internal, timestamp without time zone, smallint, oid, internal) boolean
gbt_ts_distance(internal, timestamp without time zone, smallint, oid, internal) double precision
gbt_tstz_consistent(internal, timestamp with time zone, smallint, oid, internal) boolean
gbt_tstz_distance(internal, timestamp with time zone, smallint, oid, internal) double precision
gbt_ts_compress(internal) internal
gbt_tstz_compress(internal) internal
gbt_ts_fetch(internal) internal
gbt_ts_penalty(internal, internal, internal) internal
gbt_ts_picksplit(internal, internal) internal
gbt_ts_union(internal, internal) gbtreekey16
gbt_ts_same(gbtreekey16, gbtreekey16, internal) internal
gbt_time_consistent(internal, time without time zone, smallint, oid, internal) boolean
gbt_time_distance(internal, time without time zone, smallint, oid, internal) double precision
gbt_timetz_consistent(internal, time with time zone, smallint, oid, internal) boolean
gbt_time_compress(internal) internal
gbt_timetz_compress(internal) internal
gbt_time_fetch(internal) internal
gbt_time_penalty(internal, internal, internal) internal
gbt_time_picksplit(internal, internal) internal
gbt_time_union(internal, internal) gbtreekey16
gbt_time_same(gbtreekey16, gbtreekey16, internal) internal
gbt_date_consistent(internal, date, smallint, oid, internal) boolean
gbt_date_distance(internal, date, smallint, oid, internal) double precision
gbt_date_compress(internal) internal
gbt_date_fetch(internal) internal
gbt_date_penalty(internal, internal, internal) internal
gbt_date_picksplit(internal, internal) internal
gbt_date_union(internal, internal) gbtreekey8
gbt_date_same(gbtreekey8, gbtreekey8, internal) internal
gbt_intv_consistent(internal, interval, smallint, oid, internal) boolean
gbt_intv_distance(internal, interval, smallint, oid, internal) double precision
gbt_intv_compress(internal) internal
gbt_intv_decompress(internal) internal
gbt_intv_fetch(internal) internal
gbt_intv_penalty(internal, internal, internal) internal
gbt_intv_picksplit(internal, internal) internal
gbt_intv_union(internal, internal) gbtreekey32
gbt_intv_same(gbtreekey32, gbtreekey32, internal) internal
gbt_cash_consistent(internal, money, smallint, oid, internal) boolean
gbt_cash_distance(internal, money, smallint, oid, internal) double precision
gbt_cash_compress(internal) internal
gbt_cash_fetch(internal) internal
gbt_cash_penalty(internal, internal, internal) internal
gbt_cash_picksplit(internal, internal) internal
gbt_cash_union(internal, internal) gbtreekey16
gbt_cash_same(gbtreekey16, gbtreekey16, internal) internal
gbt_macad_consistent(internal, macaddr, smallint, oid, internal) boolean
gbt_macad_compress(internal) internal
gbt_macad_fetch(internal) internal
gbt_macad_penalty(internal, internal, internal) internal
gbt_macad_picksplit(internal, internal) internal
gbt_macad_union(internal, internal) gbtreekey16
gbt_macad_same(gbtreekey16, gbtreekey16, internal) internal
gbt_text_consistent(internal, text, smallint, oid, internal) boolean
gbt_bpchar_consistent(internal, character, smallint, oid, internal) boolean
gbt_text_compress(internal) internal
gbt_bpchar_compress(internal) internal
gbt_text_penalty(internal, internal, internal) internal
gbt_text_picksplit(internal, internal) internal
gbt_text_union(internal, internal) gbtreekey_var
gbt_text_same(gbtreekey_var, gbtreekey_var, internal) internal
gbt_bytea_consistent(internal, bytea, smallint, oid, internal) boolean
gbt_bytea_compress(internal) internal
gbt_bytea_penalty(internal, internal, internal) internal
gbt_bytea_picksplit(internal, internal) internal
gbt_bytea_union(internal, internal) gbtreekey_var
gbt_bytea_same(gbtreekey_var, gbtreekey_var, internal) internal
gbt_numeric_consistent(internal, numeric, smallint, oid, internal) boolean
gbt_numeric_compress(internal) internal
gbt_numeric_penalty(internal, internal, internal) internal
gbt_numeric_picksplit(internal, internal) internal
gbt_numeric_union(internal, internal) gbtreekey_var
gbt_numeric_same(gbtreekey_var, gbtreekey_var, internal) internal
gbt_bit_consistent(internal, bit, smallint, oid, internal) boolean
gbt_bit_compress(internal) internal
gbt_bit_penalty(internal, internal, internal) internal
gbt_bit_picksplit(internal, internal) internal
gbt_bit_union(internal, internal) gbtreekey_var
gbt_bit_same(gbtreekey_var, gbtreekey_var, internal) internal
gbt_inet_consistent(internal, inet, smallint, oid, internal) boolean
gbt_inet_compress(internal) internal
gbt_inet_penalty(internal, internal, internal) internal
gbt_inet_picksplit(internal, internal) internal
gbt_inet_union(internal, internal) gbtreekey16
gbt_inet_same(gbtreekey16, gbtreekey16, internal) internal
gbt_uuid_consistent(internal, uuid, smallint, oid, internal) boolean
gbt_uuid_fetch(internal) internal
gbt_uuid_compress(internal) internal
gbt_uuid_penalty(internal, internal, internal) internal
gbt_uuid_picksplit(internal, internal) internal
gbt_uuid_union(internal, internal) gbtreekey32
gbt_uuid_same(gbtreekey32, gbtreekey32, internal) internal
gbt_macad8_consistent(internal, macaddr8, smallint, oid, internal) boolean
gbt_macad8_compress(internal) internal
gbt_macad8_fetch(internal) internal
gbt_macad8_penalty(internal, internal, internal) internal
gbt_macad8_picksplit(internal, internal) internal
gbt_macad8_union(internal, internal) gbtreekey16
gbt_macad8_same(gbtreekey16, gbtreekey16, internal) internal
gbt_enum_consistent(internal, anyenum, smallint, oid, internal) boolean
gbt_enum_compress(internal) internal
gbt_enum_fetch(internal) internal
gbt_enum_penalty(internal, internal, internal) internal
gbt_enum_picksplit(internal, internal) internal
gbt_enum_union(internal, internal) gbtreekey8
gbt_enum_same(gbtreekey8, gbtreekey8, internal) internal
gbt_bool_consistent(internal, boolean, smallint, oid, internal) boolean
gbt_bool_compress(internal) internal
gbt_bool_fetch(internal) internal
gbt_bool_penalty(internal, internal, internal) internal
gbt_bool_picksplit(internal, internal) internal
gbt_bool_union(internal, internal) gbtreekey2
gbt_bool_same(gbtreekey2, gbtreekey2, internal) internal
`

// btreeGistDists are the distance functions and the types they measure,
// each also the <-> operator between two values of the type.
var btreeGistDists = []struct{ name, typ, result string }{
	{"cash_dist", "money", "money"}, {"date_dist", "date", "integer"},
	{"float4_dist", "real", "real"}, {"float8_dist", "double precision", "double precision"},
	{"int2_dist", "smallint", "smallint"}, {"int4_dist", "integer", "integer"},
	{"int8_dist", "bigint", "bigint"}, {"interval_dist", "interval", "interval"},
	{"oid_dist", "oid", "oid"}, {"time_dist", "time without time zone", "interval"},
	{"ts_dist", "timestamp without time zone", "interval"}, {"tstz_dist", "timestamp with time zone", "interval"},
}

// btreeGistKeys are the storage types, in the order the script makes them.
var btreeGistKeys = []string{"gbtreekey4", "gbtreekey8", "gbtreekey16", "gbtreekey32", "gbtreekey_var", "gbtreekey2"}

func btreeGist() *Extension {
	var script strings.Builder
	funcs := map[string]Func{
		"gbtreekey_in": Scalar(func([]any) (any, error) {
			return nil, pgerror.New(pgerror.FeatureNotSupported, "<datatype>key_in() not implemented")
		}),
		"gbtreekey_out": Scalar(func([]any) (any, error) {
			return nil, pgerror.New(pgerror.FeatureNotSupported, "<datatype>key_out() not implemented")
		}),
	}
	for _, k := range btreeGistKeys {
		fmt.Fprintf(&script, "CREATE FUNCTION %[1]s_in(cstring) RETURNS %[1]s AS 'MODULE_PATHNAME', 'gbtreekey_in' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;\n", k)
		fmt.Fprintf(&script, "CREATE FUNCTION %[1]s_out(%[1]s) RETURNS cstring AS 'MODULE_PATHNAME', 'gbtreekey_out' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;\n", k)
	}
	for _, d := range btreeGistDists {
		fmt.Fprintf(&script, "CREATE FUNCTION %s(%s, %[2]s) RETURNS %s AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;\n", d.name, d.typ, d.result)
		fmt.Fprintf(&script, "CREATE OPERATOR <-> (LEFTARG = %s, RIGHTARG = %[1]s, PROCEDURE = %s, COMMUTATOR = '<->');\n", d.typ, d.name)
		funcs[d.name] = btreeGistDist(d.name, d.typ)
	}
	for _, line := range strings.Split(strings.TrimSpace(btreeGistSupport), "\n") {
		name := line[:strings.IndexByte(line, '(')]
		parallel := "SAFE"
		if strings.HasPrefix(name, "gbt_bool_") {
			parallel = "UNSAFE"
		}
		end := strings.LastIndex(line, ") ") + 1
		sig, result := line[:end], line[end+1:]
		fmt.Fprintf(&script, "CREATE FUNCTION %s RETURNS %s AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL %s;\n", sig, result, parallel)
		funcs[name] = indexSupport
	}
	return &Extension{Name: "btree_gist", Version: "1.7", Comment: "support for indexing common datatypes in GiST", Relocatable: true,
		BaseTypes: btreeGistKeys,
		OpClasses: btreeOpClasses("gist", "gist_", map[string]string{"money": "cash", "varbit": "vbit"}),
		Funcs:     funcs,
		Script:    script.String(),
	}
}

// btreeGistDist is a distance function: the absolute difference of two
// values of typ, computed by the engine's own subtraction so that an
// overflow fails as PostgreSQL's does (the difference and then its
// absolute value are checked: int2_dist(-32768, 0) is out of range);
// oid has no subtraction, so its distance goes through bigint. A
// timestamp distance involving infinity is the largest interval, as
// btree_gist's ts_dist returns; a date one fails as date_mi does. The
// infinities are compared for, not asked of isfinite, which takes
// -infinity for finite.
func btreeGistDist(name, typ string) Func {
	if name == "cash_dist" {
		return Scalar(cashDist)
	}
	diff := "CASE WHEN $1 < $2 THEN $2 - $1 ELSE $1 - $2 END"
	infinite := "false"
	switch name {
	case "oid_dist":
		diff = "CASE WHEN $1 < $2 THEN ($2::int8 - $1::int8)::oid ELSE ($1::int8 - $2::int8)::oid END"
	case "ts_dist", "tstz_dist":
		diff = "CASE WHEN $1 IN ('infinity', '-infinity') OR $2 IN ('infinity', '-infinity') THEN " + btreeGistMaxInterval + " ELSE " + diff + " END"
	case "date_dist":
		infinite = "$1 IN ('infinity', '-infinity') OR $2 IN ('infinity', '-infinity')"
		diff = "CASE WHEN " + infinite + " THEN NULL ELSE " + diff + " END"
	}
	query := "SELECT " + infinite + ", " + diff
	return func(ctx context.Context, c routine.Caller, fn *catalog.Function, args []any, _ *routine.TriggerData) (routine.Result, error) {
		if len(fn.Args) != 2 {
			return routine.Result{}, pgerror.New(pgerror.InternalError, "%s: expected two arguments", name)
		}
		rows, err := c.Query(ctx, query, &routine.Params{Types: []*types.Type{fn.Args[0].Type, fn.Args[1].Type}}, args)
		if err != nil {
			return routine.Result{}, err
		}
		if len(rows.Rows) != 1 || len(rows.Rows[0]) != 2 {
			return routine.Result{}, pgerror.New(pgerror.InternalError, "%s: no result", name)
		}
		if inf, _ := rows.Rows[0][0].(bool); inf {
			return routine.Result{}, pgerror.New(pgerror.DatetimeFieldOverflow, "cannot subtract infinite dates")
		}
		v := rows.Rows[0][1]
		return routine.Result{Value: v, Null: v == nil}, nil
	}
}

// cashDist is cash_dist: money is cents in an int64, and the difference
// and its absolute value must both fit (tinybase's money subtraction
// does not check, btree_gist's does).
func cashDist(args []any) (any, error) {
	a, ok1 := args[0].(types.Money)
	b, ok2 := args[1].(types.Money)
	if !ok1 || !ok2 {
		return nil, pgerror.New(pgerror.InternalError, "cash_dist: unexpected arguments %T, %T", args[0], args[1])
	}
	r := a - b
	if (b < 0 && r < a) || (b > 0 && r > a) || r == math.MinInt64 {
		return nil, pgerror.New(pgerror.NumericValueOutOfRange, "money out of range")
	}
	if r < 0 {
		r = -r
	}
	return r, nil
}

// btreeGistMaxInterval is the interval of INT_MAX months and days and
// the largest time, what ts_dist returns for an infinite timestamp.
const btreeGistMaxInterval = "'178956970 years 7 mons 2147483647 days 2562047788:00:54.775807'::interval"
