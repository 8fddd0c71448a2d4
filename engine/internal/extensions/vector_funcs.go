package extensions

import (
	"math"
	"strconv"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Go implementations of pgvector's functions. Sums run in float4 as
// pgvector's do (so results match it to the last bit), norms in float8.

func vectorFuncs() map[string]Func {
	vv := func(f func(a, b []float32) (any, error)) Func {
		return Scalar(func(args []any) (any, error) {
			a, b := args[0].(*types.Vector).Elems, args[1].(*types.Vector).Elems
			if err := types.CheckDims(len(a), len(b)); err != nil {
				return nil, err
			}
			return f(a, b)
		})
	}
	hh := halfPair
	ss := func(f func(a, b *types.SparseVec) any) Func {
		return Scalar(func(args []any) (any, error) {
			a, b := args[0].(*types.SparseVec), args[1].(*types.SparseVec)
			if err := types.CheckDims(int(a.Dim), int(b.Dim)); err != nil {
				return nil, err
			}
			return f(a, b), nil
		})
	}
	f64 := func(f func(a, b []float32) float64) func(a, b []float32) (any, error) {
		return func(a, b []float32) (any, error) { return f(a, b), nil }
	}
	// distances between vectors remember their last result (Vector.Memo)
	dist := func(fn uint8, f func(a, b []float32) float64) Func {
		return Scalar(func(args []any) (any, error) {
			a, b := args[0].(*types.Vector), args[1].(*types.Vector)
			if err := types.CheckDims(len(a.Elems), len(b.Elems)); err != nil {
				return nil, err
			}
			return a.Memo(b, fn, func() float64 { return f(a.Elems, b.Elems) }), nil
		})
	}
	vec := func(f func(a []float32) (any, error)) Func {
		return Scalar(func(args []any) (any, error) { return f(args[0].(*types.Vector).Elems) })
	}
	m := map[string]Func{
		"l2_distance":                   dist(1, L2Distance),
		"inner_product":                 dist(2, InnerProduct),
		"vector_negative_inner_product": dist(3, func(a, b []float32) float64 { return -InnerProduct(a, b) }),
		"cosine_distance":               dist(4, CosineDistance),
		"l1_distance":                   dist(5, L1Distance),
		"vector_spherical_distance":     vv(f64(sphericalDistance)),
		"vector_add":                    vv(func(a, b []float32) (any, error) { return elementwise(a, b, '+') }),
		"vector_sub":                    vv(func(a, b []float32) (any, error) { return elementwise(a, b, '-') }),
		"vector_mul":                    vv(func(a, b []float32) (any, error) { return elementwise(a, b, '*') }),
		"vector_concat": Scalar(func(args []any) (any, error) {
			a, b := args[0].(*types.Vector).Elems, args[1].(*types.Vector).Elems
			if len(a)+len(b) > types.VectorMaxDim {
				return nil, pgerror.New(pgerror.ProgramLimitExceeded, "vector cannot have more than %d dimensions", types.VectorMaxDim)
			}
			return &types.Vector{Elems: append(append(make([]float32, 0, len(a)+len(b)), a...), b...)}, nil
		}),
		"vector_accum":    Scalar(vectorAccum),
		"vector_avg":      Scalar(vectorAvg),
		"vector_combine":  Scalar(vectorCombine),
		"vector_dims":     vec(func(a []float32) (any, error) { return int32(len(a)), nil }),
		"vector_norm":     vec(func(a []float32) (any, error) { return vecNorm(a), nil }),
		"l2_normalize":    vec(func(a []float32) (any, error) { return &types.Vector{Elems: normalized(a)}, nil }),
		"binary_quantize": vec(func(a []float32) (any, error) { return quantize(a), nil }), // vector_more.go
		"subvector": Scalar(func(args []any) (any, error) {
			a := args[0].(*types.Vector).Elems
			return &types.Vector{Elems: Subvector(a, args[1].(int32), args[2].(int32))}, SubvectorErr(a, args[1].(int32), args[2].(int32))
		}),
		"vector_to_float4": Scalar(func(args []any) (any, error) {
			e := args[0].(*types.Vector).Elems
			vals := make([]any, len(e))
			for i, f := range e {
				vals[i] = f
			}
			return types.NewArray(types.Float4, vals), nil
		}),

		"halfvec_l2_distance":            hh(f64(L2Distance)),
		"halfvec_inner_product":          hh(f64(InnerProduct)),
		"halfvec_negative_inner_product": hh(f64(func(a, b []float32) float64 { return -InnerProduct(a, b) })),
		"halfvec_cosine_distance":        hh(f64(CosineDistance)),
		"halfvec_l1_distance":            hh(f64(L1Distance)),
		"halfvec_vector_dims": Scalar(func(args []any) (any, error) {
			return int32(len(args[0].(*types.HalfVec).Elems)), nil
		}),
		"halfvec_l2_norm": Scalar(func(args []any) (any, error) { return vecNorm(args[0].(*types.HalfVec).Elems), nil }),

		"sparsevec_l2_distance": ss(func(a, b *types.SparseVec) any { return math.Sqrt(float64(sparseL2Squared(a, b))) }),
		"sparsevec_inner_product": ss(func(a, b *types.SparseVec) any {
			return float64(sparseDot(a, b))
		}),
		"sparsevec_negative_inner_product": ss(func(a, b *types.SparseVec) any {
			return -float64(sparseDot(a, b))
		}),
		"sparsevec_cosine_distance": ss(func(a, b *types.SparseVec) any {
			return cosineOf(sparseDot(a, b), sumSquares(a.Vals), sumSquares(b.Vals))
		}),
		"sparsevec_l1_distance": ss(func(a, b *types.SparseVec) any { return float64(sparseL1(a, b)) }),
		"sparsevec_l2_norm":     Scalar(func(args []any) (any, error) { return vecNorm(args[0].(*types.SparseVec).Vals), nil }),
	}
	for _, t := range vectorTypes {
		for _, op := range vectorCmpOps {
			test := op.test
			m[t+"_"+op.name] = Scalar(func(args []any) (any, error) { return test(types.CompareExt(args[0], args[1])), nil })
		}
		m[t+"_cmp"] = Scalar(func(args []any) (any, error) { return int32(types.CompareExt(args[0], args[1])), nil })
		for name, f := range ioFuncs(t) {
			m[name] = f
		}
	}
	addVectorMoreFuncs(m) // vector_more.go: array_to_vector and the other cast functions among them
	return m
}

// ioFuncs are the I/O functions of extension base type t (t_in, t_out,
// t_typmod_in, t_recv, t_send) over tinybase's implementation of it;
// t_recv reads an internal buffer, which SQL cannot make, so calling it
// is refused as PostgreSQL refuses an internal argument.
func ioFuncs(t string) map[string]Func {
	base, ok := types.ExtBaseNamed(t)
	if !ok {
		return nil
	}
	return map[string]Func{
		t + "_in": Scalar(func(args []any) (any, error) {
			mod := int32(-1)
			if m, ok := args[2].(int32); ok {
				mod = m
			}
			return base.Input(args[0].(string), mod)
		}),
		t + "_out": Scalar(func(args []any) (any, error) { return base.Output(args[0]), nil }),
		t + "_typmod_in": Scalar(func(args []any) (any, error) {
			a, _ := args[0].(*types.Array)
			var mods []int32
			if a != nil {
				for _, v := range a.Values {
					s, _ := v.(string)
					n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 32)
					if err != nil {
						return nil, pgerror.New(pgerror.InvalidParameterValue, "invalid type modifier")
					}
					mods = append(mods, int32(n))
				}
			}
			return base.TypmodIn(mods)
		}),
		t + "_recv": Scalar(func([]any) (any, error) {
			return nil, pgerror.New(pgerror.FeatureNotSupported, "function %s_recv reads an internal buffer, which SQL cannot pass", t)
		}),
		t + "_send": Scalar(func(args []any) (any, error) { return base.AppendSend(nil, args[0]) }),
	}
}

