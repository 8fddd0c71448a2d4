package expr

import (
	"math"
	"sort"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/shopspring/decimal"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// SRFColumn is one output column of a set-returning function.
type SRFColumn struct {
	Name string
	Type *types.Type
}

// srfRows is what a set-returning function's FuncImpl returns: its rows.
type srfRows [][]any

// srfStream is what a set-returning function returns when it makes its
// rows one at a time (generate_series), so a long series costs no memory,
// as in PostgreSQL; ok is false after the last row.
type srfStream interface {
	next(ctx *sql.Context) (row []any, ok bool, err error)
}

// seriesStream yields the values of a series: more reports whether v is
// still in it, step moves to the next value (done ends the series early,
// before an overflow).
type seriesStream[T any] struct {
	v    T
	more func(T) bool
	step func(T) (next T, done bool)
	out  func(T) any
	n    int
	done bool
}

func (s *seriesStream[T]) next(ctx *sql.Context) ([]any, bool, error) {
	if s.done || !s.more(s.v) {
		return nil, false, nil
	}
	if err := checkCanceled(ctx, s.n); err != nil {
		return nil, false, err
	}
	s.n++
	row := []any{s.out(s.v)}
	s.v, s.done = s.step(s.v)
	return row, true, nil
}

// drain collects a stream's rows, for callers that need them all.
func drain(ctx *sql.Context, st srfStream) (srfRows, error) {
	var rows srfRows
	for {
		r, ok, err := st.next(ctx)
		if err != nil || !ok {
			return rows, err
		}
		rows = append(rows, r)
	}
}

// srfPrefix keeps set-returning functions apart from scalar ones in the registry:
// they resolve overloads the same way but are only callable in FROM (or
// rewritten there from the SELECT list).
const srfPrefix = "srf:"

// srfColumns names the columns of multi-column SRFs; single-column ones
// return one column named after the function, of the FuncImpl's result type.
var srfColumns = map[string][]SRFColumn{
	"jsonb_each":      {{"key", types.Text}, {"value", types.JSONB}},
	"jsonb_each_text": {{"key", types.Text}, {"value", types.Text}},
	"json_each":       {{"key", types.Text}, {"value", types.JSON}},
	"json_each_text":  {{"key", types.Text}, {"value", types.Text}},
	// srf_partitions.go
	"pg_partition_tree": {{"relid", types.Regclass}, {"parentrelid", types.Regclass}, {"isleaf", types.Bool}, {"level", types.Int4}},
	// srf_options.go
	"pg_options_to_table": {{"option_name", types.Text}, {"option_value", types.Text}},
	// srf_event_trigger.go
	"pg_event_trigger_ddl_commands": {{"classid", types.Oid}, {"objid", types.Oid}, {"objsubid", types.Int4},
		{"command_tag", types.Text}, {"object_type", types.Text}, {"schema_name", types.Text},
		{"object_identity", types.Text}, {"in_extension", types.Bool}},
	"pg_event_trigger_dropped_objects": {{"classid", types.Oid}, {"objid", types.Oid}, {"objsubid", types.Int4},
		{"original", types.Bool}, {"normal", types.Bool}, {"is_temporary", types.Bool}, {"object_type", types.Text},
		{"schema_name", types.Text}, {"object_name", types.Text}, {"object_identity", types.Text},
		{"address_names", types.ArrayOf(types.Text)}, {"address_args", types.ArrayOf(types.Text)}},
}

// srfOutNamed are single-column SRFs whose column is their OUT parameter.
var srfOutNamed = map[string]string{"pg_partition_ancestors": "relid"}

// srfValueNamed are single-column SRFs whose column PostgreSQL names "value".
var srfValueNamed = map[string]bool{
	"jsonb_array_elements": true, "jsonb_array_elements_text": true,
	"json_array_elements": true, "json_array_elements_text": true,
}

// SRFColumnNames returns the column names of a built-in set-returning
// function as PostgreSQL names them before any table alias renames them
// ("value" for the JSON array element functions, the function's own name
// for other base-type results), and whether it returns a base type. ok is
// false for functions that are not built-in SRFs or whose columns come
// from a column definition list.
func SRFColumnNames(name string) (cols []string, scalar, ok bool) {
	if !IsSRF(name) || recordSRFs[name] {
		return nil, false, false
	}
	if cs := srfColumns[name]; cs != nil {
		for _, c := range cs {
			cols = append(cols, c.Name)
		}
		return cols, false, true
	}
	if srfValueNamed[name] {
		return []string{"value"}, true, true
	}
	if out, ok := srfOutNamed[name]; ok {
		return []string{out}, true, true
	}
	return []string{name}, true, true
}

// IsSRF reports whether name is a set-returning function.
func IsSRF(name string) bool {
	return Builtins().Has(srfPrefix + name)
}

// NewSRFCall resolves a set-returning function call; the expression
// evaluates to the function's rows.
func NewSRFCall(env *types.Env, name string, args []sql.Expression) (sql.Expression, []SRFColumn, error) {
	call, err := NewFuncCall(env, srfPrefix+name, args)
	if err != nil {
		if pe, ok := pgerror.As(err); ok && pe.Code == pgerror.UndefinedFunction {
			ats := make([]*types.Type, len(args))
			for i, a := range args {
				ats[i] = TypeOf(a)
			}
			return nil, nil, errUndefinedFunction(name, ats)
		}
		return nil, nil, err
	}
	if fc, ok := call.(*FuncCall); ok && fc.impl.Columns != nil {
		return call, fc.impl.Columns, nil
	}
	if cols, ok := srfColumns[name]; ok {
		return call, cols, nil
	}
	col := name
	if srfValueNamed[name] {
		col = "value"
	}
	if out, ok := srfOutNamed[name]; ok {
		col = out
	}
	return call, []SRFColumn{{col, TypeOf(call)}}, nil
}

// addSRF registers a set-returning function. SRFs are never folded at plan
// time: their rows are produced at run time, under the statement's context.
func addSRF(r *Registry, name string, impl FuncImpl) {
	impl.Volatile = true
	r.Add(srfPrefix+name, impl)
}

func oneColumn(vals []any) srfRows {
	rows := make(srfRows, len(vals))
	for i, v := range vals {
		rows[i] = []any{v}
	}
	return rows
}

// AddSeriesSRFs adds the set-returning functions (docs 9.25) over series, arrays, JSON and strings.
// A family of session.Builtins.
func AddSeriesSRFs(r *Registry) {
	T, J, JS := types.Text, types.JSONB, types.JSON
	for _, t := range []*types.Type{types.Int4, types.Int8, types.Numeric} {
		t := t
		gs := func(ctx *sql.Context, _ *types.Env, a []any) (any, error) {
			if t.Kind != types.KindNumeric {
				return intSeries(ctx, t, a)
			}
			start, _ := toDecimal(a[0])
			stop, _ := toDecimal(a[1])
			step := decimal.NewFromInt(1)
			if len(a) > 2 {
				step, _ = toDecimal(a[2])
			}
			if step.IsZero() {
				return nil, pgerror.New(pgerror.InvalidParameterValue, "step size cannot equal zero")
			}
			return &seriesStream[decimal.Decimal]{
				v: start,
				more: func(v decimal.Decimal) bool {
					return step.Sign() > 0 && v.Cmp(stop) <= 0 || step.Sign() < 0 && v.Cmp(stop) >= 0
				},
				step: func(v decimal.Decimal) (decimal.Decimal, bool) { return v.Add(step), false },
				out:  func(v decimal.Decimal) any { return v },
			}, nil
		}
		addSRF(r, "generate_series", FuncImpl{Args: []*types.Type{t, t}, Result: Fixed(t), Fn: gs})
		addSRF(r, "generate_series", FuncImpl{Args: []*types.Type{t, t, t}, Result: Fixed(t), Fn: gs})
	}
	for _, t := range []*types.Type{types.Timestamptz, types.Timestamp} {
		tz := t.Kind == types.KindTimestamptz
		addSRF(r, "generate_series", FuncImpl{Args: []*types.Type{t, t, types.Interval}, Result: Fixed(t), Fn: func(ctx *sql.Context, env *types.Env, a []any) (any, error) {
			start, stop := a[0].(time.Time), a[1].(time.Time)
			step := a[2].(types.IntervalVal)
			if step == (types.IntervalVal{}) {
				return nil, pgerror.New(pgerror.InvalidParameterValue, "step size cannot equal zero")
			}
			forward := addInterval(start, step, tz, env).After(start)
			return &seriesStream[time.Time]{
				v:    start,
				more: func(v time.Time) bool { return forward && !v.After(stop) || !forward && !v.Before(stop) },
				step: func(v time.Time) (time.Time, bool) { return addInterval(v, step, tz, env), false },
				out:  func(v time.Time) any { return v },
			}, nil
		}})
	}
	addSRF(r, "unnest", FuncImpl{Args: []*types.Type{anyArray}, Result: func(ts []*types.Type) *types.Type {
		if ts[0].Elem != nil {
			return ts[0].Elem
		}
		return T
	}, Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		return oneColumn(a[0].(*types.Array).Values), nil
	}})
	addSRF(r, "generate_subscripts", FuncImpl{Args: []*types.Type{anyArray, types.Int4}, Result: Fixed(types.Int4), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		arr, dim := a[0].(*types.Array), int(bfAsInt(a[1]))
		if dim < 1 || dim > len(arr.Dims) {
			return srfRows{}, nil
		}
		var rows srfRows
		for i := 0; i < arr.Dims[dim-1]; i++ {
			rows = append(rows, []any{int32(arr.Lower[dim-1] + i)})
		}
		return rows, nil
	}})
	elems := func(text, isJSON bool) func(*sql.Context, *types.Env, []any) (any, error) {
		return func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
			v, err := jsonArg(a[0], isJSON)
			if err != nil {
				return nil, err
			}
			arr, ok := v.([]any)
			if !ok {
				what := "a scalar"
				if _, obj := v.(*types.JSONObject); obj {
					what = "an object"
				}
				return nil, pgerror.New(pgerror.InvalidParameterValue, "cannot extract elements from %s", what)
			}
			rows := make(srfRows, len(arr))
			for i, e := range arr {
				rows[i] = []any{jsonOut(e, text, isJSON)}
			}
			return rows, nil
		}
	}
	addSRF(r, "jsonb_array_elements", FuncImpl{Args: []*types.Type{J}, Result: Fixed(J), Fn: elems(false, false)})
	addSRF(r, "jsonb_array_elements_text", FuncImpl{Args: []*types.Type{J}, Result: Fixed(T), Fn: elems(true, false)})
	addSRF(r, "json_array_elements", FuncImpl{Args: []*types.Type{JS}, Result: Fixed(JS), Fn: elems(false, true)})
	addSRF(r, "json_array_elements_text", FuncImpl{Args: []*types.Type{JS}, Result: Fixed(T), Fn: elems(true, true)})
	each := func(text, isJSON bool, keysOnly bool, name string) func(*sql.Context, *types.Env, []any) (any, error) {
		return func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
			v, err := jsonArg(a[0], isJSON)
			if err != nil {
				return nil, err
			}
			obj, ok := v.(*types.JSONObject)
			if !ok {
				what := "a scalar"
				if _, arr := v.([]any); arr {
					what = "an array"
				}
				if keysOnly {
					return nil, pgerror.New(pgerror.InvalidParameterValue, "cannot call %s on %s", name, what)
				}
				return nil, pgerror.New(pgerror.InvalidParameterValue, "cannot call %s on a non-object", name)
			}
			if isJSON {
				// json keeps its members as written: duplicates, order and
				// spacing (json_each.go)
				if rows, ok := jsonEachSource(a[0].(string), text, keysOnly); ok {
					return rows, nil
				}
			}
			keys, vals := obj.Keys, obj.Vals
			if isJSON {
				keys, vals = jsonSourceOrder(a[0].(string), obj)
			}
			rows := make(srfRows, len(keys))
			for i, k := range keys {
				if keysOnly {
					rows[i] = []any{k}
				} else {
					rows[i] = []any{k, jsonOut(vals[i], text, isJSON)}
				}
			}
			return rows, nil
		}
	}
	addSRF(r, "jsonb_each", FuncImpl{Args: []*types.Type{J}, Result: Fixed(types.Record), Fn: each(false, false, false, "jsonb_each")})
	addSRF(r, "jsonb_each_text", FuncImpl{Args: []*types.Type{J}, Result: Fixed(types.Record), Fn: each(true, false, false, "jsonb_each_text")})
	addSRF(r, "json_each", FuncImpl{Args: []*types.Type{JS}, Result: Fixed(types.Record), Fn: each(false, true, false, "json_each")})
	addSRF(r, "json_each_text", FuncImpl{Args: []*types.Type{JS}, Result: Fixed(types.Record), Fn: each(true, true, false, "json_each_text")})
	addSRF(r, "jsonb_object_keys", FuncImpl{Args: []*types.Type{J}, Result: Fixed(T), Fn: each(false, false, true, "jsonb_object_keys")})
	addSRF(r, "json_object_keys", FuncImpl{Args: []*types.Type{JS}, Result: Fixed(T), Fn: each(false, true, true, "json_object_keys")})
	split := func(_ *sql.Context, env *types.Env, a []any) (any, error) {
		if a[0] == nil {
			return srfRows{}, nil
		}
		v, err := Builtins().Overloads("string_to_array")[len(a)-2].Fn(nil, env, a)
		if err != nil || v == nil {
			return nil, err
		}
		return oneColumn(v.(*types.Array).Values), nil
	}
	addSRF(r, "string_to_table", FuncImpl{Args: []*types.Type{T, T}, Result: Fixed(T), Fn: split, NonStrict: true})
	addSRF(r, "string_to_table", FuncImpl{Args: []*types.Type{T, T, T}, Result: Fixed(T), Fn: split, NonStrict: true})
	addSRF(r, "regexp_split_to_table", FuncImpl{Args: []*types.Type{T, T}, Result: Fixed(T), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		re, err := bfPgRegexp(a[1].(string), "")
		if err != nil {
			return nil, err
		}
		parts := re.Split(a[0].(string), -1)
		vals := make([]any, len(parts))
		for i, p := range parts {
			vals[i] = p
		}
		return oneColumn(vals), nil
	}})
	matches := func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		flags := ""
		if len(a) > 2 {
			flags = a[2].(string)
		}
		re, err := bfPgRegexp(a[1].(string), flags)
		if err != nil {
			return nil, err
		}
		s := a[0].(string)
		n := 1
		if strings.Contains(flags, "g") {
			n = -1
		}
		var rows srfRows
		for _, m := range re.FindAllStringSubmatchIndex(s, n) {
			var vals []any
			if len(m) == 2 {
				vals = []any{s[m[0]:m[1]]}
			}
			for i := 2; i < len(m); i += 2 {
				if m[i] < 0 {
					vals = append(vals, nil)
				} else {
					vals = append(vals, s[m[i]:m[i+1]])
				}
			}
			rows = append(rows, []any{types.NewArray(T, vals)})
		}
		return rows, nil
	}
	addSRF(r, "regexp_matches", FuncImpl{Args: []*types.Type{T, T}, Result: Fixed(types.ArrayOf(T)), Fn: matches})
	addSRF(r, "regexp_matches", FuncImpl{Args: []*types.Type{T, T, T}, Result: Fixed(types.ArrayOf(T)), Fn: matches})
}

