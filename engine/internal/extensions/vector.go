package extensions

import (
	"fmt"
	"math"
	"strings"
)

// pgvectorExt stands in for pgvector 0.8 (the "vector" extension
// Supabase offers): the base types vector, halfvec and sparsevec
// (types/ext_vector.go, ext_halfvec.go), their distance functions and
// operators, arithmetic on vector, and the hnsw / ivfflat access methods
// with their operator classes. CREATE INDEX ... USING hnsw|ivfflat
// builds the engine's ordinary index on the column; ORDER BY col <=> q
// LIMIT k is an exact search (recall 1.0). The index settings are
// accepted and shown as pgvector's GUCs.
func pgvectorExt() *Extension {
	return &Extension{
		Name:        "vector",
		Version:     "0.8.0",
		Comment:     "vector data type and ivfflat and hnsw access methods",
		Relocatable: true,
		BaseTypes:   []string{"vector", "halfvec", "sparsevec"},
		Settings: map[string]string{
			"hnsw.ef_search":           "40",
			"hnsw.iterative_scan":      "off",
			"hnsw.max_scan_tuples":     "20000",
			"hnsw.scan_mem_multiplier": "1",
			"ivfflat.probes":           "1",
			"ivfflat.iterative_scan":   "off",
			"ivfflat.max_probes":       "32768",
		},
		SettingLimits: map[string]SettingLimit{
			"hnsw.ef_search":           {Min: 1, Max: 1000},
			"hnsw.iterative_scan":      {Choices: []string{"off", "relaxed_order", "strict_order"}},
			"hnsw.max_scan_tuples":     {Min: 1, Max: math.MaxInt32},
			"hnsw.scan_mem_multiplier": {Min: 1, Max: 1000, Real: true},
			"ivfflat.probes":           {Min: 1, Max: 32768},
			"ivfflat.iterative_scan":   {Choices: []string{"off", "relaxed_order"}},
			"ivfflat.max_probes":       {Min: 1, Max: 32768},
		},
		AccessMethods: []AccessMethod{
			{Name: "hnsw", Handler: "hnswhandler", Options: map[string]IntOption{"m": {2, 100}, "ef_construction": {4, 1000}}},
			{Name: "ivfflat", Handler: "ivfflathandler", Options: map[string]IntOption{"lists": {1, 32768}}},
		},
		OpClasses: vectorOpClasses(),
		Funcs:     vectorFuncs(), // vector_funcs.go
		Script: vectorIO() + vectorComparisons() + `
CREATE FUNCTION l2_distance(vector, vector) RETURNS float8 AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION inner_product(vector, vector) RETURNS float8 AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION cosine_distance(vector, vector) RETURNS float8 AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION l1_distance(vector, vector) RETURNS float8 AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION vector_dims(vector) RETURNS integer AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION vector_norm(vector) RETURNS float8 AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION l2_normalize(vector) RETURNS vector AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION binary_quantize(vector) RETURNS bit AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION subvector(vector, int, int) RETURNS vector AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION vector_add(vector, vector) RETURNS vector AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION vector_sub(vector, vector) RETURNS vector AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION vector_mul(vector, vector) RETURNS vector AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION vector_concat(vector, vector) RETURNS vector AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION vector_negative_inner_product(vector, vector) RETURNS float8 AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION vector_spherical_distance(vector, vector) RETURNS float8 AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION array_to_vector(real[], integer, boolean) RETURNS vector AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION vector_to_float4(vector, integer, boolean) RETURNS real[] AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE OPERATOR + (LEFTARG = vector, RIGHTARG = vector, PROCEDURE = vector_add, COMMUTATOR = +);
CREATE OPERATOR - (LEFTARG = vector, RIGHTARG = vector, PROCEDURE = vector_sub);
CREATE OPERATOR * (LEFTARG = vector, RIGHTARG = vector, PROCEDURE = vector_mul, COMMUTATOR = *);
CREATE OPERATOR || (LEFTARG = vector, RIGHTARG = vector, PROCEDURE = vector_concat);
CREATE OPERATOR <-> (LEFTARG = vector, RIGHTARG = vector, PROCEDURE = l2_distance, COMMUTATOR = '<->');
CREATE OPERATOR <#> (LEFTARG = vector, RIGHTARG = vector, PROCEDURE = vector_negative_inner_product, COMMUTATOR = '<#>');
CREATE OPERATOR <=> (LEFTARG = vector, RIGHTARG = vector, PROCEDURE = cosine_distance, COMMUTATOR = '<=>');
CREATE OPERATOR <+> (LEFTARG = vector, RIGHTARG = vector, PROCEDURE = l1_distance, COMMUTATOR = '<+>');
CREATE FUNCTION vector_accum(double precision[], vector) RETURNS double precision[] AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION vector_avg(double precision[]) RETURNS vector AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION vector_combine(double precision[], double precision[]) RETURNS double precision[] AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE AGGREGATE avg(vector) (SFUNC = vector_accum, STYPE = double precision[], FINALFUNC = vector_avg, COMBINEFUNC = vector_combine, INITCOND = '{0}', PARALLEL = SAFE);
CREATE AGGREGATE sum(vector) (SFUNC = vector_add, STYPE = vector, COMBINEFUNC = vector_add, PARALLEL = SAFE);

CREATE FUNCTION l2_distance(halfvec, halfvec) RETURNS float8 AS 'MODULE_PATHNAME', 'halfvec_l2_distance' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION inner_product(halfvec, halfvec) RETURNS float8 AS 'MODULE_PATHNAME', 'halfvec_inner_product' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION cosine_distance(halfvec, halfvec) RETURNS float8 AS 'MODULE_PATHNAME', 'halfvec_cosine_distance' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION l1_distance(halfvec, halfvec) RETURNS float8 AS 'MODULE_PATHNAME', 'halfvec_l1_distance' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION vector_dims(halfvec) RETURNS integer AS 'MODULE_PATHNAME', 'halfvec_vector_dims' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION l2_norm(halfvec) RETURNS float8 AS 'MODULE_PATHNAME', 'halfvec_l2_norm' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION halfvec_negative_inner_product(halfvec, halfvec) RETURNS float8 AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE OPERATOR <-> (LEFTARG = halfvec, RIGHTARG = halfvec, PROCEDURE = l2_distance, COMMUTATOR = '<->');
CREATE OPERATOR <#> (LEFTARG = halfvec, RIGHTARG = halfvec, PROCEDURE = halfvec_negative_inner_product, COMMUTATOR = '<#>');
CREATE OPERATOR <=> (LEFTARG = halfvec, RIGHTARG = halfvec, PROCEDURE = cosine_distance, COMMUTATOR = '<=>');
CREATE OPERATOR <+> (LEFTARG = halfvec, RIGHTARG = halfvec, PROCEDURE = l1_distance, COMMUTATOR = '<+>');

CREATE FUNCTION l2_distance(sparsevec, sparsevec) RETURNS float8 AS 'MODULE_PATHNAME', 'sparsevec_l2_distance' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION inner_product(sparsevec, sparsevec) RETURNS float8 AS 'MODULE_PATHNAME', 'sparsevec_inner_product' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION cosine_distance(sparsevec, sparsevec) RETURNS float8 AS 'MODULE_PATHNAME', 'sparsevec_cosine_distance' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION l1_distance(sparsevec, sparsevec) RETURNS float8 AS 'MODULE_PATHNAME', 'sparsevec_l1_distance' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION l2_norm(sparsevec) RETURNS float8 AS 'MODULE_PATHNAME', 'sparsevec_l2_norm' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION sparsevec_negative_inner_product(sparsevec, sparsevec) RETURNS float8 AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE OPERATOR <-> (LEFTARG = sparsevec, RIGHTARG = sparsevec, PROCEDURE = l2_distance, COMMUTATOR = '<->');
CREATE OPERATOR <#> (LEFTARG = sparsevec, RIGHTARG = sparsevec, PROCEDURE = sparsevec_negative_inner_product, COMMUTATOR = '<#>');
CREATE OPERATOR <=> (LEFTARG = sparsevec, RIGHTARG = sparsevec, PROCEDURE = cosine_distance, COMMUTATOR = '<=>');
CREATE OPERATOR <+> (LEFTARG = sparsevec, RIGHTARG = sparsevec, PROCEDURE = l1_distance, COMMUTATOR = '<+>');
` + vectorMoreScript, // vector_more.go
	}
}

