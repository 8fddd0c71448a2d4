package expr

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Range operators and functions (docs 9.20), registered for each built-in
// range type with its element type, as pg_operator lists them for anyrange.
func init() {
	for _, rt := range types.RangeTypes {
		rt, sub := rt, rt.RangeSub
		rr := func(op string, fn func(a, b types.RangeVal) bool) {
			addOp(op, rt, rt, types.Bool, func(_ *types.Env, a, b any) (any, error) {
				return fn(a.(types.RangeVal), b.(types.RangeVal)), nil
			})
		}
		rr("@>", RangeContains)
		rr("<@", func(a, b types.RangeVal) bool { return RangeContains(b, a) })
		rr("&&", RangeOverlaps)
		rr("<<", func(a, b types.RangeVal) bool {
			return !a.Empty && !b.Empty && types.CmpBounds(a.Sub, a.Upper, b.Lower) < 0
		})
		rr(">>", func(a, b types.RangeVal) bool {
			return !a.Empty && !b.Empty && types.CmpBounds(a.Sub, a.Lower, b.Upper) > 0
		})
		rr("&<", func(a, b types.RangeVal) bool {
			return !a.Empty && !b.Empty && types.CmpBounds(a.Sub, a.Upper, b.Upper) <= 0
		})
		rr("&>", func(a, b types.RangeVal) bool {
			return !a.Empty && !b.Empty && types.CmpBounds(a.Sub, a.Lower, b.Lower) >= 0
		})
		rr("-|-", RangeAdjacent)
		addOp("@>", rt, sub, types.Bool, func(_ *types.Env, a, b any) (any, error) {
			return RangeContainsElem(a.(types.RangeVal), b), nil
		})
		addOp("<@", sub, rt, types.Bool, func(_ *types.Env, a, b any) (any, error) {
			return RangeContainsElem(b.(types.RangeVal), a), nil
		})
		addOp("+", rt, rt, rt, func(_ *types.Env, a, b any) (any, error) {
			return RangeUnion(a.(types.RangeVal), b.(types.RangeVal), true)
		})
		addOp("*", rt, rt, rt, func(_ *types.Env, a, b any) (any, error) {
			return RangeIntersect(a.(types.RangeVal), b.(types.RangeVal))
		})
		addOp("-", rt, rt, rt, func(_ *types.Env, a, b any) (any, error) {
			return RangeMinus(a.(types.RangeVal), b.(types.RangeVal))
		})
	}
}

// AddRangeFuncs adds the range functions and constructors (docs 9.20).
// session.Builtins adds them after AddTextFuncs so that lower(unknown) and
// upper(unknown) keep resolving to the text functions.
func AddRangeFuncs(r *Registry) {
	for _, rt := range types.RangeTypes {
		rt, sub := rt, rt.RangeSub
		rangeFn := func(name string, res *types.Type, fn func(r types.RangeVal) any) {
			r.Add(name, FuncImpl{Args: []*types.Type{rt}, Result: Fixed(res), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
				return fn(a[0].(types.RangeVal)), nil
			}})
		}
		rangeFn("lower", sub, func(r types.RangeVal) any {
			if r.Empty || r.Lower.Inf {
				return nil
			}
			return r.Lower.Val
		})
		rangeFn("upper", sub, func(r types.RangeVal) any {
			if r.Empty || r.Upper.Inf {
				return nil
			}
			return r.Upper.Val
		})
		rangeFn("isempty", types.Bool, func(r types.RangeVal) any { return r.Empty })
		rangeFn("lower_inc", types.Bool, func(r types.RangeVal) any { return !r.Empty && r.Lower.Inclusive })
		rangeFn("upper_inc", types.Bool, func(r types.RangeVal) any { return !r.Empty && r.Upper.Inclusive })
		rangeFn("lower_inf", types.Bool, func(r types.RangeVal) any { return !r.Empty && r.Lower.Inf })
		rangeFn("upper_inf", types.Bool, func(r types.RangeVal) any { return !r.Empty && r.Upper.Inf })
		r.Add("range_merge", FuncImpl{Args: []*types.Type{rt, rt}, Result: Fixed(rt), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
			return RangeUnion(a[0].(types.RangeVal), a[1].(types.RangeVal), false)
		}})
		// constructors: a NULL bound is infinite; flags default to '[)'
		r.Add(rt.Name, FuncImpl{Args: []*types.Type{sub, sub}, NonStrict: true, Result: Fixed(rt), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
			return types.NewRange(rt, a[0], a[1], "[)")
		}})
		r.Add(rt.Name, FuncImpl{Args: []*types.Type{sub, sub, types.Text}, NonStrict: true, Result: Fixed(rt), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
			if a[2] == nil {
				return nil, pgerror.New(pgerror.NullValueNotAllowed, "range constructor flags argument must not be null")
			}
			return types.NewRange(rt, a[0], a[1], a[2].(string))
		}})
	}
}

