package ddl

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/storage"
)

// allTables returns every table the transaction sees, schema by schema:
// catalog changes (retyping an enum's columns, finding a sequence's users)
// walk them.
func allTables(h Host, ctx *sql.Context, txn *storage.Txn) []*storage.Table {
	var out []*storage.Table
	for _, sc := range txn.SchemaNames() {
		names, _ := txn.TableNames(sc)
		for _, tn := range names {
			if t, ok, err := h.Database().Table(ctx, sc, tn); err == nil && ok {
				out = append(out, t)
			}
		}
	}
	return out
}
