package expr

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// AddJSONPopulateFuncs adds json_populate_record and jsonb_populate_record.
// A family of session.Builtins.
//
// jsonb_populate_record and json_populate_record (docs 9.16.1): a row of
// the first argument's composite type whose fields come from the object's
// keys of the same name (others keep the base row's values), each JSON
// value converted as populate_record_field does.
func AddJSONPopulateFuncs(r *Registry) {
	for _, jt := range []*types.Type{types.JSONB, types.JSON} {
		jt := jt
		name := "jsonb_populate_record"
		if jt == types.JSON {
			name = "json_populate_record"
		}
		r.Add(name, FuncImpl{Args: []*types.Type{nil, jt}, NonStrict: true,
			Result: func(args []*types.Type) *types.Type { return args[0] },
			Typed: func(ctx *sql.Context, ats []*types.Type, a []any) (any, error) {
				rt := ats[0].Base()
				if !rt.IsComposite() {
					return nil, pgerror.New(pgerror.DatatypeMismatch, "first argument of %s must be a row type", name)
				}
				var base *types.RecordVal
				if a[0] != nil {
					base, _ = a[0].(*types.RecordVal)
				}
				if a[1] == nil {
					if base == nil {
						return nil, nil
					}
					return base, nil
				}
				v, err := jsonArg(a[1], jt == types.JSON)
				if err != nil {
					return nil, err
				}
				return populateRecord(rt, base, v, EnvOf(ctx), name)
			}})
	}
}

func populateRecord(rt *types.Type, base *types.RecordVal, v any, env *types.Env, fn string) (*types.RecordVal, error) {
	obj, ok := v.(*types.JSONObject)
	if !ok {
		what := "scalar"
		if _, arr := v.([]any); arr {
			what = "array"
		}
		return nil, pgerror.New(pgerror.InvalidParameterValue, "cannot call %s on a%s %s", fn, map[bool]string{true: "n", false: ""}[what == "array"], what)
	}
	out := &types.RecordVal{}
	for i, f := range rt.Fields {
		out.Names = append(out.Names, f.Name)
		out.Types = append(out.Types, f.Type)
		var cur any
		if base != nil && i < len(base.Vals) {
			cur = base.Vals[i]
		}
		if jv, ok := obj.Get(f.Name); ok {
			var err error
			if cur, err = jsonToField(f.Type, jv, env, fn); err != nil {
				return nil, err
			}
		}
		out.Vals = append(out.Vals, cur)
	}
	return out, nil
}

// jsonToField is populate_record_field: json(b) fields take the value as
// it is, arrays and composites are built from JSON arrays and objects, and
// everything else goes through the type's input function (a JSON string
// without its quotes, other scalars as their JSON text).
func jsonToField(t *types.Type, jv any, env *types.Env, fn string) (any, error) {
	if jv == nil {
		return types.ApplyMod(nil, t, false)
	}
	b := t.Base()
	switch {
	case b.Kind == types.KindJSONB:
		return types.JSONDoc{V: jv}, nil
	case b.Kind == types.KindJSON:
		return types.FormatJSONB(jv), nil
	case b.Kind == types.KindArray:
		if arr, ok := jv.([]any); ok {
			vals := make([]any, len(arr))
			for i, e := range arr {
				var err error
				if vals[i], err = jsonToField(b.Elem, e, env, fn); err != nil {
					return nil, err
				}
			}
			return types.ApplyMod(types.NewArray(b.Elem, vals), t, false)
		}
	case b.IsComposite():
		if _, ok := jv.(*types.JSONObject); ok {
			return populateRecord(b, nil, jv, env, fn)
		}
	}
	s, ok := jv.(string)
	if !ok {
		s = types.FormatJSONB(jv)
	}
	v, err := types.Input(t, s, env)
	if err != nil {
		return nil, err
	}
	return types.ApplyMod(v, t, false)
}
