package ddl

import (
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Maintenance runs VACUUM / ANALYZE and returns its command tag: nothing
// to reclaim or collect in tinybase's storage, but targets must exist and
// VACUUM refuses to run in a transaction block, as in PostgreSQL.
func Maintenance(h Host, m *translate.Maintenance) (string, error) {
	tag := "ANALYZE"
	if m.Vacuum {
		tag = "VACUUM"
		if h.InTransactionBlock() {
			return "", pgerror.New(pgerror.ActiveSQLTransaction, "VACUUM cannot run inside a transaction block")
		}
	}
	ctx := h.SQLContext()
	for _, r := range m.Tables {
		if _, ok := h.Table(ctx, r.Schemaname, r.Relname); !ok {
			name := r.Relname
			if r.Schemaname != "" {
				name = r.Schemaname + "." + name
			}
			return "", pgerror.New(pgerror.UndefinedTable, "relation \"%s\" does not exist", name)
		}
	}
	return tag, nil
}
