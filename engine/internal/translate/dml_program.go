package translate

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// DML is a data-modifying statement GMS cannot run as one plan: DELETE
// with RETURNING or USING, INSERT ... ON CONFLICT, and any statement with
// data-modifying WITH items. The engine runs it in steps (engine/dml_*.go),
// each step an ordinary GMS statement. Exactly one of Stmt, Delete,
// Update, Upsert, Merge and Parts is set.
type DML struct {
	// CTEs are the data-modifying WITH items, run first and in order; each
	// fills its Slot with its RETURNING rows before the main statement is
	// planned (PostgreSQL docs 7.8.4).
	CTEs   []*ModifyingCTE
	Stmt   sqlparser.Statement
	Delete *DeleteSteps
	Update *UpdateSteps
	Upsert *Upsert
	Merge  *MergeSteps
	// Parts are an UPDATE or DELETE of a table with descendants, one
	// statement per table of the tree (inherit_write.go), run in order;
	// Root is set when the table is partitioned: rows an UPDATE moves out
	// of their partition are routed again from it.
	Parts []Result
	Root  catalog.QName
	// Named is the table an UPDATE or DELETE with Parts names, whose
	// statement triggers fire once for the whole tree; SetCols are an
	// UPDATE's SET columns (for UPDATE OF).
	Named   catalog.QName
	SetCols []string
	// PartTables are the tables Parts write, in order.
	PartTables []catalog.QName
}

func (*DML) command() {}

// TableRef names a table as written (Schema "" walks the search path).
type TableRef struct{ Schema, Name string }

// ModifyingCTE is WITH name AS (INSERT/UPDATE/DELETE ... RETURNING ...),
// or a WITH query materialized before the statement (Select).
type ModifyingCTE struct {
	Name    string
	Columns []string // WITH name(columns); empty: the RETURNING names
	Stmt    Result   // the statement; Returning is set
	// Slot is the CTE body in the main statement; the engine sets its
	// Select to the materialised rows.
	Slot *sqlparser.Subquery
	// Select is set for a SELECT that runs once because it calls a
	// volatile function (cte_materialize.go), which changes no table.
	Select bool
}

// DeleteSteps is DELETE with RETURNING or USING: Select reads the target
// rows (Target.* first, then the RETURNING list) and the engine deletes
// them by key.
type DeleteSteps struct {
	Target    TableRef
	Select    *sqlparser.Select
	Returning bool
	Using     bool // a target row may be read more than once
}

// Upsert is INSERT ... ON CONFLICT (PostgreSQL docs, INSERT).
type Upsert struct {
	Target  TableRef
	Columns []string // insert column list; empty: every column in order
	// Values are the VALUES rows (a *sqlparser.Default item is DEFAULT);
	// Source is the query of INSERT ... SELECT.
	Values [][]sqlparser.Expr
	Source sqlparser.SelectStatement
	// Arbiter: conflict target columns, or a constraint name, or neither
	// (DO NOTHING against every unique index).
	TargetColumns []string
	// TargetExprs is the conflict target when it has an expression: every
	// element, translated over the table's columns (a column is a column
	// reference), matched against expression indexes' keys.
	TargetExprs   []sqlparser.Expr
	TargetPartial bool // the target has WHERE: partial indexes may arbitrate
	Constraint    string
	Update        bool
	Set           sqlparser.AssignmentExprs
	// SetCycle: Set's items read each other's columns in a cycle (SET
	// a = t.b, b = t.a), so the engine computes them over the existing
	// row before it assigns them (readersFirst)
	SetCycle  bool
	Where     sqlparser.Expr
	Returning sqlparser.SelectExprs
	// Excluded carries the proposed row that EXCLUDED.col reads.
	Excluded *ExcludedRow
}

// ExcludedRow is the row proposed for insertion, as ON CONFLICT DO UPDATE
// sees it through EXCLUDED. The engine sets Columns and Types once and Values
// before each update it plans.
type ExcludedRow struct {
	Columns []string
	Types   []*types.Type
	Values  []any
}

// excludedRef is EXCLUDED.col as a vitess injectable: it resolves against
// the ExcludedRow when GMS plans the update.
type excludedRef struct {
	row *ExcludedRow
	col string
	loc int32
}

var _ sqlparser.Injectable = (*excludedRef)(nil)

func (x *excludedRef) WithResolvedChildren([]any) (any, error) {
	for i, c := range x.row.Columns {
		if c == x.col {
			return &excludedValue{row: x.row, idx: i}, nil
		}
	}
	e := pgerror.New(pgerror.UndefinedColumn, "column excluded.%s does not exist", x.col)
	if x.loc >= 0 {
		e.Position = int(x.loc) + 1
	}
	return nil, e
}

func (x *excludedRef) String() string { return "excluded." + x.col }

// excludedValue reads one column of the proposed row at execution time.
type excludedValue struct {
	row *ExcludedRow
	idx int
}

var _ sql.Expression = (*excludedValue)(nil)

func (e *excludedValue) Resolved() bool   { return true }
func (e *excludedValue) String() string   { return "excluded." + e.row.Columns[e.idx] }
func (e *excludedValue) Type() sql.Type   { return e.row.Types[e.idx] }
func (e *excludedValue) IsNullable() bool { return true }
func (e *excludedValue) Eval(*sql.Context, sql.Row) (any, error) {
	if e.idx >= len(e.row.Values) {
		return nil, nil
	}
	return e.row.Values[e.idx], nil
}
func (e *excludedValue) Children() []sql.Expression { return nil }
func (e *excludedValue) WithChildren(...sql.Expression) (sql.Expression, error) {
	return e, nil
}

// PGType lets expr.TypeOf see the column type.
func (e *excludedValue) PGType() *types.Type { return e.row.Types[e.idx] }
