package expr

import (
	"bytes"
	"math"
	"strconv"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/shopspring/decimal"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// bfToJSONValue converts a SQL value (Go form) into the jsonb value form.
func bfToJSONValue(v any, tz bool, env *types.Env) any {
	switch x := v.(type) {
	case nil:
		return nil
	case rawJSON:
		return x
	case bool:
		return x
	case string:
		return x
	case int16, int32, int64:
		return decimal.NewFromInt(bfAsInt(x))
	case decimal.Decimal:
		return x
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return types.Output(types.Float8, x, env)
		}
		d, _ := decimal.NewFromString(types.Output(types.Float8, x, env))
		return d
	case float32:
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return types.Output(types.Float4, x, env)
		}
		d, _ := decimal.NewFromString(types.Output(types.Float4, x, env))
		return d
	case types.JSONDoc:
		return x.V
	case types.DateVal:
		return types.FormatDate(x)
	case time.Time:
		if tz {
			s := x.In(bfEnvLoc(env)).Format("2006-01-02T15:04:05.999999-07:00")
			return s
		}
		return x.UTC().Format("2006-01-02T15:04:05.999999")
	case *types.Array:
		return bfArrayToJSON(x, tz, env)
	case *types.RecordVal:
		return recordJSONRaw(x, env)
	case jsonRaw:
		return x
	case types.JSONCaster:
		// a type with a cast to json (PostGIS's geometry) is embedded
		// as that cast's result, as PostgreSQL's to_json does
		if s, ok := x.JSONCast(); ok {
			return castJSONRaw(s)
		}
	}
	return types.Output(nil, v, env)
}

// castJSONRaw is the json text s a value's cast to json produced.
func castJSONRaw(s string) any {
	d, err := types.ParseJSON(s, types.JSONB)
	if err != nil {
		return s
	}
	if doc, ok := d.(types.JSONDoc); ok {
		d = doc.V
	}
	return jsonRaw{text: s, v: d}
}

func bfArrayToJSON(a *types.Array, tz bool, env *types.Env) any {
	if len(a.Dims) == 0 {
		return []any{}
	}
	tz = tz || (a.Elem != nil && a.Elem.Base().Kind == types.KindTimestamptz)
	var rec func(dim, off int) ([]any, int)
	rec = func(dim, off int) ([]any, int) {
		out := []any{}
		for i := 0; i < a.Dims[dim]; i++ {
			if dim == len(a.Dims)-1 {
				out = append(out, bfToJSONValue(a.Values[off], tz, env))
				off++
			} else {
				var sub []any
				sub, off = rec(dim+1, off)
				out = append(out, sub)
			}
		}
		return out, off
	}
	r, _ := rec(0, 0)
	return r
}

// jsonText renders a jsonb value in json (not jsonb) style.
// rawJSON is a json-typed argument of a json builder: PostgreSQL copies
// its text into the result as it is.
type rawJSON string

// markRawJSON marks the json-typed values among a builder's arguments.
func markRawJSON(ats []*types.Type, a []any) []any {
	out := a
	for i, v := range a {
		if s, ok := v.(string); ok && i < len(ats) && ats[i].Base().Kind == types.KindJSON {
			if &out[0] == &a[0] {
				out = append([]any{}, a...)
			}
			out[i] = rawJSON(s)
		}
	}
	return out
}

func fnJSONText(b *bytes.Buffer, v any, objSep string) {
	switch x := v.(type) {
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteString(",")
			}
			fnJSONText(b, e, objSep)
		}
		b.WriteByte(']')
	case *types.JSONObject:
		b.WriteString(types.FormatJSONB(x))
	case jsonRaw:
		b.WriteString(x.text)
	case rawJSON:
		b.WriteString(string(x))
	default:
		b.WriteString(types.FormatJSONB(x))
	}
}

