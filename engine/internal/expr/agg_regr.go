package expr

import (
	"math"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// regrAggregates are the statistics aggregates over two float8 arguments,
// (Y, X) in that order (docs 9.21, Table 9.59).
var regrAggregates = map[string]bool{
	"corr": true, "covar_pop": true, "covar_samp": true, "regr_slope": true, "regr_intercept": true,
	"regr_r2": true, "regr_count": true, "regr_avgx": true, "regr_avgy": true,
	"regr_sxx": true, "regr_syy": true, "regr_sxy": true,
}

// regrAggregate resolves one of regrAggregates: both arguments become
// float8 (numeric and the integers through their implicit casts, unknown
// literals read as float8), as PostgreSQL resolves the only signature.
func regrAggregate(env *types.Env, name string, args []sql.Expression, ats []*types.Type) (*aggDef, []sql.Expression, error) {
	if len(args) != 2 {
		return nil, nil, errUndefinedFunction(name, ats)
	}
	out := make([]sql.Expression, 2)
	for i, a := range args {
		t := ats[i].Base()
		if t.Kind != types.KindUnknown && t.Kind != types.KindFloat8 && !types.CastAllowed(t, types.Float8, types.CastImplicit) {
			return nil, nil, errUndefinedFunction(name, ats)
		}
		c, err := Coerce(env, a, types.Float8, types.CastImplicit)
		if err != nil {
			return nil, nil, err
		}
		out[i] = c
	}
	res := types.Float8
	if name == "regr_count" {
		res = types.Int8
	}
	return &aggDef{result: res, strict: true, newState: func(*types.Env) aggState { return &regrState{name: name} }}, out, nil
}

// regrState is float8_regr_accum's transition state: N, Sx, Sxx, Sy,
// Syy, Sxy updated by the Youngs-Cramer algorithm, so every result
// matches PostgreSQL's to the last digit.
type regrState struct {
	name                     string
	n, sx, sxx, sy, syy, sxy float64
}

func (s *regrState) step(v []any) error {
	y, x := bfAsF(v[0]), bfAsF(v[1])
	n0 := s.n
	n := n0 + 1
	sx, sy := s.sx+x, s.sy+y
	sxx, syy, sxy := s.sxx, s.syy, s.sxy
	if n0 > 0 {
		tx := x*n - sx
		ty := y*n - sy
		scale := 1.0 / (n * n0)
		sxx += tx * tx * scale
		syy += ty * ty * scale
		sxy += tx * ty * scale
		inf := math.IsInf
		if inf(sx, 0) || inf(sxx, 0) || inf(sy, 0) || inf(syy, 0) || inf(sxy, 0) {
			if ((inf(sx, 0) || inf(sxx, 0)) && !inf(s.sx, 0) && !inf(x, 0)) ||
				((inf(sy, 0) || inf(syy, 0)) && !inf(s.sy, 0) && !inf(y, 0)) ||
				(inf(sxy, 0) && !inf(s.sx, 0) && !inf(x, 0) && !inf(s.sy, 0) && !inf(y, 0)) {
				return pgerror.New(pgerror.NumericValueOutOfRange, "value out of range: overflow")
			}
			if inf(sxx, 0) {
				sxx = math.NaN()
			}
			if inf(syy, 0) {
				syy = math.NaN()
			}
			if inf(sxy, 0) {
				sxy = math.NaN()
			}
		}
	} else {
		// a first Inf or NaN makes the dependent sums NaN, not a zero
		// variance
		if math.IsNaN(x) || math.IsInf(x, 0) {
			sxx, sxy = math.NaN(), math.NaN()
		}
		if math.IsNaN(y) || math.IsInf(y, 0) {
			syy, sxy = math.NaN(), math.NaN()
		}
	}
	s.n, s.sx, s.sy, s.sxx, s.syy, s.sxy = n, sx, sy, sxx, syy, sxy
	return nil
}

func (s *regrState) final() (any, error) {
	n := s.n
	if s.name == "regr_count" {
		return int64(n), nil
	}
	if n < 1 {
		return nil, nil
	}
	switch s.name {
	case "regr_sxx":
		return s.sxx, nil
	case "regr_syy":
		return s.syy, nil
	case "regr_sxy":
		return s.sxy, nil
	case "regr_avgx":
		return s.sx / n, nil
	case "regr_avgy":
		return s.sy / n, nil
	case "covar_pop":
		return s.sxy / n, nil
	case "covar_samp":
		if n < 2 {
			return nil, nil
		}
		return s.sxy / (n - 1), nil
	case "corr":
		if s.sxx == 0 || s.syy == 0 {
			return nil, nil
		}
		return s.sxy / math.Sqrt(s.sxx*s.syy), nil
	case "regr_r2":
		if s.sxx == 0 {
			return nil, nil
		}
		if s.syy == 0 {
			return 1.0, nil
		}
		return (s.sxy * s.sxy) / (s.sxx * s.syy), nil
	case "regr_slope":
		if s.sxx == 0 {
			return nil, nil
		}
		return s.sxy / s.sxx, nil
	case "regr_intercept":
		if s.sxx == 0 {
			return nil, nil
		}
		return (s.sy - s.sx*s.sxy/s.sxx) / n, nil
	}
	return nil, nil
}
