package translate

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// systemColumns are PostgreSQL's system column names (docs 5.5); no user
// column may take them.
var systemColumns = map[string]bool{"tableoid": true, "xmin": true, "cmin": true, "xmax": true, "cmax": true, "ctid": true}

// insertReturningSystem are the system columns an INSERT's RETURNING list
// reads (expr.InsertedSystemColumn): xmin, and xmax for the upsert idiom
// `RETURNING (xmax = 0) AS inserted`.
var insertReturningSystem = map[string]bool{"xmin": true, "xmax": true}

// checkInsertSystemColumns reports the other system columns of the target
// table in an INSERT's RETURNING list as not supported yet (0A000) instead
// of an unknown column: the scope of an INSERT's RETURNING is the target
// table alone, so an unqualified system column name, or one qualified by
// the table's name or alias, is the system column. Subqueries have scopes
// of their own and are not looked into.
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
			if !systemColumns[name] || insertReturningSystem[name] || len(f) > 2 || (len(f) == 2 && strVal(f[0]) != qual) {
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

// withInsertSystem lets the RETURNING list of s read the target's xmin
// and xmax until the returned function restores the previous scope.
func (t *Translator) withInsertSystem(s *pg.InsertStmt) func() {
	prev := t.insertSystem
	t.insertSystem = s.Relation.Relname
	if s.Relation.Alias != nil {
		t.insertSystem = s.Relation.Alias.Aliasname
	}
	return func() { t.insertSystem = prev }
}

// insertSystemColumn translates xmin or xmax of an INSERT's target in its
// RETURNING list; nil for any other column reference.
func (t *Translator) insertSystemColumn(parts []string) sqlparser.Expr {
	if t.insertSystem == "" || len(parts) == 0 || len(parts) > 2 || !insertReturningSystem[parts[len(parts)-1]] {
		return nil
	}
	if len(parts) == 2 && parts[0] != t.insertSystem {
		return nil
	}
	name := parts[len(parts)-1]
	return t.inject(name, -1, nil, func([]sql.Expression) (sql.Expression, error) {
		return expr.NewInsertedSystemColumn(name), nil
	})
}
