package expr

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Distinct is IS [NOT] DISTINCT FROM: equality where NULL equals NULL.
type Distinct struct {
	base
	eq   sql.Expression
	l, r sql.Expression
	not  bool
}

// NewDistinct builds IS DISTINCT FROM (not=false) or IS NOT DISTINCT FROM.
func NewDistinct(eq, l, r sql.Expression, not bool) sql.Expression {
	return &Distinct{base{types.Bool}, eq, l, r, not}
}
func (d *Distinct) IsNullable() bool { return false }
func (d *Distinct) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	a, err := d.l.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	b, err := d.r.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	var same bool
	switch {
	case a == nil && b == nil:
		same = true
	case a == nil || b == nil:
		same = false
	default:
		v, err := d.eq.Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		same = v == true
	}
	return same == d.not, nil
}
func (d *Distinct) Children() []sql.Expression { return []sql.Expression{d.eq, d.l, d.r} }
func (d *Distinct) WithChildren(c ...sql.Expression) (sql.Expression, error) {
	return &Distinct{d.base, c[0], c[1], c[2], d.not}, nil
}
func (d *Distinct) String() string { return fmt.Sprintf("(%s IS DISTINCT FROM %s)", d.l, d.r) }

// In is x [NOT] IN (list): OR of equalities with SQL NULL semantics.
type In struct {
	base
	eqs []sql.Expression
	neg bool
}

// NewIn builds x IN (items...).
func NewIn(env *types.Env, x sql.Expression, items []sql.Expression, neg bool) (sql.Expression, error) {
	all := append([]sql.Expression{x}, items...)
	if _, err := unify(env, all); err != nil {
		return nil, err
	}
	eqs := make([]sql.Expression, len(items))
	for i := range items {
		eq, err := NewBinOp(env, "=", all[0], all[i+1])
		if err != nil {
			return nil, err
		}
		eqs[i] = eq
	}
	return &In{base{types.Bool}, eqs, neg}, nil
}
func (n *In) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	sawNull := false
	for _, e := range n.eqs {
		v, err := e.Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		if v == true {
			return !n.neg, nil
		}
		if v == nil {
			sawNull = true
		}
	}
	if sawNull {
		return nil, nil
	}
	return n.neg, nil
}
func (n *In) Children() []sql.Expression { return n.eqs }
func (n *In) WithChildren(c ...sql.Expression) (sql.Expression, error) {
	return &In{n.base, c, n.neg}, nil
}

// String spells every item: GMS identifies expressions by their text (two
// aggregates whose FILTERs differ only in an IN list must stay apart).
func (n *In) String() string {
	parts := make([]string, len(n.eqs))
	for i, e := range n.eqs {
		parts[i] = e.String()
	}
	op := "IN"
	if n.neg {
		op = "NOT IN"
	}
	return op + "(" + strings.Join(parts, ", ") + ")"
}

// AnyArray is x op ANY(array) / x op ALL(array).
type AnyArray struct {
	base
	x, arr sql.Expression
	fn     OpFunc
	all    bool
	xt     *types.Type
	op     string
}

// Operands returns the operator, the left operand, the array and whether
// it is ALL (the planner reads `column = ANY(array)` as index points).
func (a *AnyArray) Operands() (op string, x, arr sql.Expression, all bool) {
	return a.op, a.x, a.arr, a.all
}

