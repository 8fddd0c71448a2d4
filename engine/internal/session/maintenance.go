package session

import (
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// maintenance runs VACUUM / ANALYZE: nothing to reclaim or collect in
// tinybase's storage, but targets must exist and VACUUM refuses to run in
// a transaction block, as in PostgreSQL.
func (s *Session) maintenance(m *translate.Maintenance) (string, *Rows, error) {
	tag := "ANALYZE"
	if m.Vacuum {
		tag = "VACUUM"
		if s.state != txnIdle {
			return "", nil, pgerror.New(pgerror.ActiveSQLTransaction, "VACUUM cannot run inside a transaction block")
		}
	}
	ctx := s.sqlContext()
	for _, r := range m.Tables {
		if _, ok := s.table(ctx, r.Schemaname, r.Relname); !ok {
			name := r.Relname
			if r.Schemaname != "" {
				name = r.Schemaname + "." + name
			}
			return "", nil, pgerror.New(pgerror.UndefinedTable, "relation \"%s\" does not exist", name)
		}
	}
	return tag, nil, nil
}
