package expr

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Multirange operators (docs 9.20, Table 9.56), registered for each
// built-in multirange type against itself, its range type and its element
// type, as pg_operator lists them for anymultirange.
func init() {
	for _, mt := range types.MultirangeTypes {
		mt, rt, sub := mt, types.RangeOfMultirange(mt), mt.RangeSub
		mr := func(v any) types.MultirangeVal { return v.(types.MultirangeVal) }
		rg := func(v any) types.RangeVal { return v.(types.RangeVal) }
		// each predicate for the three operand pairs: a range operand
		// acts as the multirange holding just it
		pred := func(op string, fn func(a, b types.MultirangeVal) bool) {
			addOp(op, mt, mt, types.Bool, func(_ *types.Env, a, b any) (any, error) { return fn(mr(a), mr(b)), nil })
			addOp(op, mt, rt, types.Bool, func(_ *types.Env, a, b any) (any, error) {
				return fn(mr(a), types.MultirangeFromRange(rg(b))), nil
			})
			addOp(op, rt, mt, types.Bool, func(_ *types.Env, a, b any) (any, error) {
				return fn(types.MultirangeFromRange(rg(a)), mr(b)), nil
			})
		}
		pred("&&", MultirangeOverlaps)
		pred("<<", func(a, b types.MultirangeVal) bool {
			return !a.IsEmpty() && !b.IsEmpty() && types.CmpBounds(a.Sub, a.Span().Upper, b.Span().Lower) < 0
		})
		pred(">>", func(a, b types.MultirangeVal) bool {
			return !a.IsEmpty() && !b.IsEmpty() && types.CmpBounds(a.Sub, a.Span().Lower, b.Span().Upper) > 0
		})
		pred("&<", func(a, b types.MultirangeVal) bool {
			return !a.IsEmpty() && !b.IsEmpty() && types.CmpBounds(a.Sub, a.Span().Upper, b.Span().Upper) <= 0
		})
		pred("&>", func(a, b types.MultirangeVal) bool {
			return !a.IsEmpty() && !b.IsEmpty() && types.CmpBounds(a.Sub, a.Span().Lower, b.Span().Lower) >= 0
		})
		pred("-|-", func(a, b types.MultirangeVal) bool {
			return !a.IsEmpty() && !b.IsEmpty() && RangeAdjacent(a.Span(), b.Span())
		})
		// containment: a range contains a multirange when it contains
		// the multirange's span (range_contains_multirange_internal)
		addOp("@>", mt, mt, types.Bool, func(_ *types.Env, a, b any) (any, error) { return MultirangeContains(mr(a), mr(b)), nil })
		addOp("<@", mt, mt, types.Bool, func(_ *types.Env, a, b any) (any, error) { return MultirangeContains(mr(b), mr(a)), nil })
		addOp("@>", mt, rt, types.Bool, func(_ *types.Env, a, b any) (any, error) {
			return MultirangeContains(mr(a), types.MultirangeFromRange(rg(b))), nil
		})
		addOp("<@", rt, mt, types.Bool, func(_ *types.Env, a, b any) (any, error) {
			return MultirangeContains(mr(b), types.MultirangeFromRange(rg(a))), nil
		})
		addOp("@>", rt, mt, types.Bool, func(_ *types.Env, a, b any) (any, error) { return rangeContainsMultirange(rg(a), mr(b)), nil })
		addOp("<@", mt, rt, types.Bool, func(_ *types.Env, a, b any) (any, error) { return rangeContainsMultirange(rg(b), mr(a)), nil })
		addOp("@>", mt, sub, types.Bool, func(_ *types.Env, a, b any) (any, error) { return multirangeContainsElem(mr(a), b), nil })
		addOp("<@", sub, mt, types.Bool, func(_ *types.Env, a, b any) (any, error) { return multirangeContainsElem(mr(b), a), nil })
		addOp("+", mt, mt, mt, func(_ *types.Env, a, b any) (any, error) { return MultirangeUnion(mr(a), mr(b)) })
		addOp("*", mt, mt, mt, func(_ *types.Env, a, b any) (any, error) { return MultirangeIntersect(mr(a), mr(b)) })
		addOp("-", mt, mt, mt, func(_ *types.Env, a, b any) (any, error) { return MultirangeMinus(mr(a), mr(b)) })
	}
}

