package session

import (
	"context"

	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// runSQLPrepared runs PREPARE, EXECUTE and DEALLOCATE (PostgreSQL docs:
// PREPARE): PREPARE describes the statement as the wire protocol's Parse
// does (Session.Prepare) and keeps it by name for the session; EXECUTE
// evaluates each argument once, as a constant of its parameter's type,
// and runs the statement with them. ok is false for other statements.
func (s *Session) runSQLPrepared(ctx context.Context, res translate.Result) (rows *Rows, ok bool, err error) {
	fail := func(e error) (*Rows, bool, error) {
		s.failed()
		return nil, true, e
	}
	switch c := res.Cmd.(type) {
	case *translate.SQLPrepare:
		if _, dup := s.sqlPrepared[c.Name]; dup {
			return fail(pgerror.New(pgerror.DuplicatePreparedStatement, "prepared statement \"%s\" already exists", c.Name))
		}
		p, err := s.Prepare(ctx, c.Query, c.ParamOIDs)
		if err != nil {
			return fail(err)
		}
		if s.sqlPrepared == nil {
			s.sqlPrepared = map[string]*Prepared{}
		}
		s.sqlPrepared[c.Name] = p
		return &Rows{tag: res.Tag, done: true, notices: s.takeNotices()}, true, nil
	case *translate.SQLDeallocate:
		if c.All {
			s.sqlPrepared = nil
		} else if _, found := s.sqlPrepared[c.Name]; !found {
			return fail(pgerror.New(pgerror.InvalidSQLStatementName, "prepared statement \"%s\" does not exist", c.Name))
		}
		delete(s.sqlPrepared, c.Name)
		return &Rows{tag: res.Tag, done: true, notices: s.takeNotices()}, true, nil
	case *translate.SQLExecute:
		p, found := s.sqlPrepared[c.Name]
		if !found {
			return fail(pgerror.New(pgerror.InvalidSQLStatementName, "prepared statement \"%s\" does not exist", c.Name))
		}
		if len(c.Args) != len(p.params) {
			return fail(pgerror.New(pgerror.SyntaxError, "wrong number of parameters for prepared statement \"%s\"", c.Name).
				WithDetail("Expected %d parameters but got %d.", len(p.params), len(c.Args)))
		}
		args := make([]any, len(c.Args))
		for i, a := range c.Args {
			v, err := s.executeArg(ctx, a, p, i)
			if err != nil {
				return fail(err)
			}
			args[i] = v
		}
		rows, err := s.QueryBound(ctx, p, args)
		return rows, true, err
	}
	return nil, false, nil
}

// executeArg evaluates one EXECUTE argument as a value of parameter i's
// type (a text literal when the parameter's type is not known).
func (s *Session) executeArg(ctx context.Context, arg string, p *Prepared, i int) (any, error) {
	q := "SELECT " + arg
	t := p.ParamType(i)
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