// vectorComparisons declares the btree comparison functions and
// operators of the three types (pgvector's vector_lt, ..., vector_cmp).
func vectorComparisons() string {
	var b strings.Builder
	for _, t := range vectorTypes {
		for _, op := range vectorCmpOps {
			fmt.Fprintf(&b, "CREATE FUNCTION %s_%s(%s, %s) RETURNS bool AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;\n", t, op.name, t, t)
			fmt.Fprintf(&b, "CREATE OPERATOR %s (LEFTARG = %s, RIGHTARG = %s, PROCEDURE = %s_%s, COMMUTATOR = '%s', NEGATOR = '%s', RESTRICT = %s, JOIN = %s);\n",
				op.sym, t, t, t, op.name, op.commutator, op.negator, op.restrict, op.join)
		}
		fmt.Fprintf(&b, "CREATE FUNCTION %s_cmp(%s, %s) RETURNS int4 AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;\n", t, t, t)
	}
	return b.String()
}

// vectorIO declares the three types' I/O functions as pgvector names
// them (vector_in(cstring, oid, integer), vector_out, vector_typmod_in,
// vector_recv, vector_send, ...): dumps grant on them, and in, out,
// typmod_in and send can be called (ioFuncs, vector_funcs.go).
func vectorIO() string {
	var b strings.Builder
	for _, t := range vectorTypes {
		fmt.Fprintf(&b, "CREATE FUNCTION %s_in(cstring, oid, integer) RETURNS %s AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;\n", t, t)
		fmt.Fprintf(&b, "CREATE FUNCTION %s_out(%s) RETURNS cstring AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;\n", t, t)
		fmt.Fprintf(&b, "CREATE FUNCTION %s_typmod_in(cstring[]) RETURNS integer AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;\n", t)
		fmt.Fprintf(&b, "CREATE FUNCTION %s_recv(internal, oid, integer) RETURNS %s AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;\n", t, t)
		fmt.Fprintf(&b, "CREATE FUNCTION %s_send(%s) RETURNS bytea AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;\n", t, t)
	}
	return b.String()
}