// RangeContains is range_contains_internal (r1 @> r2).
func RangeContains(r1, r2 types.RangeVal) bool {
	if r2.Empty {
		return true
	}
	if r1.Empty {
		return false
	}
	return types.CmpBounds(r1.Sub, r1.Lower, r2.Lower) <= 0 && types.CmpBounds(r1.Sub, r1.Upper, r2.Upper) >= 0
}

// RangeContainsElem is range_contains_elem_internal (r @> v).
func RangeContainsElem(r types.RangeVal, v any) bool {
	if r.Empty {
		return false
	}
	if !r.Lower.Inf {
		c := types.Compare(r.Sub, r.Lower.Val, v)
		if c > 0 || c == 0 && !r.Lower.Inclusive {
			return false
		}
	}
	if !r.Upper.Inf {
		c := types.Compare(r.Sub, r.Upper.Val, v)
		if c < 0 || c == 0 && !r.Upper.Inclusive {
			return false
		}
	}
	return true
}

// RangeOverlaps is range_overlaps_internal (r1 && r2).
func RangeOverlaps(r1, r2 types.RangeVal) bool {
	if r1.Empty || r2.Empty {
		return false
	}
	s := r1.Sub
	if types.CmpBounds(s, r1.Lower, r2.Lower) >= 0 && types.CmpBounds(s, r1.Lower, r2.Upper) <= 0 {
		return true
	}
	return types.CmpBounds(s, r2.Lower, r1.Lower) >= 0 && types.CmpBounds(s, r2.Lower, r1.Upper) <= 0
}

// RangeAdjacent is range_adjacent_internal (r1 -|- r2). Discrete ranges
// are canonical, so bounds meeting at one value decide it.
func RangeAdjacent(r1, r2 types.RangeVal) bool {
	if r1.Empty || r2.Empty {
		return false
	}
	adj := func(upper, lower types.RangeBound) bool {
		if upper.Inf || lower.Inf {
			return false
		}
		return types.CmpBoundValues(r1.Sub, upper, lower) == 0 && upper.Inclusive != lower.Inclusive
	}
	return adj(r1.Upper, r2.Lower) || adj(r2.Upper, r1.Lower)
}

// RangeUnion is range_union_internal; strict raises when the result
// would not be contiguous (range_merge passes false).
func RangeUnion(r1, r2 types.RangeVal, strict bool) (any, error) {
	if r1.Empty {
		return r2, nil
	}
	if r2.Empty {
		return r1, nil
	}
	if strict && !RangeOverlaps(r1, r2) && !RangeAdjacent(r1, r2) {
		return nil, pgerror.New(pgerror.DataException, "result of range union would not be contiguous")
	}
	s := r1.Sub
	lower, upper := r2.Lower, r2.Upper
	if types.CmpBounds(s, r1.Lower, r2.Lower) < 0 {
		lower = r1.Lower
	}
	if types.CmpBounds(s, r1.Upper, r2.Upper) > 0 {
		upper = r1.Upper
	}
	return types.MakeRange(s, lower, upper)
}

// RangeIntersect is range_intersect_internal (r1 * r2).
func RangeIntersect(r1, r2 types.RangeVal) (any, error) {
	if r1.Empty || r2.Empty || !RangeOverlaps(r1, r2) {
		return types.RangeVal{Sub: r1.Sub, Empty: true}, nil
	}
	s := r1.Sub
	lower, upper := r2.Lower, r2.Upper
	if types.CmpBounds(s, r1.Lower, r2.Lower) >= 0 {
		lower = r1.Lower
	}
	if types.CmpBounds(s, r1.Upper, r2.Upper) <= 0 {
		upper = r1.Upper
	}
	return types.MakeRange(s, lower, upper)
}

// RangeMinus is range_minus_internal (r1 - r2).
func RangeMinus(r1, r2 types.RangeVal) (any, error) {
	if r1.Empty || r2.Empty {
		return r1, nil
	}
	s := r1.Sub
	l1l2 := types.CmpBounds(s, r1.Lower, r2.Lower)
	l1u2 := types.CmpBounds(s, r1.Lower, r2.Upper)
	u1l2 := types.CmpBounds(s, r1.Upper, r2.Lower)
	u1u2 := types.CmpBounds(s, r1.Upper, r2.Upper)
	switch {
	case l1l2 < 0 && u1u2 > 0:
		return nil, pgerror.New(pgerror.DataException, "result of range difference would not be contiguous")
	case l1u2 > 0 || u1l2 < 0:
		return r1, nil
	case l1l2 >= 0 && u1u2 <= 0:
		return types.RangeVal{Sub: s, Empty: true}, nil
	case l1l2 <= 0 && u1l2 >= 0 && u1u2 <= 0:
		b := r2.Lower
		b.Inclusive = !b.Inclusive
		return types.MakeRange(s, r1.Lower, b)
	case l1l2 >= 0 && u1u2 >= 0 && l1u2 <= 0:
		b := r2.Upper
		b.Inclusive = !b.Inclusive
		return types.MakeRange(s, b, r1.Upper)
	}
	return nil, pgerror.New(pgerror.InternalError, "unexpected case in range_minus")
}
