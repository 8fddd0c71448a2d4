package expr

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// aggState is the transition state of one aggregate over one group.
type aggState interface {
	step(vals []any) error
	final() (any, error)
}

// aggDef is a resolved aggregate: its result type and a state factory.
type aggDef struct {
	result *types.Type
	// strict aggregates skip rows where any argument is NULL.
	strict   bool
	newState func(env *types.Env) aggState
}

// Aggregate is a PostgreSQL aggregate or window function call: a GMS
// sql.Aggregation (grouped) and sql.WindowAdaptableExpression (OVER).
type Aggregate struct {
	base
	spec *AggSpec
	// args: direct arguments, FILTER condition, ORDER BY keys, frame offsets.
	args   []sql.Expression
	ats    []*types.Type
	def    *aggDef // nil for pure window functions
	winfn  *winDef // nil for plain aggregates
	window *sql.WindowDefinition
	id     sql.ColumnId
}

var (
	_ sql.Aggregation       = (*Aggregate)(nil)
	_ sql.WindowAggregation = (*Aggregate)(nil)
)

// NewAggregate resolves spec over its arguments.
func NewAggregate(spec *AggSpec, args []sql.Expression) (*Aggregate, error) {
	a := &Aggregate{spec: spec, args: args}
	env := &types.Env{Loc: time.UTC, Now: time.Now()}
	direct := args[:spec.NArgs]
	a.ats = make([]*types.Type, len(direct))
	for i, d := range direct {
		a.ats[i] = TypeOf(d)
	}
	if spec.Window {
		if wd, err := resolveWindowFunc(env, spec.Name, direct, a.ats); err != nil {
			return nil, err
		} else if wd != nil {
			for i := range direct {
				a.args[i] = wd.args[i]
				a.ats[i] = TypeOf(wd.args[i])
			}
			a.winfn = wd
			a.typ = wd.result
			return a, nil
		}
	}
	if spec.Filter {
		f := args[spec.NArgs]
		if ft := TypeOf(f); ft.Kind != types.KindBool && ft.Kind != types.KindUnknown {
			return nil, pgerror.New(pgerror.DatatypeMismatch, "argument of FILTER must be type boolean, not type %s", ft.FormatType())
		}
	}
	var def *aggDef
	var coerced []sql.Expression
	var err error
	if spec.WithinGroup {
		if len(spec.Order) != 1 {
			return nil, pgerror.New(pgerror.FeatureNotSupported, "ordered-set aggregates take exactly one ORDER BY key")
		}
		def, coerced, err = orderedSetAggregate(env, spec.Name, direct, TypeOf(args[a.orderStart()]))
	} else {
		if spec.User != nil {
			u, uc, uerr := spec.User(direct, a.ats)
			if uerr != nil {
				return nil, uerr
			}
			if u != nil {
				def = &aggDef{result: u.Result, strict: u.Strict, newState: func(*types.Env) aggState { return newUserAggState(u) }}
				coerced = uc
			}
		}
		if def == nil {
			def, coerced, err = resolveAggregate(env, spec, direct, a.ats)
		}
	}
	if err != nil {
		return nil, err
	}
	for i, c := range coerced {
		a.args[i] = c
		a.ats[i] = TypeOf(c)
	}
	a.def = def
	a.typ = def.result
	return a, nil
}

func (a *Aggregate) orderStart() int {
	n := a.spec.NArgs
	if a.spec.Filter {
		n++
	}
	return n
}

func (a *Aggregate) Eval(*sql.Context, sql.Row) (any, error) {
	return nil, fmt.Errorf("expr: aggregate %s evaluated outside a group", a.spec.Name)
}

// Children are the call's arguments followed by the window's ORDER BY and
// PARTITION BY expressions, so analyzer rules rewrite both.
func (a *Aggregate) Children() []sql.Expression {
	if a.window == nil {
		return a.args
	}
	return append(append([]sql.Expression{}, a.args...), a.window.ToExpressions()...)
}
func (a *Aggregate) WithChildren(c ...sql.Expression) (sql.Expression, error) {
	n := *a
	n.args = c[:len(a.args)]
	if a.window != nil {
		w, err := a.window.FromExpressions(c[len(a.args):])
		if err != nil {
			return nil, err
		}
		n.window = w
	}
	return &n, nil
}
func (a *Aggregate) String() string {
	parts := make([]string, len(a.args))
	for i, e := range a.args {
		parts[i] = e.String()
	}
	s := a.spec.Desc + "(" + strings.Join(parts, ", ") + ")"
	if a.spec.Level > 1 {
		s += "@" + itoa(a.spec.Level)
	}
	if a.window != nil {
		s += " over (" + windowString(a.window) + ")"
	}
	return s
}

func windowString(w *sql.WindowDefinition) string {
	var b strings.Builder
	for _, p := range w.PartitionBy {
		b.WriteString("p:" + p.String() + ";")
	}
	for _, o := range w.OrderBy {
		b.WriteString(fmt.Sprintf("o:%s %v;", o.Column, o.Order))
	}
	return b.String()
}

func (a *Aggregate) Id() sql.ColumnId { return a.id }
func (a *Aggregate) WithId(id sql.ColumnId) sql.IdExpression {
	n := *a
	n.id = id
	return &n
}
func (a *Aggregate) Window() *sql.WindowDefinition { return a.window }
func (a *Aggregate) WithWindow(w *sql.WindowDefinition) sql.WindowAdaptableExpression {
	n := *a
	n.window = w
	return &n
}

