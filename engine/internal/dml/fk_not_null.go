package dml

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// PostgreSQL carries out a foreign key's SET NULL, SET DEFAULT and ON
// UPDATE CASCADE as ordinary UPDATEs of the referencing rows, so the
// referencing table's NOT NULL constraints hold for the rows they write:
// a SET NULL on a NOT NULL column, which CREATE / ALTER TABLE accept,
// fails with 23502 when it fires, and the statement rolls back. GMS
// writes those rows straight to the referencing table's editor, which
// checks no NOT NULL; actionsNotNull puts a check in front of it.

// actionsNotNull wraps the referencing editors of n's foreign key
// handlers whose tables have NOT NULL columns.
func actionsNotNull(ctx *sql.Context, n sql.Node) {
	h, ok := hostOf(ctx)
	if !ok {
		return
	}
	var seen map[*plan.ForeignKeyEditor]bool // made for the first handler
	wrapHandlers(h, n, &seen)
}

// wrapHandlers wraps the editors of the ForeignKeyHandlers in n, visiting
// the nodes transform.Inspect would: a plain walk, as Inspect's closures
// were allocations of every INSERT.
func wrapHandlers(h Host, n sql.Node, seen *map[*plan.ForeignKeyEditor]bool) {
	if n == nil {
		return
	}
	if fkh, ok := n.(*plan.ForeignKeyHandler); ok && fkh.Editor != nil {
		if *seen == nil {
			*seen = map[*plan.ForeignKeyEditor]bool{}
		}
		wrapNotNull(h.TypesEnv(), fkh.Editor, *seen)
	}
	// an INSERT's one child and its destination's, without the slices
	// Children makes for them (two allocations of every INSERT)
	switch w := n.(type) {
	case *plan.InsertInto:
		wrapHandlers(h, w.Destination, seen)
		return
	case *plan.InsertDestination:
		wrapHandlers(h, w.Child, seen)
		return
	}
	for _, c := range n.Children() {
		wrapHandlers(h, c, seen)
	}
}

func wrapNotNull(env *types.Env, e *plan.ForeignKeyEditor, seen map[*plan.ForeignKeyEditor]bool) {
	if seen[e] {
		return
	}
	seen[e] = true
	for _, ra := range e.RefActions {
		child := ra.Editor
		if child == nil {
			continue
		}
		if !checksNotNull(child.Editor) {
			if ords := notNullOrdinals(child.Schema); len(ords) > 0 {
				child.Editor = &notNullEditor{ForeignKeyEditor: child.Editor, ords: ords, schema: child.Schema,
					tableSchema: ra.ForeignKey.SchemaName, table: ra.ForeignKey.Table, env: env}
			}
		}
		wrapNotNull(env, child, seen)
	}
}

// checksNotNull reports whether e already checks (a plan built twice),
// possibly under the trigger-firing editor wrapped around it later.
func checksNotNull(e sql.ForeignKeyEditor) bool {
	for {
		switch w := e.(type) {
		case *notNullEditor:
			return true
		case *cascadeEditor:
			e = w.ForeignKeyEditor
		default:
			return false
		}
	}
}

func notNullOrdinals(sch sql.Schema) []int {
	var ords []int
	for i, c := range sch {
		if !c.Nullable {
			ords = append(ords, i)
		}
	}
	return ords
}

// notNullEditor is a referencing table's editor that refuses a NULL in a
// NOT NULL column of the rows foreign key actions update.
type notNullEditor struct {
	sql.ForeignKeyEditor
	ords               []int
	schema             sql.Schema
	tableSchema, table string
	env                *types.Env
}

// Update implements sql.RowUpdater.
func (e *notNullEditor) Update(ctx *sql.Context, old, new sql.Row) error {
	for _, o := range e.ords {
		if o < len(new) && new[o] == nil {
			return e.violation(o, new)
		}
	}
	return e.ForeignKeyEditor.Update(ctx, old, new)
}

// violation is PostgreSQL's not-null error for column o of row.
func (e *notNullEditor) violation(o int, row sql.Row) error {
	col := e.schema[o].Name
	return &pgerror.Error{Severity: "ERROR", Code: pgerror.NotNullViolation,
		Schema: e.tableSchema, Table: e.table, Column: col,
		Message: `null value in column "` + col + `" of relation "` + e.table + `" violates not-null constraint`,
		Detail:  FailingRow(e.schema, row, e.env)}
}
