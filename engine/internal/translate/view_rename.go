package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// RenameInView rewrites a view's query text for a rename of a table it
// reads: to the table's new name when column is "", else to the column's
// new name (newName). PostgreSQL's views follow renames because they hold
// the relation's oid and attribute numbers; tinybase keeps the view's
// text, so the text is rewritten. References are matched by scope: a
// column qualified by the table's name or alias in a SELECT that reads
// it (or one nested in it), or unqualified in the SELECT that reads it.
// ok is false when the text does not parse; changed reports whether
// anything named the table or column.
func RenameInView(query, schema, table, column, newName string) (out string, changed, ok bool) {
	return rewriteView(query, &viewRename{schema: schema, table: table, column: column, to: newName})
}

// MoveInView rewrites a view's query text for ALTER ... SET SCHEMA of a
// relation it reads: its references name the relation in newSchema.
func MoveInView(query, schema, table, newSchema string) (out string, changed, ok bool) {
	return rewriteView(query, &viewRename{schema: schema, table: table, to: table, toSchema: newSchema})
}

func rewriteView(query string, r *viewRename) (out string, changed, ok bool) {
	tree, err := pgtree.Parse(query)
	if err != nil || len(tree.Stmts) != 1 {
		return "", false, false
	}
	r.visit(tree.Stmts[0].Stmt, nil)
	if !r.changed {
		return query, false, true
	}
	text, err := pgtree.DeparseCastSafe(tree)
	if err != nil {
		return "", false, false
	}
	return text, true, true
}

type viewRename struct {
	schema, table, column, to string
	toSchema                  string // MoveInView
	changed                   bool
}

// renameScope is what a SELECT sees of the renamed table: the qualifiers
// that name it (its alias, or its name) and whether it is in this
// SELECT's own FROM (for unqualified columns).
type renameScope struct {
	quals map[string]bool
	own   bool
}

func (r *viewRename) visit(m any, sc *renameScope) {
	switch x := m.(type) {
	case *pg.SelectStmt:
		sc = r.selectScope(x, sc)
	case *pg.RangeVar:
		switch {
		case !r.matches(x):
		case r.toSchema != "":
			x.Schemaname = r.toSchema
			r.changed = true
		case r.column == "":
			x.Relname = r.to
			r.changed = true
		}
		return
	case *pg.ResTarget:
		// A target named by the renamed column keeps its name, as
		// PostgreSQL prints `t.new AS old`.
		if cr := x.GetVal().GetColumnRef(); cr != nil && x.Name == "" && r.column != "" && r.renamesColumn(cr, sc) {
			x.Name = r.column
		}
	case *pg.ColumnRef:
		r.columnRef(x, sc)
		return
	}
	pgtree.Children(m, func(c any) bool {
		r.visit(c, sc)
		return true
	})
}

func (r *viewRename) matches(rv *pg.RangeVar) bool {
	return rv.Relname == r.table && (rv.Schemaname == "" || rv.Schemaname == r.schema)
}

// selectScope extends the enclosing scope with the renamed table's
// references in s's FROM list, joins included.
func (r *viewRename) selectScope(s *pg.SelectStmt, outer *renameScope) *renameScope {
	sc := &renameScope{quals: map[string]bool{}}
	if outer != nil {
		for q := range outer.quals {
			sc.quals[q] = true
		}
	}
	var from func(n *pg.Node)
	from = func(n *pg.Node) {
		switch {
		case n.GetRangeVar() != nil:
			rv := n.GetRangeVar()
			if !r.matches(rv) {
				return
			}
			sc.own = true
			if rv.Alias != nil && rv.Alias.Aliasname != "" {
				sc.quals[rv.Alias.Aliasname] = true
			} else {
				sc.quals[rv.Relname] = true
			}
		case n.GetJoinExpr() != nil:
			from(n.GetJoinExpr().Larg)
			from(n.GetJoinExpr().Rarg)
		}
	}
	for _, n := range s.FromClause {
		from(n)
	}
	return sc
}

// renamesColumn reports whether cr names the renamed column in scope.
func (r *viewRename) renamesColumn(cr *pg.ColumnRef, sc *renameScope) bool {
	if sc == nil || r.column == "" {
		return false
	}
	names := pgtree.Names(cr.Fields)
	if len(names) != len(cr.Fields) || len(names) == 0 || names[len(names)-1] != r.column {
		return false
	}
	switch len(names) {
	case 1:
		return sc.own
	default:
		return sc.quals[names[len(names)-2]]
	}
}

func (r *viewRename) columnRef(cr *pg.ColumnRef, sc *renameScope) {
	if sc == nil {
		return
	}
	if r.column != "" {
		if r.renamesColumn(cr, sc) {
			cr.Fields[len(cr.Fields)-1] = pg.MakeStrNode(r.to)
			r.changed = true
		}
		return
	}
	// Table rename: a qualifier that is the table's own name (it had no
	// alias) becomes the new name.
	if k := len(cr.Fields) - 2; k >= 0 {
		if q := cr.Fields[k].GetString_(); q != nil && q.Sval == r.table && sc.quals[r.table] {
			cr.Fields[k] = pg.MakeStrNode(r.to)
			r.changed = true
		}
	}
}
