package ddl

import (
	"fmt"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Maintenance runs VACUUM / ANALYZE and returns its command tag. There is
// nothing to reclaim in tinybase's storage: VACUUM records each table's
// row count and pages (pg_class.reltuples, relpages) and ANALYZE its
// column statistics (storage.Table.Analyze; docs: sql-analyze), every
// table when none is named. Targets must exist and VACUUM refuses to run
// in a transaction block, as in PostgreSQL.
func Maintenance(h Host, m *translate.Maintenance) (string, error) {
	tag := "ANALYZE"
	if m.Vacuum {
		tag = "VACUUM"
		if h.InTransactionBlock() {
			return "", pgerror.New(pgerror.ActiveSQLTransaction, "VACUUM cannot run inside a transaction block")
		}
		if !m.Analyze {
			for _, cols := range m.Columns {
				if len(cols) > 0 {
					return "", pgerror.New(pgerror.FeatureNotSupported, "ANALYZE option must be specified when a column list is provided")
				}
			}
		}
	}
	ctx := h.SQLContext()
	type target struct {
		t    *storage.Table
		cols []string
	}
	var targets []target
	for i, r := range m.Tables {
		t, ok := h.Table(ctx, r.Schemaname, r.Relname)
		if !ok {
			name := r.Relname
			if r.Schemaname != "" {
				name = r.Schemaname + "." + name
			}
			return "", pgerror.New(pgerror.UndefinedTable, "relation \"%s\" does not exist", name)
		}
		var cols []string
		if i < len(m.Columns) {
			cols = m.Columns[i]
		}
		for _, c := range cols {
			found := false
			for _, sc := range t.Schema() {
				found = found || sc.Name == c
			}
			if !found {
				return "", pgerror.New(pgerror.UndefinedColumn, "column \"%s\" of relation \"%s\" does not exist", c, r.Relname)
			}
		}
		targets = append(targets, target{t: t, cols: cols})
	}
	if len(m.Tables) == 0 { // the whole database
		txn := h.StorageTxn()
		for _, schema := range txn.SchemaNames() {
			names, err := txn.TableNames(schema)
			if err != nil {
				return "", err
			}
			for _, n := range names {
				if t, ok := h.Table(ctx, schema, n); ok {
					targets = append(targets, target{t: t})
				}
			}
		}
	}
	verb := "analyze"
	if m.Vacuum {
		verb = "vacuum"
	}
	for _, tg := range targets {
		// only the owner (or a superuser) maintains a table: others are
		// skipped, with a warning when they named it
		key := catalog.ObjectKey{Kind: catalog.ObjRelation, Schema: tg.t.SchemaName(), Name: tg.t.Name()}
		if h.CheckOwner(key, "table", tg.t.Name()) != nil {
			if len(m.Tables) > 0 {
				h.Notice("WARNING", "01000", fmt.Sprintf("skipping \"%s\" --- only table or database owner can %s it", tg.t.Name(), verb))
			}
			continue
		}
		var err error
		if m.Analyze {
			err = tg.t.Analyze(ctx, tg.cols, h.Env().Now)
		} else {
			err = tg.t.SetRowEstimate(ctx)
		}
		if err != nil {
			return "", h.MapError(err)
		}
	}
	return tag, nil
}