// jsonArg returns the jsonb value form of a json or jsonb argument.
func jsonArg(v any, isJSON bool) (any, error) {
	if !isJSON {
		return v.(types.JSONDoc).V, nil
	}
	d, err := types.ParseJSON(v.(string), types.JSONB)
	if err != nil {
		return nil, err
	}
	if doc, ok := d.(types.JSONDoc); ok {
		return doc.V, nil
	}
	return d, nil
}

// jsonOut renders one element as the SRF's column value.
func jsonOut(v any, text, isJSON bool) any {
	if text {
		switch x := v.(type) {
		case nil:
			return nil
		case string:
			return x
		}
		return types.FormatJSONB(v)
	}
	if isJSON {
		return types.FormatJSONB(v)
	}
	return types.JSONDoc{V: v}
}

// jsonSourceOrder returns a json object's keys in source order (json,
// unlike jsonb, keeps them as written).
func jsonSourceOrder(src string, obj *types.JSONObject) ([]string, []any) {
	type kv struct {
		pos int
		k   string
		v   any
	}
	var out []kv
	for i, k := range obj.Keys {
		q := `"` + k + `"`
		out = append(out, kv{strings.Index(src, q), k, obj.Vals[i]})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].pos < out[j].pos })
	keys := make([]string, len(out))
	vals := make([]any, len(out))
	for i, e := range out {
		keys[i], vals[i] = e.k, e.v
	}
	return keys, vals
}