var vectorTypes = []string{"vector", "halfvec", "sparsevec"}

var vectorCmpOps = []struct {
	name, sym, commutator, negator, restrict, join string
	test                                           func(c int) bool
}{
	{"lt", "<", ">", ">=", "scalarltsel", "scalarltjoinsel", func(c int) bool { return c < 0 }},
	{"le", "<=", ">=", ">", "scalarlesel", "scalarlejoinsel", func(c int) bool { return c <= 0 }},
	{"eq", "=", "=", "<>", "eqsel", "eqjoinsel", func(c int) bool { return c == 0 }},
	{"ne", "<>", "<>", "=", "neqsel", "neqjoinsel", func(c int) bool { return c != 0 }},
	{"ge", ">=", "<=", "<", "scalargesel", "scalargejoinsel", func(c int) bool { return c >= 0 }},
	{"gt", ">", "<", "<=", "scalargtsel", "scalargtjoinsel", func(c int) bool { return c > 0 }},
}

// vectorOpClasses are pgvector's operator classes: btree's for the three
// types, and hnsw's and ivfflat's per distance (ivfflat's vector_l2_ops
// is the default).
func vectorOpClasses() []OpClass {
	out := []OpClass{
		{Name: "vector_ops", Method: "btree", Type: "vector", Default: true},
		{Name: "halfvec_ops", Method: "btree", Type: "halfvec", Default: true},
		{Name: "sparsevec_ops", Method: "btree", Type: "sparsevec", Default: true},
	}
	for _, am := range []string{"hnsw", "ivfflat"} {
		for _, t := range []string{"vector", "halfvec", "sparsevec"} {
			for _, d := range []string{"l2", "ip", "cosine", "l1"} {
				if am == "ivfflat" && (t == "sparsevec" || d == "l1") {
					continue // ivfflat indexes neither sparse vectors nor L1
				}
				out = append(out, OpClass{Name: t + "_" + d + "_ops", Method: am, Type: t, Default: am == "ivfflat" && d == "l2" && t == "vector"})
			}
		}
		// binary vectors: PostgreSQL's bit type
		out = append(out, OpClass{Name: "bit_hamming_ops", Method: am, Type: "bit"})
		if am == "hnsw" {
			out = append(out, OpClass{Name: "bit_jaccard_ops", Method: am, Type: "bit"})
		}
	}
	return out
}
