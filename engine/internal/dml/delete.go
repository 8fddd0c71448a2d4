package dml

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	"github.com/tinybase/tinybase/engine/internal/translate"
)

// deleteSteps runs DELETE ... [USING] ... [RETURNING]: select the target
// rows with the RETURNING values, then delete them by key through GMS (so
// foreign-key actions still run). A target row joined to several USING rows
// is deleted and returned once, as in PostgreSQL.
func deleteSteps(h Host, gctx *sql.Context, d *translate.DeleteSteps) (Result, error) {
	sel, err := Step(h, gctx, d.Select)
	if err != nil {
		return Result{}, err
	}
	tbl, err := lookupTable(h, gctx, d.Target)
	if err != nil {
		return Result{}, err
	}
	sch := tbl.Schema()
	n := len(sch)
	ords := keyOrdinals(tbl)
	// Rows of a keyless table are identified by value: identical rows are
	// distinct rows unless USING may have repeated one.
	dedupe := d.Using || len(tbl.PrimaryKeySchema().PkOrdinals) > 0
	keys := map[string]bool{}
	out := Result{Schema: sel.Schema[n:], Types: sel.Types[n:]}
	for _, row := range sel.Rows {
		k := rowKey(h, sch, ords, row[:n])
		if keys[k] && dedupe {
			continue
		}
		keys[k] = true
		out.Rows = append(out.Rows, row[n:])
	}
	if len(keys) > 0 {
		tn := sqlparser.TableName{Name: sqlparser.NewTableIdent(tbl.Name()), SchemaQualifier: sqlparser.NewTableIdent(tbl.SchemaName())}
		del := &sqlparser.Delete{
			TableExprs: sqlparser.TableExprs{&sqlparser.AliasedTableExpr{Expr: tn}},
			Where:      &sqlparser.Where{Type: sqlparser.WhereStr, Expr: keyIn(h, sch, ords, "", keys)},
		}
		if _, err := Step(h, gctx, del); err != nil {
			return Result{}, err
		}
	}
	if !d.Returning {
		out.OK, out.Affected = true, int64(len(out.Rows))
		out.Rows = nil
	}
	return out, nil
}
