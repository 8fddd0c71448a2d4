package expr

import (
	"encoding/json"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/shopspring/decimal"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// The JSON element kinds json(b)_to_tsvector's filter selects.
const (
	jtiKey = 1 << iota
	jtiString
	jtiNumeric
	jtiBool
	jtiAll = jtiKey | jtiString | jtiNumeric | jtiBool
)

// addJSONToTSVector adds to_tsvector over json and jsonb (their string
// values) and json_to_tsvector / jsonb_to_tsvector with a filter of
// element kinds (docs 9.13 Table 9.42).
func addJSONToTSVector(r *Registry) {
	TV, text, J, JS := types.TSVector, types.Text, types.JSONB, types.JSON
	fnEnv := func(name string, args []*types.Type, f func(env *types.Env, a []any) (any, error)) {
		r.Add(name, FuncImpl{Args: args, Result: Fixed(TV), Fn: func(_ *sql.Context, env *types.Env, a []any) (any, error) { return f(env, a) }})
	}
	elems := func(doc any, flags int) ([]string, error) {
		if d, ok := doc.(types.JSONDoc); ok {
			return jsonbElems(d.V, flags, nil), nil
		}
		return jsonTextElems(doc.(string), flags)
	}
	vector := func(c *types.TSConfig, doc any, flags int) (any, error) {
		es, err := elems(doc, flags)
		if err != nil {
			return nil, err
		}
		return c.ToTSVectorElems(es).String(), nil
	}
	for _, t := range []*types.Type{J, JS} {
		fnEnv("to_tsvector", []*types.Type{text, t}, func(env *types.Env, a []any) (any, error) {
			c, err := types.TSConfigFor(env, a[0].(string))
			if err != nil {
				return nil, err
			}
			return vector(c, a[1], jtiString)
		})
		fnEnv("to_tsvector", []*types.Type{t}, func(env *types.Env, a []any) (any, error) {
			c, err := types.DefaultTSConfigFor(env)
			if err != nil {
				return nil, err
			}
			return vector(c, a[0], jtiString)
		})
		name := "jsonb_to_tsvector"
		if t == JS {
			name = "json_to_tsvector"
		}
		fnEnv(name, []*types.Type{text, t, J}, func(env *types.Env, a []any) (any, error) {
			c, err := types.TSConfigFor(env, a[0].(string))
			if err != nil {
				return nil, err
			}
			flags, err := jsonIndexFlags(a[2].(types.JSONDoc))
			if err != nil {
				return nil, err
			}
			return vector(c, a[1], flags)
		})
		fnEnv(name, []*types.Type{t, J}, func(env *types.Env, a []any) (any, error) {
			flags, err := jsonIndexFlags(a[1].(types.JSONDoc))
			if err != nil {
				return nil, err
			}
			c, err := types.DefaultTSConfigFor(env)
			if err != nil {
				return nil, err
			}
			return vector(c, a[0], flags)
		})
	}
}

// jsonIndexFlags reads the filter: a string or an array of strings naming
// element kinds, case-insensitively.
func jsonIndexFlags(f types.JSONDoc) (int, error) {
	hint := `Possible values are: "string", "numeric", "boolean", "key", and "all".`
	var list []any
	switch v := f.V.(type) {
	case []any:
		list = v
	case *types.JSONObject:
		return 0, pgerror.New(pgerror.InvalidParameterValue, "wrong flag type, only arrays and scalars are allowed")
	default:
		list = []any{v}
	}
	flags := 0
	for _, e := range list {
		switch e.(type) {
		case []any, *types.JSONObject:
			return 0, pgerror.New(pgerror.InternalError, "unexpected end of flag array")
		}
		s, ok := e.(string)
		if !ok {
			return 0, pgerror.New(pgerror.InvalidParameterValue, "flag array element is not a string").WithHint("%s", hint)
		}
		switch strings.ToLower(s) {
		case "all":
			flags |= jtiAll
		case "key":
			flags |= jtiKey
		case "string":
			flags |= jtiString
		case "numeric":
			flags |= jtiNumeric
		case "boolean":
			flags |= jtiBool
		default:
			return 0, pgerror.New(pgerror.InvalidParameterValue, "wrong flag in flag array: \"%s\"", s).WithHint("%s", hint)
		}
	}
	return flags, nil
}

// jsonbElems lists a jsonb value's keys and scalars the flags select, in
// jsonb's order (object keys sorted as jsonb stores them), numbers as
// numeric_out prints them.
func jsonbElems(v any, flags int, out []string) []string {
	switch x := v.(type) {
	case *types.JSONObject:
		for i, k := range x.Keys {
			if flags&jtiKey != 0 {
				out = append(out, k)
			}
			out = jsonbElems(x.Vals[i], flags, out)
		}
	case []any:
		for _, e := range x {
			out = jsonbElems(e, flags, out)
		}
	case string:
		if flags&jtiString != 0 {
			out = append(out, x)
		}
	case decimal.Decimal:
		if flags&jtiNumeric != 0 {
			out = append(out, types.FormatNumeric(x))
		}
	case bool:
		if flags&jtiBool != 0 {
			out = append(out, map[bool]string{true: "true", false: "false"}[x])
		}
	}
	return out
}

// jsonTextElems is jsonbElems over json text: keys in written order,
// duplicates kept, numbers as written.
func jsonTextElems(doc string, flags int) ([]string, error) {
	dec := json.NewDecoder(strings.NewReader(doc))
	dec.UseNumber()
	var out []string
	// inObject[i] says whether the i-th open container is an object;
	// wantKey whether the object's next string is a key
	var inObject, wantKey []bool
	for {
		tok, err := dec.Token()
		if err != nil {
			if err.Error() == "EOF" {
				return out, nil
			}
			// the json value was validated on input
			return nil, pgerror.New(pgerror.InvalidTextRepresentation, "invalid input syntax for type json")
		}
		isKey := false
		if n := len(inObject); n > 0 && inObject[n-1] {
			if _, ok := tok.(json.Delim); !ok {
				isKey = wantKey[n-1]
				wantKey[n-1] = !wantKey[n-1]
			} else if d := tok.(json.Delim); d != '}' {
				wantKey[n-1] = true // a container value; its key comes next
			}
		}
		switch x := tok.(type) {
		case json.Delim:
			switch x {
			case '{', '[':
				inObject, wantKey = append(inObject, x == '{'), append(wantKey, true)
			default:
				inObject, wantKey = inObject[:len(inObject)-1], wantKey[:len(wantKey)-1]
			}
		case string:
			if isKey && flags&jtiKey != 0 || !isKey && flags&jtiString != 0 {
				out = append(out, x)
			}
		case json.Number:
			if flags&jtiNumeric != 0 {
				out = append(out, string(x))
			}
		case bool:
			if flags&jtiBool != 0 {
				out = append(out, map[bool]string{true: "true", false: "false"}[x])
			}
		}
	}
}