// NewBuffer implements sql.Aggregation.
func (a *Aggregate) NewBuffer() (sql.AggregationBuffer, error) {
	if a.def == nil {
		return nil, pgerror.New(pgerror.WrongObjectType, "window function %s requires an OVER clause", a.spec.Name)
	}
	return &aggBuffer{a: a}, nil
}

// aggBuffer accumulates one group.
type aggBuffer struct {
	a    *Aggregate
	st   aggState
	rows [][]any // collected when the call has ORDER BY or DISTINCT
}

func (b *aggBuffer) Dispose() {}

func (b *aggBuffer) collecting() bool { return b.a.spec.Distinct || len(b.a.spec.Order) > 0 }

// Update implements sql.AggregationBuffer.
func (b *aggBuffer) Update(ctx *sql.Context, row sql.Row) error {
	a := b.a
	if a.spec.Filter {
		v, err := a.args[a.spec.NArgs].Eval(ctx, row)
		if err != nil {
			return err
		}
		if ok, _ := v.(bool); !ok {
			return nil
		}
	}
	n := a.spec.NArgs
	if b.collecting() {
		n = a.orderStart() + len(a.spec.Order)
	}
	vals := make([]any, 0, n)
	for i := 0; i < n; i++ {
		if i == a.spec.NArgs && a.spec.Filter {
			continue
		}
		v, err := a.args[i].Eval(ctx, row)
		if err != nil {
			return err
		}
		if v != nil {
			if _, ok := a.args[i].Type().(*types.Type); !ok {
				if v, err = FromGMSValue(TypeOf(a.args[i]), v); err != nil {
					return err
				}
			}
		}
		vals = append(vals, v)
	}
	if b.collecting() {
		b.rows = append(b.rows, vals)
		return nil
	}
	return b.step(ctx, vals)
}

func (b *aggBuffer) step(ctx *sql.Context, vals []any) error {
	if b.a.def.strict {
		for _, v := range vals {
			if v == nil {
				return nil
			}
		}
	}
	if b.st == nil {
		b.st = b.a.def.newState(EnvOf(ctx))
	}
	if cs, ok := b.st.(ctxState); ok {
		return cs.stepCtx(ctx, vals)
	}
	return b.st.step(vals)
}

// Eval implements sql.AggregationBuffer.
func (b *aggBuffer) Eval(ctx *sql.Context) (any, error) {
	a := b.a
	if b.collecting() {
		nd := a.spec.NArgs
		keys := a.spec.Order
		keyAt := nd
		var keyTypes []*types.Type
		for i := range keys {
			keyTypes = append(keyTypes, TypeOf(a.args[a.orderStart()+i]))
		}
		if len(keys) == 0 {
			// DISTINCT without ORDER BY: PostgreSQL sorts by the arguments
			keyAt = 0
			keyTypes = a.ats
			keys = make([]SortKey, nd)
		}
		sort.SliceStable(b.rows, func(i, j int) bool {
			return compareKeys(b.rows[i][keyAt:], b.rows[j][keyAt:], keys, keyTypes) < 0
		})
		var prev []any
		for k, r := range b.rows {
			if a.spec.Distinct && k > 0 && compareKeys(r[:nd], prev, make([]SortKey, nd), a.ats) == 0 {
				continue
			}
			prev = r[:nd]
			vals := r[:nd]
			if a.spec.WithinGroup {
				vals = r
			}
			if err := b.step(ctx, vals); err != nil {
				return nil, err
			}
		}
		b.rows = nil
	}
	if b.st == nil {
		b.st = a.def.newState(EnvOf(ctx))
	}
	if cs, ok := b.st.(ctxState); ok {
		return cs.finalCtx(ctx)
	}
	return b.st.final()
}

// compareKeys orders rows by sort keys; NULLs sort last ascending and
// first descending unless stated.
func compareKeys(x, y []any, keys []SortKey, ts []*types.Type) int {
	for i, k := range keys {
		if i >= len(x) || i >= len(ts) {
			break
		}
		a, b := x[i], y[i]
		var c int
		switch {
		case a == nil && b == nil:
			c = 0
		case a == nil || b == nil:
			nullsFirst := k.NullsFirst
			if (a == nil) == nullsFirst {
				return -1
			}
			return 1
		default:
			c = compareValues(ts[i], a, b)
			if k.Desc {
				c = -c
			}
		}
		if c != 0 {
			return c
		}
	}
	return 0
}

// compareValues orders two non-NULL values; records compare field by
// field with NULL fields last.
func compareValues(t *types.Type, a, b any) int {
	ra, ok1 := a.(*types.RecordVal)
	rb, ok2 := b.(*types.RecordVal)
	if !ok1 || !ok2 {
		return types.Compare(t, a, b)
	}
	for i := 0; i < len(ra.Vals) && i < len(rb.Vals); i++ {
		if c := compareKeys(ra.Vals[i:i+1], rb.Vals[i:i+1], []SortKey{{}}, ra.Types[i:i+1]); c != 0 {
			return c
		}
	}
	return len(ra.Vals) - len(rb.Vals)
}

// IsCountStar reports whether a is a plain count(*): no DISTINCT,
// FILTER, ORDER BY or window, so over an unfiltered table it is the
// table's row count.
func (a *Aggregate) IsCountStar() bool {
	s := a.spec
	return s.Name == "count" && s.Star && !s.Distinct && !s.Filter && len(s.Order) == 0 && !s.WithinGroup && !s.Window && a.window == nil
}
