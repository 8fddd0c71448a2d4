package expr

import (
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

func arrayConcat(_ *types.Env, a, b any) (any, error) {
	if a == nil || b == nil {
		if a == nil {
			return b, nil
		}
		return a, nil
	}
	x, y := a.(*types.Array), b.(*types.Array)
	if len(x.Values) == 0 {
		return y, nil
	}
	if len(y.Values) == 0 {
		return x, nil
	}
	vals := append(append([]any{}, x.Values...), y.Values...)
	if len(x.Dims) == 1 && len(y.Dims) == 1 {
		return types.NewArray(x.Elem, vals), nil
	}
	// array_cat: equal ranks join along the first dimension; an array one
	// rank lower is added as a single slice
	var dims []int
	switch {
	case len(x.Dims) == len(y.Dims) && sameInts(x.Dims[1:], y.Dims[1:]):
		dims = append([]int{x.Dims[0] + y.Dims[0]}, x.Dims[1:]...)
	case len(x.Dims) == len(y.Dims)+1 && sameInts(x.Dims[1:], y.Dims):
		dims = append([]int{x.Dims[0] + 1}, x.Dims[1:]...)
	case len(y.Dims) == len(x.Dims)+1 && sameInts(y.Dims[1:], x.Dims):
		dims = append([]int{y.Dims[0] + 1}, y.Dims[1:]...)
	default:
		return nil, pgerror.New(pgerror.ArraySubscriptError, "cannot concatenate incompatible arrays").
			WithDetail("Arrays with differing dimensions are not compatible for concatenation.")
	}
	lower := make([]int, len(dims))
	for i := range lower {
		lower[i] = 1
	}
	return &types.Array{Elem: x.Elem, Dims: dims, Lower: lower, Values: vals}, nil
}

// arrayAppendOp is anyarray || anyelement over arrays of elem, the
// resolved operand's element type: a NULL array has none of its own to
// give the one-element result (PL/pgSQL's `privs := privs || p` from a
// NULL start).
func arrayAppendOp(elem *types.Type) OpFunc {
	return func(_ *types.Env, a, b any) (any, error) {
		if a == nil {
			return types.NewArray(elem, []any{b}), nil
		}
		x := a.(*types.Array)
		return types.NewArray(x.Elem, append(append([]any{}, x.Values...), b)), nil
	}
}

// arrayPrependOp is anyelement || anyarray, as arrayAppendOp.
func arrayPrependOp(elem *types.Type) OpFunc {
	return func(_ *types.Env, a, b any) (any, error) {
		if b == nil {
			return types.NewArray(elem, []any{a}), nil
		}
		y := b.(*types.Array)
		return types.NewArray(y.Elem, append([]any{a}, y.Values...)), nil
	}
}

func jsonbConcat(_ *types.Env, a, b any) (any, error) {
	x, y := a.(types.JSONDoc).V, b.(types.JSONDoc).V
	xo, xok := x.(*types.JSONObject)
	yo, yok := y.(*types.JSONObject)
	if xok && yok {
		keys := append(append([]string{}, xo.Keys...), yo.Keys...)
		vals := append(append([]any{}, xo.Vals...), yo.Vals...)
		return types.JSONDoc{V: types.NewJSONObject(keys, vals)}, nil
	}
	xa, xIsArr := x.([]any)
	ya, yIsArr := y.([]any)
	if !xIsArr {
		xa = []any{x}
	}
	if !yIsArr {
		ya = []any{y}
	}
	return types.JSONDoc{V: append(append([]any{}, xa...), ya...)}, nil
}

// Array containment and overlap (docs 9.19, Table 9.52): elements compare
// with their type's equality, and NULL elements never match.
func init() {
	bin := func(f func(x, y *types.Array) bool) OpFunc {
		return func(_ *types.Env, a, b any) (any, error) { return f(a.(*types.Array), b.(*types.Array)), nil }
	}
	boolRes := func(*types.Type, *types.Type) *types.Type { return types.Bool }
	addOpDyn("@>", anyArray, anyArray, boolRes, bin(func(x, y *types.Array) bool { return arrayContains(x, y) }))
	addOpDyn("<@", anyArray, anyArray, boolRes, bin(func(x, y *types.Array) bool { return arrayContains(y, x) }))
	addOpDyn("&&", anyArray, anyArray, boolRes, bin(func(x, y *types.Array) bool {
		for _, e := range y.Values {
			if e != nil && arrayHas(x, e) {
				return true
			}
		}
		return false
	}))
}

func arrayContains(x, y *types.Array) bool {
	for _, e := range y.Values {
		if e == nil || !arrayHas(x, e) {
			return false
		}
	}
	return true
}

func arrayHas(x *types.Array, v any) bool {
	for _, e := range x.Values {
		if e != nil && types.CompareValues(e, v) == 0 {
			return true
		}
	}
	return false
}