// addInterval adds an interval to a timestamp: months and days on the
// calendar (in the session zone for timestamptz), then the time part.
func addInterval(t time.Time, iv types.IntervalVal, tz bool, env *types.Env) time.Time {
	if iv.Months == 0 && iv.Days == 0 {
		// no calendar part: the zone is not consulted again, as in
		// PostgreSQL (adding hours across a fall-back keeps counting)
		return t.Add(time.Duration(iv.Micros) * time.Microsecond)
	}
	// the calendar arithmetic runs on the wall clock as a UTC time, so
	// that no step lands in a zone's transition before bfFromLocal reads it
	l := bfLocalOf(t, tz, env)
	l = time.Date(l.Year(), l.Month(), l.Day(), l.Hour(), l.Minute(), l.Second(), l.Nanosecond(), time.UTC)
	if iv.Months != 0 {
		// PostgreSQL clamps to the last day of the target month
		y, m, d := l.Date()
		first := time.Date(y, m, 1, l.Hour(), l.Minute(), l.Second(), l.Nanosecond(), time.UTC).AddDate(0, int(iv.Months), 0)
		if last := first.AddDate(0, 1, -1).Day(); d > last {
			d = last
		}
		l = first.AddDate(0, 0, d-1)
	}
	l = l.AddDate(0, 0, int(iv.Days))
	r := bfFromLocal(l, tz, env)
	return r.Add(time.Duration(iv.Micros) * time.Microsecond)
}

