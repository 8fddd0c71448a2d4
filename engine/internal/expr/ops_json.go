package expr

import (
	"github.com/shopspring/decimal"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// jsonb operators (PostgreSQL docs 9.16, "JSON Functions and Operators").
func init() {
	j, text, i4 := types.JSONB, types.Text, types.Int4
	get := func(asText bool) OpFunc {
		return func(_ *types.Env, a, b any) (any, error) {
			root := a.(types.JSONDoc).V
			if _, isIndex := b.(int32); isIndex && isJSONScalar(root) {
				// PostgreSQL stores a top-level scalar as a one-element
				// array, and -> / ->> by index read it as one: '"x"' -> 0
				// is "x"
				root = []any{root}
			}
			v, ok := jsonGet(root, b)
			if !ok {
				return nil, nil
			}
			if asText {
				return jsonText(v), nil
			}
			return types.JSONDoc{V: v}, nil
		}
	}
	addOp("->", j, text, j, get(false))
	addOp("->", j, i4, j, get(false))
	addOp("->>", j, text, text, wrapNullable(get(true)))
	addOp("->>", j, i4, text, wrapNullable(get(true)))
	path := func(asText bool) OpFunc {
		return func(_ *types.Env, a, b any) (any, error) {
			v := a.(types.JSONDoc).V
			for _, p := range b.(*types.Array).Values {
				if p == nil {
					return nil, nil
				}
				var ok bool
				key := any(p.(string))
				if _, isArr := v.([]any); isArr {
					n, ok := jsonPathIndex(p.(string))
					if !ok {
						return nil, nil
					}
					key = int32(n)
				}
				if v, ok = jsonGet(v, key); !ok {
					return nil, nil
				}
			}
			if asText {
				return jsonText(v), nil
			}
			return types.JSONDoc{V: v}, nil
		}
	}
	ta := types.ArrayOf(text)
	addOp("#>", j, ta, j, path(false))
	addOp("#>>", j, ta, text, wrapNullable(path(true)))
	addOp("@>", j, j, types.Bool, func(_ *types.Env, a, b any) (any, error) {
		return jsonContainsTop(a.(types.JSONDoc).V, b.(types.JSONDoc).V), nil
	})
	addOp("<@", j, j, types.Bool, func(_ *types.Env, a, b any) (any, error) {
		return jsonContainsTop(b.(types.JSONDoc).V, a.(types.JSONDoc).V), nil
	})
	addOp("?", j, text, types.Bool, func(_ *types.Env, a, b any) (any, error) {
		return jsonHasKey(a.(types.JSONDoc).V, b.(string)), nil
	})
	anyAll := func(all bool) OpFunc {
		return func(_ *types.Env, a, b any) (any, error) {
			for _, k := range b.(*types.Array).Values {
				if k == nil {
					continue
				}
				has := jsonHasKey(a.(types.JSONDoc).V, k.(string))
				if has && !all {
					return true, nil
				}
				if !has && all {
					return false, nil
				}
			}
			return all, nil
		}
	}
	addOp("?|", j, ta, types.Bool, anyAll(false))
	addOp("?&", j, ta, types.Bool, anyAll(true))
	addOp("-", j, text, j, func(_ *types.Env, a, b any) (any, error) {
		v := a.(types.JSONDoc).V
		switch x := v.(type) {
		case *types.JSONObject:
			var ks []string
			var vs []any
			for i, k := range x.Keys {
				if k != b.(string) {
					ks, vs = append(ks, k), append(vs, x.Vals[i])
				}
			}
			return types.JSONDoc{V: types.NewJSONObject(ks, vs)}, nil
		case []any:
			out := []any{}
			for _, e := range x {
				if s, ok := e.(string); !ok || s != b.(string) {
					out = append(out, e)
				}
			}
			return types.JSONDoc{V: out}, nil
		}
		return nil, errJSONScalarDelete()
	})
	addOp("-", j, i4, j, func(_ *types.Env, a, b any) (any, error) {
		arr, ok := a.(types.JSONDoc).V.([]any)
		if !ok {
			if _, isObj := a.(types.JSONDoc).V.(*types.JSONObject); isObj {
				return nil, pgerror.New(pgerror.InvalidParameterValue, "cannot delete from object using integer index")
			}
			return nil, errJSONScalarDelete()
		}
		i := int(b.(int32))
		if i < 0 {
			i += len(arr)
		}
		if i < 0 || i >= len(arr) {
			return a, nil
		}
		out := append(append([]any{}, arr[:i]...), arr[i+1:]...)
		return types.JSONDoc{V: out}, nil
	})
}

// wrapNullable turns a JSON null extracted as text into SQL NULL.
func wrapNullable(f OpFunc) OpFunc {
	return func(env *types.Env, a, b any) (any, error) {
		v, err := f(env, a, b)
		if s, ok := v.(*string); ok {
			if s == nil {
				return nil, err
			}
			return *s, err
		}
		return v, err
	}
}

// isJSONScalar reports whether a jsonb value is neither array nor object.
func isJSONScalar(v any) bool {
	switch v.(type) {
	case []any, *types.JSONObject:
		return false
	}
	return true
}

func jsonGet(v any, key any) (any, bool) {
	switch k := key.(type) {
	case string:
		if o, ok := v.(*types.JSONObject); ok {
			return o.Get(k)
		}
	case int32:
		if a, ok := v.([]any); ok {
			i := int(k)
			if i < 0 {
				i += len(a)
			}
			if i >= 0 && i < len(a) {
				return a[i], true
			}
		}
	}
	return nil, false
}

// jsonText is ->>'s rendering: strings unquoted, null as SQL NULL.
func jsonText(v any) any {
	switch x := v.(type) {
	case nil:
		return nil
	case string:
		return x
	case decimal.Decimal:
		return types.FormatNumeric(x)
	}
	return types.FormatJSONB(v)
}

func jsonHasKey(v any, k string) bool {
	switch x := v.(type) {
	case *types.JSONObject:
		_, ok := x.Get(k)
		return ok
	case []any:
		for _, e := range x {
			if s, ok := e.(string); ok && s == k {
				return true
			}
		}
	case string:
		return x == k
	}
	return false
}

// jsonContains implements jsonb @> (docs 8.14.3).
func jsonContains(a, b any) bool {
	switch y := b.(type) {
	case *types.JSONObject:
		x, ok := a.(*types.JSONObject)
		if !ok {
			return false
		}
		for i, k := range y.Keys {
			v, ok := x.Get(k)
			if !ok || !jsonContains(v, y.Vals[i]) {
				return false
			}
		}
		return true
	case []any:
		x, ok := a.([]any)
		if !ok {
			return false
		}
		for _, e := range y {
			found := false
			for _, f := range x {
				if jsonContains(f, e) {
					found = true
					break
				}
			}
			if !found {
				return false
			}
		}
		return true
	default:
		return types.CompareJSONB(a, b) == 0
	}
}

func errJSONScalarDelete() error {
	return pgerror.New(pgerror.InvalidParameterValue, "cannot delete from scalar")
}

// jsonContainsTop is @>: beyond jsonContains, a top-level array contains
// a scalar equal to one of its elements (docs 8.14.3).
func jsonContainsTop(a, b any) bool {
	switch b.(type) {
	case *types.JSONObject, []any:
	default:
		if xa, ok := a.([]any); ok {
			for _, f := range xa {
				if types.CompareJSONB(f, b) == 0 {
					return true
				}
			}
			return false
		}
	}
	return jsonContains(a, b)
}

// jsonb - text[] and #- (delete path), docs 9.16 Table 9.46.
func init() {
	j, ta := types.JSONB, types.ArrayOf(types.Text)
	addOp("-", j, ta, j, func(_ *types.Env, a, b any) (any, error) {
		v := a.(types.JSONDoc).V
		for _, k := range b.(*types.Array).Values {
			if k == nil {
				continue
			}
			var err error
			if v, err = jsonDeleteKey(v, k.(string)); err != nil {
				return nil, err
			}
		}
		return types.JSONDoc{V: v}, nil
	})
	addOp("#-", j, ta, j, func(_ *types.Env, a, b any) (any, error) {
		v := a.(types.JSONDoc).V
		switch x := v.(type) {
		case *types.JSONObject:
			if len(x.Keys) == 0 {
				return a, nil // jsonb_delete_path returns an empty container before reading the path
			}
		case []any:
			if len(x) == 0 {
				return a, nil
			}
		default:
			return nil, pgerror.New(pgerror.InvalidParameterValue, "cannot delete path in scalar")
		}
		path := b.(*types.Array).Values
		for i, p := range path {
			if p == nil {
				return nil, pgerror.New(pgerror.NullValueNotAllowed, "path element at position %d is null", i+1)
			}
		}
		out, err := jsonDeletePath(v, path, 1)
		if err != nil {
			return nil, err
		}
		return types.JSONDoc{V: out}, nil
	})
}

func jsonDeleteKey(v any, key string) (any, error) {
	switch x := v.(type) {
	case *types.JSONObject:
		var ks []string
		var vs []any
		for i, k := range x.Keys {
			if k != key {
				ks, vs = append(ks, k), append(vs, x.Vals[i])
			}
		}
		return types.NewJSONObject(ks, vs), nil
	case []any:
		out := []any{}
		for _, e := range x {
			if s, ok := e.(string); !ok || s != key {
				out = append(out, e)
			}
		}
		return out, nil
	}
	return nil, errJSONScalarDelete()
}

// jsonDeletePath removes the element at path, leaving the document as it
// is when the path does not lead anywhere.
func jsonDeletePath(v any, path []any, pos int) (any, error) {
	if len(path) == 0 {
		return v, nil
	}
	key := path[0].(string)
	switch x := v.(type) {
	case *types.JSONObject:
		ks, vs := append([]string{}, x.Keys...), append([]any{}, x.Vals...)
		for i, k := range ks {
			if k != key {
				continue
			}
			if len(path) == 1 {
				return types.NewJSONObject(append(ks[:i:i], ks[i+1:]...), append(vs[:i:i], vs[i+1:]...)), nil
			}
			sub, err := jsonDeletePath(vs[i], path[1:], pos+1)
			if err != nil {
				return nil, err
			}
			vs[i] = sub
			return types.NewJSONObject(ks, vs), nil
		}
		return v, nil
	case []any:
		n, ok := jsonPathIndex(key)
		if !ok {
			return nil, pgerror.New(pgerror.InvalidTextRepresentation, "path element at position %d is not an integer: \"%s\"", pos, key)
		}
		if n < 0 {
			n += len(x)
		}
		if n < 0 || n >= len(x) {
			return v, nil
		}
		if len(path) == 1 {
			return append(append([]any{}, x[:n]...), x[n+1:]...), nil
		}
		sub, err := jsonDeletePath(x[n], path[1:], pos+1)
		if err != nil {
			return nil, err
		}
		out := append([]any{}, x...)
		out[n] = sub
		return out, nil
	}
	return v, nil
}
