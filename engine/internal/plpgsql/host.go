package plpgsql

import (
	"context"

	"github.com/tinybase/tinybase/engine/internal/types"
)

// Host is what the interpreter needs from the engine. The engine's
// implementation binds variables of the running Frame as parameters.
type Host interface {
	// Eval evaluates e (an expression, run as SELECT e) in fr; it returns
	// the value and its type. A result with other than one column or more
	// than one row is an error.
	Eval(ctx context.Context, fr *Frame, e *Expr) (any, *types.Type, error)
	// Query runs e (a statement) in fr and materialises its result.
	Query(ctx context.Context, fr *Frame, e *Expr) (*Result, error)
	// Dynamic runs sql text with $n parameters (EXECUTE ... USING).
	Dynamic(ctx context.Context, sql string, params []Value) (*Result, error)
	// Cast converts v from one type to another with assignment rules.
	Cast(v any, from, to *types.Type) (any, error)
	// Output renders v in PostgreSQL's text format.
	Output(v any, t *types.Type) string
	// ResolveType resolves a declared type (including tbl%ROWTYPE,
	// tbl.col%TYPE); nil with no error means "record".
	ResolveType(ctx context.Context, name string) (*types.Type, error)
	// Notice sends a RAISE below ERROR to the client.
	Notice(level, code, message, detail, hint string)
	// Savepoint marks the transaction; RollbackTo undoes what followed.
	Savepoint() any
	RollbackTo(mark any)
	// Check reports cancellation and statement_timeout (57014).
	Check(ctx context.Context) error
	// Enter makes fr the running frame until the returned function is
	// called (variables in compiled expressions read the running frame),
	// and puts fr.ContextLine on the session's error context stack.
	Enter(fr *Frame) (exit func())
	// OuterContext is the error context of the routines outside fr
	// (callers of its function), innermost first.
	OuterContext(fr *Frame) string
	// SchemaVisible reports whether a function of schema is named
	// without it (its schema is on the search path).
	SchemaVisible(schema string) bool
	// EndTransaction runs COMMIT or ROLLBACK inside a DO block or
	// procedure called outside a transaction block.
	EndTransaction(commit bool) error
	// OpenCursor opens a session cursor over res's rows under name (a new
	// unique name when name is empty) and returns the name.
	OpenCursor(name string, res *Result, scroll bool) (string, error)
}

// Value is a typed value.
type Value struct {
	V any
	T *types.Type
}

// Result is a statement's materialised result.
type Result struct {
	Names    []string
	Types    []*types.Type
	Rows     [][]any
	Affected int64
	// Returns is set for SELECT and DML ... RETURNING.
	Returns bool
	// CallArgs, for a CALL whose procedure has output parameters, gives
	// for each result column the index of the call's argument (as
	// written, positional then named) passed for it; -1 when none.
	CallArgs []int
}

// Var is one variable's current state in a Frame.
type Var struct {
	Type  *types.Type // nil until a record gets a value
	Value any         // *types.RecordVal for records and rows
	IsRec bool
}

// Frame is one activation of a function: its variables by datum number.
type Frame struct {
	Fn   *Function
	Vars []Var
	// RowCount is ROW_COUNT for GET DIAGNOSTICS.
	RowCount int64
	// err is the exception being handled (for bare RAISE and GET STACKED DIAGNOSTICS).
	err []error
	// out collects RETURN NEXT / RETURN QUERY rows of a set-returning function.
	out [][]any
	// Ret is the RETURN value.
	Ret     any
	RetType *types.Type
	// RetSet says the function returns a set; RetTypes are its columns.
	RetSet   bool
	RetTypes []*types.Type
	RetNames []string
	// RetIsRow is set when each result row is a composite split into RetTypes.
	RetIsRow bool
	OutVars  []int
	host     Host
	iter     int
	// subxacts counts the exception blocks running (no COMMIT inside one).
	subxacts int
	// annotated is the last error this frame added its context line to
	// (errcontext.go): the statements enclosing the failed one add none.
	annotated error
	// cur is the innermost statement running and curSQL the statement
	// text it is running, if any: what ContextLine reports.
	cur    Stmt
	curSQL string
	// errCtx is PG_EXCEPTION_CONTEXT of each error in f.err.
	errCtx []string
}

// IsRecord reports whether a datum is a record or row variable.
func (f *Frame) IsRecord(dno int) bool { return f.isRecord(dno) }

// VarValue returns a variable's value and type for the host.
func (f *Frame) VarValue(dno int) (any, *types.Type) {
	v := &f.Vars[dno]
	return v.Value, v.Type
}