// SRFIsMultiColumn reports whether an SRF returns several columns.
func SRFIsMultiColumn(name string) bool {
	_, ok := srfColumns[name]
	return ok
}

// recordSRFs return JSON objects that a column definition list turns into
// typed columns (jsonb_to_record and friends, docs 9.16.1).
var recordSRFs = map[string]bool{
	"jsonb_to_record": true, "jsonb_to_recordset": true, "json_to_record": true, "json_to_recordset": true,
}

// AddRecordSRFs adds jsonb_to_record(set) and json_to_record(set).
// A family of session.Builtins.
func AddRecordSRFs(r *Registry) {
	for name := range recordSRFs {
		isJSON := strings.HasPrefix(name, "json_")
		set := strings.HasSuffix(name, "set")
		arg := types.JSONB
		if isJSON {
			arg = types.JSON
		}
		addSRF(r, name, FuncImpl{Args: []*types.Type{arg}, Result: Fixed(types.Record), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
			v, err := jsonArg(a[0], isJSON)
			if err != nil {
				return nil, err
			}
			items := []any{v}
			if set {
				arr, ok := v.([]any)
				if !ok {
					return nil, pgerror.New(pgerror.InvalidParameterValue, "cannot call %s on a non-array", name)
				}
				items = arr
			}
			rows := make(srfRows, len(items))
			for i, it := range items {
				if _, ok := it.(*types.JSONObject); !ok {
					if set {
						return nil, pgerror.New(pgerror.InvalidParameterValue, "argument of %s must be an array of objects", name)
					}
					return nil, pgerror.New(pgerror.InvalidParameterValue, "cannot call %s on a non-object", name)
				}
				rows[i] = []any{it}
			}
			return rows, nil
		}})
	}
}

