package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/tinybase/tinybase/engine"
)

// resultSet is the last statement's rows of a script, cut at the limits.
type resultSet struct {
	Rows []Row
	// Total is how many rows the statement produced (all of them, also
	// past the cut); Truncated says the cut happened, CutBy why.
	Total     int64
	Truncated bool
	CutBy     string // "rows" or "bytes"
	Tag       string
}

// note is the truncation note shown outside the data.
func (r *resultSet) note(maxRows, maxBytes int) string {
	if !r.Truncated {
		return ""
	}
	limit := fmt.Sprintf("the row limit (%d rows)", maxRows)
	if r.CutBy == "bytes" {
		limit = fmt.Sprintf("the size limit (%d bytes)", maxBytes)
	}
	return fmt.Sprintf("The result was truncated: showing %d of %d rows, cut at %s. Add a LIMIT, a WHERE clause or fewer columns to see the rest.", len(r.Rows), r.Total, limit)
}

// runMode says how a script runs.
type runMode struct {
	// readOnly runs inside BEGIN READ ONLY and refuses, with 25006, a
	// statement that leaves read-only mode.
	readOnly bool
	// rollback runs inside a transaction that is always rolled back.
	rollback bool
}

// run executes script on s: every statement in order, one implicit
// transaction for several (as a simple Query message runs), the rows of
// the last one kept up to the limits. Errors carry the position in script.
func (t *Tools) run(ctx context.Context, s *engine.Session, script string, m runMode) (*resultSet, *Error) {
	ctx, cancel := context.WithTimeout(ctx, t.cfg.Timeout)
	defer cancel()
	cleanup := context.WithoutCancel(ctx)
	stmts, err := engine.SplitStatements(script)
	if err != nil {
		return nil, sqlError(err, script, engine.Statement{SQL: script})
	}
	res := &resultSet{Rows: []Row{}}
	if len(stmts) == 0 {
		return res, nil
	}
	wrapped := m.readOnly || m.rollback
	if wrapped {
		for _, st := range stmts {
			if e := refuseInTransaction(st, m); e != nil {
				return nil, located(e, script, st)
			}
		}
		begin := "BEGIN"
		if m.readOnly {
			begin = "BEGIN READ ONLY"
		}
		if _, err := s.Exec(ctx, begin); err != nil {
			return nil, sqlError(err, begin, engine.Statement{SQL: begin})
		}
		defer s.Exec(cleanup, "ROLLBACK") //nolint:errcheck // ending our own transaction; the session closes next
	}
	implicit := false
	if !wrapped && len(stmts) > 1 && !anyTransactionControl(stmts) {
		implicit = s.BeginImplicitBlock()
	}
	for _, st := range stmts {
		res = &resultSet{Rows: []Row{}}
		if err := t.collect(ctx, s, st, res); err != nil {
			if implicit {
				_ = s.EndImplicitBlock() // rolls the failed block back
			}
			return nil, sqlError(err, script, st)
		}
		if m.readOnly {
			ro, _ := s.Setting("transaction_read_only")
			if s.TxStatus() != 'T' || ro != "on" {
				// The statement left read-only mode (set_config, SET
				// TRANSACTION READ WRITE): nothing after it may run.
				tag, _, _ := strings.Cut(res.Tag, " ")
				return nil, located(&Error{SQLState: "25006", Message: fmt.Sprintf("cannot execute %s in a read-only transaction", tag)}, script, st)
			}
		}
	}
	if implicit {
		if err := s.EndImplicitBlock(); err != nil {
			return nil, sqlError(err, script, stmts[len(stmts)-1])
		}
	}
	return res, nil
}

// located fills in where a statement-level error happened, when the
// error has no position of its own.
func located(e *Error, script string, st engine.Statement) *Error {
	if e.Position == 0 && e.SQLState != "" {
		return sqlError(&engine.Error{Severity: "ERROR", Code: e.SQLState, Message: e.Message, Detail: e.Detail, Hint: e.Hint}, script, st)
	}
	return e
}

// refuseInTransaction rejects, before anything runs, what cannot run in a
// tool's own transaction: transaction control, and in read-only mode COPY
// to a file or program (the engine's read-only check does not see COPY's
// side effects outside the database).
func refuseInTransaction(st engine.Statement, m runMode) *Error {
	word := firstWord(st.SQL)
	if isTransactionControl(st.SQL) {
		if m.readOnly {
			return &Error{SQLState: "25006", Message: fmt.Sprintf("cannot execute %s in a read-only transaction", strings.ToUpper(word))}
		}
		return &Error{SQLState: "25001", Message: fmt.Sprintf("cannot execute %s here: the query runs in a transaction that is rolled back", strings.ToUpper(word)),
			Hint: "Remove transaction control statements."}
	}
	if m.readOnly && word == "copy" {
		what := "COPY"
		lower := strings.ToLower(st.SQL)
		switch {
		case strings.Contains(lower, "program"):
			what = "COPY TO PROGRAM"
			if strings.Contains(lower, " from ") {
				what = "COPY FROM PROGRAM"
			}
		case strings.Contains(lower, " from "):
			what = "COPY FROM"
		case !strings.Contains(lower, "stdout"):
			what = "COPY TO"
		default:
			return nil
		}
		return &Error{SQLState: "25006", Message: fmt.Sprintf("cannot execute %s in a read-only transaction", what)}
	}
	return nil
}

func anyTransactionControl(stmts []engine.Statement) bool {
	for _, st := range stmts {
		if isTransactionControl(st.SQL) {
			return true
		}
	}
	return false
}

// collect runs one statement and keeps its rows up to the limits; rows
// past them are still read (the statement finishes, writes included) and
// counted.
func (t *Tools) collect(ctx context.Context, s *engine.Session, st engine.Statement, res *resultSet) error {
	rows, err := s.Query(ctx, st.SQL)
	if err != nil {
		return err
	}
	cols := rows.Columns()
	size := 2 // []
	for rows.Next() {
		res.Total++
		if res.Truncated {
			continue
		}
		if len(res.Rows) >= t.cfg.MaxRows {
			res.Truncated, res.CutBy = true, "rows"
			continue
		}
		text := rows.Text()
		approx := 0
		for _, v := range text {
			if v != nil {
				approx += len(*v)
			}
		}
		if size+approx > t.cfg.MaxBytes {
			// Too big before any JSON escaping: do not build it.
			res.Truncated, res.CutBy = true, "bytes"
			continue
		}
		r := makeRow(cols, text)
		b, err := json.Marshal(r)
		if err != nil {
			rows.Close()
			return &engine.Error{Severity: "ERROR", Code: "XX000", Message: "cannot encode a result row: " + err.Error()}
		}
		if size+len(b)+1 > t.cfg.MaxBytes {
			res.Truncated, res.CutBy = true, "bytes"
			continue
		}
		size += len(b) + 1
		res.Rows = append(res.Rows, r)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	res.Tag = rows.Tag()
	return nil
}
