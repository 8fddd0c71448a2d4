package translate

import (
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// Stored expressions (policy USING / WITH CHECK, view queries) keep their
// SQL text, where PostgreSQL keeps trees that name types by OID: the
// functions below let ALTER TYPE ... RENAME TO / SET SCHEMA follow into
// that text, and DROP TYPE find the expressions that use a type, as
// PostgreSQL's pg_depend entries on the type do.

// TypeRef decides whether a type name written in stored text (one or two
// parts, as written; an array's element name) refers to the type being
// renamed or dropped.
type TypeRef func(names []string) bool

// ExprUsesType reports whether a stored expression's text names the type
// (a cast, a typed literal, ...).
func ExprUsesType(text string, ref TypeRef) bool {
	tree, err := pgtree.Parse("SELECT " + text)
	return err == nil && treeUsesType(tree, ref)
}

// QueryUsesType reports whether a stored query's text (a view's) names
// the type.
func QueryUsesType(query string, ref TypeRef) bool {
	tree, err := pgtree.Parse(query)
	return err == nil && treeUsesType(tree, ref)
}

func treeUsesType(tree *pg.ParseResult, ref TypeRef) bool {
	found := false
	pgtree.Walk(tree, func(m any) bool {
		if tn, ok := m.(*pg.TypeName); ok && ref(pgtree.Names(tn.Names)) {
			found = true
		}
		return !found
	})
	return found
}

// RetypeInExpr rewrites a stored expression's text so that the type names
// ref matches are written as to returns (one or two parts, from the
// names as written); ok is false when the
// text does not parse or deparse.
func RetypeInExpr(text string, ref TypeRef, to func([]string) []string) (out string, changed, ok bool) {
	tree, err := pgtree.Parse("SELECT " + text)
	if err != nil || len(tree.Stmts) != 1 {
		return "", false, false
	}
	if !retypeTree(tree, ref, to) {
		return text, false, true
	}
	sel := tree.Stmts[0].Stmt.GetSelectStmt()
	if sel == nil || len(sel.TargetList) != 1 {
		return "", false, false
	}
	out = exprSQLSafe(sel.TargetList[0].GetResTarget().Val)
	return out, out != "", out != ""
}

// RetypeInQuery is RetypeInExpr for a stored query (a view's).
func RetypeInQuery(query string, ref TypeRef, to func([]string) []string) (out string, changed, ok bool) {
	tree, err := pgtree.Parse(query)
	if err != nil || len(tree.Stmts) != 1 {
		return "", false, false
	}
	if !retypeTree(tree, ref, to) {
		return query, false, true
	}
	text, err := pgtree.Deparse(tree)
	if err != nil {
		return "", false, false
	}
	return text, true, true
}

func retypeTree(tree *pg.ParseResult, ref TypeRef, to func([]string) []string) bool {
	changed := false
	pgtree.Walk(tree, func(m any) bool {
		tn, ok := m.(*pg.TypeName)
		if !ok || !ref(pgtree.Names(tn.Names)) {
			return true
		}
		now := to(pgtree.Names(tn.Names))
		names := make([]*pg.Node, len(now))
		for i, s := range now {
			names[i] = pg.MakeStrNode(s)
		}
		tn.Names = names
		changed = true
		return true
	})
	return changed
}

// exprSQLSafe is exprSQL returning "" where it would fail.
func exprSQLSafe(n *pg.Node) (out string) {
	defer func() {
		if recover() != nil {
			out = ""
		}
	}()
	return strings.TrimSpace(exprSQL(n))
}

// ExprColumns lists the column names a stored expression's text reads.
func ExprColumns(text string) []string { return exprColumnsOf(text) }

// ViewReadsColumn reports whether a view's query reads column col of a
// relation it depends on.
func ViewReadsColumn(v *catalog.View, col string) bool { return viewReadsColumn(v, col) }
