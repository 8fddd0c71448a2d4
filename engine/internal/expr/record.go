package expr

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// RowCtor builds a Record from the columns of one FROM item.
type RowCtor struct {
	base
	names []string
	cols  []sql.Expression
	// nullEmpty makes a row of all NULLs a NULL record: the whole row of
	// an outer join's missing match.
	nullEmpty bool
}

// NullWhenEmpty makes the record NULL when every field is NULL, as the
// whole-row value of an outer join's null-extended side is.
func (r *RowCtor) NullWhenEmpty() *RowCtor {
	c := *r
	c.nullEmpty = true
	return &c
}

// NewRowCtor builds the whole-row value of the named columns.
func NewRowCtor(names []string, cols []sql.Expression) *RowCtor {
	return &RowCtor{base: base{types.Record}, names: names, cols: cols}
}

func (r *RowCtor) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	vals, _, err := evalChildren(ctx, row, r.cols)
	if err != nil {
		return nil, err
	}
	if r.nullEmpty && recordIsNull(&types.RecordVal{Vals: vals}, false) {
		return nil, nil
	}
	ts := make([]*types.Type, len(r.cols))
	for i, c := range r.cols {
		ts[i] = TypeOf(c)
	}
	return &types.RecordVal{Names: r.names, Types: ts, Vals: vals}, nil
}

// Typed gives the record a table's row type (for pg_typeof and column
// descriptions) instead of the anonymous record type.
func (r *RowCtor) Typed(t *types.Type) *RowCtor {
	c := *r
	c.base = base{t}
	return &c
}

func (r *RowCtor) Children() []sql.Expression { return r.cols }
func (r *RowCtor) WithChildren(c ...sql.Expression) (sql.Expression, error) {
	n := *r
	n.cols = c
	return &n, nil
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
func recordJSONText(b *bytes.Buffer, r *types.RecordVal, env *types.Env) {
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
	case *types.RecordVal:
		recordJSONText(b, x, env)
		return
	case types.JSONDoc:
		// jsonb keeps its own text form (with spaces) inside json
		b.WriteString(types.FormatJSONB(x.V))
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
func recordJSONB(r *types.RecordVal, env *types.Env) (any, error) {
	vals := make([]any, len(r.Vals))
	for i, v := range r.Vals {
		if rec, ok := v.(*types.RecordVal); ok {
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

// AddRecordFuncs adds the record functions (row_to_json and friends).
// A family of session.Builtins.
func AddRecordFuncs(r *Registry) {
	R := types.Record
	toText := func(_ *sql.Context, env *types.Env, a []any) (any, error) {
		rec, ok := a[0].(*types.RecordVal)
		if !ok {
			return nil, fmt.Errorf("expr: %T is not a record", a[0])
		}
		var b bytes.Buffer
		recordJSONText(&b, rec, env)
		return b.String(), nil
	}
	r.Add("row_to_json", FuncImpl{Args: []*types.Type{R}, Result: Fixed(types.JSON), Fn: toText})
	r.Add("$record_to_json", FuncImpl{Args: []*types.Type{R}, Result: Fixed(types.JSON), Fn: toText})
	r.Add("$record_to_jsonb", FuncImpl{Args: []*types.Type{R}, Result: Fixed(types.JSONB), Fn: func(_ *sql.Context, env *types.Env, a []any) (any, error) {
		o, err := recordJSONB(a[0].(*types.RecordVal), env)
		if err != nil {
			return nil, err
		}
		return types.JSONDoc{V: o}, nil
	}})
}

// SelectField is (rec).name, field selection from a composite value
// (PostgreSQL docs 8.16.3). A row constructor yields its field's
// expression; another composite value needs a known row type.
func SelectField(e sql.Expression, name string) (sql.Expression, error) {
	if r, ok := e.(*RowCtor); ok {
		found := -1
		for i, n := range r.names {
			if n == name {
				if found >= 0 {
					// the whole row of a subquery naming two columns alike
					return nil, pgerror.New(pgerror.AmbiguousColumn, "column reference \"%s\" is ambiguous", name)
				}
				found = i
			}
		}
		if found >= 0 {
			return r.cols[found], nil
		}
	}
	t := TypeOf(e)
	if t.Base().Kind != types.KindRecord {
		return nil, pgerror.New(pgerror.WrongObjectType, "column notation .%s applied to type %s, which is not a composite type", name, t.FormatType())
	}
	for i, f := range t.Base().Fields {
		if f.Name == name && f.Type != nil {
			return &FieldSelect{base{f.Type}, e, i}, nil
		}
	}
	if _, ok := e.(*RowCtor); ok || t.Base().Fields != nil {
		return nil, pgerror.New(pgerror.UndefinedColumn, "column \"%s\" not found in data type %s", name, t.FormatType())
	}
	return nil, pgerror.New(pgerror.FeatureNotSupported, "field selection from a value of type %s is not supported yet", t.FormatType())
}

// FieldSelect extracts one field of a composite value.
type FieldSelect struct {
	base
	rec sql.Expression
	i   int
}

func (f *FieldSelect) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := f.rec.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	r, ok := v.(*types.RecordVal)
	if !ok || f.i >= len(r.Vals) {
		return nil, nil
	}
	return r.Vals[f.i], nil
}
func (f *FieldSelect) Children() []sql.Expression { return []sql.Expression{f.rec} }
func (f *FieldSelect) WithChildren(c ...sql.Expression) (sql.Expression, error) {
	return &FieldSelect{f.base, c[0], f.i}, nil
}
func (f *FieldSelect) String() string { return fmt.Sprintf("(%s).f%d", f.rec, f.i+1) }
