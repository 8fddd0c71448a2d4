package expr

import (
	"bytes"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// AddJSONObjectFuncs adds json_object and jsonb_object.
// A family of session.Builtins.
//
// json_object / jsonb_object over one text array of alternating keys and
// values, or a two-column two-dimensional one (docs 9.16, Table 9.47), and
// json_object over separate key and value arrays.
func AddJSONObjectFuncs(r *Registry) {
	TA := types.ArrayOf(types.Text)
	r.Add("json_object", FuncImpl{Args: bfTt(TA), Result: Fixed(types.JSON), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		k, v, err := jsonObjectPairs(a[0].(*types.Array))
		if err != nil {
			return nil, err
		}
		return jsonObjectText(k, v), nil
	}})
	r.Add("json_object", FuncImpl{Args: bfTt(TA, TA), Result: Fixed(types.JSON), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		k, v, err := jsonObjectKeysValues(a[0].(*types.Array), a[1].(*types.Array))
		if err != nil {
			return nil, err
		}
		return jsonObjectText(k, v), nil
	}})
	r.Add("jsonb_object", FuncImpl{Args: bfTt(TA), Result: Fixed(types.JSONB), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		k, v, err := jsonObjectPairs(a[0].(*types.Array))
		if err != nil {
			return nil, err
		}
		return types.JSONDoc{V: types.NewJSONObject(k, v)}, nil
	}})
}

func jsonObjectPairs(arr *types.Array) ([]string, []any, error) {
	switch {
	case len(arr.Values) == 0:
		return nil, nil, nil
	case len(arr.Dims) == 1:
		if len(arr.Values)%2 != 0 {
			return nil, nil, pgerror.New("2202E", "array must have even number of elements")
		}
	case len(arr.Dims) == 2:
		if arr.Dims[1] != 2 {
			return nil, nil, pgerror.New("2202E", "array must have two columns")
		}
	default:
		return nil, nil, pgerror.New("2202E", "wrong number of array subscripts")
	}
	var ks, vs []any
	for i := 0; i < len(arr.Values); i += 2 {
		ks, vs = append(ks, arr.Values[i]), append(vs, arr.Values[i+1])
	}
	return jsonObjectKeys(ks, vs)
}

func jsonObjectKeysValues(ka, va *types.Array) ([]string, []any, error) {
	if len(ka.Dims) > 1 || len(va.Dims) > 1 {
		return nil, nil, pgerror.New("2202E", "wrong number of array subscripts")
	}
	if len(ka.Values) != len(va.Values) {
		return nil, nil, pgerror.New("2202E", "mismatched array dimensions")
	}
	return jsonObjectKeys(ka.Values, va.Values)
}

func jsonObjectKeys(ks, vs []any) ([]string, []any, error) {
	keys := make([]string, len(ks))
	for i, k := range ks {
		if k == nil {
			return nil, nil, pgerror.New(pgerror.NullValueNotAllowed, "null value not allowed for object key")
		}
		keys[i] = k.(string)
	}
	return keys, vs, nil
}

// jsonObjectText renders json_object's result as PostgreSQL writes it:
// every value a string or null, pairs separated by ", ", " : " between.
func jsonObjectText(keys []string, vals []any) string {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range keys {
		if i > 0 {
			b.WriteString(", ")
		}
		types.WriteJSONString(&b, k)
		b.WriteString(" : ")
		if vals[i] == nil {
			b.WriteString("null")
		} else {
			types.WriteJSONString(&b, vals[i].(string))
		}
	}
	b.WriteByte('}')
	return b.String()
}
