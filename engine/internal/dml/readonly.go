package dml

import (
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// ReadOnlyWrite refuses a data-modifying statement in a READ ONLY
// transaction wherever it runs: the top-level statement is checked in
// Session.Query, this covers the statements of function bodies (SQL and
// PL/pgSQL), which PostgreSQL checks the same way (25006).
func ReadOnlyWrite(h Host, res translate.Result) error {
	switch res.Tag {
	case "INSERT", "UPDATE", "DELETE", "MERGE":
	default:
		return nil
	}
	if !h.InReadOnlyTxn() {
		return nil
	}
	return pgerror.New(pgerror.ReadOnlySQLTransaction, "cannot execute %s in a read-only transaction", res.Tag)
}
