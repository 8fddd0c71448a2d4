package expr

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

func bfArgType(i int) func([]*types.Type) *types.Type {
	return func(ts []*types.Type) *types.Type {
		if ts[i].Kind == types.KindUnknown || (ts[i].Kind == types.KindText && i > 0 && ts[0].Kind == types.KindArray) {
			return ts[0]
		}
		return ts[i]
	}
}

// bfElemOf coerces an element value given as text to the array's element type.
func bfElemOf(a *types.Array, v any, env *types.Env) (any, error) {
	if s, ok := v.(string); ok && a != nil && a.Elem != nil && !a.Elem.IsString() {
		return types.Input(a.Elem, s, env)
	}
	return v, nil
}

func bfArr(v any, env *types.Env) *types.Array {
	switch x := v.(type) {
	case *types.Array:
		return x
	case string:
		if a, err := types.ParseArray(types.ArrayOf(types.Text), x, env); err == nil {
			return a
		}
	}
	return nil
}

func bfOneDim(a *types.Array, vals []any) *types.Array {
	return types.NewArray(a.Elem, vals)
}

// AddArrayFuncs adds the array functions (docs 9.19).
// A family of session.Builtins.
func AddArrayFuncs(r *Registry) {
	I, T := types.Int4, types.Text
	TA := types.ArrayOf(T)
	addSimpleR := func(name string, args []*types.Type, res func([]*types.Type) *types.Type, nonStrict bool, fn bfFnT) {
		r.Add(name, FuncImpl{Args: args, Result: res, NonStrict: nonStrict, Fn: fn})
	}
	// addCompatR adds a function PostgreSQL declares over
	// anycompatiblearray and anycompatible (array_remove(int[], bigint)
	// is bigint[]).
	addCompatR := func(name string, args []*types.Type, res func([]*types.Type) *types.Type, fn bfFnT) {
		r.Add(name, FuncImpl{Args: args, Result: res, NonStrict: true, Compatible: true, Fn: fn})
	}
	bfAddSimple(r, "array_length", bfTt(anyArray, I), I, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		arr, d := a[0].(*types.Array), int(bfAsInt(a[1]))
		if d < 1 || d > len(arr.Dims) {
			return nil, nil
		}
		return int32(arr.Dims[d-1]), nil
	})
	bfAddSimple(r, "array_upper", bfTt(anyArray, I), I, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		arr, d := a[0].(*types.Array), int(bfAsInt(a[1]))
		if d < 1 || d > len(arr.Dims) {
			return nil, nil
		}
		lo := 1
		if len(arr.Lower) >= d {
			lo = arr.Lower[d-1]
		}
		return int32(lo + arr.Dims[d-1] - 1), nil
	})
	bfAddSimple(r, "array_lower", bfTt(anyArray, I), I, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		arr, d := a[0].(*types.Array), int(bfAsInt(a[1]))
		if d < 1 || d > len(arr.Dims) {
			return nil, nil
		}
		if len(arr.Lower) >= d {
			return int32(arr.Lower[d-1]), nil
		}
		return int32(1), nil
	})
	bfAddSimple(r, "array_ndims", bfTt(anyArray), I, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		arr := a[0].(*types.Array)
		if len(arr.Dims) == 0 {
			return nil, nil
		}
		return int32(len(arr.Dims)), nil
	})
	bfAddSimple(r, "array_dims", bfTt(anyArray), T, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		arr := a[0].(*types.Array)
		if len(arr.Dims) == 0 {
			return nil, nil
		}
		var b strings.Builder
		for i, d := range arr.Dims {
			lo := 1
			if len(arr.Lower) > i {
				lo = arr.Lower[i]
			}
			b.WriteString("[" + bfItoa(lo) + ":" + bfItoa(lo+d-1) + "]")
		}
		return b.String(), nil
	})
	bfAddSimple(r, "cardinality", bfTt(anyArray), I, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		return int32(len(a[0].(*types.Array).Values)), nil
	})
	// array_append and array_prepend take the element type of a NULL
	// array from its resolved type: the value has none to give
	r.Add("array_append", FuncImpl{Args: bfTt(anyArray, nil), Result: bfArgType(0), NonStrict: true, Compatible: true, Typed: func(ctx *sql.Context, ats []*types.Type, a []any) (any, error) {
		env := EnvOf(ctx)
		arr, _ := a[0].(*types.Array)
		var vals []any
		elem := ats[0].Base().Elem
		if arr != nil {
			if len(arr.Dims) > 1 {
				return nil, pgerror.New(pgerror.DataException, "argument must be empty or one-dimensional array")
			}
			vals, elem = append(vals, arr.Values...), arr.Elem
		}
		v, err := bfElemOf(arr, a[1], env)
		if err != nil {
			return nil, err
		}
		return types.NewArray(elem, append(vals, v)), nil
	}})
	r.Add("array_prepend", FuncImpl{Args: bfTt(nil, anyArray), Result: func(ts []*types.Type) *types.Type { return ts[1] }, NonStrict: true, Compatible: true, Typed: func(ctx *sql.Context, ats []*types.Type, a []any) (any, error) {
		env := EnvOf(ctx)
		arr, _ := a[1].(*types.Array)
		var vals []any
		elem := ats[1].Base().Elem
		if arr != nil {
			vals, elem = arr.Values, arr.Elem
		}
		v, err := bfElemOf(arr, a[0], env)
		if err != nil {
			return nil, err
		}
		return types.NewArray(elem, append([]any{v}, vals...)), nil
	}})
	addCompatR("array_cat", bfTt(anyArray, anyArray), bfArgType(0), func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		x, _ := a[0].(*types.Array)
		y, _ := a[1].(*types.Array)
		switch {
		case x == nil && y == nil:
			return nil, nil
		case x == nil:
			return y, nil
		case y == nil || len(y.Values) == 0:
			return x, nil
		case len(x.Values) == 0:
			return y, nil
		}
		if len(x.Dims) == 1 && len(y.Dims) == 1 {
			return types.NewArray(x.Elem, append(append([]any{}, x.Values...), y.Values...)), nil
		}
		if len(x.Dims) == len(y.Dims) {
			dims := append([]int{x.Dims[0] + y.Dims[0]}, x.Dims[1:]...)
			return &types.Array{Elem: x.Elem, Dims: dims, Lower: x.Lower, Values: append(append([]any{}, x.Values...), y.Values...)}, nil
		}
		return nil, pgerror.New("2202E", "cannot concatenate incompatible arrays")
	})
	addCompatR("array_remove", bfTt(anyArray, nil), bfArgType(0), func(_ *sql.Context, env *types.Env, a []any) (any, error) {
		arr, _ := a[0].(*types.Array)
		if arr == nil {
			return nil, nil
		}
		if len(arr.Dims) > 1 {
			return nil, pgerror.New(pgerror.FeatureNotSupported, "removing elements from multidimensional arrays is not supported")
		}
		v, err := bfElemOf(arr, a[1], env)
		if err != nil {
			return nil, err
		}
		out := []any{}
		for _, e := range arr.Values {
			if (e == nil && v == nil) || (e != nil && v != nil && types.CompareValues(e, v) == 0) {
				continue
			}
			out = append(out, e)
		}
		return bfOneDim(arr, out), nil
	})
	addCompatR("array_replace", bfTt(anyArray, nil, nil), bfArgType(0), func(_ *sql.Context, env *types.Env, a []any) (any, error) {
		arr, _ := a[0].(*types.Array)
		if arr == nil {
			return nil, nil
		}
		from, err := bfElemOf(arr, a[1], env)
		if err != nil {
			return nil, err
		}
		to, err := bfElemOf(arr, a[2], env)
		if err != nil {
			return nil, err
		}
		out := make([]any, len(arr.Values))
		for i, e := range arr.Values {
			if (e == nil && from == nil) || (e != nil && from != nil && types.CompareValues(e, from) == 0) {
				e = to
			}
			out[i] = e
		}
		return &types.Array{Elem: arr.Elem, Dims: arr.Dims, Lower: arr.Lower, Values: out}, nil
	})
	posFn := func(all bool) bfFnT {
		return func(_ *sql.Context, env *types.Env, a []any) (any, error) {
			arr, _ := a[0].(*types.Array)
			if arr == nil {
				return nil, nil
			}
			v, err := bfElemOf(arr, a[1], env)
			if err != nil {
				return nil, err
			}
			start := 0
			if len(a) > 2 && a[2] != nil {
				start = int(bfAsInt(a[2])) - 1
			}
			var hits []any
			for i := max(start, 0); i < len(arr.Values); i++ {
				e := arr.Values[i]
				if (e == nil && v == nil) || (e != nil && v != nil && types.CompareValues(e, v) == 0) {
					if !all {
						return int32(i + 1), nil
					}
					hits = append(hits, int32(i+1))
				}
			}
			if !all {
				return nil, nil
			}
			if hits == nil {
				hits = []any{}
			}
			return types.NewArray(I, hits), nil
		}
	}
	addCompatR("array_position", bfTt(anyArray, nil), Fixed(I), posFn(false))
	addCompatR("array_position", bfTt(anyArray, nil, I), Fixed(I), posFn(false))
	addCompatR("array_positions", bfTt(anyArray, nil), Fixed(types.ArrayOf(I)), posFn(true))
	a2s := func(_ *sql.Context, env *types.Env, a []any) (any, error) {
		if a[0] == nil || a[1] == nil {
			return nil, nil
		}
		arr := a[0].(*types.Array)
		var parts []string
		for _, e := range arr.Values {
			if e == nil {
				if len(a) > 2 && a[2] != nil {
					parts = append(parts, a[2].(string))
				}
				continue
			}
			parts = append(parts, bfTextOf(arr.Elem, e, env))
		}
		return strings.Join(parts, a[1].(string)), nil
	}
	addSimpleR("array_to_string", bfTt(anyArray, T), Fixed(T), false, a2s)
	addSimpleR("array_to_string", bfTt(anyArray, T, T), Fixed(T), true, a2s)
	s2a := func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		if a[0] == nil {
			return nil, nil
		}
		s := a[0].(string)
		if s == "" {
			return types.NewArray(T, nil), nil
		}
		var parts []string
		if a[1] == nil {
			for _, r := range s {
				parts = append(parts, string(r))
			}
		} else if a[1].(string) == "" {
			parts = []string{s}
		} else {
			parts = strings.Split(s, a[1].(string))
		}
		vals := make([]any, len(parts))
		for i, p := range parts {
			vals[i] = p
			if len(a) > 2 && a[2] != nil && p == a[2].(string) {
				vals[i] = nil
			}
		}
		return types.NewArray(T, vals), nil
	}
	addSimpleR("string_to_array", bfTt(T, T), Fixed(TA), true, s2a)
	addSimpleR("string_to_array", bfTt(T, T, T), Fixed(TA), true, s2a)
	addSimpleR("array_fill", bfTt(nil, types.ArrayOf(I)), func(ts []*types.Type) *types.Type {
		t := ts[0]
		if t.Kind == types.KindUnknown {
			t = T
		}
		return types.ArrayOf(t)
	}, false, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		dims := a[1].(*types.Array).Values
		n := 1
		var ds, lo []int
		for _, d := range dims {
			ds = append(ds, int(bfAsInt(d)))
			lo = append(lo, 1)
			n *= int(bfAsInt(d))
		}
		if n <= 0 {
			return &types.Array{}, nil
		}
		vals := make([]any, n)
		for i := range vals {
			vals[i] = a[0]
		}
		return &types.Array{Elem: bfGuessType(a[0]), Dims: ds, Lower: lo, Values: vals}, nil
	})
	addSimpleR("trim_array", bfTt(anyArray, I), bfArgType(0), false, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		arr, n := a[0].(*types.Array), int(bfAsInt(a[1]))
		if n < 0 || n > arr.Len() {
			return nil, pgerror.New("2202E", "number of elements to trim must be between 0 and %d", arr.Len())
		}
		return types.NewArray(arr.Elem, arr.Values[:arr.Len()-n]), nil
	})
}

func bfItoa(n int) string { return types.Output(types.Int8, int64(n), nil) }

func bfGuessType(v any) *types.Type {
	switch v.(type) {
	case int16:
		return types.Int2
	case int32:
		return types.Int4
	case int64:
		return types.Int8
	case float64:
		return types.Float8
	case bool:
		return types.Bool
	}
	if _, ok := v.(string); ok {
		return types.Text
	}
	return types.Text
}
