package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// systemColumns are PostgreSQL's system column names (docs 5.5); no user
// column may take them.
var systemColumns = map[string]bool{"tableoid": true, "xmin": true, "cmin": true, "xmax": true, "cmax": true, "ctid": true}

// checkInsertSystemColumns reports a system column of the target table
// in an INSERT's RETURNING list (`RETURNING (xmax = 0) AS inserted`, the
// upsert idiom) as not supported yet (0A000) instead of an unknown column:
// the scope of an INSERT's RETURNING is the target table alone, so an
// unqualified system column name, or one qualified by the table's name
// or alias, is the system column. Subqueries have scopes of their own
// and are not looked into.
func checkInsertSystemColumns(s *pg.InsertStmt) {
	if s.Relation == nil {
		return
	}
	qual := s.Relation.Relname
	if s.Relation.Alias != nil {
		qual = s.Relation.Alias.Aliasname
	}
	var visit func(m any) bool
	visit = func(m any) bool {
		switch x := m.(type) {
		case *pg.SubLink:
			return true
		case *pg.ColumnRef:
			f := x.Fields
			name := strVal(f[len(f)-1])
			if !systemColumns[name] || len(f) > 2 || (len(f) == 2 && strVal(f[0]) != qual) {
				return true
			}
			failAt(x.Location, pgerror.FeatureNotSupported, "system column %q is not supported yet", name)
		}
		return pgtree.Children(m, visit)
	}
	for _, n := range s.ReturningList {
		visit(n)
	}
}
