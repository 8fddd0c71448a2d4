package expr

import (
	"bytes"

	"github.com/tinybase/tinybase/engine/internal/types"
)

// AppendJSONValue writes v, a value of type t, as to_json renders it:
// the form change capture gives Realtime's records.
func AppendJSONValue(b *bytes.Buffer, t *types.Type, v any, env *types.Env) {
	writeJSONValueText(b, t, v, env)
}
