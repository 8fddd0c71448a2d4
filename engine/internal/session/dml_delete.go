package session

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	"github.com/tinybase/tinybase/engine/internal/translate"
)

// deleteSteps runs DELETE ... [USING] ... [RETURNING]: select the target
// rows with the RETURNING values, then delete them by key through GMS (so
// foreign-key actions still run). A target row joined to several USING rows
// is deleted and returned once, as in PostgreSQL.
func (s *Session) deleteSteps(gctx *sql.Context, d *translate.DeleteSteps) (stepResult, error) {
	sel, err := s.runStep(gctx, d.Select)
	if err != nil {
		return stepResult{}, err
	}
	tbl, err := s.lookupTable(gctx, d.Target)
	if err != nil {
		return stepResult{}, err
	}
	sch := tbl.Schema()
	n := len(sch)
	ords := keyOrdinals(tbl)
	// Rows of a keyless table are identified by value: identical rows are
	// distinct rows unless USING may have repeated one.
	dedupe := d.Using || len(tbl.PrimaryKeySchema().PkOrdinals) > 0
	keys := map[string]bool{}
	out := stepResult{schema: sel.schema[n:], types: sel.types[n:]}
	for _, row := range sel.rows {
		k := s.rowKey(sch, ords, row[:n])
		if keys[k] && dedupe {
			continue
		}
		keys[k] = true
		out.rows = append(out.rows, row[n:])
	}
	if len(keys) > 0 {
		tn := sqlparser.TableName{Name: sqlparser.NewTableIdent(tbl.Name()), SchemaQualifier: sqlparser.NewTableIdent(tbl.SchemaName())}
		del := &sqlparser.Delete{
			TableExprs: sqlparser.TableExprs{&sqlparser.AliasedTableExpr{Expr: tn}},
			Where:      &sqlparser.Where{Type: sqlparser.WhereStr, Expr: s.keyIn(sch, ords, "", keys)},
		}
		if _, err := s.runStep(gctx, del); err != nil {
			return stepResult{}, err
		}
	}
	if !d.Returning {
		out.ok, out.affected = true, int64(len(out.rows))
		out.rows = nil
	}
	return out, nil
}
