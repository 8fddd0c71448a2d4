package session

import (
	"context"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// Result is one statement's materialised result, as Exec returns it.
type Result struct {
	SQL     string
	Columns []Column
	Rows    [][]*string // PostgreSQL text format; nil is NULL
	Tag     string
	Notices []Notice
}

// Exec runs every statement of script in order, materialising each
// result. It stops at the first error, returning the results so far and
// the *Error, whose Position is relative to script (not to the statement).
// Use Query to stream a large result instead.
func (s *Session) Exec(ctx context.Context, script string) ([]Result, error) {
	stmts, err := SplitStatements(script)
	if err != nil {
		return nil, err
	}
	var out []Result
	s.SetClientQuery(script)
	defer func() {
		s.SetClientQuery("")
		s.activityEnd() // the script's statements ran under its pinned text
	}()
	for _, st := range stmts {
		res, err := s.execOne(ctx, st.SQL)
		if err != nil {
			if pe, ok := pgerror.As(err); ok && pe.Position > 0 {
				pe.Position += runeCount(script[:st.Offset])
			}
			return out, err
		}
		out = append(out, res)
	}
	return out, nil
}

func (s *Session) execOne(ctx context.Context, q string) (Result, error) {
	rows, err := s.Query(ctx, q)
	if err != nil {
		return Result{SQL: q}, err
	}
	res := Result{SQL: q, Columns: rows.Columns()}
	for rows.Next() {
		res.Rows = append(res.Rows, rows.Text())
	}
	if err := rows.Err(); err != nil {
		return res, err
	}
	res.Tag = rows.Tag()
	res.Notices = rows.Notices()
	return res, nil
}

func runeCount(s string) int {
	n := 0
	for range s {
		n++
	}
	return n
}
