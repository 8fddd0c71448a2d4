package expr

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/types"
)

// Record is a whole-row value (a table alias used as an expression,
// PostgreSQL docs 8.16.5): column names, types and values in order.
type Record struct {
	Names []string
	Types []*types.Type
	Vals  []any
}

// RowCtor builds a Record from the columns of one FROM item.
type RowCtor struct {
	base
	names []string
	cols  []sql.Expression
}

// NewRowCtor builds the whole-row value of the named columns.
func NewRowCtor(names []string, cols []sql.Expression) *RowCtor {
	return &RowCtor{base{types.Record}, names, cols}
}

func (r *RowCtor) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	vals, _, err := evalChildren(ctx, row, r.cols)
	if err != nil {
		return nil, err
	}
	ts := make([]*types.Type, len(r.cols))
	for i, c := range r.cols {
		ts[i] = TypeOf(c)
	}
	return &Record{Names: r.names, Types: ts, Vals: vals}, nil
}
func (r *RowCtor) Children() []sql.Expression { return r.cols }
func (r *RowCtor) WithChildren(c ...sql.Expression) (sql.Expression, error) {
	return &RowCtor{r.base, r.names, c}, nil
}
func (r *RowCtor) String() string {
	parts := make([]string, len(r.cols))
	for i, c := range r.cols {
		parts[i] = c.String()
	}
	return "row(" + strings.Join(parts, ", ") + ")"
}

// recordJSONText renders a record as row_to_json does: keys in column
// order, no whitespace.
func recordJSONText(b *bytes.Buffer, r *Record, env *types.Env) {
	b.WriteByte('{')
	for i, n := range r.Names {
		if i > 0 {
			b.WriteByte(',')
		}
		types.WriteJSONString(b, n)
		b.WriteByte(':')
		writeJSONValueText(b, r.Types[i], r.Vals[i], env)
	}
	b.WriteByte('}')
}

// writeJSONValueText renders one value as to_json does.
func writeJSONValueText(b *bytes.Buffer, t *types.Type, v any, env *types.Env) {
	switch x := v.(type) {
	case *Record:
		recordJSONText(b, x, env)
		return
	case string:
		if t != nil && t.Base().Kind == types.KindJSON {
			b.WriteString(x)
			return
		}
	}
	tz := t == nil || t.Base().Kind != types.KindTimestamp
	fnJSONText(b, bfToJSONValue(v, tz, env), ":")
}

// recordJSONB converts a record to a jsonb object.
func recordJSONB(r *Record, env *types.Env) (any, error) {
	vals := make([]any, len(r.Vals))
	for i, v := range r.Vals {
		if rec, ok := v.(*Record); ok {
			o, err := recordJSONB(rec, env)
			if err != nil {
				return nil, err
			}
			vals[i] = o
			continue
		}
		j, err := jsonValueOf(r.Types[i], v, env)
		if err != nil {
			return nil, err
		}
		vals[i] = j
	}
	return types.NewJSONObject(r.Names, vals), nil
}

func init() {
	R := types.Record
	toText := func(_ *sql.Context, env *types.Env, a []any) (any, error) {
		rec, ok := a[0].(*Record)
		if !ok {
			return nil, fmt.Errorf("expr: %T is not a record", a[0])
		}
		var b bytes.Buffer
		recordJSONText(&b, rec, env)
		return b.String(), nil
	}
	AddFunc("row_to_json", FuncImpl{Args: []*types.Type{R}, Result: Fixed(types.JSON), Fn: toText})
	AddFunc("$record_to_json", FuncImpl{Args: []*types.Type{R}, Result: Fixed(types.JSON), Fn: toText})
	AddFunc("$record_to_jsonb", FuncImpl{Args: []*types.Type{R}, Result: Fixed(types.JSONB), Fn: func(_ *sql.Context, env *types.Env, a []any) (any, error) {
		o, err := recordJSONB(a[0].(*Record), env)
		if err != nil {
			return nil, err
		}
		return types.JSONDoc{V: o}, nil
	}})
}