// NewAnyArray resolves op between x and the array's element type.
func NewAnyArray(env *types.Env, op string, x, arr sql.Expression, all bool) (sql.Expression, error) {
	at := TypeOf(arr)
	if at.Kind == types.KindUnknown {
		xt := TypeOf(x)
		if xt.Kind == types.KindUnknown {
			xt = types.Text
		}
		var err error
		if arr, err = Coerce(env, arr, types.ArrayOf(xt), types.CastImplicit); err != nil {
			return nil, err
		}
		at = TypeOf(arr)
	}
	if at.Base().Kind != types.KindArray {
		return nil, pgerror.New(pgerror.WrongObjectType, "op ANY/ALL (array) requires array on right side")
	}
	elem := at.Base().Elem
	impl, lt, rt, err := resolveOperator(env, op, TypeOf(x), elem)
	if err != nil {
		return nil, err
	}
	if x, err = Coerce(env, x, lt, types.CastImplicit); err != nil {
		return nil, err
	}
	fn := impl.Fn
	if impl.Bind != nil {
		// polymorphic operators (anyenum, anyarray) bind to the operand
		// types; the unbound Fn knows neither (enum = ANY compared nothing)
		fn = impl.Bind(lt, rt)
	}
	if rt.OID != elem.OID {
		inner := fn
		fn = func(e *types.Env, a, b any) (any, error) {
			cb, err := types.Cast(b, elem, rt, false, e)
			if err != nil {
				return nil, err
			}
			return inner(e, a, cb)
		}
	}
	return &AnyArray{base{types.Bool}, x, arr, fn, all, lt, op}, nil
}
func (a *AnyArray) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	x, err := a.x.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	av, err := a.arr.Eval(ctx, row)
	if err != nil || av == nil {
		return nil, err
	}
	arr := av.(*types.Array)
	if len(arr.Values) == 0 {
		return a.all, nil
	}
	if x == nil {
		return nil, nil
	}
	env := EnvOf(ctx)
	sawNull := false
	for _, e := range arr.Values {
		if e == nil {
			sawNull = true
			continue
		}
		v, err := a.fn(env, x, e)
		if err != nil {
			return nil, err
		}
		if v == true && !a.all {
			return true, nil
		}
		if v == false && a.all {
			return false, nil
		}
	}
	if sawNull {
		return nil, nil
	}
	return a.all, nil
}
func (a *AnyArray) Children() []sql.Expression { return []sql.Expression{a.x, a.arr} }
func (a *AnyArray) WithChildren(c ...sql.Expression) (sql.Expression, error) {
	n := *a
	n.x, n.arr = c[0], c[1]
	return &n, nil
}
func (a *AnyArray) String() string {
	q := "ANY"
	if a.all {
		q = "ALL"
	}
	// the operator too: GMS identifies expressions by their text
	return fmt.Sprintf("(%s %s %s(%s))", a.x, a.op, q, a.arr)
}

// ArrayCtor is ARRAY[a, b, ...].
type ArrayCtor struct {
	base
	elems []sql.Expression
}

// NewArrayCtor unifies the element types.
func NewArrayCtor(env *types.Env, elems []sql.Expression) (sql.Expression, error) {
	if len(elems) == 0 {
		return nil, pgerror.New(pgerror.IndeterminateDatatype, "cannot determine type of empty array").WithHint("Explicitly cast to the desired type, for example ARRAY[]::integer[].")
	}
	t, err := unify(env, elems)
	if err != nil {
		return nil, err
	}
	if t.Kind == types.KindArray {
		return &ArrayCtor{base{t}, elems}, nil
	}
	at := types.ArrayOf(t)
	if at == nil { // void and the other pseudo-types have none
		return nil, pgerror.New(pgerror.UndefinedObject, "could not find array type for data type %s", t.FormatType())
	}
	// an array's typmod is its elements' (ARRAY[a, b] of numeric(10,2)
	// columns is numeric(10,2)[])
	return &ArrayCtor{base{at.WithMod(t.Mod)}, elems}, nil
}
func (a *ArrayCtor) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	vals, _, err := evalChildren(ctx, row, a.elems)
	if err != nil {
		return nil, err
	}
	if a.typ.Elem.Kind != types.KindArray && len(vals) > 0 {
		if sub, ok := vals[0].(*types.Array); ok {
			// multidimensional: ARRAY[ARRAY[1,2],ARRAY[3,4]]
			out := &types.Array{Elem: sub.Elem, Dims: append([]int{len(vals)}, sub.Dims...), Lower: append([]int{1}, sub.Lower...)}
			for _, v := range vals {
				x, ok := v.(*types.Array)
				if !ok || len(x.Dims) == 0 {
					// as ExecEvalArrayExpr: a NULL or empty sub-array empties the result
					return &types.Array{Elem: sub.Elem}, nil
				}
				if !sameInts(x.Dims, sub.Dims) || !sameInts(x.Lower, sub.Lower) {
					return nil, pgerror.New(pgerror.ArraySubscriptError, "multidimensional arrays must have array expressions with matching dimensions")
				}
				out.Values = append(out.Values, x.Values...)
			}
			return out, nil
		}
	}
	return types.NewArray(a.typ.Elem, vals), nil
}
func (a *ArrayCtor) Children() []sql.Expression { return a.elems }
func (a *ArrayCtor) WithChildren(c ...sql.Expression) (sql.Expression, error) {
	return &ArrayCtor{a.base, c}, nil
}
func (a *ArrayCtor) String() string {
	parts := make([]string, len(a.elems))
	for i, e := range a.elems {
		parts[i] = e.String()
	}
	return "ARRAY[" + strings.Join(parts, ", ") + "]"
}

func sameInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
