package expr

import "github.com/tinybase/tinybase/engine/internal/types"

// rangeAggregate resolves range_agg and range_intersect_agg (docs 9.21)
// over a range or multirange type: range_agg unions its inputs into a
// multirange; range_intersect_agg intersects them into a value of the
// input's type. Nil when t is neither.
func rangeAggregate(name string, t *types.Type) *aggDef {
	b := t.Base()
	var rt, mt *types.Type
	switch b.Kind {
	case types.KindRange:
		rt, mt = b, types.MultirangeOf(b)
	case types.KindMultirange:
		rt, mt = types.RangeOfMultirange(b), b
	default:
		return nil
	}
	if name == "range_agg" {
		return &aggDef{result: mt, strict: true, newState: func(*types.Env) aggState { return &rangeAggState{sub: mt.RangeSub} }}
	}
	res := mt
	if b.Kind == types.KindRange {
		res = rt
	}
	return &aggDef{result: res, strict: true, newState: func(*types.Env) aggState { return &rangeIntersectAggState{sub: mt.RangeSub} }}
}

// rangeAggState gathers the ranges of range_agg's inputs; the multirange
// is built once, at the end (range_agg_finalfn).
type rangeAggState struct {
	sub    *types.Type
	ranges []types.RangeVal
	seen   bool
}

func (s *rangeAggState) step(v []any) error {
	s.seen = true
	switch x := v[0].(type) {
	case types.RangeVal:
		s.ranges = append(s.ranges, x)
	case types.MultirangeVal:
		s.ranges = append(s.ranges, x.Ranges...)
	}
	return nil
}

func (s *rangeAggState) final() (any, error) {
	if !s.seen {
		return nil, nil
	}
	return types.NewMultirange(s.sub, s.ranges)
}

// rangeIntersectAggState folds its inputs with * (range_intersect or
// multirange_intersect).
type rangeIntersectAggState struct {
	sub *types.Type
	acc any
}

func (s *rangeIntersectAggState) step(v []any) error {
	if s.acc == nil {
		s.acc = v[0]
		return nil
	}
	var err error
	switch x := v[0].(type) {
	case types.RangeVal:
		s.acc, err = RangeIntersect(s.acc.(types.RangeVal), x)
	case types.MultirangeVal:
		s.acc, err = MultirangeIntersect(s.acc.(types.MultirangeVal), x)
	}
	return err
}

func (s *rangeIntersectAggState) final() (any, error) { return s.acc, nil }