// jsonToColumn converts a JSON value to a column of type t as
// jsonb_populate_record does: strings are read as the type's input,
// arrays become arrays, json/jsonb columns take the value itself.
func jsonToColumn(v any, t *types.Type, env *types.Env) (any, error) {
	if v == nil {
		return nil, nil
	}
	switch t.Base().Kind {
	case types.KindJSONB:
		return types.JSONDoc{V: v}, nil
	case types.KindJSON:
		return types.FormatJSONB(v), nil
	case types.KindArray:
		if arr, ok := v.([]any); ok {
			vals := make([]any, len(arr))
			for i, e := range arr {
				c, err := jsonToColumn(e, t.Base().Elem, env)
				if err != nil {
					return nil, err
				}
				vals[i] = c
			}
			return types.NewArray(t.Base().Elem, vals), nil
		}
	}
	s, ok := v.(string)
	if !ok {
		s = types.FormatJSONB(v)
	}
	return types.Input(t, s, env)
}

// intSeries is generate_series over int4 / int8 in integer arithmetic.
func intSeries(ctx *sql.Context, t *types.Type, a []any) (any, error) {
	start, stop, step := toInt(a[0]), toInt(a[1]), int64(1)
	if len(a) > 2 {
		step = toInt(a[2])
	}
	if step == 0 {
		return nil, pgerror.New(pgerror.InvalidParameterValue, "step size cannot equal zero")
	}
	int4 := t.Kind == types.KindInt4
	return &seriesStream[int64]{
		v:    start,
		more: func(v int64) bool { return step > 0 && v <= stop || step < 0 && v >= stop },
		step: func(v int64) (int64, bool) {
			// the next value would overflow, so this was the last
			return v + step, step > 0 && v > math.MaxInt64-step || step < 0 && v < math.MinInt64-step
		},
		out: func(v int64) any {
			if int4 {
				return int32(v)
			}
			return v
		},
	}, nil
}

// checkCanceled lets a long-running set-returning function stop when the
// statement is canceled or times out, checking every few thousand rows.
func checkCanceled(ctx *sql.Context, n int) error {
	if n&4095 != 0 || ctx == nil {
		return nil
	}
	return ctx.Err()
}

// SRFKey is the key of a set-returning function's overloads in the registry.
func SRFKey(name string) string { return srfPrefix + name }
