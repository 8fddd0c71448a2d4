package session

import (
	"context"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// runCall runs CALL as one atomic statement: a procedure with output
// parameters returns one row of them (docs: SQL Commands, CALL).
func (s *Session) runCall(ctx context.Context, res translate.Result, c *translate.CallProc) (*Rows, error) {
	txn := s.StorageTxn()
	if s.state == txnIdle {
		txn.Refresh()
	}
	if err := txn.Lock(ctx); err != nil {
		s.failed()
		return nil, lockError(err)
	}
	mark := txn.Savepoint()
	gctx := sql.NewContext(ctx, sql.WithSession(s), sql.WithQuery(s.curSQL))
	out, err := s.runStep(gctx, c.Stmt)
	if err != nil {
		txn.RollbackTo(mark)
		s.failed()
		return nil, s.statementError(err, res.Tag)
	}
	r := &Rows{s: s, gctx: gctx, kind: "CALL", mark: mark, tag: "CALL"}
	if outs := outputArgs(c.Fn); len(outs) > 0 && len(out.rows) == 1 {
		var vals []any
		if rec, ok := out.rows[0][0].(*types.RecordVal); ok && len(outs) > 1 {
			vals = rec.Vals
		} else {
			vals = []any{out.rows[0][0]}
		}
		sch := make(sql.Schema, len(outs))
		for i, a := range outs {
			sch[i] = &sql.Column{Name: a.Name, Type: a.Type, Nullable: true}
		}
		r.setColumns(sch)
		r.static = append(r.static, sql.Row(vals))
	} else {
		r.finish(nil)
	}
	if r.err != nil {
		return nil, r.err
	}
	return r, nil
}

func outputArgs(fn *catalog.Function) []catalog.Arg {
	if fn == nil {
		return nil
	}
	return fn.OutputArgs()
}