func bfBuildObject(a []any, env *types.Env) ([]string, []any, error) {
	if len(a)%2 != 0 {
		return nil, nil, pgerror.New(pgerror.InvalidParameterValue, "argument list must have even number of elements")
	}
	var keys []string
	var vals []any
	for i := 0; i < len(a); i += 2 {
		if a[i] == nil {
			return nil, nil, pgerror.New(pgerror.InvalidParameterValue, "argument %d cannot be null", i+1)
		}
		k := bfToJSONValue(a[i], true, env)
		ks, ok := k.(string)
		if !ok {
			ks = types.FormatJSONB(k)
		}
		keys = append(keys, ks)
		vals = append(vals, bfToJSONValue(a[i+1], true, env))
	}
	return keys, vals, nil
}

func bfJsonTypeof(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case decimal.Decimal:
		return "number"
	case []any:
		return "array"
	}
	return "object"
}

func bfStripNulls(v any) any {
	switch x := v.(type) {
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = bfStripNulls(e)
		}
		return out
	case *types.JSONObject:
		o := &types.JSONObject{}
		for i, k := range x.Keys {
			if x.Vals[i] == nil {
				continue
			}
			o.Keys = append(o.Keys, k)
			o.Vals = append(o.Vals, bfStripNulls(x.Vals[i]))
		}
		return o
	}
	return v
}

func bfPathOf(a any) []string {
	arr := a.(*types.Array)
	out := make([]string, len(arr.Values))
	for i, v := range arr.Values {
		if v != nil {
			out[i] = v.(string)
		}
	}
	return out
}

// bfSetPath implements jsonb_set / jsonb_insert.
func bfSetPath(v any, path []string, nv any, create, insert, after bool) (any, error) {
	if len(path) == 0 {
		return v, nil
	}
	switch x := v.(type) {
	case *types.JSONObject:
		cur, ok := x.Get(path[0])
		if len(path) == 1 {
			if ok && insert {
				return nil, pgerror.New(pgerror.InvalidParameterValue, "cannot replace existing key")
			}
			if !ok && !create && !insert {
				return x, nil
			}
			keys := append([]string{}, x.Keys...)
			vals := append([]any{}, x.Vals...)
			return types.NewJSONObject(append(keys, path[0]), append(vals, nv)), nil
		}
		if !ok {
			return x, nil
		}
		sub, err := bfSetPath(cur, path[1:], nv, create, insert, after)
		if err != nil {
			return nil, err
		}
		keys := append([]string{}, x.Keys...)
		vals := append([]any{}, x.Vals...)
		return types.NewJSONObject(append(keys, path[0]), append(vals, sub)), nil
	case []any:
		idx, err := strconv.Atoi(path[0])
		if err != nil {
			return nil, pgerror.New(pgerror.InvalidTextRepresentation, "path element at position 1 is not an integer: %q", path[0])
		}
		if idx < 0 {
			idx += len(x)
		}
		out := append([]any{}, x...)
		if len(path) == 1 {
			switch {
			case insert:
				if after {
					idx++
				}
				if idx < 0 {
					idx = 0
				}
				if idx > len(out) {
					idx = len(out)
				}
				out = append(out[:idx], append([]any{nv}, out[idx:]...)...)
			case idx >= 0 && idx < len(out):
				out[idx] = nv
			case create && idx < 0:
				out = append([]any{nv}, out...)
			case create:
				out = append(out, nv)
			}
			return out, nil
		}
		if idx < 0 || idx >= len(out) {
			return x, nil
		}
		sub, err := bfSetPath(out[idx], path[1:], nv, create, insert, after)
		if err != nil {
			return nil, err
		}
		out[idx] = sub
		return out, nil
	}
	return v, nil
}

func bfExtractPath(v any, path []string) (any, bool) {
	for _, p := range path {
		switch x := v.(type) {
		case *types.JSONObject:
			var ok bool
			if v, ok = x.Get(p); !ok {
				return nil, false
			}
		case []any:
			i, ok := jsonPathIndex(p)
			if !ok {
				return nil, false
			}
			if i < 0 {
				i += len(x)
			}
			if i < 0 || i >= len(x) {
				return nil, false
			}
			v = x[i]
		default:
			return nil, false
		}
	}
	return v, true
}

