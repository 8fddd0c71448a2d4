package routines

import (
	"context"

	"github.com/tinybase/tinybase/engine/internal/plpgsql"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Do runs DO (PostgreSQL docs: SQL command DO): an anonymous PL/pgSQL
// block, in the statement's transaction.
func Do(ctx context.Context, s Host, c *translate.Do) error {
	if c.Language != "plpgsql" {
		return pgerror.New(pgerror.UndefinedObject, "language \"%s\" does not exist", c.Language)
	}
	fn, err := plpgsql.Parse(plpgsql.DoBody(c.Code))
	if err != nil {
		return err
	}
	ps := &s.RoutineState().pl
	// A top-level DO is its own statement, with its own statement_timeout;
	// a DO nested in a routine or an extension script runs under its
	// caller's, which must stay alive.
	top := ps.depth == 0
	if top {
		ps.endStatement()
		// a DO block's plans die with it (the session keeps functions' plans)
		saved := ps.plans
		ps.plans = nil
		defer func() { ps.plans = saved }()
	}
	err = InPL(ctx, s, func(ctx context.Context) error {
		_, err := plpgsql.Run(ctx, &plHost{s: s}, fn, plpgsql.Call{})
		return err
	})
	if top {
		ps.endStatement()
	}
	return err
}

// InPL runs a PL/pgSQL call (or an INSTEAD OF trigger's statements):
// nested statements run inside the current transaction (an implicit one
// stays open until the call ends), and statement_timeout applies to the
// whole call.
func InPL(ctx context.Context, s Host, run func(ctx context.Context) error) error {
	ps := &s.RoutineState().pl
	if ps.depth >= maxPLDepth {
		return pgerror.New("54001", "stack depth limit exceeded").
			WithHint("Increase the configuration parameter \"max_stack_depth\" (currently 2048kB), after ensuring the platform's stack depth limit is adequate.")
	}
	ps.depth++
	defer func() { ps.depth-- }()
	outerIdle := s.TxnIdle()
	if ps.depth == 1 {
		ps.outerIdle = outerIdle
	}
	if outerIdle {
		s.SetTxnActive(true)
		defer s.SetTxnActive(false)
	}
	if ps.depth == 1 {
		// one statement_timeout per calling statement, not per call
		if ps.parent != ctx || ps.timeout == nil {
			if ps.cancel != nil {
				ps.cancel()
			}
			ps.parent = ctx
			ps.timeout, ps.cancel = withStatementTimeout(s, ctx)
		}
		ctx = ps.timeout
	}
	return run(ctx)
}

// endStatement drops the statement_timeout context of the last
// statement that called PL/pgSQL.
func (ps *plState) endStatement() {
	if ps.cancel != nil {
		ps.cancel()
	}
	ps.parent, ps.timeout, ps.cancel = nil, nil, nil
}

// withStatementTimeout applies statement_timeout to a top-level call.
func withStatementTimeout(s Host, ctx context.Context) (context.Context, context.CancelFunc) {
	if d := s.StatementTimeout(); d > 0 {
		return context.WithTimeout(ctx, d)
	}
	return context.WithCancel(ctx)
}
