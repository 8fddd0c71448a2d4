package session

import (
	"github.com/tinybase/tinybase/engine/internal/ddl"
	"github.com/tinybase/tinybase/engine/internal/translate"
)

// tableDDL runs table DDL (engine/internal/ddl) directly on storage,
// atomically: a failure rolls back to the statement's start.
func (s *Session) tableDDL(c *translate.TableDDL, tag string) (string, *Rows, error) {
	if c.Kind == "noop" {
		for _, n := range c.Notices {
			s.Notice("NOTICE", "00000", n)
		}
		return s.commandDone(tag)
	}
	txn := s.StorageTxn()
	if s.state == txnIdle {
		txn.Refresh()
	}
	mark := txn.Savepoint()
	tag, err := ddl.TableDDL(s.ddl(), s.sqlContext(), c, tag)
	if err != nil {
		txn.RollbackTo(mark)
		return "", nil, mapError(err)
	}
	return s.commandDone(tag)
}