// AddJSONFuncs adds the JSON functions (docs 9.16).
// A family of session.Builtins.
func AddJSONFuncs(r *Registry) {
	J, JS, T := types.JSONB, types.JSON, types.Text
	TA := types.ArrayOf(T)
	r.Add("jsonb_build_object", FuncImpl{VarAny: true, NonStrict: true, Result: Fixed(J), Fn: func(_ *sql.Context, env *types.Env, a []any) (any, error) {
		k, v, err := bfBuildObject(a, env)
		if err != nil {
			return nil, err
		}
		for i := range v {
			v[i] = unwrapRaw(v[i])
		}
		return types.JSONDoc{V: types.NewJSONObject(k, v)}, nil
	}})
	r.Add("json_build_object", FuncImpl{VarAny: true, NonStrict: true, Result: Fixed(JS), Typed: func(ctx *sql.Context, ats []*types.Type, a []any) (any, error) {
		env := EnvOf(ctx)
		k, v, err := bfBuildObject(markRawJSON(ats, a), env)
		if err != nil {
			return nil, err
		}
		var b bytes.Buffer
		b.WriteByte('{')
		for i := range k {
			if i > 0 {
				b.WriteString(", ")
			}
			types.WriteJSONString(&b, k[i])
			b.WriteString(" : ")
			fnJSONText(&b, v[i], " : ")
		}
		b.WriteByte('}')
		return b.String(), nil
	}})
	r.Add("jsonb_build_array", FuncImpl{VarAny: true, NonStrict: true, Result: Fixed(J), Fn: func(_ *sql.Context, env *types.Env, a []any) (any, error) {
		out := make([]any, len(a))
		for i, v := range a {
			out[i] = unwrapRaw(bfToJSONValue(v, true, env))
		}
		return types.JSONDoc{V: out}, nil
	}})
	r.Add("json_build_array", FuncImpl{VarAny: true, NonStrict: true, Result: Fixed(JS), Typed: func(ctx *sql.Context, ats []*types.Type, a []any) (any, error) {
		env := EnvOf(ctx)
		a = markRawJSON(ats, a)
		var b bytes.Buffer
		b.WriteByte('[')
		for i, v := range a {
			if i > 0 {
				b.WriteString(", ")
			}
			fnJSONText(&b, bfToJSONValue(v, true, env), " : ")
		}
		b.WriteByte(']')
		return b.String(), nil
	}})
	for _, typ := range []*types.Type{types.Timestamp, types.Timestamptz, nil} {
		tz := typ != types.Timestamp
		r.Add("to_jsonb", FuncImpl{Args: []*types.Type{typ}, AnyElement: typ == nil, Result: Fixed(J), Fn: func(_ *sql.Context, env *types.Env, a []any) (any, error) {
			return types.JSONDoc{V: unwrapRaw(bfToJSONValue(a[0], tz, env))}, nil
		}})
		r.Add("to_json", FuncImpl{Args: []*types.Type{typ}, AnyElement: typ == nil, Result: Fixed(JS), Fn: func(_ *sql.Context, env *types.Env, a []any) (any, error) {
			if s, ok := a[0].(types.IntervalVal); ok {
				var b bytes.Buffer
				types.WriteJSONString(&b, types.FormatInterval(s))
				return b.String(), nil
			}
			var b bytes.Buffer
			fnJSONText(&b, bfToJSONValue(a[0], tz, env), ":")
			return b.String(), nil
		}})
	}
	r.Add("array_to_json", FuncImpl{Args: []*types.Type{nil}, Result: Fixed(JS), Fn: func(_ *sql.Context, env *types.Env, a []any) (any, error) {
		var b bytes.Buffer
		fnJSONText(&b, bfToJSONValue(a[0], false, env), ":")
		return b.String(), nil
	}})
	bfAddSimple(r, "jsonb_typeof", bfTt(J), T, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		return bfJsonTypeof(a[0].(types.JSONDoc).V), nil
	})
	bfAddSimple(r, "json_typeof", bfTt(JS), T, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		v, err := types.ParseJSON(a[0].(string), J)
		if err != nil {
			return nil, err
		}
		return bfJsonTypeof(v), nil
	})
	alen := func(v any) (any, error) {
		arr, ok := v.([]any)
		if !ok {
			if _, isObj := v.(*types.JSONObject); isObj {
				return nil, pgerror.New(pgerror.InvalidParameterValue, "cannot get array length of a non-array")
			}
			return nil, pgerror.New(pgerror.InvalidParameterValue, "cannot get array length of a scalar")
		}
		return int32(len(arr)), nil
	}
	bfAddSimple(r, "jsonb_array_length", bfTt(J), types.Int4, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		return alen(a[0].(types.JSONDoc).V)
	})
	bfAddSimple(r, "json_array_length", bfTt(JS), types.Int4, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		v, err := types.ParseJSON(a[0].(string), J)
		if err != nil {
			return nil, err
		}
		return alen(v)
	})
	bfAddSimple(r, "jsonb_strip_nulls", bfTt(J), J, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		return types.JSONDoc{V: bfStripNulls(a[0].(types.JSONDoc).V)}, nil
	})
	bfAddSimple(r, "json_strip_nulls", bfTt(JS), JS, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		v, err := types.ParseJSON(a[0].(string), JS)
		if err != nil {
			return nil, err
		}
		var b bytes.Buffer
		bfWriteCompactJSON(&b, bfStripNulls(v))
		return b.String(), nil
	})
	setLax := func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		if a[0] == nil || a[1] == nil {
			return nil, nil
		}
		create, treat := true, "use_json_null"
		if len(a) > 3 && a[3] != nil {
			create = a[3].(bool)
		}
		if len(a) > 4 && a[4] != nil {
			treat = a[4].(string)
		}
		doc := a[0].(types.JSONDoc).V
		path := bfPathOf(a[1])
		if a[2] == nil {
			switch treat {
			case "raise_exception":
				return nil, pgerror.New(pgerror.NullValueNotAllowed, "JSON value must not be null")
			case "return_target":
				return a[0], nil
			case "delete_key":
				if o, ok := doc.(*types.JSONObject); ok && len(path) == 1 {
					r := &types.JSONObject{}
					for i, k := range o.Keys {
						if k != path[0] {
							r.Keys = append(r.Keys, k)
							r.Vals = append(r.Vals, o.Vals[i])
						}
					}
					return types.JSONDoc{V: r}, nil
				}
				return a[0], nil
			case "use_json_null":
			default:
				return nil, pgerror.New(pgerror.InvalidParameterValue, "null_value_treatment must be \"delete_key\", \"return_target\", \"use_json_null\", or \"raise_exception\"")
			}
		}
		var nv any
		if a[2] != nil {
			nv = a[2].(types.JSONDoc).V
		}
		v, err := bfSetPath(doc, path, nv, create, false, false)
		if err != nil {
			return nil, err
		}
		return types.JSONDoc{V: v}, nil
	}
	r.Add("jsonb_set_lax", FuncImpl{Args: bfTt(J, TA, J), NonStrict: true, Result: Fixed(J), Fn: setLax})
	r.Add("jsonb_set_lax", FuncImpl{Args: bfTt(J, TA, J, types.Bool, T), NonStrict: true, Result: Fixed(J), Fn: setLax})
	setFn := func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		if err := settablePath(a[0].(types.JSONDoc).V); err != nil {
			return nil, err
		}
		create := true
		if len(a) > 3 {
			create = a[3].(bool)
		}
		v, err := bfSetPath(a[0].(types.JSONDoc).V, bfPathOf(a[1]), a[2].(types.JSONDoc).V, create, false, false)
		if err != nil {
			return nil, err
		}
		return types.JSONDoc{V: v}, nil
	}
	bfAddSimple(r, "jsonb_set", bfTt(J, TA, J), J, setFn)
	bfAddSimple(r, "jsonb_set", bfTt(J, TA, J, types.Bool), J, setFn)
	insFn := func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		if err := settablePath(a[0].(types.JSONDoc).V); err != nil {
			return nil, err
		}
		after := false
		if len(a) > 3 {
			after = a[3].(bool)
		}
		v, err := bfSetPath(a[0].(types.JSONDoc).V, bfPathOf(a[1]), a[2].(types.JSONDoc).V, false, true, after)
		if err != nil {
			return nil, err
		}
		return types.JSONDoc{V: v}, nil
	}
	bfAddSimple(r, "jsonb_insert", bfTt(J, TA, J), J, insFn)
	bfAddSimple(r, "jsonb_insert", bfTt(J, TA, J, types.Bool), J, insFn)
	r.Add("jsonb_extract_path", FuncImpl{Args: bfTt(J), Variadic: T, Result: Fixed(J), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		path := make([]string, len(a)-1)
		for i, p := range a[1:] {
			path[i] = p.(string)
		}
		v, ok := bfExtractPath(a[0].(types.JSONDoc).V, path)
		if !ok {
			return nil, nil
		}
		return types.JSONDoc{V: v}, nil
	}})
	r.Add("jsonb_extract_path_text", FuncImpl{Args: bfTt(J), Variadic: T, Result: Fixed(T), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		path := make([]string, len(a)-1)
		for i, p := range a[1:] {
			path[i] = p.(string)
		}
		v, ok := bfExtractPath(a[0].(types.JSONDoc).V, path)
		if !ok || v == nil {
			return nil, nil
		}
		if s, ok := v.(string); ok {
			return s, nil
		}
		return types.FormatJSONB(v), nil
	}})
	bfAddSimple(r, "jsonb_pretty", bfTt(J), T, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		var b bytes.Buffer
		var rec func(v any, ind int)
		bfPad := func(n int) {
			for i := 0; i < n; i++ {
				b.WriteString("    ")
			}
		}
		rec = func(v any, ind int) {
			switch x := v.(type) {
			case []any:
				b.WriteString("[\n")
				for i, e := range x {
					bfPad(ind + 1)
					rec(e, ind+1)
					if i < len(x)-1 {
						b.WriteByte(',')
					}
					b.WriteByte('\n')
				}
				bfPad(ind)
				b.WriteByte(']')
			case *types.JSONObject:
				b.WriteString("{\n")
				for i, k := range x.Keys {
					bfPad(ind + 1)
					types.WriteJSONString(&b, k)
					b.WriteString(": ")
					rec(x.Vals[i], ind+1)
					if i < len(x.Keys)-1 {
						b.WriteByte(',')
					}
					b.WriteByte('\n')
				}
				bfPad(ind)
				b.WriteByte('}')
			default:
				b.WriteString(types.FormatJSONB(x))
			}
		}
		rec(a[0].(types.JSONDoc).V, 0)
		return b.String(), nil
	})
	r.Add("jsonb_object", FuncImpl{Args: bfTt(TA, TA), Result: Fixed(J), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		ks, vs := a[0].(*types.Array).Values, a[1].(*types.Array).Values
		if len(ks) != len(vs) {
			return nil, pgerror.New("2202E", "mismatched array dimensions")
		}
		keys := make([]string, len(ks))
		for i, k := range ks {
			if k == nil {
				return nil, pgerror.New(pgerror.NullValueNotAllowed, "null value not allowed for object key")
			}
			keys[i] = k.(string)
		}
		return types.JSONDoc{V: types.NewJSONObject(keys, vs)}, nil
	}})
}

func bfWriteCompactJSON(b *bytes.Buffer, v any) {
	switch x := v.(type) {
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			bfWriteCompactJSON(b, e)
		}
		b.WriteByte(']')
	case *types.JSONObject:
		b.WriteByte('{')
		for i, k := range x.Keys {
			if i > 0 {
				b.WriteByte(',')
			}
			types.WriteJSONString(b, k)
			b.WriteByte(':')
			bfWriteCompactJSON(b, x.Vals[i])
		}
		b.WriteByte('}')
	default:
		b.WriteString(types.FormatJSONB(x))
	}
}

// settablePath refuses a scalar document, as jsonb_set and jsonb_insert
// do before reading the path (22023).
func settablePath(v any) error {
	switch v.(type) {
	case *types.JSONObject, []any:
		return nil
	}
	return pgerror.New(pgerror.InvalidParameterValue, "cannot set path in scalar")
}
