package session

import (
	"context"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// sqlPrepare runs PREPARE (PostgreSQL docs: PREPARE): it describes the
// statement as the wire protocol's Parse does (Session.Prepare) and keeps
// it by name for the session.
func (s *Session) sqlPrepare(ctx context.Context, res translate.Result, c *translate.SQLPrepare) (*Rows, error) {
	if _, dup := s.sqlPrepared[c.Name]; dup {
		return s.sqlPreparedFailed(pgerror.New(pgerror.DuplicatePreparedStatement, "prepared statement \"%s\" already exists", c.Name))
	}
	p, err := s.Prepare(ctx, c.Query, c.ParamOIDs)
	if err != nil {
		return s.sqlPreparedFailed(err)
	}
	if s.sqlPrepared == nil {
		s.sqlPrepared = map[string]*Prepared{}
	}
	s.sqlPrepared[c.Name] = p
	return &Rows{tag: res.Tag, done: true, notices: s.takeNotices()}, nil
}

// sqlDeallocate runs DEALLOCATE.
func (s *Session) sqlDeallocate(_ context.Context, res translate.Result, c *translate.SQLDeallocate) (*Rows, error) {
	if c.All {
		s.sqlPrepared = nil
		s.stmtEpoch++ // the wire protocol's named statements go too
	} else if _, found := s.sqlPrepared[c.Name]; !found {
		return s.sqlPreparedFailed(pgerror.New(pgerror.InvalidSQLStatementName, "prepared statement \"%s\" does not exist", c.Name))
	}
	delete(s.sqlPrepared, c.Name)
	return &Rows{tag: res.Tag, done: true, notices: s.takeNotices()}, nil
}

// sqlExecute runs EXECUTE: it evaluates each argument once, as a constant
// of its parameter's type, and runs the statement with them.
func (s *Session) sqlExecute(ctx context.Context, _ translate.Result, c *translate.SQLExecute) (*Rows, error) {
	p, found := s.sqlPrepared[c.Name]
	if !found {
		return s.sqlPreparedFailed(pgerror.New(pgerror.InvalidSQLStatementName, "prepared statement \"%s\" does not exist", c.Name))
	}
	if len(c.Args) != len(p.params) {
		return s.sqlPreparedFailed(pgerror.New(pgerror.SyntaxError, "wrong number of parameters for prepared statement \"%s\"", c.Name).
			WithDetail("Expected %d parameters but got %d.", len(p.params), len(c.Args)))
	}
	args := make([]any, len(c.Args))
	for i, a := range c.Args {
		v, err := s.executeArg(ctx, a, p, i)
		if err != nil {
			return s.sqlPreparedFailed(err)
		}
		args[i] = v
	}
	return s.QueryBound(ctx, p, args)
}

// sqlPreparedFailed ends a PREPARE, EXECUTE or DEALLOCATE that failed
// before running a statement.
func (s *Session) sqlPreparedFailed(err error) (*Rows, error) {
	s.failed()
	return nil, err
}

// executeArg evaluates one EXECUTE argument as a value of parameter i's
// type (a text literal when the parameter's type is not known).
func (s *Session) executeArg(ctx context.Context, arg string, p *Prepared, i int) (any, error) {
	t := p.ParamType(i)
	if v, ok := s.literalArg(arg, t); ok {
		return v, nil
	}
	q := "SELECT " + arg
	if t != nil {
		q = "SELECT (" + arg + ")::" + t.WithMod(-1).FormatType()
	}
	rows, err := s.Query(ctx, q)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	if !rows.Next() {
		return nil, rows.Err()
	}
	v := rows.Values()[0]
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if t == nil {
		if txt := rows.Text()[0]; txt != nil {
			return *txt, nil
		}
		return nil, nil
	}
	return Param{Type: t, Value: v}, nil
}

// literalArg reads an EXECUTE argument that is a plain constant — a
// string literal without quotes or backslashes inside, or an integer
// literal — with its parameter type's input function, which is what
// `SELECT (arg)::type` computes for it, without running that query. ok is
// false for anything else, and for input the type rejects: the query
// then reports the error as it always did.
func (s *Session) literalArg(arg string, t *types.Type) (any, bool) {
	if t != nil && t.Domain != nil {
		return nil, false // a domain's constraints are checked by the cast
	}
	if n := len(arg); n >= 2 && arg[0] == '\'' && arg[n-1] == '\'' {
		body := arg[1 : n-1]
		if strings.ContainsAny(body, `'\`) {
			return nil, false
		}
		if t == nil {
			return body, true
		}
		switch t.Kind {
		case types.KindInt2, types.KindInt4, types.KindInt8, types.KindNumeric, types.KindText, types.KindBool:
		default:
			return nil, false
		}
		v, err := types.Input(t.WithMod(-1), body, &s.env)
		if err != nil {
			return nil, false
		}
		return Param{Type: t, Value: v}, true
	}
	digits := strings.TrimPrefix(arg, "-")
	if digits == "" || strings.TrimLeft(digits, "0123456789") != "" || t == nil {
		return nil, false
	}
	// an integer literal converts as the value it denotes when it fits
	// the type (a wider one would fail the cast with another message)
	maxDigits := 0
	switch t.Kind {
	case types.KindInt2:
		maxDigits = 4
	case types.KindInt4:
		maxDigits = 9
	case types.KindInt8, types.KindNumeric:
		maxDigits = 18
	}
	if len(digits) > maxDigits {
		return nil, false
	}
	v, err := types.Input(t.WithMod(-1), arg, &s.env)
	if err != nil {
		return nil, false
	}
	return Param{Type: t, Value: v}, true
}
