package expr

import (
	"encoding/json"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// addJSONFieldFuncs adds the functions behind -> and ->> (jsonb_object_field,
// jsonb_array_element and their _text and json forms), which migrations
// also call by name.
func addJSONFieldFuncs(r *Registry) {
	for _, kt := range []struct {
		suffix string
		key    *types.Type
	}{{"object_field", types.Text}, {"array_element", types.Int4}} {
		bfAddSimple(r, "jsonb_"+kt.suffix, bfTt(types.JSONB, kt.key), types.JSONB, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
			v, ok := jsonGet(a[0].(types.JSONDoc).V, a[1])
			if !ok {
				return nil, nil
			}
			return types.JSONDoc{V: v}, nil
		})
		bfAddSimple(r, "jsonb_"+kt.suffix+"_text", bfTt(types.JSONB, kt.key), types.Text, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
			v, ok := jsonGet(a[0].(types.JSONDoc).V, a[1])
			if !ok {
				return nil, nil
			}
			return jsonText(v), nil
		})
		bfAddSimple(r, "json_"+kt.suffix, bfTt(types.JSON, kt.key), types.JSON, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
			raw, ok := jsonTextGet(json.RawMessage(a[0].(string)), a[1])
			return jsonTextResult(raw, ok, false), nil
		})
		bfAddSimple(r, "json_"+kt.suffix+"_text", bfTt(types.JSON, kt.key), types.Text, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
			raw, ok := jsonTextGet(json.RawMessage(a[0].(string)), a[1])
			return jsonTextResult(raw, ok, true), nil
		})
	}
}
