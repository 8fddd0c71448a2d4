package dml

import (
	"fmt"
	"io"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	gmstypes "github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// This file runs translate.DML programs: statements GMS cannot plan in one
// piece run as a sequence of ordinary GMS statements inside the statement's
// savepoint, with their results materialised.

// Result is one GMS statement's or program's materialised result.
type Result struct {
	Schema   sql.Schema
	Types    []*types.Type
	Rows     []sql.Row
	Affected int64
	OK       bool // the statement reported affected rows (DML without RETURNING)
}

// Count is the number a command tag reports for the result.
func (r Result) Count() int64 {
	if r.OK {
		return r.Affected
	}
	return int64(len(r.Rows))
}

// Step plans and runs one vitess statement to completion.
func Step(h Host, gctx *sql.Context, stmt sqlparser.Statement) (res Result, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = pgerror.Internal(p)
		}
	}()
	if err := Prepare(h, gctx, stmt); err != nil {
		return res, err
	}
	schema, iter, err := h.ExecGMS(gctx, stmt)
	if err != nil {
		return res, err
	}
	res.Schema = schema
	foreign := make([]bool, len(schema))
	for _, c := range schema {
		t := expr.FromGMSType(c.Type)
		if t.Kind == types.KindUnknown {
			t = types.Text
		}
		_, ours := c.Type.(*types.Type)
		foreign[len(res.Types)] = !ours
		res.Types = append(res.Types, t)
	}
	for {
		row, nerr := iter.Next(gctx)
		if derr := expr.DeferredError(gctx); derr != nil { // a window function's
			nerr = derr
		}
		if nerr == io.EOF {
			break
		}
		if nerr != nil {
			_ = iter.Close(gctx)
			return res, nerr
		}
		if len(row) == 1 {
			if ok, isOK := row[0].(gmstypes.OkResult); isOK {
				res.OK = true
				res.Affected += int64(ok.RowsAffected)
				if ui, isUp := ok.Info.(plan.UpdateInfo); isUp {
					res.Affected = int64(ui.Matched)
				}
				continue
			}
		}
		for i, v := range row {
			if i < len(foreign) && foreign[i] && v != nil {
				if row[i], err = expr.FromGMSValue(res.Types[i], v); err != nil {
					_ = iter.Close(gctx)
					return res, err
				}
			}
		}
		res.Rows = append(res.Rows, row)
	}
	return res, iter.Close(gctx)
}

// Tag is the command tag of a program's result for the statement's tag.
func Tag(tag string, out Result) string {
	switch tag {
	case "INSERT":
		return fmt.Sprintf("INSERT 0 %d", out.Count())
	case "SELECT", "UPDATE", "DELETE", "MERGE":
		return fmt.Sprintf("%s %d", tag, out.Count())
	}
	return tag
}

// Run runs a program: its data-modifying WITH items, then its statement.
// A SELECT reads the tables as they were before the WITH items changed
// them, as in PostgreSQL, where all parts of a statement share one
// snapshot; a data-modifying main statement sees their changes.
func Run(h Host, gctx *sql.Context, d *translate.DML) (Result, error) {
	if len(d.Parts) > 0 {
		return runParts(h, gctx, d) // partition_update.go
	}
	txn := h.StorageTxn()
	before := txn.Savepoint()
	lazy := !modifies(d.CTEs)
	var bufs []*expr.CTEBuffer
	defer func() {
		for _, b := range bufs {
			_ = b.Close(gctx)
		}
	}()
	for _, c := range d.CTEs {
		if c.Select && lazy {
			b, err := openCTE(h, gctx, c) // cte.go
			if err != nil {
				return Result{}, err
			}
			bufs = append(bufs, b)
			continue
		}
		if err := materializeCTE(h, gctx, c); err != nil {
			return Result{}, err
		}
	}
	if _, isSelect := d.Stmt.(sqlparser.SelectStatement); isSelect && modifies(d.CTEs) {
		after := txn.Savepoint()
		txn.RollbackTo(before)
		res, err := Step(h, gctx, d.Stmt)
		txn.RollbackTo(after)
		return res, err
	}
	switch {
	case d.Delete != nil:
		return deleteSteps(h, gctx, d.Delete)
	case d.Update != nil:
		return updateSteps(h, gctx, d.Update)
	case d.Upsert != nil:
		return upsert(h, gctx, d.Upsert)
	case d.Merge != nil:
		return merge(h, gctx, d.Merge) // merge.go
	}
	return Step(h, gctx, d.Stmt)
}

// modifies reports whether a WITH item is data-modifying, not a query
// materialized before the statement.
func modifies(ctes []*translate.ModifyingCTE) bool {
	for _, c := range ctes {
		if !c.Select {
			return true
		}
	}
	return false
}

// RunResult runs a translated statement that is either plain or a program.
func RunResult(h Host, gctx *sql.Context, res translate.Result) (Result, error) {
	if err := ReadOnlyWrite(h, res); err != nil { // readonly.go
		return Result{}, err
	}
	if d, ok := res.Cmd.(*translate.DML); ok {
		return Run(h, gctx, d)
	}
	if c, ok := res.Cmd.(*translate.InsteadOf); ok {
		return insteadOfResult(h, gctx, c) // trigger_instead.go
	}
	if res.Stmt == nil {
		return Result{}, pgerror.New(pgerror.FeatureNotSupported, "%s is not supported in WITH yet", res.Tag)
	}
	return Step(h, gctx, res.Stmt)
}

// lookupTable finds a table as the statement names it.
func lookupTable(h Host, gctx *sql.Context, ref translate.TableRef) (*storage.Table, error) {
	schemas := h.SearchPath()
	if ref.Schema != "" {
		schemas = []string{ref.Schema}
	}
	for _, sc := range schemas {
		t, ok, err := h.StorageTable(gctx, sc, ref.Name)
		if err != nil {
			return nil, err
		}
		if ok {
			return t, nil
		}
	}
	name := ref.Name
	if ref.Schema != "" {
		name = ref.Schema + "." + ref.Name
	}
	return nil, pgerror.New(pgerror.UndefinedTable, "relation %q does not exist", name)
}

// keyOrdinals are the columns identifying a row: the primary key, or every
// column of a keyless table (whose rows storage locates by value).
func keyOrdinals(t *storage.Table) []int {
	if ords := t.PrimaryKeySchema().PkOrdinals; len(ords) > 0 {
		return ords
	}
	ords := make([]int, len(t.Schema()))
	for i := range ords {
		ords[i] = i
	}
	return ords
}

// rowKey renders the key columns of a stored row as a map key.
func rowKey(h Host, sch sql.Schema, ords []int, row sql.Row) string {
	var b strings.Builder
	for _, o := range ords {
		v := row[o]
		switch {
		case v == nil:
			b.WriteString("\x01N")
		default:
			b.WriteString("\x01V")
			if t, ok := sch[o].Type.(*types.Type); ok {
				b.WriteString(types.Output(t, v, h.TypesEnv()))
			} else {
				fmt.Fprint(&b, v)
			}
		}
		b.WriteByte(0)
	}
	return b.String()
}

// literal is a typed constant as a vitess expression.
func literal(t *types.Type, v any) sqlparser.Expr {
	return sqlparser.InjectedExpr{Expression: &expr.Pending{Name: "literal", Build: func([]sql.Expression) (sql.Expression, error) {
		return expr.NewLiteral(t, v), nil
	}}}
}
