package extensions_test

import (
	"testing"
)

// vectorTargets is the engine only: the oracle PostgreSQL has no
// pgvector, so expected values are pgvector's documented results and
// hand-checked arithmetic.
func vectorTargets(t *testing.T, setup ...string) []target {
	t.Helper()
	return installed(t, "vector")[:1]
}

func TestVectorIO(t *testing.T) {
	run(t, vectorTargets(t), []sqlCase{
		{name: "in out", sql: `select '[1,2,3]'::vector, '[-1,-2,-3]'::vector, '[1.,2.,3.]'::vector, ' [ 1,  2 ,    3  ] '::vector`, want: "[1,2,3]|[-1,-2,-3]|[1,2,3]|[1,2,3]"},
		{name: "shortest float4", sql: `select '[1.23456,0.1,1.5e38,-1.5e-38]'::vector`, want: "[1.23456,0.1,1.5e+38,-1.5e-38]"},
		{name: "typmod", sql: `select '[1,2,3]'::vector(3)`, want: "[1,2,3]"},
		{name: "typmod mismatch", sql: `select '[1,2,3]'::vector(2)`, code: "22000", msg: "expected 2 dimensions, not 3"},
		{name: "bad elem", sql: `select '[hello,1]'::vector`, code: "22P02", msg: `invalid input syntax for type vector: "[hello,1]"`},
		{name: "nan", sql: `select '[NaN,1]'::vector`, code: "22000", msg: "NaN not allowed in vector"},
		{name: "inf", sql: `select '[Infinity,1]'::vector`, code: "22000", msg: "infinite value not allowed in vector"},
		{name: "overflow", sql: `select '[4e38,1]'::vector`, code: "22003", msg: `"4e38" is out of range for type vector`},
		{name: "unterminated", sql: `select '[1,2,3'::vector`, code: "22P02", msg: `malformed vector literal: "[1,2,3"`},
		{name: "junk", sql: `select '[1,2,3]9'::vector`, code: "22P02", msg: "malformed vector literal"},
		{name: "no bracket", sql: `select '1,2,3'::vector`, code: "22P02", msg: "malformed vector literal"},
		{name: "empty", sql: `select '[]'::vector`, code: "22000", msg: "vector must have at least 1 dimension"},
		{name: "trailing comma", sql: `select '[1,]'::vector`, code: "22P02", msg: "invalid input syntax"},
		{name: "double comma", sql: `select '[1,,3]'::vector`, code: "22P02", msg: "malformed vector literal"},
		{name: "too many dims", sql: `select array_fill(1, array[16001])::real[]::vector`, code: "54000", msg: "vector cannot have more than 16000 dimensions"},
		{name: "typmod zero", sql: `create table bad0 (v vector(0))`, code: "22023", msg: "dimensions for type vector must be at least 1"},
		{name: "typmod big", sql: `create table bad1 (v vector(16001))`, code: "22023", msg: "dimensions for type vector cannot exceed 16000"},
		{name: "format_type", sql: `create table ft (v vector(3), h halfvec(2), s sparsevec(5)); select format_type(atttypid, atttypmod) from pg_attribute where attrelid = 'ft'::regclass and attnum > 0 order by attnum`, want: "vector(3)\nhalfvec(2)\nsparsevec(5)"},
		{name: "pg_type", sql: `select typname, typnamespace::regnamespace, typcategory, typlen from pg_type where typname in ('vector', '_vector') order by 1`, want: "_vector|extensions|A|-1\nvector|extensions|U|-1"},
		{name: "array of vectors", sql: `select unnest('{"[1,2,3]", "[4,5,6]"}'::vector[])`, want: "[1,2,3]\n[4,5,6]"},
		{name: "array typmod", sql: `select '{"[1,2,3]"}'::vector(2)[]`, code: "22000", msg: "expected 2 dimensions, not 3"},
	})
}

