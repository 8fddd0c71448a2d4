package routine

import (
	"context"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// Handler implements one procedural language.
type Handler interface {
	// Validate checks a routine's body when it is created or replaced
	// (check_function_bodies): syntax errors are 42601 with the position
	// in the CREATE statement's text where known (Validator.SourceText).
	Validate(ctx context.Context, v Validator, fn *catalog.Function) error
	// Call runs the routine with its input arguments (in declaration
	// order, defaults already applied, values in tinybase's Go
	// representation for their types; nil is SQL NULL). tg is set when
	// the routine runs as a trigger.
	Call(ctx context.Context, c Caller, fn *catalog.Function, args []any, tg *TriggerData) (Result, error)
}

// Column is one result column of a statement.
type Column struct {
	Name string
	Type *types.Type
}

// Rows is a statement's complete result.
type Rows struct {
	Columns []Column
	Rows    [][]any
	// Tag is the command tag ("SELECT 3", "INSERT 0 1").
	Tag string
	// Affected is the row count the tag reports (rows processed).
	Affected int64
}

// Statement is a prepared statement: parsed and translated once, run
// many times with different parameter values. Handlers keep them per
// routine to cache plans of body statements.
type Statement interface {
	// Columns describes the result (nil for statements without rows).
	Columns() []Column
	// Query runs the statement in c's session with values for its $n
	// parameters. A Statement may be kept across calls and sessions; it
	// re-plans itself when the catalog or search path changed.
	Query(ctx context.Context, c Caller, args []any) (*Rows, error)
}

// Savepoint marks a point in the caller's transaction.
type Savepoint interface{}

// Caller is what a routine body needs from the engine. Statements run in
// the calling session and transaction, as part of the calling statement.
type Caller interface {
	// Prepare parses and translates one SQL statement whose $n parameters
	// have the given types (names may resolve to parameters through
	// Params, for SQL-language bodies and PL/pgSQL variables).
	Prepare(ctx context.Context, sql string, params *Params) (Statement, error)
	// Query prepares and runs a statement once (dynamic SQL: EXECUTE).
	Query(ctx context.Context, sql string, params *Params, args []any) (*Rows, error)
	// Notice sends a message of a severity below ERROR (DEBUG, LOG, INFO,
	// NOTICE, WARNING) to the client.
	Notice(n Notice)
	// Savepoint, RollbackTo and Release bracket a BEGIN ... EXCEPTION
	// block: on an error its effects are rolled back.
	Savepoint() Savepoint
	RollbackTo(Savepoint)
	Release(Savepoint)
	// Err reports cancellation or statement_timeout (57014); loops call it.
	Err(ctx context.Context) error
	// Catalog is the catalog as the calling statement sees it.
	Catalog() *catalog.Catalog
	// Setting reads a configuration parameter (current_setting).
	Setting(name string) (string, bool)
	// Env is the session's type environment (time zone, now()).
	Env() *types.Env
	// Cast converts a value between types with assignment-cast rules.
	Cast(v any, from, to *types.Type) (any, error)
}

// Validator is what Handler.Validate may use: the catalog and statement
// analysis against it (for SQL bodies, whose references are resolved at
// CREATE).
type Validator interface {
	Catalog() *catalog.Catalog
	// Analyze parses and analyses a statement without running it,
	// reporting errors as the statement itself would.
	Analyze(ctx context.Context, sql string, params *Params) ([]Column, error)
	// SourceText is the CREATE statement's text and the body's offset in
	// it (-1 when the body cannot be located), to place error positions.
	SourceText() (text string, bodyOffset int)
}

// Params describes the parameters of a prepared statement: $1..$n have
// Types; a bare or function-qualified name listed in Names (same index)
// refers to the parameter too, unless a column of that name is in scope.
type Params struct {
	Types []*types.Type
	Names []string
	// Qualifier is the routine's name, which may qualify parameter
	// names (fn.param).
	Qualifier string
}

// Notice is a message of severity below ERROR.
type Notice struct {
	Severity string // "NOTICE", "WARNING", ...
	Code     string
	Message  string
	Detail   string
	Hint     string
}

// Result is what a call returns.
type Result struct {
	// Value is a scalar result, or a *types.RecordVal for composite and
	// record results (OUT parameters).
	Value any
	// Rows is the result of a set-returning routine, one []any per row
	// (a single column for SETOF scalar).
	Rows [][]any
	// Row is a trigger's returned row (NEW, OLD or a replacement), in
	// table column order; nil with Null set means "return NULL".
	Row []any
	// Null is set when the routine returned NULL (for a trigger: skip
	// the row in a BEFORE row trigger).
	Null bool
}

// TriggerData is what a trigger function sees (docs 43.10, "Trigger
// Functions"): TG_* and NEW / OLD.
type TriggerData struct {
	Name      string   // TG_NAME
	When      string   // TG_WHEN: BEFORE, AFTER, INSTEAD OF
	Level     string   // TG_LEVEL: ROW, STATEMENT
	Op        string   // TG_OP: INSERT, UPDATE, DELETE, TRUNCATE
	TableOID  uint32   // TG_RELID
	TableName string   // TG_TABLE_NAME
	Schema    string   // TG_TABLE_SCHEMA
	Args      []string // TG_ARGV
	Columns   []Column // the table's columns, for NEW and OLD
	New, Old  []any    // nil when not applicable (TG_OP, statement level)
	// Event is an event trigger's TG_EVENT (ddl_command_start, ...); Op
	// is then its TG_TAG.
	Event string
}

// PLFinding is one finding of a static check of a PL/pgSQL function
// (plpgsql_check_function_tb's row).
type PLFinding struct {
	Line      int // 0 for findings without a statement (parameters)
	Statement string
	SQLState  string
	Message   string
	Detail    string
	Hint      string
	Level     string // "error", "warning", "warning extra"
	Position  int    // 1-based in Query, 0 when none
	Query     string
	Context   string
}

// PLCheckOptions are the switches of a static check.
type PLCheckOptions struct {
	FatalErrors, OtherWarnings, ExtraWarnings bool
	// RelID is the table a trigger function is checked for (0: none).
	RelID uint32
}

// PLChecker is implemented by the engine's Caller: it checks a PL/pgSQL
// function's body statically, compiling each of its statements and
// expressions without running them.
type PLChecker interface {
	CheckPL(ctx context.Context, fn *catalog.Function, opt PLCheckOptions) ([]PLFinding, error)
	// DependenciesPL lists the relations and the functions and procedures
	// outside pg_catalog that fn's statements use, each once, as
	// plpgsql_show_dependency_tb does; relID is a trigger function's table.
	DependenciesPL(ctx context.Context, fn *catalog.Function, relID uint32) ([]PLDependency, error)
}

// PLDependency is one object a PL/pgSQL function uses: Type is RELATION,
// FUNCTION or PROCEDURE; Params the argument types of a routine,
// "(integer,text)".
type PLDependency struct {
	Type   string
	OID    uint32
	Schema string
	Name   string
	Params string
}
