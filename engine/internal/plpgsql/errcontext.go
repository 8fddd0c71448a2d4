package plpgsql

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// Error context (PostgreSQL's plpgsql_exec_error_callback and SPI's
// error callback): an error leaving a PL/pgSQL statement gains a CONTEXT
// line naming the function, the line and the kind of the innermost
// statement running, after a `SQL statement "..."` line when a statement
// it ran failed. Each frame annotates an error once; the lines of nested
// calls come first, as PostgreSQL prints its error context stack.

// inlineCodeBlock is the name PostgreSQL's context gives a DO block.
const inlineCodeBlock = "inline_code_block"

// contextName is how the error context names the function.
func (f *Frame) contextName() string {
	fn := f.Fn
	if fn.Signature == "" {
		return inlineCodeBlock
	}
	if fn.Schema != "" && !f.host.SchemaVisible(fn.Schema) {
		return quoteIdent(fn.Schema) + "." + fn.Signature
	}
	return fn.Signature
}

// quoteIdent quotes an identifier when PostgreSQL's quote_identifier
// would (anything but lower-case letters, digits and underscores).
func quoteIdent(s string) string {
	for i, r := range s {
		if !(r >= 'a' && r <= 'z' || r == '_' || i > 0 && r >= '0' && r <= '9') {
			return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
		}
	}
	return s
}

// ContextLine is the context this frame adds to an error raised by what
// it runs now: the running SQL statement's line, if any, and the
// function's line. The error context stack calls it for the frames
// outside an exception handler (PG_EXCEPTION_CONTEXT).
func (f *Frame) ContextLine() string {
	if f.cur == nil {
		return ""
	}
	line := fmt.Sprintf("PL/pgSQL function %s line %d at %s", f.contextName(), f.cur.line(), stmtKind(f.cur))
	if f.curSQL != "" {
		return fmt.Sprintf("SQL statement %q", f.curSQL) + "\n" + line
	}
	return line
}

// withContext adds this frame's context line for statement s to err,
// unless the frame annotated err already (an inner statement did).
func (f *Frame) withContext(s Stmt, err error) error {
	return f.annotate(err, fmt.Sprintf("at %s", stmtKind(s)), s.line())
}

// annotate adds "PL/pgSQL function <name> line <n> <where>" to err once.
func (f *Frame) annotate(err error, where string, line int) error {
	pe, ok := err.(*pgerror.Error)
	if !ok || pe == f.annotated {
		return err
	}
	e := addWhere(pe, fmt.Sprintf("PL/pgSQL function %s line %d %s", f.contextName(), line, where))
	f.annotated = e
	return e
}

// ReturnCastError adds the context line PostgreSQL gives an error casting
// the function's result to its declared type, which happens after the
// body ran (no statement, so no line number).
func (f *Frame) ReturnCastError(err error) error {
	pe, ok := pgerror.As(err)
	if !ok {
		return err
	}
	return addWhere(pe, "PL/pgSQL function "+f.contextName()+" while casting return value to function's return type")
}

// sqlContext adds the `SQL statement "text"` line of a statement the
// function ran to the error it failed with.
func sqlContext(err error, text string) error {
	pe, ok := err.(*pgerror.Error)
	if !ok {
		return err
	}
	if e, ok := internalQuery(pe, text, 0); ok {
		return e
	}
	return addWhere(pe, fmt.Sprintf("SQL statement %q", text))
}

// internalQuery turns the position of an error found parsing or planning
// a statement the function ran (PLError's InternalPosition, counted in
// the text the host parsed) into PostgreSQL's internal query and
// position, as _SPI_error_callback does; such an error gets no context
// line for the statement. shift moves the position from the parsed text
// to query. ok is false when err carries no such position.
func internalQuery(pe *pgerror.Error, query string, shift int) (*pgerror.Error, bool) {
	if pe.InternalPosition <= 0 || pe.InternalQuery != "" || pe.Where != "" {
		return pe, false
	}
	e := *pe
	e.InternalQuery = query
	e.InternalPosition += shift
	if e.InternalPosition <= 0 {
		e.InternalPosition = 0
	}
	return &e, true
}

// addWhere returns a copy of pe with line appended to its context: the
// error value may be shared (a cached or re-raised one).
func addWhere(pe *pgerror.Error, line string) *pgerror.Error {
	return pe.WithContext(line)
}

