package extensions

import (
	"context"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// The rest of pgvector 0.8.0's functions: the functions behind its casts,
// halfvec's arithmetic, aggregates and helpers, the squared distances its
// operator classes use, the bit distances, and the access methods'
// handler and support functions (which take internal, so SQL cannot call
// them). Dumps grant on every one of them.

const vectorMoreScript = `
CREATE FUNCTION vector(vector, integer, boolean) RETURNS vector AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION halfvec(halfvec, integer, boolean) RETURNS halfvec AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION sparsevec(sparsevec, integer, boolean) RETURNS sparsevec AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION array_to_vector(integer[], integer, boolean) RETURNS vector AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION array_to_vector(double precision[], integer, boolean) RETURNS vector AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION array_to_vector(numeric[], integer, boolean) RETURNS vector AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION array_to_halfvec(integer[], integer, boolean) RETURNS halfvec AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION array_to_halfvec(real[], integer, boolean) RETURNS halfvec AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION array_to_halfvec(double precision[], integer, boolean) RETURNS halfvec AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION array_to_halfvec(numeric[], integer, boolean) RETURNS halfvec AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION array_to_sparsevec(integer[], integer, boolean) RETURNS sparsevec AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION array_to_sparsevec(real[], integer, boolean) RETURNS sparsevec AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION array_to_sparsevec(double precision[], integer, boolean) RETURNS sparsevec AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION array_to_sparsevec(numeric[], integer, boolean) RETURNS sparsevec AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION vector_to_halfvec(vector, integer, boolean) RETURNS halfvec AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION vector_to_sparsevec(vector, integer, boolean) RETURNS sparsevec AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION halfvec_to_vector(halfvec, integer, boolean) RETURNS vector AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION halfvec_to_float4(halfvec, integer, boolean) RETURNS real[] AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION halfvec_to_sparsevec(halfvec, integer, boolean) RETURNS sparsevec AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION sparsevec_to_vector(sparsevec, integer, boolean) RETURNS vector AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION sparsevec_to_halfvec(sparsevec, integer, boolean) RETURNS halfvec AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION vector_l2_squared_distance(vector, vector) RETURNS float8 AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION halfvec_l2_squared_distance(halfvec, halfvec) RETURNS float8 AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION sparsevec_l2_squared_distance(sparsevec, sparsevec) RETURNS float8 AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION halfvec_spherical_distance(halfvec, halfvec) RETURNS float8 AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION halfvec_add(halfvec, halfvec) RETURNS halfvec AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION halfvec_sub(halfvec, halfvec) RETURNS halfvec AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION halfvec_mul(halfvec, halfvec) RETURNS halfvec AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION halfvec_concat(halfvec, halfvec) RETURNS halfvec AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE OPERATOR + (LEFTARG = halfvec, RIGHTARG = halfvec, PROCEDURE = halfvec_add, COMMUTATOR = +);
CREATE OPERATOR - (LEFTARG = halfvec, RIGHTARG = halfvec, PROCEDURE = halfvec_sub);
CREATE OPERATOR * (LEFTARG = halfvec, RIGHTARG = halfvec, PROCEDURE = halfvec_mul, COMMUTATOR = *);
CREATE OPERATOR || (LEFTARG = halfvec, RIGHTARG = halfvec, PROCEDURE = halfvec_concat);
CREATE FUNCTION l2_normalize(halfvec) RETURNS halfvec AS 'MODULE_PATHNAME', 'halfvec_l2_normalize' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION l2_normalize(sparsevec) RETURNS sparsevec AS 'MODULE_PATHNAME', 'sparsevec_l2_normalize' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION binary_quantize(halfvec) RETURNS bit AS 'MODULE_PATHNAME', 'halfvec_binary_quantize' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION subvector(halfvec, int, int) RETURNS halfvec AS 'MODULE_PATHNAME', 'halfvec_subvector' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION halfvec_accum(double precision[], halfvec) RETURNS double precision[] AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION halfvec_avg(double precision[]) RETURNS halfvec AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION halfvec_combine(double precision[], double precision[]) RETURNS double precision[] AS 'MODULE_PATHNAME', 'vector_combine' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE AGGREGATE avg(halfvec) (SFUNC = halfvec_accum, STYPE = double precision[], FINALFUNC = halfvec_avg, COMBINEFUNC = halfvec_combine, INITCOND = '{0}', PARALLEL = SAFE);
CREATE AGGREGATE sum(halfvec) (SFUNC = halfvec_add, STYPE = halfvec, COMBINEFUNC = halfvec_add, PARALLEL = SAFE);
CREATE FUNCTION hamming_distance(bit, bit) RETURNS float8 AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION jaccard_distance(bit, bit) RETURNS float8 AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE OPERATOR <~> (LEFTARG = bit, RIGHTARG = bit, PROCEDURE = hamming_distance, COMMUTATOR = '<~>');
CREATE OPERATOR <%> (LEFTARG = bit, RIGHTARG = bit, PROCEDURE = jaccard_distance, COMMUTATOR = '<%>');
CREATE FUNCTION hnswhandler(internal) RETURNS index_am_handler AS 'MODULE_PATHNAME' LANGUAGE c;
CREATE FUNCTION ivfflathandler(internal) RETURNS index_am_handler AS 'MODULE_PATHNAME' LANGUAGE c;
CREATE FUNCTION hnsw_halfvec_support(internal) RETURNS internal AS 'MODULE_PATHNAME' LANGUAGE c;
CREATE FUNCTION hnsw_bit_support(internal) RETURNS internal AS 'MODULE_PATHNAME' LANGUAGE c;
CREATE FUNCTION hnsw_sparsevec_support(internal) RETURNS internal AS 'MODULE_PATHNAME' LANGUAGE c;
CREATE FUNCTION ivfflat_halfvec_support(internal) RETURNS internal AS 'MODULE_PATHNAME' LANGUAGE c;
CREATE FUNCTION ivfflat_bit_support(internal) RETURNS internal AS 'MODULE_PATHNAME' LANGUAGE c;
`

// addVectorMoreFuncs adds the implementations of vectorMoreScript's
// functions to m.
func addVectorMoreFuncs(m map[string]Func) {
	for _, name := range []string{"vector", "halfvec", "sparsevec",
		"array_to_vector", "array_to_halfvec", "array_to_sparsevec",
		"vector_to_halfvec", "vector_to_sparsevec", "halfvec_to_vector", "halfvec_to_float4",
		"halfvec_to_sparsevec", "sparsevec_to_vector", "sparsevec_to_halfvec"} {
		m[name] = castFunc
	}
	hh := halfPair // vector_funcs.go
	half := func(op byte) Func {
		return hh(func(a, b []float32) (any, error) {
			v, err := elementwise(a, b, op)
			if err != nil {
				return nil, err
			}
			return halfOfElems(v.(*types.Vector).Elems)
		})
	}
	m["vector_l2_squared_distance"] = Scalar(func(args []any) (any, error) {
		a, b := args[0].(*types.Vector).Elems, args[1].(*types.Vector).Elems
		if err := types.CheckDims(len(a), len(b)); err != nil {
			return nil, err
		}
		return l2Squared(a, b), nil
	})
	m["halfvec_l2_squared_distance"] = hh(func(a, b []float32) (any, error) { return l2Squared(a, b), nil })
	m["sparsevec_l2_squared_distance"] = Scalar(func(args []any) (any, error) {
		a, b := args[0].(*types.SparseVec), args[1].(*types.SparseVec)
		if err := types.CheckDims(int(a.Dim), int(b.Dim)); err != nil {
			return nil, err
		}
		return float64(sparseL2Squared(a, b)), nil
	})
	m["halfvec_spherical_distance"] = hh(func(a, b []float32) (any, error) { return sphericalDistance(a, b), nil })
	m["halfvec_add"], m["halfvec_sub"], m["halfvec_mul"] = half('+'), half('-'), half('*')
	m["halfvec_concat"] = Scalar(func(args []any) (any, error) {
		a, b := args[0].(*types.HalfVec).Elems, args[1].(*types.HalfVec).Elems
		if len(a)+len(b) > types.VectorMaxDim {
			return nil, pgerror.New(pgerror.ProgramLimitExceeded, "halfvec cannot have more than %d dimensions", types.VectorMaxDim)
		}
		return &types.HalfVec{Elems: append(append(make([]float32, 0, len(a)+len(b)), a...), b...)}, nil
	})
	m["halfvec_l2_normalize"] = Scalar(func(args []any) (any, error) {
		return halfOfElems(normalized(args[0].(*types.HalfVec).Elems))
	})
	m["sparsevec_l2_normalize"] = Scalar(func(args []any) (any, error) {
		v := args[0].(*types.SparseVec)
		vals := normalized(v.Vals)
		// an element that rounds to zero leaves the sparse vector
		out := &types.SparseVec{Dim: v.Dim}
		for i, f := range vals {
			if f != 0 {
				out.Idx, out.Vals = append(out.Idx, v.Idx[i]), append(out.Vals, f)
			}
		}
		return out, nil
	})
	m["halfvec_binary_quantize"] = Scalar(func(args []any) (any, error) { return quantize(args[0].(*types.HalfVec).Elems), nil })
	m["halfvec_subvector"] = Scalar(func(args []any) (any, error) {
		a := args[0].(*types.HalfVec).Elems
		return &types.HalfVec{Elems: Subvector(a, args[1].(int32), args[2].(int32))}, SubvectorErr(a, args[1].(int32), args[2].(int32))
	})
	m["halfvec_accum"] = Scalar(func(args []any) (any, error) {
		return vectorAccum([]any{args[0], &types.Vector{Elems: args[1].(*types.HalfVec).Elems}})
	})
	m["halfvec_avg"] = Scalar(func(args []any) (any, error) {
		v, err := vectorAvg(args)
		if err != nil || v == nil {
			return v, err
		}
		return halfOfElems(v.(*types.Vector).Elems)
	})
	m["hamming_distance"] = Scalar(func(args []any) (any, error) {
		return bitDistance(args[0].(string), args[1].(string), func(both, either, differ int) float64 { return float64(differ) })
	})
	m["jaccard_distance"] = Scalar(func(args []any) (any, error) {
		return bitDistance(args[0].(string), args[1].(string), func(both, either, _ int) float64 {
			if either == 0 {
				return 1
			}
			return 1 - float64(both)/float64(either)
		})
	})
	internal := func(name string) Func {
		return Scalar(func([]any) (any, error) {
			return nil, pgerror.New(pgerror.FeatureNotSupported, "function %s reads an internal argument, which SQL cannot pass", name)
		})
	}
	for _, name := range []string{"hnswhandler", "ivfflathandler", "hnsw_halfvec_support", "hnsw_bit_support",
		"hnsw_sparsevec_support", "ivfflat_halfvec_support", "ivfflat_bit_support"} {
		m[name] = internal(name)
	}
}

// castFunc is a function behind one of pgvector's casts: its first
// argument converted to the function's result type with the typmod of
// its second, explicitly or not as its third says.
func castFunc(_ context.Context, _ routine.Caller, fn *catalog.Function, args []any, _ *routine.TriggerData) (routine.Result, error) {
	in := fn.InputTypes()
	explicit, _ := args[2].(bool)
	v, err := types.Cast(args[0], in[0], fn.Result.WithMod(args[1].(int32)), explicit, nil)
	if err != nil {
		return routine.Result{}, err
	}
	return routine.Result{Value: v, Null: v == nil}, nil
}

// halfOfElems rounds each element to half precision (22003 when one
// overflows, as pgvector's halfvec arithmetic says).
func halfOfElems(e []float32) (*types.HalfVec, error) {
	out := make([]float32, len(e))
	for i, f := range e {
		h, ok := types.RoundHalf(f)
		if !ok {
			return nil, pgerror.New(pgerror.NumericValueOutOfRange, "value out of range: overflow")
		}
		out[i] = h
	}
	return &types.HalfVec{Elems: out}, nil
}

// normalized is e divided by its Euclidean norm (all zeros stay zeros).
func normalized(e []float32) []float32 {
	n := vecNorm(e)
	out := make([]float32, len(e))
	if n > 0 {
		for i, f := range e {
			out[i] = float32(float64(f) / n)
		}
	}
	return out
}

// quantize is binary_quantize: 1 for each positive element.
func quantize(e []float32) string {
	var b strings.Builder
	for _, f := range e {
		if f > 0 {
			b.WriteByte('1')
		} else {
			b.WriteByte('0')
		}
	}
	return b.String()
}

// l2Squared is the squared Euclidean distance, summed in float4 as
// pgvector sums it.
func l2Squared(a, b []float32) float64 {
	var d float32
	for i := range a {
		x := a[i] - b[i]
		d += x * x
	}
	return float64(d)
}

// bitDistance compares two bit strings of one length (pgvector's error
// otherwise) by the counts of positions set in both, in either, and in
// one only.
func bitDistance(a, b string, f func(both, either, differ int) float64) (any, error) {
	if len(a) != len(b) {
		return nil, pgerror.New(pgerror.DataException, "different bit lengths %d and %d", len(a), len(b))
	}
	both, either, differ := 0, 0, 0
	for i := 0; i < len(a); i++ {
		x, y := a[i] == '1', b[i] == '1'
		if x && y {
			both++
		}
		if x || y {
			either++
		}
		if x != y {
			differ++
		}
	}
	return f(both, either, differ), nil
}
