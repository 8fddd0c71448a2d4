package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Lock is LOCK TABLE ... IN ACCESS SHARE MODE, as pg_dump sends it for
// every table it dumps (the tables exist: translation looked them up).
type Lock struct {
	Tables []*TableInfo
}

func (*Lock) command() {}

// lockModes are LockStmt's modes (PostgreSQL's lock levels, 1-based).
var lockModes = []string{"", "ACCESS SHARE", "ROW SHARE", "ROW EXCLUSIVE", "SHARE UPDATE EXCLUSIVE",
	"SHARE", "SHARE ROW EXCLUSIVE", "EXCLUSIVE", "ACCESS EXCLUSIVE"}

// lock translates LOCK TABLE. Only ACCESS SHARE is taken: it conflicts
// only with ACCESS EXCLUSIVE (DROP, most ALTER TABLE), and a transaction
// keeps reading the table versions of its snapshot whatever DDL commits
// meanwhile, so it guards what PostgreSQL's lock guards for a reader.
// The stronger modes would have to make other sessions wait.
func (t *Translator) lock(s *pg.LockStmt) (Result, error) {
	if s.Mode != 1 {
		mode := "this"
		if int(s.Mode) < len(lockModes) {
			mode = lockModes[s.Mode]
		}
		return Result{}, pgerror.New(pgerror.FeatureNotSupported, "LOCK TABLE ... IN %s MODE is not supported yet", mode)
	}
	c := &Lock{}
	for _, r := range s.Relations {
		c.Tables = append(c.Tables, t.lookup(r.GetRangeVar(), false))
	}
	return Result{Cmd: c, Tag: "LOCK TABLE"}, nil
}
