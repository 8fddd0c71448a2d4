package translate

import "github.com/tinybase/tinybase/engine/internal/types"

// TypedParam is a parameter value of a known type (the extended query
// protocol's bound parameters): it translates to a constant of that type,
// as PostgreSQL treats a parameter whose type is fixed. A nil Value is a
// NULL of that type.
type TypedParam struct {
	Type  *types.Type
	Value any
}

// limitParamText is a LIMIT / OFFSET parameter's value as text.
func limitParamText(v any, env *types.Env) string {
	if tp, ok := v.(TypedParam); ok {
		return types.Output(tp.Type, tp.Value, env)
	}
	return types.Output(nil, v, env)
}