// L2Distance is the Euclidean distance (<->).
func L2Distance(a, b []float32) float64 { return math.Sqrt(l2Squared(a, b)) }

// halfPair adapts a function of two halfvecs' elements, of one
// dimension count, to a Func.
func halfPair(f func(a, b []float32) (any, error)) Func {
	return Scalar(func(args []any) (any, error) {
		a, b := args[0].(*types.HalfVec).Elems, args[1].(*types.HalfVec).Elems
		if err := types.CheckDims(len(a), len(b)); err != nil {
			return nil, err
		}
		return f(a, b)
	})
}

// InnerProduct is the dot product; <#> is its negation.
func InnerProduct(a, b []float32) float64 {
	var d float32
	for i := range a {
		d += a[i] * b[i]
	}
	return float64(d)
}

// CosineDistance is 1 - cosine similarity (<=>): NaN when either vector
// is zero, the similarity clamped to [-1, 1].
func CosineDistance(a, b []float32) float64 {
	var dot, na, nb float32
	for i := range a {
		dot += a[i] * b[i]
		na += a[i] * a[i]
		nb += b[i] * b[i]
	}
	return cosineOf(dot, na, nb)
}

func cosineOf(dot, na, nb float32) float64 {
	sim := float64(dot) / math.Sqrt(float64(na)*float64(nb))
	if math.IsNaN(sim) {
		return math.NaN()
	}
	if sim > 1 {
		sim = 1
	} else if sim < -1 {
		sim = -1
	}
	return 1 - sim
}

// L1Distance is the taxicab distance (<+>).
func L1Distance(a, b []float32) float64 {
	var d float32
	for i := range a {
		d += float32(math.Abs(float64(a[i] - b[i])))
	}
	return float64(d)
}

func sphericalDistance(a, b []float32) float64 {
	d := InnerProduct(a, b)
	if d > 1 {
		d = 1
	} else if d < -1 {
		d = -1
	}
	return math.Acos(d) / math.Pi
}

