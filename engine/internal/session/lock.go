package session

import (
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// lockCommand runs LOCK TABLE ... IN ACCESS SHARE MODE (translate/lock.go
// says why holding the snapshot is the lock): only inside a transaction
// block, as in PostgreSQL.
func (s *Session) lockCommand(_ *translate.Lock, tag string) (string, *Rows, error) {
	if s.state == txnIdle {
		return "", nil, pgerror.New(pgerror.NoActiveSQLTransaction, "LOCK TABLE can only be used in transaction blocks")
	}
	return tag, nil, nil
}
