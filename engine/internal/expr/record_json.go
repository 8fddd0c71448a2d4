package expr

import (
	"bytes"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// jsonRaw is a json-typed or composite argument of a JSON builder: json
// and json_build_object copy its text as it is (a record as row_to_json
// writes it), jsonb functions take its parsed value.
type jsonRaw struct {
	text string
	v    any
}

// jsonBuilders take arguments of any type and embed json values and
// records as JSON rather than as strings (PostgreSQL docs 9.16.1).
var jsonBuilders = map[string]bool{
	"json_build_object": true, "json_build_array": true, "jsonb_build_object": true, "jsonb_build_array": true,
	"to_json": true, "to_jsonb": true, "json_object_agg": true, "jsonb_object_agg": true,
}

// wrapJSONArg marks a json-typed argument of a JSON builder.
func wrapJSONArg(name string, e sql.Expression, t *types.Type) sql.Expression {
	if !jsonBuilders[name] || t == nil || t.Base().Kind != types.KindJSON {
		return e
	}
	return &jsonRawArg{base{t}, e}
}

// jsonRawArg evaluates a json value to a jsonRaw.
type jsonRawArg struct {
	base
	e sql.Expression
}

func (j *jsonRawArg) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := j.e.Eval(ctx, row)
	s, ok := v.(string)
	if err != nil || !ok {
		return v, err
	}
	d, err := types.ParseJSON(s, types.JSONB)
	if err != nil {
		return nil, err
	}
	if doc, ok := d.(types.JSONDoc); ok {
		d = doc.V
	}
	return jsonRaw{text: s, v: d}, nil
}
func (j *jsonRawArg) Children() []sql.Expression { return []sql.Expression{j.e} }
func (j *jsonRawArg) WithChildren(c ...sql.Expression) (sql.Expression, error) {
	return &jsonRawArg{j.base, c[0]}, nil
}
func (j *jsonRawArg) String() string { return j.e.String() }

// recordJSONRaw converts a record for a JSON builder.
func recordJSONRaw(r *types.RecordVal, env *types.Env) any {
	var b bytes.Buffer
	recordJSONText(&b, r, env)
	v, err := recordJSONB(r, env)
	if err != nil {
		v = nil
	}
	return jsonRaw{text: b.String(), v: v}
}

// unwrapRaw turns jsonRaw values (at any depth of an array) into their
// jsonb form.
func unwrapRaw(v any) any {
	switch x := v.(type) {
	case jsonRaw:
		return x.v
	case []any:
		for i, e := range x {
			x[i] = unwrapRaw(e)
		}
	}
	return v
}
