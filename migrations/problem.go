package migrations

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Problem is why a file did not apply: PostgreSQL's error fields plus where
// in the file it happened.
type Problem struct {
	// Statement is the failing statement's text and StatementIndex its
	// 1-based number in the file (0 when unknown).
	Statement      string `json:"statement,omitempty"`
	StatementIndex int    `json:"statement_index,omitempty"`
	SQLState       string `json:"sqlstate"`
	Message        string `json:"message"`
	Detail         string `json:"detail,omitempty"`
	Hint           string `json:"hint,omitempty"`
	// Context is PostgreSQL's CONTEXT lines (the functions and
	// statements the error passed through, innermost first), and
	// InternalQuery / InternalPosition the statement inside a function
	// that failed to parse or plan and the 1-based offset in it (psql's
	// QUERY line).
	Context          string `json:"context,omitempty"`
	InternalQuery    string `json:"internal_query,omitempty"`
	InternalPosition int    `json:"internal_position,omitempty"`
	// Position is the 1-based character offset of the error in the file
	// (PostgreSQL's error position); Line and Column are derived from it,
	// or point at the failing statement's start when PostgreSQL gives no
	// position. All three are 0 when unknown.
	Position int `json:"position,omitempty"`
	Line     int `json:"line,omitempty"`
	Column   int `json:"column,omitempty"`
}

// String is the one-line form: ERROR: msg (SQLSTATE code) at line L,
// column C. Newlines inside the fields (PostgreSQL quotes the rest of an
// unterminated literal) are written as \n so it stays one line.
func (p Problem) String() string {
	var b strings.Builder
	oneLine := strings.NewReplacer("\r\n", `\n`, "\n", `\n`, "\r", `\r`)
	p.Message, p.Detail, p.Hint = oneLine.Replace(p.Message), oneLine.Replace(p.Detail), oneLine.Replace(p.Hint)
	p.Context, p.InternalQuery = oneLine.Replace(p.Context), oneLine.Replace(p.InternalQuery)
	fmt.Fprintf(&b, "ERROR: %s (SQLSTATE %s)", p.Message, p.SQLState)
	if p.Line > 0 {
		fmt.Fprintf(&b, " at line %d, column %d", p.Line, p.Column)
	}
	if p.Detail != "" {
		fmt.Fprintf(&b, "; DETAIL: %s", p.Detail)
	}
	if p.Hint != "" {
		fmt.Fprintf(&b, "; HINT: %s", p.Hint)
	}
	if p.InternalQuery != "" {
		fmt.Fprintf(&b, "; QUERY: %s", p.InternalQuery)
		if p.InternalPosition > 0 {
			fmt.Fprintf(&b, " (at character %d)", p.InternalPosition)
		}
	}
	if p.Context != "" {
		fmt.Fprintf(&b, "; CONTEXT: %s", p.Context)
	}
	return b.String()
}

// timeoutMessage is PostgreSQL's wording for statement_timeout.
const timeoutMessage = "canceling statement due to statement timeout"

func problemFrom(err error, script string, stmts []engine.Statement) Problem {
	var p Problem
	idx := -1
	var fa *failedAt
	if errors.As(err, &fa) {
		idx = fa.index
	}
	if pe, ok := pgerror.As(err); ok {
		p = Problem{SQLState: pe.Code, Message: pe.Message, Detail: pe.Detail, Hint: pe.Hint, Position: pe.Position,
			Context: pe.Where, InternalQuery: pe.InternalQuery, InternalPosition: pe.InternalPosition}
	} else if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		p = Problem{SQLState: pgerror.QueryCanceled, Message: timeoutMessage}
	} else {
		p = Problem{SQLState: pgerror.InternalError, Message: err.Error()}
	}
	if p.SQLState == pgerror.QueryCanceled && errors.Is(err, context.DeadlineExceeded) {
		p.Message = timeoutMessage
	}
	if idx >= 0 && idx < len(stmts) {
		p.Statement = stmts[idx].SQL
		p.StatementIndex = idx + 1
		if p.Position == 0 {
			p.Line, p.Column = lineCol(script, runeCount(script[:stmts[idx].Offset])+1)
		}
	}
	if p.Position > 0 {
		p.Line, p.Column = lineCol(script, p.Position)
	}
	return p
}

// lineCol turns a 1-based character position into a 1-based line and
// column (columns count characters, as PostgreSQL's positions do).
func lineCol(script string, pos int) (line, col int) {
	line, col = 1, 1
	n := 1
	for _, r := range script {
		if n >= pos {
			break
		}
		if r == '\n' {
			line++
			col = 1
		} else {
			col++
		}
		n++
	}
	return line, col
}

// LineColumn is the 1-based line and column of a 1-based character
// position in script.
func LineColumn(script string, pos int) (line, col int) { return lineCol(script, pos) }
