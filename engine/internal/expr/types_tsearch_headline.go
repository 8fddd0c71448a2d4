package expr

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// addTSHeadline adds ts_headline over text, json and jsonb (docs
// 12.3.4): ([config,] document, query [, options]); over JSON each string
// value (not key) gets its own headline.
func addTSHeadline(r *Registry) {
	TQ, text := types.TSQuery, types.Text
	headline := func(c *types.TSConfig, doc, query string, opts string) (any, error) {
		q, err := types.TSQueryOf(query, nil)
		if err != nil {
			return nil, err
		}
		o, err := types.ParseHeadlineOptions(opts)
		if err != nil {
			return nil, err
		}
		return c.Headline(doc, q, o), nil
	}
	// each signature, with or without the configuration first
	add := func(result *types.Type, args []*types.Type, f func(c *types.TSConfig, doc any, query, opts string) (any, error)) {
		withConfig := len(args) > 2 && args[2] == TQ
		r.Add("ts_headline", FuncImpl{Args: args, Result: Fixed(result), Fn: func(_ *sql.Context, env *types.Env, a []any) (any, error) {
			var c *types.TSConfig
			var err error
			if withConfig {
				c, err = types.TSConfigFor(env, a[0].(string))
				a = a[1:]
			} else {
				c, err = types.DefaultTSConfigFor(env)
			}
			if err != nil {
				return nil, err
			}
			opts := ""
			if len(a) > 2 {
				opts = a[2].(string)
			}
			return f(c, a[0], a[1].(string), opts)
		}})
	}
	textHeadline := func(c *types.TSConfig, doc any, query, opts string) (any, error) {
		return headline(c, doc.(string), query, opts)
	}
	add(text, []*types.Type{text, text, TQ, text}, textHeadline)
	add(text, []*types.Type{text, text, TQ}, textHeadline)
	add(text, []*types.Type{text, TQ, text}, textHeadline)
	add(text, []*types.Type{text, TQ}, textHeadline)
	// over json and jsonb the options are read once, but checked (by the
	// headline of a string) only when the document has a string
	jsonHeadline := func(c *types.TSConfig, doc any, query, opts string) (any, error) {
		q, err := types.TSQueryOf(query, nil)
		if err != nil {
			return nil, err
		}
		if _, err := types.ParseHeadlineOptionList(opts); err != nil {
			return nil, err
		}
		hl := func(s string) (string, error) {
			o, err := types.ParseHeadlineOptions(opts)
			if err != nil {
				return "", err
			}
			return c.Headline(s, q, o), nil
		}
		if d, ok := doc.(types.JSONDoc); ok {
			v, err := mapJSONStrings(d.V, hl)
			return types.JSONDoc{V: v}, err
		}
		return mapJSONTextStrings(doc.(string), hl)
	}
	for _, jt := range []*types.Type{types.JSONB, types.JSON} {
		add(jt, []*types.Type{text, jt, TQ, text}, jsonHeadline)
		add(jt, []*types.Type{text, jt, TQ}, jsonHeadline)
		add(jt, []*types.Type{jt, TQ, text}, jsonHeadline)
		add(jt, []*types.Type{jt, TQ}, jsonHeadline)
	}
}

// mapJSONStrings replaces every string value (not object keys) of a jsonb
// value by f of it.
func mapJSONStrings(v any, f func(string) (string, error)) (any, error) {
	switch x := v.(type) {
	case string:
		return f(x)
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			var err error
			if out[i], err = mapJSONStrings(e, f); err != nil {
				return nil, err
			}
		}
		return out, nil
	case *types.JSONObject:
		vals := make([]any, len(x.Vals))
		for i, e := range x.Vals {
			var err error
			if vals[i], err = mapJSONStrings(e, f); err != nil {
				return nil, err
			}
		}
		return &types.JSONObject{Keys: x.Keys, Vals: vals}, nil
	}
	return v, nil
}

// mapJSONTextStrings is mapJSONStrings over json text, which it writes
// back compactly as PostgreSQL's transform_json_string_values does: keys
// in written order, numbers as written.
func mapJSONTextStrings(doc string, f func(string) (string, error)) (any, error) {
	dec := json.NewDecoder(strings.NewReader(doc))
	dec.UseNumber()
	var b bytes.Buffer
	// per open container: is it an object, is its next string a key, has
	// it had an element yet
	type frame struct{ object, wantKey, some bool }
	var stack []frame
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return b.String(), nil
		}
		if err != nil {
			return nil, pgerror.New(pgerror.InvalidTextRepresentation, "invalid input syntax for type json")
		}
		isKey := false
		if d, ok := tok.(json.Delim); !ok || d == '{' || d == '[' {
			if n := len(stack); n > 0 {
				top := &stack[n-1]
				switch {
				case top.object && top.wantKey:
					isKey, top.wantKey = true, false
					if top.some {
						b.WriteByte(',')
					}
					top.some = true
				case top.object:
					b.WriteByte(':')
					top.wantKey = true
				default:
					if top.some {
						b.WriteByte(',')
					}
					top.some = true
				}
			}
		}
		switch x := tok.(type) {
		case json.Delim:
			switch x {
			case '{', '[':
				stack = append(stack, frame{object: x == '{', wantKey: x == '{'})
			default:
				stack = stack[:len(stack)-1]
			}
			b.WriteRune(rune(x))
		case string:
			if !isKey {
				if x, err = f(x); err != nil {
					return nil, err
				}
			}
			types.WriteJSONString(&b, x)
		case json.Number:
			b.WriteString(string(x))
		case bool:
			b.WriteString(map[bool]string{true: "true", false: "false"}[x])
		case nil:
			b.WriteString("null")
		}
	}
}
