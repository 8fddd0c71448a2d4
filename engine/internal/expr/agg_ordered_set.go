package expr

import (
	"math"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/shopspring/decimal"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// orderedSetAggregate resolves percentile_cont, percentile_disc and mode
// (docs 9.21, table 9.62): the state sees the direct argument followed by
// the WITHIN GROUP key, rows already in key order.
func orderedSetAggregate(env *types.Env, name string, direct []sql.Expression, key *types.Type) (*aggDef, []sql.Expression, error) {
	coerced := append([]sql.Expression{}, direct...)
	switch name {
	case "percentile_cont", "percentile_disc":
		if len(direct) != 1 {
			break
		}
		c, err := Coerce(env, direct[0], types.Float8, types.CastImplicit)
		if err != nil {
			return nil, nil, err
		}
		coerced[0] = c
		if name == "percentile_disc" {
			return &aggDef{result: key, newState: func(*types.Env) aggState { return &percentileState{} }}, coerced, nil
		}
		if !key.IsNumeric() {
			break
		}
		return &aggDef{result: types.Float8, newState: func(*types.Env) aggState { return &percentileState{cont: true} }}, coerced, nil
	case "mode":
		if len(direct) != 0 {
			break
		}
		return &aggDef{result: key, newState: func(*types.Env) aggState { return &modeState{t: key} }}, coerced, nil
	}
	ats := []*types.Type{}
	for _, d := range direct {
		ats = append(ats, TypeOf(d))
	}
	return nil, nil, errUndefinedFunction(name, append(ats, key))
}

// percentileState keeps the sorted non-NULL keys.
type percentileState struct {
	cont     bool
	fraction any
	vals     []any
}

func (s *percentileState) step(v []any) error {
	if s.fraction == nil {
		s.fraction = v[0]
	}
	if k := v[len(v)-1]; k != nil {
		s.vals = append(s.vals, k)
	}
	return nil
}

func (s *percentileState) final() (any, error) {
	if len(s.vals) == 0 || s.fraction == nil {
		return nil, nil
	}
	f := s.fraction.(float64)
	if f < 0 || f > 1 || math.IsNaN(f) {
		return nil, pgerror.New(pgerror.NumericValueOutOfRange, "percentile value %g is not between 0 and 1", f)
	}
	n := len(s.vals)
	if !s.cont {
		// the first value whose position reaches the fraction
		k := int(math.Ceil(f*float64(n))) - 1
		if k < 0 {
			k = 0
		}
		return s.vals[k], nil
	}
	pos := f * float64(n-1)
	lo, hi := int(math.Floor(pos)), int(math.Ceil(pos))
	a, b := keyFloat(s.vals[lo]), keyFloat(s.vals[hi])
	return a + (b-a)*(pos-float64(lo)), nil
}

func keyFloat(v any) float64 {
	switch x := v.(type) {
	case float64:
		return x
	case float32:
		return float64(x)
	case decimal.Decimal:
		f, _ := x.Float64()
		return f
	case types.NumericSpecial:
		return x.Float()
	}
	n, _ := asInt64(v)
	return float64(n)
}

// modeState finds the most frequent key in sorted input (the first on ties).
type modeState struct {
	t               *types.Type
	cur, best       any
	curRun, bestRun int
}

func (s *modeState) step(v []any) error {
	k := v[len(v)-1]
	if k == nil {
		return nil
	}
	if s.curRun > 0 && types.Compare(s.t, k, s.cur) == 0 {
		s.curRun++
	} else {
		s.cur, s.curRun = k, 1
	}
	if s.curRun > s.bestRun {
		s.best, s.bestRun = s.cur, s.curRun
	}
	return nil
}

func (s *modeState) final() (any, error) { return s.best, nil }