func vecNorm(a []float32) float64 {
	var n float64
	for _, f := range a {
		n += float64(f) * float64(f)
	}
	return math.Sqrt(n)
}

func sumSquares(a []float32) float32 {
	var n float32
	for _, f := range a {
		n += f * f
	}
	return n
}

// elementwise is vector + - *: an infinite result overflows (22003), a
// product that rounds to zero from non-zero factors underflows.
func elementwise(a, b []float32, op byte) (any, error) {
	out := make([]float32, len(a))
	for i := range a {
		var r float32
		switch op {
		case '+':
			r = a[i] + b[i]
		case '-':
			r = a[i] - b[i]
		default:
			r = a[i] * b[i]
			if r == 0 && a[i] != 0 && b[i] != 0 {
				return nil, pgerror.New(pgerror.NumericValueOutOfRange, "value out of range: underflow")
			}
		}
		if math.IsInf(float64(r), 0) {
			return nil, pgerror.New(pgerror.NumericValueOutOfRange, "value out of range: overflow")
		}
		out[i] = r
	}
	return &types.Vector{Elems: out}, nil
}

// Subvector is subvector(v, start, count): count elements from the
// 1-based start, clipped to the vector.
func Subvector(a []float32, start, count int32) []float32 {
	s, e := int64(start), int64(start)+int64(count)
	if s < 1 {
		s = 1
	}
	if e > int64(len(a))+1 {
		e = int64(len(a)) + 1
	}
	if e <= s {
		return nil
	}
	return append([]float32(nil), a[s-1:e-1]...)
}

// SubvectorErr is subvector's error for an empty result.
func SubvectorErr(a []float32, start, count int32) error {
	if len(Subvector(a, start, count)) == 0 {
		return types.VectorError("vector must have at least 1 dimension")
	}
	return nil
}

// sparse merges walk both index lists in order.
func sparseMerge(a, b *types.SparseVec, f func(x, y float32)) {
	i, j := 0, 0
	for i < len(a.Idx) || j < len(b.Idx) {
		switch {
		case j >= len(b.Idx) || i < len(a.Idx) && a.Idx[i] < b.Idx[j]:
			f(a.Vals[i], 0)
			i++
		case i >= len(a.Idx) || b.Idx[j] < a.Idx[i]:
			f(0, b.Vals[j])
			j++
		default:
			f(a.Vals[i], b.Vals[j])
			i++
			j++
		}
	}
}

func sparseDot(a, b *types.SparseVec) float32 {
	var d float32
	sparseMerge(a, b, func(x, y float32) { d += x * y })
	return d
}

func sparseL2Squared(a, b *types.SparseVec) float32 {
	var d float32
	sparseMerge(a, b, func(x, y float32) { d += (x - y) * (x - y) })
	return d
}

func sparseL1(a, b *types.SparseVec) float32 {
	var d float32
	sparseMerge(a, b, func(x, y float32) { d += float32(math.Abs(float64(x - y))) })
	return d
}

// The state of avg(vector) is a double precision[]: the row count, then
// the running sum of each dimension ({0} before the first row), as
// pgvector keeps it.

// vectorAccum is avg(vector)'s transition function.
func vectorAccum(args []any) (any, error) {
	st, v := args[0].(*types.Array).Values, args[1].(*types.Vector).Elems
	if len(st) > 1 && len(st)-1 != len(v) {
		return nil, pgerror.New(pgerror.DataException, "expected %d dimensions, not %d", len(st)-1, len(v))
	}
	out := make([]any, len(v)+1)
	n, _ := st[0].(float64)
	out[0] = n + 1
	for i, f := range v {
		sum := float64(f)
		if len(st) > 1 {
			sum += st[i+1].(float64)
		}
		out[i+1] = sum
	}
	return types.NewArray(types.Float8, out), nil
}

// vectorCombine merges two avg(vector) states (parallel aggregation).
func vectorCombine(args []any) (any, error) {
	a, b := args[0].(*types.Array).Values, args[1].(*types.Array).Values
	switch {
	case len(a) <= 1:
		return args[1], nil
	case len(b) <= 1:
		return args[0], nil
	case len(a) != len(b):
		return nil, pgerror.New(pgerror.DataException, "expected %d dimensions, not %d", len(a)-1, len(b)-1)
	}
	out := make([]any, len(a))
	for i := range a {
		out[i] = a[i].(float64) + b[i].(float64)
	}
	return types.NewArray(types.Float8, out), nil
}

// vectorAvg is avg(vector)'s final function: the sums over the count,
// NULL for no rows.
func vectorAvg(args []any) (any, error) {
	st := args[0].(*types.Array).Values
	n, _ := st[0].(float64)
	if n == 0 {
		return nil, nil
	}
	out := make([]float32, len(st)-1)
	for i := range out {
		out[i] = float32(st[i+1].(float64) / n)
		if math.IsInf(float64(out[i]), 0) {
			return nil, pgerror.New(pgerror.NumericValueOutOfRange, "value out of range: overflow")
		}
	}
	return &types.Vector{Elems: out}, nil
}
