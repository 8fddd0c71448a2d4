package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
)

// Lock is LOCK TABLE (pg_dump sends ACCESS SHARE for every table it
// dumps; migrations take ACCESS EXCLUSIVE before reshaping a table). The
// tables exist: translation looked them up.
type Lock struct {
	Tables []*TableInfo
	// Mode is PostgreSQL's lock level, 1 (ACCESS SHARE) to 8 (ACCESS
	// EXCLUSIVE).
	Mode   int
	NoWait bool
}

func (*Lock) command() {}

// Lock levels that conflict with ROW EXCLUSIVE, the lock every writer
// holds: taking one keeps other transactions from writing the table.
const LockShare = 5

// lock translates LOCK TABLE.
func (t *Translator) lock(s *pg.LockStmt) (Result, error) {
	c := &Lock{Mode: int(s.Mode), NoWait: s.Nowait}
	for _, r := range s.Relations {
		c.Tables = append(c.Tables, t.lookup(r.GetRangeVar(), false))
	}
	return Result{Cmd: c, Tag: "LOCK TABLE"}, nil
}