func TestVectorCasts(t *testing.T) {
	run(t, vectorTargets(t), []sqlCase{
		{name: "int array", sql: `select array[1,2,3]::vector`, want: "[1,2,3]"},
		{name: "numeric array", sql: `select array[1.0,2.0,3.0]::vector, array[1,2,3]::numeric[]::vector`, want: "[1,2,3]|[1,2,3]"},
		{name: "float arrays", sql: `select '{1,2,3}'::real[]::vector(3), '{1,2,3}'::double precision[]::vector`, want: "[1,2,3]|[1,2,3]"},
		{name: "to real[]", sql: `select '[1,2,3]'::vector::real[]`, want: "{1,2,3}"},
		{name: "array typmod", sql: `select '{1,2,3}'::real[]::vector(2)`, code: "22000", msg: "expected 2 dimensions, not 3"},
		{name: "array nulls", sql: `select '{NULL}'::real[]::vector`, code: "22004", msg: "array must not contain nulls"},
		{name: "array nan", sql: `select '{NaN}'::real[]::vector`, code: "22000", msg: "NaN not allowed in vector"},
		{name: "array empty", sql: `select '{}'::real[]::vector`, code: "22000", msg: "vector must have at least 1 dimension"},
		{name: "array 2-D", sql: `select '{{1}}'::real[]::vector`, code: "22000", msg: "array must be 1-D"},
		{name: "double overflow", sql: `select '{4e38,-4e38}'::double precision[]::vector`, code: "22000", msg: "infinite value not allowed in vector"},
		{name: "double underflow", sql: `select '{1e-46,-1e-46}'::double precision[]::vector`, want: "[0,-0]"},
		{name: "text", sql: `select '[1,2]'::vector::text, '[3,4]'::text::vector`, want: "[1,2]|[3,4]"},
		{name: "halfvec", sql: `select '[1,2,3]'::vector::halfvec, '[1,2,3]'::halfvec::vector(3)`, want: "[1,2,3]|[1,2,3]"},
		{name: "halfvec range", sql: `select '[65520]'::vector::halfvec`, code: "22003", msg: `"65520" is out of range for type halfvec`},
		{name: "halfvec rounds", sql: `select '[1e-8]'::vector::halfvec, '[1.23456]'::halfvec`, want: "[0]|[1.234375]"},
		{name: "sparse", sql: `select '[0,1.5,0,3.5,0]'::vector::sparsevec, '{2:1.5,4:3.5}/5'::sparsevec::vector`, want: "{2:1.5,4:3.5}/5|[0,1.5,0,3.5,0]"},
		{name: "sparse typmod", sql: `select '[0,1.5,0,3.5,0]'::vector::sparsevec(4)`, code: "22000", msg: "expected 4 dimensions, not 5"},
		{name: "array_to_vector", sql: `select array_to_vector('{1,2}'::real[], 2, true)`, want: "[1,2]"},
	})
}

func TestVectorFunctions(t *testing.T) {
	run(t, vectorTargets(t), []sqlCase{
		{name: "add", sql: `select '[1,2,3]'::vector + '[4,5,6]'`, want: "[5,7,9]"},
		{name: "add overflow", sql: `select '[3e38]'::vector + '[3e38]'`, code: "22003", msg: "value out of range: overflow"},
		{name: "sub", sql: `select '[1,2,3]'::vector - '[4,5,6]'`, want: "[-3,-3,-3]"},
		{name: "mul", sql: `select '[1,2,3]'::vector * '[4,5,6]'`, want: "[4,10,18]"},
		{name: "mul underflow", sql: `select '[1e-37]'::vector * '[1e-37]'`, code: "22003", msg: "value out of range: underflow"},
		{name: "concat", sql: `select '[1,2]'::vector || '[3]'::vector`, want: "[1,2,3]"},
		{name: "dims norm", sql: `select vector_dims('[1,2,3]'::vector), vector_norm('[3,4]'::vector), round(vector_norm('[1,1]'::vector)::numeric, 5)`, want: "3|5|1.41421"},
		{name: "l2", sql: `select l2_distance('[0,0]'::vector, '[3,4]'), '[1,2,3]'::vector <-> '[4,5,6]'`, want: "5|5.196152422706632"},
		{name: "l2 dims", sql: `select l2_distance('[1,2]'::vector, '[3]')`, code: "22000", msg: "different vector dimensions 2 and 1"},
		{name: "inner product", sql: `select inner_product('[1,2]'::vector, '[3,4]'), '[1,2]'::vector <#> '[3,4]'`, want: "11|-11"},
		{name: "cosine", sql: `select cosine_distance('[1,2]'::vector, '[2,4]'), cosine_distance('[1,1]'::vector, '[-1,-1]'), cosine_distance('[1,2]'::vector, '[0,0]'), '[1,0]'::vector <=> '[0,1]'`, want: "0|2|NaN|1"},
		{name: "l1", sql: `select l1_distance('[0,0]'::vector, '[3,4]'), '[0,0]'::vector <+> '[0,1]'`, want: "7|1"},
		{name: "cosine dims", sql: `select '[1,2]'::vector <=> '[3]'`, code: "22000", msg: "different vector dimensions 2 and 1"},
		{name: "normalize", sql: `select l2_normalize('[3,4]'::vector), l2_normalize('[0,0]'::vector)`, want: "[0.6,0.8]|[0,0]"},
		{name: "subvector", sql: `select subvector('[1,2,3,4,5]'::vector, 2, 3), subvector('[1,2,3,4,5]'::vector, 4, 10)`, want: "[2,3,4]|[4,5]"},
		{name: "subvector empty", sql: `select subvector('[1,2,3]'::vector, 2, 0)`, code: "22000", msg: "vector must have at least 1 dimension"},
		{name: "binary_quantize", sql: `select binary_quantize('[1,-2,0,3]'::vector)`, want: "1001"},
		{name: "equality and order", sql: `select '[1,2]'::vector = '[1,2]', '[1,2]'::vector < '[1,3]', '[1,2]'::vector < '[1,2,0]', '[1,2]'::vector = '[1,2,3]'`, want: "t|t|t|f"},
		{name: "null is null", sql: `select l2_distance(null::vector, '[1]')`, want: "<null>"},
		{name: "halfvec distances", sql: `select '[1,2,3]'::halfvec <-> '[4,5,6]', '[0,0]'::halfvec <+> '[3,4]', l2_norm('[3,4]'::halfvec), vector_dims('[1,2]'::halfvec)`, want: "5.196152422706632|7|5|2"},
		{name: "sparse io", sql: `select ' { 1 : 1.5 ,  3  :  3.5  } / 5 '::sparsevec, '{1:0,2:1,3:0}/3'::sparsevec, '{}/5'::sparsevec`, want: "{1:1.5,3:3.5}/5|{2:1}/3|{}/5"},
		{name: "sparse order", sql: `select '{2:1,1:3}/2'::sparsevec`, want: "{1:3,2:1}/2"},
		{name: "sparse duplicate", sql: `select '{2:1,2:3}/2'::sparsevec`, code: "22000", msg: "sparsevec indices must not contain duplicates"},
		{name: "sparse index range", sql: `select '{2:1}/1'::sparsevec`, code: "22000", msg: "sparsevec index out of bounds"},
		{name: "sparse dims", sql: `select '{}/-1'::sparsevec`, code: "22000", msg: "sparsevec must have at least 1 dimension"},
		{name: "sparse distances", sql: `select '{1:3}/2'::sparsevec <-> '{2:4}/2', '{1:1,2:2}/2'::sparsevec <#> '{1:3,2:4}/2', '{1:3}/2'::sparsevec <+> '{2:4}/2', l2_norm('{1:3,2:4}/2'::sparsevec)`, want: "5|-11|7|5"},
	})
}

