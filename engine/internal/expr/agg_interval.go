package expr

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// intervalAvg is avg(interval): the sum by interval +, divided by the
// count with interval / double precision, as PostgreSQL's interval_avg.
func intervalAvg(env *types.Env, t *types.Type) (*aggDef, []sql.Expression, error) {
	sum, _, err := binopFold(env, "+", t, nil)
	if err != nil {
		return nil, nil, err
	}
	q, n := &slotExpr{base: base{sum.result}}, &slotExpr{base: base{types.Float8}}
	div, err := NewBinOp(env, "/", q, n)
	if err != nil {
		return nil, nil, err
	}
	return &aggDef{result: TypeOf(div), strict: true, newState: func(e *types.Env) aggState {
		return &avgState{sum: sum.newState(e), div: div, q: q, n: n}
	}}, nil, nil
}

type avgState struct {
	sum   aggState
	div   sql.Expression
	q, n  *slotExpr
	count int64
}

func (s *avgState) step(v []any) error {
	s.count++
	return s.sum.step(v)
}

func (s *avgState) final() (any, error) {
	if s.count == 0 {
		return nil, nil
	}
	total, err := s.sum.final()
	if err != nil {
		return nil, err
	}
	s.q.v, s.n.v = total, float64(s.count)
	return s.div.Eval(sql.NewEmptyContext(), nil)
}
