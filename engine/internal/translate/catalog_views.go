package translate

import (
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// viewRef expands a reference to a view into a derived table over the
// view's stored query (re-parsed, so it is translated like any query),
// with the view's column names. It returns nil when rv names no view; a
// table earlier in the search path wins, as name lookup finds it first.
func (t *Translator) viewRef(rv *pg.RangeVar) *sqlparser.AliasedTableExpr {
	r := t.reader()
	if r == nil || t.isWithItem(rv) {
		return nil
	}
	schemas := []string{rv.Schemaname}
	if rv.Schemaname == "" {
		schemas = r.SearchPath()
	}
	for _, sc := range schemas {
		if _, _, ok := t.catalogTable(r, sc, rv.Relname); ok {
			return nil
		}
		v, ok := r.Current().View(catalog.QName{Schema: sc, Name: rv.Relname})
		if !ok {
			continue
		}
		tree, err := pgtree.Parse(v.Query)
		if err != nil {
			fail(pgerror.New(pgerror.InternalError, "view %q: %v", v.Name, err))
		}
		restore := t.withoutVars()   // the view's names are its own
		leave := t.enterView(v.Name) // with_names.go
		sel := tree.Stmts[0].Stmt.GetSelectStmt()
		t.viewQuery(sel) // cte_materialize.go
		sub := &sqlparser.Subquery{Select: t.selectStmt(sel)}
		leave()
		restore()
		for _, c := range v.Columns {
			sub.Columns = append(sub.Columns, sqlparser.NewColIdent(c))
		}
		alias := rv.Relname
		if rv.Alias != nil {
			alias = rv.Alias.Aliasname
		}
		return &sqlparser.AliasedTableExpr{Expr: sub, As: sqlparser.NewTableIdent(alias)}
	}
	return nil
}
