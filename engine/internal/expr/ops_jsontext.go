package expr

import (
	"bytes"
	"encoding/json"

	"github.com/tinybase/tinybase/engine/internal/types"
)

// json (not jsonb) operators: values are the input text, and an extracted
// element is the exact text it had in the document (docs 9.16, Table 9.45).
func init() {
	j, text, i4 := types.JSON, types.Text, types.Int4
	get := func(asText bool) OpFunc {
		return func(_ *types.Env, a, b any) (any, error) {
			raw, ok := jsonTextGet(json.RawMessage(a.(string)), b)
			return jsonTextResult(raw, ok, asText), nil
		}
	}
	addOp("->", j, text, j, get(false))
	addOp("->", j, i4, j, get(false))
	addOp("->>", j, text, text, get(true))
	addOp("->>", j, i4, text, get(true))
	path := func(asText bool) OpFunc {
		return func(_ *types.Env, a, b any) (any, error) {
			raw := json.RawMessage(a.(string))
			for _, p := range b.(*types.Array).Values {
				if p == nil {
					return nil, nil
				}
				var key any = p.(string)
				if t := bytes.TrimSpace(raw); len(t) > 0 && t[0] == '[' {
					n, ok := jsonPathIndex(p.(string))
					if !ok {
						return nil, nil
					}
					key = int32(n)
				}
				var ok bool
				if raw, ok = jsonTextGet(raw, key); !ok {
					return nil, nil
				}
			}
			return jsonTextResult(raw, true, asText), nil
		}
	}
	ta := types.ArrayOf(text)
	addOp("#>", j, ta, j, path(false))
	addOp("#>>", j, ta, text, path(true))
}

// jsonTextGet looks up an object key (string) or array index (int32,
// negative counting from the end) in a json document's text.
func jsonTextGet(doc json.RawMessage, key any) (json.RawMessage, bool) {
	switch k := key.(type) {
	case string:
		var obj map[string]json.RawMessage
		if json.Unmarshal(doc, &obj) != nil || obj == nil {
			return nil, false
		}
		v, ok := obj[k]
		return v, ok
	case int32:
		var arr []json.RawMessage
		if json.Unmarshal(doc, &arr) != nil || arr == nil {
			return nil, false
		}
		i := int(k)
		if i < 0 {
			i += len(arr)
		}
		if i < 0 || i >= len(arr) {
			return nil, false
		}
		return arr[i], true
	}
	return nil, false
}

func jsonTextResult(raw json.RawMessage, ok, asText bool) any {
	if !ok {
		return nil
	}
	if !asText {
		return string(raw)
	}
	t := bytes.TrimSpace(raw)
	if string(t) == "null" {
		return nil
	}
	if len(t) > 0 && t[0] == '"' {
		var s string
		if json.Unmarshal(t, &s) == nil {
			return s
		}
	}
	return string(t)
}
