package expr

import (
	"io"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/shopspring/decimal"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// SQLSTATEs of window argument errors (errcodes.txt).
const (
	errInvalidPrecedingOrFollowingSize = "22013"
	errInvalidArgumentForNtile         = "22014"
	errInvalidArgumentForNthValue      = "22016"
)

// winDef is a resolved window-only function (PostgreSQL docs 9.22).
type winDef struct {
	name   string
	result *types.Type
	args   []sql.Expression
}

// resolveWindowFunc resolves the general-purpose window functions; it
// returns nil for names that are aggregates.
func resolveWindowFunc(env *types.Env, name string, args []sql.Expression, ats []*types.Type) (*winDef, error) {
	wd := &winDef{name: name, args: append([]sql.Expression{}, args...)}
	intArg := func(i int) error {
		c, err := Coerce(env, args[i], types.Int4, types.CastImplicit)
		if err != nil {
			return errUndefinedFunction(name, ats)
		}
		wd.args[i] = c
		return nil
	}
	// the value argument is anyelement: an untyped literal has no type
	// to bind it to (PostgreSQL: 42804)
	valueType := func() (*types.Type, error) {
		if ats[0].Kind != types.KindUnknown {
			return ats[0], nil
		}
		if _, lit := args[0].(*Literal); lit {
			return nil, pgerror.New(pgerror.DatatypeMismatch, "could not determine polymorphic type because input has type unknown")
		}
		// a subquery's untyped literal column is text to its readers
		// (PostgreSQL resolves it when it analyses the subquery)
		wd.args[0], _ = Coerce(env, args[0], types.Text, types.CastImplicit)
		return types.Text, nil
	}
	switch name {
	case "row_number", "rank", "dense_rank", "percent_rank", "cume_dist":
		if len(args) != 0 {
			return nil, errUndefinedFunction(name, ats)
		}
		wd.result = types.Int8
		if name == "percent_rank" || name == "cume_dist" {
			wd.result = types.Float8
		}
	case "ntile":
		if len(args) != 1 {
			return nil, errUndefinedFunction(name, ats)
		}
		if err := intArg(0); err != nil {
			return nil, err
		}
		wd.result = types.Int4
	case "lag", "lead":
		if len(args) < 1 || len(args) > 3 {
			return nil, errUndefinedFunction(name, ats)
		}
		if len(args) >= 2 {
			if err := intArg(1); err != nil {
				return nil, err
			}
		}
		if len(args) == 3 {
			// lag(anycompatible, integer, anycompatible): the value and
			// the default meet at their common type, text when both are
			// untyped
			t, err := CommonType([]*types.Type{ats[0], ats[2]})
			if err != nil {
				return nil, errUndefinedFunction(name, ats)
			}
			// anycompatible drops the typmod: a default of 0 for a
			// numeric(10,2) column stays 0, not 0.00
			t = t.WithMod(-1)
			for _, i := range []int{0, 2} {
				c, err := Coerce(env, args[i], t, types.CastImplicit)
				if err != nil {
					return nil, errUndefinedFunction(name, ats)
				}
				wd.args[i] = c
			}
			wd.result = t
			break
		}
		t, err := valueType()
		if err != nil {
			return nil, err
		}
		wd.result = t.WithMod(-1)
	case "first_value", "last_value":
		if len(args) != 1 {
			return nil, errUndefinedFunction(name, ats)
		}
		t, err := valueType()
		if err != nil {
			return nil, err
		}
		wd.result = t
	case "nth_value":
		if len(args) != 2 {
			return nil, errUndefinedFunction(name, ats)
		}
		t, err := valueType()
		if err != nil {
			return nil, err
		}
		wd.result = t
		if err := intArg(1); err != nil {
			return nil, err
		}
	default:
		return nil, nil
	}
	return wd, nil
}

// NewWindowFunction implements sql.WindowAdaptableExpression.
func (a *Aggregate) NewWindowFunction() (sql.WindowFunction, error) {
	return &windowFn{a: a}, nil
}

// windowFn evaluates one window call over a sorted partition. It computes
// frames itself (PostgreSQL's RANGE/ROWS semantics with peers), so GMS's
// framer only walks the rows.
type windowFn struct {
	a          *Aggregate
	start, end int
	keys       [][]any // ORDER BY key values per partition row
	keyTypes   []*types.Type
	offs       []any // frame offsets
	offTypes   []*types.Type
	env        *types.Env
	// group is each row's peer group; groupFirst/groupLast bound the groups
	group                 []int
	groupFirst, groupLast []int
	// inc is the running state of the last frame [incStart, incEnd)
	inc              *aggBuffer
	incStart, incEnd int
}

var _ sql.WindowFunction = (*windowFn)(nil)

func (w *windowFn) Dispose()                        {}
func (w *windowFn) DefaultFramer() sql.WindowFramer { return &rowFramer{} }

func (w *windowFn) StartPartition(ctx *sql.Context, iv sql.WindowInterval, buf sql.WindowBuffer) error {
	w.start, w.end = iv.Start, iv.End
	w.inc = nil
	var order sql.SortFields
	if w.a.window != nil {
		order = w.a.window.OrderBy
	}
	w.keyTypes = w.keyTypes[:0]
	for _, o := range order {
		w.keyTypes = append(w.keyTypes, TypeOf(o.Column))
	}
	w.keys = make([][]any, iv.End-iv.Start)
	for i := iv.Start; i < iv.End; i++ {
		k := make([]any, len(order))
		for j, o := range order {
			v, err := o.Column.Eval(ctx, buf[i])
			if err != nil {
				return err
			}
			if v != nil {
				if _, ok := o.Column.Type().(*types.Type); !ok {
					v, _ = FromGMSValue(w.keyTypes[j], v)
				}
			}
			k[j] = v
		}
		w.keys[i-iv.Start] = k
	}
	w.groupPeers()
	w.offs, w.offTypes, w.env = nil, nil, EnvOf(ctx)
	if f := w.a.spec.Frame; f != nil {
		for _, idx := range []int{f.StartOff, f.EndOff} {
			if idx < 0 {
				w.offs, w.offTypes = append(w.offs, nil), append(w.offTypes, nil)
				continue
			}
			w.offTypes = append(w.offTypes, TypeOf(w.a.args[idx]))
			v, err := w.a.args[idx].Eval(ctx, nil)
			if err != nil {
				return err
			}
			if v == nil {
				return pgerror.New(pgerror.NullValueNotAllowed, "frame starting offset must not be null")
			}
			if n, ok := asInt64(v); ok && n < 0 {
				return pgerror.New(errInvalidPrecedingOrFollowingSize, "frame starting offset must not be negative")
			}
			if iv, ok := v.(types.IntervalVal); ok && types.Compare(types.Interval, iv, types.IntervalVal{}) < 0 {
				return pgerror.New(errInvalidPrecedingOrFollowingSize, "invalid preceding or following size in window function")
			}
			w.offs = append(w.offs, v)
		}
		if err := w.checkRangeOffsetTypes(); err != nil {
			return err
		}
	}
	return nil
}

// checkRangeOffsetTypes rejects a RANGE offset PostgreSQL has no in_range
// support function for (a timestamp key with an integer offset): the key
// type's + / - must take the offset and compare back with the key.
func (w *windowFn) checkRangeOffsetTypes() error {
	f := w.a.spec.Frame
	if f.Rows || f.Groups || len(w.keyTypes) == 0 {
		return nil
	}
	kt := w.keyTypes[len(w.keyTypes)-1]
	for _, offT := range w.offTypes {
		if offT == nil || kt == nil || (kt.Base().Category == 'N' && offT.Base().Category == 'N') {
			continue
		}
		sum, err := NewBinOp(w.env, "+", NewLiteral(kt, nil), NewLiteral(offT, nil))
		if err == nil {
			_, err = NewBinOp(w.env, "<", NewLiteral(kt, nil), NewLiteral(TypeOf(sum), nil))
		}
		if err != nil {
			return pgerror.New(pgerror.FeatureNotSupported, "RANGE with offset PRECEDING/FOLLOWING is not supported for column type %s and offset type %s",
				kt.WithMod(-1).FormatType(), offT.WithMod(-1).FormatType())
		}
	}
	return nil
}

func (w *windowFn) peers(i, j int) bool {
	return compareKeys(w.keys[i-w.start], w.keys[j-w.start], make([]SortKey, len(w.keyTypes)), w.keyTypes) == 0
}

// groupPeers numbers the peer groups of the partition (rows equal on
// every ORDER BY key), so peer bounds and dense ranks are O(1) per row.
func (w *windowFn) groupPeers() {
	n := w.end - w.start
	w.group = make([]int, n)
	w.groupFirst, w.groupLast = w.groupFirst[:0], w.groupLast[:0]
	for k := 0; k < n; k++ {
		if k == 0 || !w.peers(w.start+k-1, w.start+k) {
			w.groupFirst = append(w.groupFirst, w.start+k)
			w.groupLast = append(w.groupLast, w.start+k)
		}
		g := len(w.groupFirst) - 1
		w.group[k] = g
		w.groupLast[g] = w.start + k
	}
}

func (w *windowFn) firstPeer(i int) int { return w.groupFirst[w.group[i-w.start]] }
func (w *windowFn) lastPeer(i int) int  { return w.groupLast[w.group[i-w.start]] }

// frame returns the frame [s, e) of row i.
func (w *windowFn) frame(i int) (int, int) {
	f := w.a.spec.Frame
	if f == nil {
		if len(w.keyTypes) == 0 {
			return w.start, w.end
		}
		return w.start, w.lastPeer(i) + 1
	}
	clamp := func(x int) int {
		if x < w.start {
			return w.start
		}
		if x > w.end {
			return w.end
		}
		return x
	}
	bound := func(b FrameBound, off any, offT *types.Type, isEnd bool) int {
		switch b {
		case BoundUnboundedPreceding:
			return w.start
		case BoundUnboundedFollowing:
			return w.end
		case BoundCurrentRow:
			if f.Rows {
				if isEnd {
					return i + 1
				}
				return i
			}
			if isEnd {
				return w.lastPeer(i) + 1
			}
			return w.firstPeer(i)
		}
		if f.Groups {
			n, _ := asInt64(off)
			if b == BoundPreceding {
				n = -n
			}
			g := int64(w.group[i-w.start]) + n
			switch {
			case g < 0:
				return w.start
			case g >= int64(len(w.groupFirst)):
				return w.end
			case isEnd:
				return w.groupLast[g] + 1
			}
			return w.groupFirst[g]
		}
		if f.Rows {
			n, _ := asInt64(off)
			if b == BoundPreceding {
				n = -n
			}
			if isEnd {
				return clamp(i + int(n) + 1)
			}
			return clamp(i + int(n))
		}
		if j, ok := w.rangeOffsetTyped(i, b, off, offT, isEnd); ok {
			return j
		}
		return w.rangeOffset(i, b, off, isEnd)
	}
	s := bound(f.Start, w.offs[0], w.offTypes[0], false)
	e := bound(f.End, w.offs[1], w.offTypes[1], true)
	if e < s {
		e = s
	}
	return s, e
}

// rangeOffsetTyped finds a RANGE bound "off PRECEDING/FOLLOWING" over a
// single non-numeric ORDER BY key (date, timestamp, timestamptz, time,
// interval with an interval offset), with the key type's own + / - and
// comparison operators as PostgreSQL's in_range support functions use
// them. ok is false for numeric keys (rangeOffset) and when the operators
// do not resolve.
func (w *windowFn) rangeOffsetTyped(i int, b FrameBound, off any, offT *types.Type, isEnd bool) (int, bool) {
	last := len(w.keyTypes) - 1
	kt := w.keyTypes[last]
	if kt == nil || offT == nil || kt.Base().Category == 'N' {
		return 0, false
	}
	cur := w.keys[i-w.start][last]
	if cur == nil {
		return 0, false
	}
	desc := w.a.window.OrderBy[last].Order == sql.Descending
	op := "+"
	if (b == BoundPreceding) != desc {
		op = "-"
	}
	sum, err := NewBinOp(w.env, op, NewLiteral(kt, cur), NewLiteral(offT, off))
	target, ok := sum.(*Literal)
	if err != nil || !ok || target.Value == nil {
		return 0, false
	}
	tt := TypeOf(target)
	// cmp orders a key against the target: -1, 0 or 1; ok false when an
	// operator does not resolve
	test := func(op string, k any) (bool, bool) {
		e, err := NewBinOp(w.env, op, NewLiteral(kt, k), NewLiteral(tt, target.Value))
		l, ok := e.(*Literal)
		if err != nil || !ok {
			return false, false
		}
		v, _ := l.Value.(bool)
		return v, true
	}
	if _, ok := test("<", cur); !ok {
		return 0, false
	}
	// NULL keys sit at one end of the partition (NULLS FIRST / LAST): all
	// before the target there, or all after it
	nullsFirst := w.keys[0][last] == nil
	before := func(j int) bool {
		k := w.keys[j-w.start][last]
		if k == nil {
			return nullsFirst
		}
		v, _ := test(map[bool]string{false: "<", true: ">"}[desc], k)
		return v
	}
	after := func(j int) bool {
		k := w.keys[j-w.start][last]
		if k == nil {
			return !nullsFirst
		}
		v, _ := test(map[bool]string{false: ">", true: "<"}[desc], k)
		return v
	}
	if !isEnd {
		j := w.start
		for j < w.end && before(j) {
			j++
		}
		return j, true
	}
	j := w.end
	for j > w.start && after(j-1) {
		j--
	}
	return j, true
}

// rangeOffset finds a RANGE bound "off PRECEDING/FOLLOWING" over a single
// numeric ORDER BY key.
func (w *windowFn) rangeOffset(i int, b FrameBound, off any, isEnd bool) int {
	// the translator may put an IS NULL key before the ORDER BY column
	last := len(w.keyTypes) - 1
	key := func(j int) (decimal.Decimal, bool) {
		return toDecimal(w.keys[j-w.start][last])
	}
	cur, ok := key(i)
	o, _ := toDecimal(off)
	if !ok {
		if isEnd {
			return w.lastPeer(i) + 1
		}
		return w.firstPeer(i)
	}
	desc := w.a.window.OrderBy[last].Order == sql.Descending
	if (b == BoundPreceding) != desc {
		o = o.Neg()
	}
	target := cur.Add(o)
	// in sort order, a row is "before the target" when its key is on the
	// preceding side of target; NULL keys sit at one end of the partition
	// (NULLS FIRST / LAST)
	nullsFirst := w.keys[0][last] == nil
	before := func(j int) bool {
		k, ok := key(j)
		if !ok {
			return nullsFirst
		}
		if desc {
			return k.Cmp(target) > 0
		}
		return k.Cmp(target) < 0
	}
	after := func(j int) bool {
		k, ok := key(j)
		if !ok {
			return !nullsFirst
		}
		if desc {
			return k.Cmp(target) < 0
		}
		return k.Cmp(target) > 0
	}
	if !isEnd {
		j := w.start
		for j < w.end && before(j) {
			j++
		}
		return j
	}
	j := w.end
	for j > w.start && after(j-1) {
		j--
	}
	return j
}

func toDecimal(v any) (decimal.Decimal, bool) {
	switch x := v.(type) {
	case decimal.Decimal:
		return x, true
	case float64:
		return decimal.NewFromFloat(x), true
	case float32:
		return decimal.NewFromFloat32(x), true
	}
	if n, ok := asInt64(v); ok {
		return decimal.NewFromInt(n), true
	}
	return decimal.Decimal{}, false
}

// ErrorSink receives errors raised where go-mysql-server has no error
// result; the engine's session implements it and fails the statement
// with the first one when it reads the next row.
type ErrorSink interface {
	DeferError(error)
}

// DeferredError takes the error a window function left in ctx's session
// (ErrorSink), for readers of rows other than the session's own
// statement reader: a DML program's steps and a materialized WITH query.
func DeferredError(ctx *sql.Context) error {
	if src, ok := ctx.Session.(interface{ TakeDeferredError() error }); ok {
		return src.TakeDeferredError()
	}
	return nil
}

// Compute implements sql.WindowFunction; iv.Start is the current row.
// WindowFunction.Compute returns no error, so an error (ntile(0), an
// overflowing sum) goes to the session's ErrorSink and the row gets NULL.
func (w *windowFn) Compute(ctx *sql.Context, iv sql.WindowInterval, buf sql.WindowBuffer) any {
	v, err := w.compute(ctx, iv.Start, buf)
	if err != nil {
		if sink, ok := ctx.Session.(ErrorSink); ok {
			sink.DeferError(err)
			return nil
		}
		return err
	}
	return v
}

func (w *windowFn) compute(ctx *sql.Context, i int, buf sql.WindowBuffer) (any, error) {
	a := w.a
	if a.def != nil {
		s, e := w.frame(i)
		b := &aggBuffer{a: a}
		from := s
		exclude := w.exclusion()
		// frames that only grow (the default, and whole-partition frames)
		// extend the previous row's state instead of starting over
		if exclude == 0 && w.inc != nil && !b.collecting() && s == w.incStart && e >= w.incEnd {
			b, from = w.inc, w.incEnd
		}
		for j := from; j < e; j++ {
			if exclude != 0 && w.excluded(exclude, i, j) {
				continue
			}
			if err := b.Update(ctx, buf[j]); err != nil {
				return nil, err
			}
		}
		if exclude == 0 && !b.collecting() {
			w.inc, w.incStart, w.incEnd = b, s, e
		}
		return b.Eval(ctx)
	}
	n := w.end - w.start
	arg := func(k int, row sql.Row) (any, error) {
		v, err := a.args[k].Eval(ctx, row)
		if err != nil || v == nil {
			return v, err
		}
		if _, ok := a.args[k].Type().(*types.Type); !ok {
			return FromGMSValue(TypeOf(a.args[k]), v)
		}
		return v, nil
	}
	switch a.winfn.name {
	case "row_number":
		return int64(i - w.start + 1), nil
	case "rank":
		return int64(w.firstPeer(i) - w.start + 1), nil
	case "dense_rank":
		return int64(w.group[i-w.start] + 1), nil
	case "percent_rank":
		if n <= 1 {
			return float64(0), nil
		}
		return float64(w.firstPeer(i)-w.start) / float64(n-1), nil
	case "cume_dist":
		return float64(w.lastPeer(i)-w.start+1) / float64(n), nil
	case "ntile":
		v, err := arg(0, buf[i])
		if err != nil || v == nil {
			return nil, err
		}
		k, _ := asInt64(v)
		if k <= 0 {
			return nil, pgerror.New(errInvalidArgumentForNtile, "argument of ntile must be greater than zero")
		}
		pos := int64(i - w.start)
		size, extra := int64(n)/k, int64(n)%k
		// the first `extra` buckets hold size+1 rows
		if pos < extra*(size+1) {
			return int32(pos/(size+1) + 1), nil
		}
		return int32(extra + (pos-extra*(size+1))/size + 1), nil
	case "lag", "lead":
		off := int64(1)
		if len(a.winfn.args) >= 2 {
			v, err := arg(1, buf[i])
			if err != nil {
				return nil, err
			}
			if v == nil {
				return nil, nil
			}
			off, _ = asInt64(v)
		}
		if a.winfn.name == "lag" {
			off = -off
		}
		j := i + int(off)
		if j < w.start || j >= w.end {
			if len(a.winfn.args) == 3 {
				return arg(2, buf[i])
			}
			return nil, nil
		}
		return arg(0, buf[j])
	case "first_value", "last_value", "nth_value":
		s, e := w.frame(i)
		if ex := w.exclusion(); ex != 0 {
			// the frame's rows without the excluded ones
			var rows []int
			for j := s; j < e; j++ {
				if !w.excluded(ex, i, j) {
					rows = append(rows, j)
				}
			}
			pick := func(k int) (any, error) {
				if k < 0 || k >= len(rows) {
					return nil, nil
				}
				return arg(0, buf[rows[k]])
			}
			switch a.winfn.name {
			case "first_value":
				return pick(0)
			case "last_value":
				return pick(len(rows) - 1)
			}
			v, err := arg(1, buf[i])
			if err != nil || v == nil {
				return nil, err
			}
			nth, _ := asInt64(v)
			if nth <= 0 {
				return nil, pgerror.New(errInvalidArgumentForNthValue, "argument of nth_value must be greater than zero")
			}
			return pick(int(nth) - 1)
		}
		k := s
		switch a.winfn.name {
		case "last_value":
			k = e - 1
		case "nth_value":
			v, err := arg(1, buf[i])
			if err != nil || v == nil {
				return nil, err
			}
			nth, _ := asInt64(v)
			if nth <= 0 {
				return nil, pgerror.New(errInvalidArgumentForNthValue, "argument of nth_value must be greater than zero")
			}
			k = s + int(nth) - 1
		}
		if k < s || k >= e {
			return nil, nil
		}
		return arg(0, buf[k])
	}
	return nil, pgerror.New(pgerror.FeatureNotSupported, "window function %s is not supported yet", a.winfn.name)
}

// exclusion is the frame's EXCLUDE option: 0 (NO OTHERS), 'c' (CURRENT
// ROW), 'g' (GROUP) or 't' (TIES).
func (w *windowFn) exclusion() byte {
	if f := w.a.spec.Frame; f != nil {
		return f.Exclude
	}
	return 0
}

// excluded reports whether frame row j is left out of row i's frame by
// the EXCLUDE option ex (docs 4.2.8): the current row, its peer group, or
// its peers but not itself.
func (w *windowFn) excluded(ex byte, i, j int) bool {
	switch ex {
	case 'c':
		return j == i
	case 'g':
		return w.group[j-w.start] == w.group[i-w.start]
	case 't':
		return j != i && w.group[j-w.start] == w.group[i-w.start]
	}
	return false
}

// rowFramer hands the window function one row at a time.
type rowFramer struct{ start, end, idx int }

var _ sql.WindowFramer = (*rowFramer)(nil)

func (f *rowFramer) NewFramer(iv sql.WindowInterval) (sql.WindowFramer, error) {
	return &rowFramer{start: iv.Start, end: iv.End, idx: iv.Start}, nil
}
func (f *rowFramer) Next(*sql.Context, sql.WindowBuffer) (sql.WindowInterval, error) {
	if f.idx >= f.end {
		return sql.WindowInterval{}, io.EOF
	}
	f.idx++
	return sql.WindowInterval{Start: f.idx - 1, End: f.idx}, nil
}
func (f *rowFramer) FirstIdx() int { return f.idx - 1 }
func (f *rowFramer) LastIdx() int  { return f.idx - 1 }
func (f *rowFramer) Interval() (sql.WindowInterval, error) {
	return sql.WindowInterval{Start: f.idx - 1, End: f.idx}, nil
}
