package dml

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	"github.com/tinybase/tinybase/engine/internal/translate"
)

// ReturningSchema is the RETURNING columns of a DELETE, UPDATE or INSERT
// that runs as steps (DELETE ... USING, UPDATE ... FROM, ON CONFLICT),
// bound without running anything, for a routine's validator to check
// against the declared result; known is false where the steps cannot be
// bound alone (a table tree's parts, a data-modifying WITH).
func ReturningSchema(h Host, gctx *sql.Context, d *translate.DML) (_ sql.Schema, known bool, _ error) {
	if len(d.CTEs) > 0 || len(d.Parts) > 0 {
		return nil, false, nil
	}
	var ref translate.TableRef
	switch {
	case d.Delete != nil:
		ref = d.Delete.Target
	case d.Update != nil:
		ref = d.Update.Target
	case d.Upsert != nil:
		ref = d.Upsert.Target
	default:
		return nil, false, nil
	}
	tbl, err := lookupTable(h, gctx, ref)
	if err != nil {
		return nil, false, err
	}
	n := len(tbl.Schema())
	var stmt sqlparser.Statement
	switch {
	case d.Delete != nil:
		stmt = d.Delete.Select
	case d.Update != nil:
		sel, _, err := updateSelect(h, d.Update, tbl)
		if err != nil {
			return nil, false, err
		}
		stmt, n = sel, n+len(d.Update.Columns)
	default:
		stmt, n = upsertReturningProbe(tbl, d.Upsert), 0
	}
	sch, err := h.BindSchema(gctx, stmt)
	if err != nil {
		return nil, false, err
	}
	return sch[n:], true, nil
}
