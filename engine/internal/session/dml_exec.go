package session

import (
	"context"
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

// stepResult is one GMS statement's materialised result.
type stepResult struct {
	schema   sql.Schema
	types    []*types.Type
	rows     []sql.Row
	affected int64
	ok       bool // the statement reported affected rows (DML without RETURNING)
}

// count is the number a command tag reports for the step.
func (r stepResult) count() int64 {
	if r.ok {
		return r.affected
	}
	return int64(len(r.rows))
}

// runStep plans and runs one vitess statement to completion.
func (s *Session) runStep(gctx *sql.Context, stmt sqlparser.Statement) (res stepResult, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = internalError(p)
		}
	}()
	if err := s.prepareDML(gctx, stmt); err != nil {
		return res, err
	}
	schema, iter, err := s.runGMS(gctx, "", stmt) // plancache.go
	if err != nil {
		return res, err
	}
	res.schema = schema
	foreign := make([]bool, len(schema))
	for _, c := range schema {
		t := expr.FromGMSType(c.Type)
		if t.Kind == types.KindUnknown {
			t = types.Text
		}
		_, ours := c.Type.(*types.Type)
		foreign[len(res.types)] = !ours
		res.types = append(res.types, t)
	}
	for {
		row, nerr := iter.Next(gctx)
		if nerr == io.EOF {
			break
		}
		if nerr != nil {
			_ = iter.Close(gctx)
			return res, nerr
		}
		if len(row) == 1 {
			if ok, isOK := row[0].(gmstypes.OkResult); isOK {
				res.ok = true
				res.affected += int64(ok.RowsAffected)
				if ui, isUp := ok.Info.(plan.UpdateInfo); isUp {
					res.affected = int64(ui.Matched)
				}
				continue
			}
		}
		for i, v := range row {
			if i < len(foreign) && foreign[i] && v != nil {
				if row[i], err = expr.FromGMSValue(res.types[i], v); err != nil {
					_ = iter.Close(gctx)
					return res, err
				}
			}
		}
		res.rows = append(res.rows, row)
	}
	return res, iter.Close(gctx)
}

// runDML runs a DML program as one atomic statement.
func (s *Session) runDML(ctx context.Context, res translate.Result, d *translate.DML) (*Rows, error) {
	txn := s.StorageTxn()
	if s.state == txnIdle {
		txn.Refresh()
	}
	if res.Tag != "SELECT" || len(d.CTEs) > 0 {
		if err := txn.Lock(ctx); err != nil {
			s.failed()
			return nil, lockError(err)
		}
	}
	mark := txn.Savepoint()
	gctx := sql.NewContext(ctx, sql.WithSession(s), sql.WithQuery(s.curSQL))
	out, err := s.dml(gctx, d)
	if err != nil {
		txn.RollbackTo(mark)
		s.failed()
		return nil, s.statementError(err, res.Tag)
	}
	r := &Rows{s: s, gctx: gctx, kind: res.Tag, mark: mark}
	switch res.Tag {
	case "INSERT":
		r.tag = fmt.Sprintf("INSERT 0 %d", out.count())
	case "SELECT", "UPDATE", "DELETE":
		r.tag = fmt.Sprintf("%s %d", res.Tag, out.count())
	default:
		r.tag = res.Tag
	}
	if res.Tag == "SELECT" || res.Returning {
		r.setColumns(out.schema)
		for _, row := range out.rows {
			r.static = append(r.static, row)
		}
		if len(r.static) == 0 {
			r.finish(nil)
		}
	} else {
		r.finish(nil)
	}
	if r.err != nil {
		return nil, r.err
	}
	return r, nil
}

// dml runs a program: its data-modifying WITH items, then its statement.
// A SELECT reads the tables as they were before the WITH items changed
// them, as in PostgreSQL, where all parts of a statement share one
// snapshot; a data-modifying main statement sees their changes.
func (s *Session) dml(gctx *sql.Context, d *translate.DML) (stepResult, error) {
	txn := s.StorageTxn()
	before := txn.Savepoint()
	for _, c := range d.CTEs {
		if err := s.materializeCTE(gctx, c); err != nil {
			return stepResult{}, err
		}
	}
	if _, isSelect := d.Stmt.(sqlparser.SelectStatement); isSelect && len(d.CTEs) > 0 {
		after := txn.Savepoint()
		txn.RollbackTo(before)
		res, err := s.runStep(gctx, d.Stmt)
		txn.RollbackTo(after)
		return res, err
	}
	switch {
	case d.Delete != nil:
		return s.deleteSteps(gctx, d.Delete)
	case d.Update != nil:
		return s.updateSteps(gctx, d.Update)
	case d.Upsert != nil:
		return s.upsert(gctx, d.Upsert)
	}
	return s.runStep(gctx, d.Stmt)
}

// runResult runs a translated statement that is either plain or a program.
func (s *Session) runResult(gctx *sql.Context, res translate.Result) (stepResult, error) {
	if err := s.readOnlyWrite(res); err != nil { // readonly_writes.go
		return stepResult{}, err
	}
	if d, ok := res.Cmd.(*translate.DML); ok {
		return s.dml(gctx, d)
	}
	if res.Stmt == nil {
		return stepResult{}, pgerror.New(pgerror.FeatureNotSupported, "%s is not supported in WITH yet", res.Tag)
	}
	return s.runStep(gctx, res.Stmt)
}

// lookupTable finds a table as the statement names it.
func (s *Session) lookupTable(gctx *sql.Context, ref translate.TableRef) (*storage.Table, error) {
	schemas := s.SearchPath()
	if ref.Schema != "" {
		schemas = []string{ref.Schema}
	}
	for _, sc := range schemas {
		t, ok, err := s.eng.provider.DB().Table(gctx, sc, ref.Name)
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
func (s *Session) rowKey(sch sql.Schema, ords []int, row sql.Row) string {
	var b strings.Builder
	for _, o := range ords {
		v := row[o]
		switch {
		case v == nil:
			b.WriteString("\x01N")
		default:
			b.WriteString("\x01V")
			if t, ok := sch[o].Type.(*types.Type); ok {
				b.WriteString(types.Output(t, v, &s.env))
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