// exprErrLine is the context line of an error evaluating an expression,
// where PostgreSQL gives one: when the error comes from planning it
// (constant folding: here, an expression of constants and operators
// only) or from running it through SPI (an expression that is not
// "simple": here, one with a sub-select). An expression reading
// variables or calling functions runs on PostgreSQL's simple-expression
// path, whose errors carry no such line.
func exprErrLine(source, text string, assignment bool) string {
	tree, err := pgtree.Parse("SELECT " + text)
	if err != nil || len(tree.Stmts) != 1 {
		return ""
	}
	subLink, constant := false, true
	for _, n := range tree.Stmts[0].Stmt.GetSelectStmt().GetTargetList() {
		pgtree.Walk(n, func(m any) bool {
			switch m.(type) {
			case *pg.SubLink:
				subLink = true
			case *pg.ColumnRef, *pg.ParamRef, *pg.FuncCall, *pg.TypeCast:
				constant = false
			}
			return true
		})
	}
	if !subLink && !constant {
		return ""
	}
	if assignment {
		return fmt.Sprintf("PL/pgSQL assignment %q", source)
	}
	return fmt.Sprintf("SQL expression %q", text)
}

// eval evaluates e, adding its context line to an error (exprErrLine).
func (f *Frame) eval(ctx context.Context, e *Expr) (any, *types.Type, error) {
	v, t, err := f.host.Eval(ctx, f, e)
	return v, t, exprContext(err, e)
}

// exprContext adds e's context line, if any, to an error evaluating it.
func exprContext(err error, e *Expr) error {
	if err == nil {
		return err
	}
	pe, ok := err.(*pgerror.Error)
	if !ok {
		return err
	}
	if pe.InternalPosition > 0 {
		if ie, ok := internalQuery(pe, e.source(), e.shift()); ok {
			return ie
		}
	}
	if e.errLine == "" {
		return err
	}
	switch pe.Code {
	case pgerror.InvalidTextRepresentation, "22007", "22008":
		// a literal's input error: PostgreSQL reports it at parse
		// analysis, with the query as internal query, not as context
		return err
	}
	return addWhere(pe, e.errLine)
}

// stmtKind is a statement's name in the error context, as PostgreSQL's
// plpgsql_stmt_typename gives it.
func stmtKind(s Stmt) string {
	switch st := s.(type) {
	case *Block:
		return "statement block"
	case *Assign:
		return "assignment"
	case *If:
		return "IF"
	case *Case:
		return "CASE"
	case *Loop:
		return "LOOP"
	case *While:
		return "WHILE"
	case *ForInt:
		return "FOR with integer loop variable"
	case *ForQuery:
		if st.Dyn != nil {
			return "FOR over EXECUTE statement"
		}
		return "FOR over SELECT rows"
	case *CursorLoop:
		return "FOR over cursor"
	case *ForEach:
		return "FOREACH over array"
	case *Exit:
		if st.IsExit {
			return "EXIT"
		}
		return "CONTINUE"
	case *Return:
		return "RETURN"
	case *ReturnNext:
		return "RETURN NEXT"
	case *ReturnQuery:
		return "RETURN QUERY"
	case *Raise:
		return "RAISE"
	case *Assert:
		return "ASSERT"
	case *ExecSQL:
		return "SQL statement"
	case *CallProc:
		return "CALL"
	case *DynExecute:
		return "EXECUTE"
	case *GetDiag:
		if st.Stacked {
			return "GET STACKED DIAGNOSTICS"
		}
		return "GET DIAGNOSTICS"
	case *CursorOpen:
		return "OPEN"
	case *CursorFetch:
		if st.Move {
			return "MOVE"
		}
		return "FETCH"
	case *CursorClose:
		return "CLOSE"
	case *Perform:
		return "PERFORM"
	case *TxnEnd:
		if st.Commit {
			return "COMMIT"
		}
		return "ROLLBACK"
	case *Null:
		return "NULL"
	}
	return "statement"
}

// source is the text PostgreSQL reports as an expression's internal
// query: the expression, or the whole assignment ("x := ...").
func (e *Expr) source() string {
	if e.Source != "" {
		return e.Source
	}
	return e.Text
}

// shift moves a position in the text the host parses for e (SELECT
// <Text> for an expression) to one in e.source().
func (e *Expr) shift() int {
	n := 0
	if !e.Query {
		n = -len("SELECT ")
	}
	if e.Source != "" {
		n += utf8.RuneCountInString(e.Source) - utf8.RuneCountInString(e.Text)
	}
	return n
}