// TestVectorAggregates covers pgvector's avg(vector) and sum(vector),
// CREATE AGGREGATE aggregates over its C-language support functions.
func TestVectorAggregates(t *testing.T) {
	run(t, vectorTargets(t), []sqlCase{
		{name: "avg sum", sql: `create table emb (g int, v vector(3)); insert into emb values (1, '[1,2,3]'), (1, '[3,4,5]'), (2, '[1,1,1]'), (2, null); select g, avg(v), sum(v) from emb group by g order by g`,
			want: "1|[2,3,4]|[4,6,8]\n2|[1,1,1]|[1,1,1]"},
		{name: "no rows", sql: `select avg(v) is null, sum(v) is null from emb where false`, want: "t|t"},
		{name: "result types", sql: `select pg_typeof(avg(v)), pg_typeof(sum(v)) from emb`, want: "vector|vector"},
		{name: "fractions", sql: `select avg(v) from (values ('[1,0]'::vector), ('[0,1]'), ('[0,0]')) x(v)`, want: "[0.33333334,0.33333334]"},
		{name: "builtin avg still", sql: `select avg(g), sum(g) from emb`, want: "1.5000000000000000|6"},
		{name: "window", sql: `select sum(v) over (order by g, v) from emb where v is not null order by g, v`, want: "[1,2,3]\n[4,6,8]\n[5,7,9]"},
		{name: "dims differ", sql: `select avg(v) from (values ('[1,2]'::vector), ('[1,2,3]')) x(v)`, code: "22000", msg: "expected 2 dimensions, not 3"},
		{name: "sum dims differ", sql: `select sum(v) from (values ('[1,2]'::vector), ('[1,2,3]')) x(v)`, code: "22000", msg: "different vector dimensions 2 and 3"},
		{name: "pg_aggregate", sql: `select aggfnoid::regprocedure, aggtransfn, aggfinalfn, aggcombinefn, aggtranstype::regtype, agginitval from pg_aggregate order by aggfnoid::regprocedure::text`,
			want: "avg(halfvec)|halfvec_accum|halfvec_avg|halfvec_combine|double precision[]|{0}\navg(vector)|vector_accum|vector_avg|vector_combine|double precision[]|{0}\n" +
				"sum(halfvec)|halfvec_add|-|halfvec_add|halfvec|<null>\nsum(vector)|vector_add|-|vector_add|vector|<null>"},
	})
}
