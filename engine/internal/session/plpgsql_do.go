package session

import (
	"context"

	"github.com/tinybase/tinybase/engine/internal/plpgsql"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// runDo runs DO (PostgreSQL docs: SQL command DO): an anonymous PL/pgSQL
// block, in the statement's transaction.
func (s *Session) runDo(ctx context.Context, c *translate.Do) (string, *Rows, error) {
	if c.Language != "plpgsql" {
		return "", nil, pgerror.New(pgerror.UndefinedObject, "language \"%s\" does not exist", c.Language)
	}
	fn, err := plpgsql.Parse(plpgsql.DoBody(c.Code))
	if err != nil {
		return "", nil, err
	}
	s.endPLStatement()
	// a DO block's plans die with it (the session keeps functions' plans)
	if s.pl.depth == 0 {
		saved := s.pl.plans
		s.pl.plans = nil
		defer func() { s.pl.plans = saved }()
	}
	err = s.inPL(ctx, func(ctx context.Context) error {
		_, err := plpgsql.Run(ctx, &plHost{s: s}, fn, plpgsql.Call{})
		return err
	})
	s.endPLStatement()
	if err != nil {
		return "", nil, err
	}
	return s.commandDone("DO")
}

// inPL runs a PL/pgSQL call: nested statements run inside the current
// transaction (an implicit one stays open until the call ends), and
// statement_timeout applies to the whole call.
func (s *Session) inPL(ctx context.Context, run func(ctx context.Context) error) error {
	if s.pl.depth >= maxPLDepth {
		return pgerror.New("54001", "stack depth limit exceeded").
			WithHint("Increase the configuration parameter \"max_stack_depth\" (currently 2048kB), after ensuring the platform's stack depth limit is adequate.")
	}
	s.pl.depth++
	defer func() { s.pl.depth-- }()
	outer := s.state
	if s.pl.depth == 1 {
		s.pl.outerIdle = outer == txnIdle
	}
	if outer == txnIdle {
		s.StorageTxn().Refresh()
		s.state = txnActive
		defer func() {
			if s.state != txnIdle {
				s.state = outer
			}
		}()
	}
	if s.pl.depth == 1 {
		// one statement_timeout per calling statement, not per call
		if s.pl.parent != ctx || s.pl.timeout == nil {
			if s.pl.cancel != nil {
				s.pl.cancel()
			}
			s.pl.parent = ctx
			s.pl.timeout, s.pl.cancel = s.withStatementTimeout(ctx)
		}
		ctx = s.pl.timeout
	}
	return run(ctx)
}

// runDoStatement is DO as a top-level statement.
func (s *Session) runDoStatement(ctx context.Context, c *translate.Do) (*Rows, error) {
	tag, _, err := s.runDo(ctx, c)
	if s.state == txnIdle {
		s.endImplicit()
	}
	if err != nil {
		s.failed()
		return nil, err
	}
	return &Rows{tag: tag, done: true, notices: s.takeNotices()}, nil
}

// endPLStatement drops the statement_timeout context of the last
// statement that called PL/pgSQL.
func (s *Session) endPLStatement() {
	if s.pl.cancel != nil {
		s.pl.cancel()
	}
	s.pl.parent, s.pl.timeout, s.pl.cancel = nil, nil, nil
}
