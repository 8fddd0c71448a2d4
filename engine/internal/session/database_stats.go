package session

import (
	"sync/atomic"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// databaseCounts are the database-wide cumulative statistics
// pg_stat_database shows (PostgreSQL docs 28.2.16) that no table's
// counters hold: transactions committed and rolled back, sessions opened
// and deadlocks detected. Like the tables' (storage's counters.go) they
// count when things happen, from the engine's opening on.
type databaseCounts struct {
	commits, rollbacks, sessions, deadlocks atomic.Int64
}

// transactionEnded counts a transaction's end.
func (c *databaseCounts) transactionEnded(committed bool) {
	if committed {
		c.commits.Add(1)
	} else {
		c.rollbacks.Add(1)
	}
}

// databaseStats reports the engine's counters and its sessions for
// pg_stat_database.
func (s *Session) databaseStats() pgcatalog.DatabaseStats {
	c := &s.eng.dbStats
	m := &s.eng.advisory
	m.mu.Lock()
	backends := len(m.live())
	m.mu.Unlock()
	return pgcatalog.DatabaseStats{Backends: int32(backends), Commits: c.commits.Load(), Rollbacks: c.rollbacks.Load(),
		Sessions: c.sessions.Load(), Deadlocks: c.deadlocks.Load()}
}

// addStatsFuncs registers pg_stat_force_next_flush, which makes a
// PostgreSQL session report its pending counters at once; tinybase's
// counters count when things happen, so none are ever pending.
func addStatsFuncs(r *expr.Registry) {
	r.Add("pg_stat_force_next_flush", expr.FuncImpl{Result: expr.Fixed(types.Void), Volatile: true,
		Fn: func(*sql.Context, *types.Env, []any) (any, error) { return "", nil }})
}
