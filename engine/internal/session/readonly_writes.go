package session

import (
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// readOnlyWrite refuses a data-modifying statement in a READ ONLY
// transaction wherever it runs: the top-level statement is checked in
// Session.Query, this covers the statements of function bodies (SQL and
// PL/pgSQL), which PostgreSQL checks the same way (25006).
func (s *Session) readOnlyWrite(res translate.Result) error {
	switch res.Tag {
	case "INSERT", "UPDATE", "DELETE", "MERGE":
	default:
		return nil
	}
	if s.settings["transaction_read_only"] != "on" || s.state == txnIdle {
		return nil
	}
	return pgerror.New(pgerror.ReadOnlySQLTransaction, "cannot execute %s in a read-only transaction", res.Tag)
}