// AddMultirangeFuncs adds the multirange functions and constructors
// (docs 9.20, Table 9.58). A family of session.Builtins, after
// AddRangeFuncs.
func AddMultirangeFuncs(r *Registry) {
	for _, mt := range types.MultirangeTypes {
		mt, rt, sub := mt, types.RangeOfMultirange(mt), mt.RangeSub
		fn := func(name string, res *types.Type, f func(m types.MultirangeVal) any) {
			r.Add(name, FuncImpl{Args: []*types.Type{mt}, Result: Fixed(res), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
				return f(a[0].(types.MultirangeVal)), nil
			}})
		}
		// the bound functions read the first range's lower bound and the
		// last range's upper bound: those of the span
		fn("lower", sub, func(m types.MultirangeVal) any {
			if s := m.Span(); !s.Empty && !s.Lower.Inf {
				return s.Lower.Val
			}
			return nil
		})
		fn("upper", sub, func(m types.MultirangeVal) any {
			if s := m.Span(); !s.Empty && !s.Upper.Inf {
				return s.Upper.Val
			}
			return nil
		})
		fn("isempty", types.Bool, func(m types.MultirangeVal) any { return m.IsEmpty() })
		fn("lower_inc", types.Bool, func(m types.MultirangeVal) any { return !m.IsEmpty() && m.Span().Lower.Inclusive })
		fn("upper_inc", types.Bool, func(m types.MultirangeVal) any { return !m.IsEmpty() && m.Span().Upper.Inclusive })
		fn("lower_inf", types.Bool, func(m types.MultirangeVal) any { return !m.IsEmpty() && m.Span().Lower.Inf })
		fn("upper_inf", types.Bool, func(m types.MultirangeVal) any { return !m.IsEmpty() && m.Span().Upper.Inf })
		fn("range_merge", rt, func(m types.MultirangeVal) any { return m.Span() })
		r.Add("multirange", FuncImpl{Args: []*types.Type{rt}, Result: Fixed(mt), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
			return types.MultirangeFromRange(a[0].(types.RangeVal)), nil
		}})
		// constructors: no argument, one range, or any number of them
		// (VARIADIC rt[]); a NULL member is an error, not skipped
		r.Add(mt.Name, FuncImpl{Args: []*types.Type{}, Result: Fixed(mt), Fn: func(*sql.Context, *types.Env, []any) (any, error) {
			return types.MultirangeVal{Sub: sub}, nil
		}})
		construct := func(vals []any) (any, error) {
			rs := make([]types.RangeVal, len(vals))
			for i, v := range vals {
				if v == nil {
					return nil, pgerror.New(pgerror.NullValueNotAllowed, "multirange values cannot contain null members")
				}
				rs[i] = v.(types.RangeVal)
			}
			return types.NewMultirange(sub, rs)
		}
		r.Add(mt.Name, FuncImpl{Args: []*types.Type{rt}, Result: Fixed(mt), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
			return construct(a)
		}})
		// after the overloads above, which zero and one argument match first
		r.Add(mt.Name, FuncImpl{Args: []*types.Type{}, Variadic: rt, NonStrict: true, Result: Fixed(mt), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
			return construct(a)
		}})
		// VARIADIC rt[] written out: the array itself
		r.Add(mt.Name, FuncImpl{Args: []*types.Type{types.ArrayOf(rt)}, Result: Fixed(mt), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
			return construct(a[0].(*types.Array).Values)
		}})
		addSRF(r, "unnest", FuncImpl{Args: []*types.Type{mt}, Result: Fixed(rt), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
			m := a[0].(types.MultirangeVal)
			rows := make(srfRows, len(m.Ranges))
			for i, x := range m.Ranges {
				rows[i] = []any{x}
			}
			return rows, nil
		}})
	}
}

// MultirangeOverlaps is multirange_overlaps_multirange_internal: some
// range of a overlaps some range of b.
func MultirangeOverlaps(a, b types.MultirangeVal) bool {
	for _, x := range a.Ranges {
		for _, y := range b.Ranges {
			if RangeOverlaps(x, y) {
				return true
			}
		}
	}
	return false
}

// MultirangeContains is multirange_contains_multirange_internal: every
// range of b lies within one range of a (a's ranges neither overlap nor
// touch, so a range of b cannot span two of them).
func MultirangeContains(a, b types.MultirangeVal) bool {
	for _, y := range b.Ranges {
		found := false
		for _, x := range a.Ranges {
			if RangeContains(x, y) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// rangeContainsMultirange is range_contains_multirange_internal.
func rangeContainsMultirange(r types.RangeVal, m types.MultirangeVal) bool {
	if m.IsEmpty() {
		return true
	}
	return RangeContains(r, m.Span())
}

// multirangeContainsElem is multirange_contains_elem_internal.
func multirangeContainsElem(m types.MultirangeVal, v any) bool {
	for _, x := range m.Ranges {
		if RangeContainsElem(x, v) {
			return true
		}
	}
	return false
}

// MultirangeUnion is multirange_union (a + b).
func MultirangeUnion(a, b types.MultirangeVal) (any, error) {
	rs := append(append([]types.RangeVal{}, a.Ranges...), b.Ranges...)
	return types.NewMultirange(a.Sub, rs)
}

// MultirangeIntersect is multirange_intersect (a * b): the pairwise
// intersections of their ranges.
func MultirangeIntersect(a, b types.MultirangeVal) (any, error) {
	var rs []types.RangeVal
	for _, x := range a.Ranges {
		for _, y := range b.Ranges {
			v, err := RangeIntersect(x, y)
			if err != nil {
				return nil, err
			}
			rs = append(rs, v.(types.RangeVal))
		}
	}
	return types.NewMultirange(a.Sub, rs)
}

// MultirangeMinus is multirange_minus (a - b): each range of a with every
// range of b cut out of it, which may split it.
func MultirangeMinus(a, b types.MultirangeVal) (any, error) {
	var out []types.RangeVal
	for _, x := range a.Ranges {
		parts := []types.RangeVal{x}
		for _, y := range b.Ranges {
			var next []types.RangeVal
			for _, p := range parts {
				split, err := types.RangeMinusSplit(p, y)
				if err != nil {
					return nil, err
				}
				next = append(next, split...)
			}
			parts = next
		}
		out = append(out, parts...)
	}
	return types.NewMultirange(a.Sub, out)
}
