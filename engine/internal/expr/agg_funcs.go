package expr

import (
	"bytes"
	"math"
	"slices"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/shopspring/decimal"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// resolveAggregate picks the implementation of a built-in aggregate
// (PostgreSQL docs 9.21) for the argument types, coercing unknown
// literals.
func resolveAggregate(env *types.Env, spec *AggSpec, args []sql.Expression, ats []*types.Type) (*aggDef, []sql.Expression, error) {
	name := spec.Name
	undefined := func() (*aggDef, []sql.Expression, error) {
		if spec.Star {
			return nil, nil, pgerror.New(pgerror.UndefinedFunction, "function %s(*) does not exist", name)
		}
		return nil, nil, errUndefinedFunction(name, ats)
	}
	if regrAggregates[name] && !spec.Star {
		return regrAggregate(env, name, args, ats) // agg_regr.go
	}
	// unknown literals become text, as PostgreSQL resolves them for
	// polymorphic and text aggregates
	coerced := make([]sql.Expression, len(args))
	for i, a := range args {
		coerced[i] = a
		if ats[i].Kind == types.KindUnknown {
			c, err := Coerce(env, a, types.Text, types.CastImplicit)
			if err != nil {
				return nil, nil, err
			}
			coerced[i] = c
		}
	}
	ts := make([]*types.Type, len(coerced))
	for i, c := range coerced {
		ts[i] = TypeOf(c)
	}
	if d, ok := sublinkAggregate(name, ts); ok {
		return d, coerced, nil
	}
	one := len(ts) == 1
	var k types.Kind
	if len(ts) > 0 {
		k = ts[0].Base().Kind
	}
	switch name {
	case "count":
		if spec.Star || one {
			return &aggDef{result: types.Int8, strict: true, newState: func(*types.Env) aggState { return &countState{} }}, coerced, nil
		}
	case "sum":
		if !one {
			break
		}
		switch k {
		case types.KindInt2, types.KindInt4:
			return &aggDef{result: types.Int8, strict: true, newState: func(*types.Env) aggState { return &intSumState{} }}, coerced, nil
		case types.KindInt8, types.KindNumeric:
			return &aggDef{result: types.Numeric, strict: true, newState: func(*types.Env) aggState { return &numSumState{} }}, coerced, nil
		case types.KindFloat4, types.KindFloat8:
			return &aggDef{result: ts[0].Base(), strict: true, newState: func(*types.Env) aggState { return &floatSumState{f4: k == types.KindFloat4} }}, coerced, nil
		case types.KindInterval:
			return binopFold(env, "+", ts[0], nil)
		}
	case "avg":
		if !one {
			break
		}
		switch k {
		case types.KindInt2, types.KindInt4, types.KindInt8, types.KindNumeric:
			return &aggDef{result: types.Numeric, strict: true, newState: func(*types.Env) aggState { return &numSumState{avg: true} }}, coerced, nil
		case types.KindFloat4, types.KindFloat8:
			return &aggDef{result: types.Float8, strict: true, newState: func(*types.Env) aggState { return &floatSumState{avg: true} }}, coerced, nil
		case types.KindInterval:
			return intervalAvg(env, ts[0])
		}
	case "min", "max":
		if !one {
			break
		}
		// PostgreSQL has min and max for ordered scalar types and arrays;
		// these types have none (jsonb and uuid sort, but lack the
		// aggregate)
		switch k {
		case types.KindJSON, types.KindJSONB, types.KindUUID, types.KindBytea, types.KindBool,
			types.KindRecord, types.KindUnknown, types.KindVoid, types.KindRange, types.KindMultirange,
			types.KindTSVector, types.KindTSQuery, types.KindBit, types.KindMacaddr, types.KindMacaddr8,
			types.KindPoint, types.KindLseg, types.KindPolygon, types.KindXML, types.KindACLItem:
			return undefined()
		}
		// aggregates return the plain type: no typmod, varchar through max(text)
		t := ts[0].Base().WithMod(-1)
		if t.Kind == types.KindVarchar || t.Kind == types.KindName || t.Kind == types.KindChar {
			t = types.Text
		}
		want := 1
		if name == "min" {
			want = -1
		}
		return &aggDef{result: t, strict: true, newState: func(*types.Env) aggState { return &extremeState{t: t, want: want} }}, coerced, nil
	case "bool_and", "bool_or", "every":
		if one && k == types.KindBool {
			and := name != "bool_or"
			return &aggDef{result: types.Bool, strict: true, newState: func(*types.Env) aggState { return &boolState{and: and} }}, coerced, nil
		}
	case "array_agg":
		if one && !ts[0].IsArray() {
			t := ts[0].Base().WithMod(-1)
			at := types.ArrayOf(t)
			if at == nil { // void has no array type
				return nil, nil, pgerror.New(pgerror.UndefinedObject, "could not find array type for data type %s", t.FormatType())
			}
			return &aggDef{result: at, newState: func(*types.Env) aggState { return &arrayState{elem: t} }}, coerced, nil
		}
		if one { // array_agg(anyarray): the inputs stacked one dimension up
			t := ts[0].Base().WithMod(-1)
			return &aggDef{result: t, newState: func(*types.Env) aggState { return &arrayOfArraysState{elem: t.Elem} }}, coerced, nil
		}
	case "string_agg":
		if len(ts) == 2 && ts[0].IsString() && ts[1].IsString() {
			return &aggDef{result: types.Text, newState: func(*types.Env) aggState { return &stringAggState{} }}, coerced, nil
		}
	case "json_agg", "jsonb_agg":
		if one {
			t := ts[0]
			if name == "json_agg" {
				return &aggDef{result: types.JSON, newState: func(env *types.Env) aggState { return &jsonAggState{t: t, env: env} }}, coerced, nil
			}
			return &aggDef{result: types.JSONB, newState: func(env *types.Env) aggState { return &jsonAggState{t: t, env: env, binary: true} }}, coerced, nil
		}
	case "json_object_agg", "jsonb_object_agg":
		if len(ts) == 2 {
			kt, vt := ts[0], ts[1]
			bin := name == "jsonb_object_agg"
			res := types.JSON
			if bin {
				res = types.JSONB
			}
			return &aggDef{result: res, newState: func(env *types.Env) aggState {
				return &jsonObjectAggState{kt: kt, vt: vt, env: env, binary: bin}
			}}, coerced, nil
		}
	case "range_agg", "range_intersect_agg":
		if one {
			if d := rangeAggregate(name, ts[0]); d != nil { // agg_multirange.go
				return d, coerced, nil
			}
		}
	case "stddev", "stddev_samp", "stddev_pop", "variance", "var_samp", "var_pop":
		if !one {
			break
		}
		pop := strings.HasSuffix(name, "_pop")
		sqrt := strings.HasPrefix(name, "stddev")
		switch k {
		case types.KindInt2, types.KindInt4, types.KindInt8, types.KindNumeric:
			return &aggDef{result: types.Numeric, strict: true, newState: func(*types.Env) aggState { return &varianceState{pop: pop, sqrt: sqrt, numeric: true} }}, coerced, nil
		case types.KindFloat4, types.KindFloat8:
			return &aggDef{result: types.Float8, strict: true, newState: func(*types.Env) aggState { return &varianceState{pop: pop, sqrt: sqrt} }}, coerced, nil
		}
	default:
		return nil, nil, pgerror.New(pgerror.UndefinedFunction, "function %s does not exist", name)
	}
	return undefined()
}

type countState struct{ n int64 }

func (s *countState) step([]any) error    { s.n++; return nil }
func (s *countState) final() (any, error) { return s.n, nil }

type intSumState struct {
	sum  int64
	seen bool
}

func (s *intSumState) step(v []any) error {
	n, _ := asInt64(v[0])
	s.sum += n
	s.seen = true
	return nil
}
func (s *intSumState) final() (any, error) {
	if !s.seen {
		return nil, nil
	}
	return s.sum, nil
}

// numSumState sums exactly in numeric; avg divides with numeric's scale
// rules (sum(int8) and avg(integers) are numeric in PostgreSQL).
type numSumState struct {
	sum decimal.Decimal
	n   int64
	avg bool
	nan numSpecialCounts
}

func (s *numSumState) step(v []any) error {
	switch x := v[0].(type) {
	case decimal.Decimal:
		s.sum = s.sum.Add(x)
	case types.NumericSpecial:
		s.nan.add(x)
	default:
		n, _ := asInt64(x)
		s.sum = s.sum.Add(decimal.NewFromInt(n))
	}
	s.n++
	return nil
}
func (s *numSumState) final() (any, error) {
	if s.n == 0 {
		return nil, nil
	}
	if r, ok := s.nan.result(); ok {
		return r, nil
	}
	if s.avg {
		return NumericDiv(s.sum, decimal.NewFromInt(s.n))
	}
	return s.sum, nil
}

type floatSumState struct {
	sum     float64
	n       int64
	avg, f4 bool
}

func (s *floatSumState) step(v []any) error {
	var x float64
	switch y := v[0].(type) {
	case float32:
		x = float64(y)
	case float64:
		x = y
	}
	if s.n == 0 && !s.avg {
		s.sum = x // sum starts from its first input (float8pl from a NULL state): sum(-0) is -0
	} else {
		s.sum += x
	}
	s.n++
	return nil
}
func (s *floatSumState) final() (any, error) {
	if s.n == 0 {
		return nil, nil
	}
	if s.avg {
		return s.sum / float64(s.n), nil
	}
	if s.f4 {
		return float32(s.sum), nil
	}
	return s.sum, nil
}

func asInt64(v any) (int64, bool) {
	switch x := v.(type) {
	case int16:
		return int64(x), true
	case int32:
		return int64(x), true
	case int64:
		return x, true
	case int:
		return int64(x), true
	case uint32:
		return int64(x), true
	}
	return 0, false
}

// binopFold aggregates with an operator (sum(interval)).
func binopFold(env *types.Env, op string, t *types.Type, _ any) (*aggDef, []sql.Expression, error) {
	l, r := &slotExpr{base: base{t}}, &slotExpr{base: base{t}}
	e, err := NewBinOp(env, op, l, r)
	if err != nil {
		return nil, nil, err
	}
	return &aggDef{result: TypeOf(e), strict: true, newState: func(*types.Env) aggState {
		return &foldState{e: e, l: l, r: r}
	}}, nil, nil
}

// slotExpr is a placeholder whose value the caller sets before Eval.
type slotExpr struct {
	base
	v any
}

func (s *slotExpr) Eval(*sql.Context, sql.Row) (any, error)                { return s.v, nil }
func (s *slotExpr) Children() []sql.Expression                             { return nil }
func (s *slotExpr) WithChildren(...sql.Expression) (sql.Expression, error) { return s, nil }
func (s *slotExpr) String() string                                         { return "$slot" }

type foldState struct {
	e    sql.Expression
	l, r *slotExpr
	acc  any
	seen bool
}

func (s *foldState) step(v []any) error {
	if !s.seen {
		s.acc, s.seen = v[0], true
		return nil
	}
	s.l.v, s.r.v = s.acc, v[0]
	r, err := s.e.Eval(sql.NewEmptyContext(), nil)
	s.acc = r
	return err
}
func (s *foldState) final() (any, error) { return s.acc, nil }

type extremeState struct {
	t    *types.Type
	want int
	v    any
}

func (s *extremeState) step(v []any) error {
	if s.v == nil || types.Compare(s.t, v[0], s.v) == s.want {
		s.v = v[0]
	}
	return nil
}
func (s *extremeState) final() (any, error) { return s.v, nil }

type boolState struct {
	and, seen, v bool
}

func (s *boolState) step(v []any) error {
	b := v[0].(bool)
	if !s.seen {
		s.v, s.seen = b, true
	} else if s.and {
		s.v = s.v && b
	} else {
		s.v = s.v || b
	}
	return nil
}
func (s *boolState) final() (any, error) {
	if !s.seen {
		return nil, nil
	}
	return s.v, nil
}

type arrayState struct {
	elem *types.Type
	vals []any
	seen bool
}

func (s *arrayState) step(v []any) error { s.vals = append(s.vals, v[0]); s.seen = true; return nil }
func (s *arrayState) final() (any, error) {
	if !s.seen {
		return nil, nil
	}
	return types.NewArray(s.elem, s.vals), nil
}

// arrayOfArraysState is array_agg over arrays (accumArrayResultArr):
// every input has the first one's dimensions, and none is NULL or empty.
type arrayOfArraysState struct {
	elem  *types.Type
	first *types.Array
	n     int
	vals  []any
}

func (s *arrayOfArraysState) step(v []any) error {
	a, _ := v[0].(*types.Array)
	switch {
	case a == nil:
		return pgerror.New(pgerror.NullValueNotAllowed, "cannot accumulate null arrays")
	case len(a.Dims) == 0:
		return pgerror.New(pgerror.ArraySubscriptError, "cannot accumulate empty arrays")
	case s.first == nil:
		if len(a.Dims)+1 > 6 {
			return pgerror.New(pgerror.ProgramLimitExceeded, "number of array dimensions (%d) exceeds the maximum allowed (%d)", len(a.Dims)+1, 6)
		}
		s.first = a
	case !slices.Equal(a.Dims, s.first.Dims) || !slices.Equal(a.Lower, s.first.Lower):
		return pgerror.New(pgerror.ArraySubscriptError, "cannot accumulate arrays of different dimensionality")
	}
	s.vals = append(s.vals, a.Values...)
	s.n++
	return nil
}

func (s *arrayOfArraysState) final() (any, error) {
	if s.first == nil {
		return nil, nil
	}
	return &types.Array{Elem: s.elem, Dims: append([]int{s.n}, s.first.Dims...), Lower: append([]int{1}, s.first.Lower...), Values: s.vals}, nil
}

type stringAggState struct {
	b    strings.Builder
	seen bool
}

func (s *stringAggState) step(v []any) error {
	if v[0] == nil {
		return nil
	}
	if s.seen {
		if d, ok := v[1].(string); ok {
			s.b.WriteString(d)
		}
	}
	s.b.WriteString(v[0].(string))
	s.seen = true
	return nil
}
func (s *stringAggState) final() (any, error) {
	if !s.seen {
		return nil, nil
	}
	return s.b.String(), nil
}

// jsonValueOf converts a value of type t to the jsonb value form; json
// values are parsed.
func jsonValueOf(t *types.Type, v any, env *types.Env) (any, error) {
	if rec, ok := v.(*types.RecordVal); ok {
		return recordJSONB(rec, env)
	}
	if t.Base().Kind == types.KindJSON && v != nil {
		d, err := types.ParseJSON(v.(string), types.JSONB)
		if err != nil {
			return nil, err
		}
		if doc, ok := d.(types.JSONDoc); ok {
			return doc.V, nil
		}
		return d, nil
	}
	if c, ok := v.(types.JSONCaster); ok {
		return unwrapRaw(bfToJSONValue(c, false, env)), nil
	}
	return bfToJSONValue(v, t.Base().Kind != types.KindTimestamp, env), nil
}

type jsonAggState struct {
	t      *types.Type
	env    *types.Env
	binary bool
	vals   []any
	text   bytes.Buffer
	seen   bool
}

func (s *jsonAggState) step(v []any) error {
	if s.binary {
		j, err := jsonValueOf(s.t, v[0], s.env)
		if err != nil {
			return err
		}
		s.vals = append(s.vals, j)
		s.seen = true
		return nil
	}
	if s.seen {
		s.text.WriteString(", ")
		// json_agg puts a line break before structured elements
		if k := s.t.Base().Kind; v[0] != nil && (k == types.KindArray || k == types.KindRecord) {
			s.text.WriteString("\n ")
		}
	} else {
		s.text.WriteByte('[')
	}
	s.seen = true
	writeJSONValueText(&s.text, s.t, v[0], s.env)
	return nil
}
func (s *jsonAggState) final() (any, error) {
	if !s.seen {
		return nil, nil
	}
	if s.binary {
		return types.JSONDoc{V: append([]any{}, s.vals...)}, nil
	}
	return s.text.String() + "]", nil
}

type jsonObjectAggState struct {
	kt, vt *types.Type
	env    *types.Env
	binary bool
	keys   []string
	vals   []any
	text   bytes.Buffer
	seen   bool
}

func (s *jsonObjectAggState) step(v []any) error {
	if v[0] == nil {
		return pgerror.New(pgerror.InvalidParameterValue, "field name must not be null")
	}
	key := types.Output(s.kt, v[0], s.env)
	if s.binary {
		j, err := jsonValueOf(s.vt, v[1], s.env)
		if err != nil {
			return err
		}
		s.keys = append(s.keys, key)
		s.vals = append(s.vals, j)
		s.seen = true
		return nil
	}
	if s.seen {
		s.text.WriteString(", ")
	} else {
		s.text.WriteString("{ ")
	}
	s.seen = true
	types.WriteJSONString(&s.text, key)
	s.text.WriteString(" : ")
	writeJSONValueText(&s.text, s.vt, v[1], s.env)
	return nil
}
func (s *jsonObjectAggState) final() (any, error) {
	if !s.seen {
		return nil, nil
	}
	if s.binary {
		return types.JSONDoc{V: types.NewJSONObject(s.keys, s.vals)}, nil
	}
	return s.text.String() + " }", nil
}

// varianceState computes the sample or population variance (and standard
// deviation) exactly in numeric for exact inputs, as PostgreSQL does.
type varianceState struct {
	pop, sqrt, numeric bool
	n                  int64
	sum, sumsq         decimal.Decimal
	fsum, fsumsq       float64
	nan                numSpecialCounts
}

func (s *varianceState) step(v []any) error {
	s.n++
	switch x := v[0].(type) {
	case types.NumericSpecial:
		s.nan.add(x)
	case decimal.Decimal:
		s.sum, s.sumsq = s.sum.Add(x), s.sumsq.Add(x.Mul(x))
	case float64:
		s.fsum, s.fsumsq = s.fsum+x, s.fsumsq+x*x
	case float32:
		f := float64(x)
		s.fsum, s.fsumsq = s.fsum+f, s.fsumsq+f*f
	default:
		n, _ := asInt64(x)
		d := decimal.NewFromInt(n)
		s.sum, s.sumsq = s.sum.Add(d), s.sumsq.Add(d.Mul(d))
	}
	return nil
}

func (s *varianceState) final() (any, error) {
	if s.n > 0 && s.nan.any() {
		return types.NumericNaN, nil // numeric_stddev_internal: any NaN or infinity
	}
	if s.n == 0 || (!s.pop && s.n == 1) {
		return nil, nil
	}
	den := s.n * s.n
	if !s.pop {
		den = s.n * (s.n - 1)
	}
	if !s.numeric {
		nf := float64(s.n)
		v := (nf*s.fsumsq - s.fsum*s.fsum) / float64(den)
		if v < 0 {
			v = 0
		}
		if s.sqrt {
			return math.Sqrt(v), nil
		}
		return v, nil
	}
	num := decimal.NewFromInt(s.n).Mul(s.sumsq).Sub(s.sum.Mul(s.sum))
	v, err := NumericDiv(num, decimal.NewFromInt(den))
	if err != nil || !s.sqrt {
		return v, err
	}
	f, _ := v.Float64()
	r := decimal.NewFromFloat(math.Sqrt(f))
	// refine with one Newton step at the division's scale
	if !r.IsZero() {
		q, err := NumericDiv(v, r)
		if err == nil {
			r = r.Add(q).Div(decimal.NewFromInt(2))
		}
	}
	return r.Round(-v.Exponent()), nil
}

// numSpecialCounts counts the NaNs and infinities a numeric sum or average
// has seen, as numeric_accum does: any NaN, or both infinities, make NaN;
// otherwise an infinity wins over every finite sum.
type numSpecialCounts struct{ nan, pinf, ninf int64 }

func (c *numSpecialCounts) add(n types.NumericSpecial) {
	switch n {
	case types.NumericNaN:
		c.nan++
	case types.NumericPosInf:
		c.pinf++
	default:
		c.ninf++
	}
}

func (c *numSpecialCounts) any() bool { return c.nan+c.pinf+c.ninf > 0 }

func (c *numSpecialCounts) result() (types.NumericSpecial, bool) {
	switch {
	case c.nan > 0 || c.pinf > 0 && c.ninf > 0:
		return types.NumericNaN, true
	case c.pinf > 0:
		return types.NumericPosInf, true
	case c.ninf > 0:
		return types.NumericNegInf, true
	}
	return 0, false
}
