package pgtree

import (
	"fmt"
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/pganalyze/pg_query_go/v5/parser"
)

// libpg_query's deparser prints a cast as X::T without parentheses
// around X unless X is an operator expression, so a view over
// `(ts AT TIME ZONE 'UTC')::date` was stored as
// `ts AT TIME ZONE 'UTC'::date`, which reads back casting 'UTC' (and
// CREATE VIEW failed with 22007 evaluating it). DeparseCastSafe prints
// such casts as CAST(X AS T), which needs no parentheses; Deparse stays
// libpg_query's own.

// CastArgNeedsParens reports an argument the deparser prints bare before
// :: although it binds more loosely than a cast: IS [NOT] NULL / TRUE,
// AND / OR / NOT, COLLATE, and SQL-syntax calls (AT TIME ZONE).
func CastArgNeedsParens(arg *pg.Node) bool {
	switch x := arg.GetNode().(type) {
	case *pg.Node_NullTest, *pg.Node_BoolExpr, *pg.Node_BooleanTest, *pg.Node_CollateClause:
		return true
	case *pg.Node_FuncCall:
		return x.FuncCall.Funcformat == pg.CoercionForm_COERCE_SQL_SYNTAX
	}
	return false
}

// DeparseCastSafe is Deparse for text that is parsed again (a view's
// query): each cast CastArgNeedsParens holds for is written as
// CAST(X AS T). A copy of the tree has a placeholder column in its
// place, whose name the text of the cast then replaces.
func DeparseCastSafe(tree *pg.ParseResult) (string, error) {
	if Walk(tree, func(m any) bool { tc, ok := m.(*pg.TypeCast); return !ok || !CastArgNeedsParens(tc.Arg) }) {
		return Deparse(tree)
	}
	c := Clone(tree)
	var subs []string
	var err error
	Walk(c, func(m any) bool {
		nd, ok := m.(*pg.Node)
		if !ok || err != nil {
			return err == nil
		}
		tc := nd.GetTypeCast()
		if tc == nil || !CastArgNeedsParens(tc.Arg) {
			return true
		}
		hole := holeColumn(len(subs))
		var arg, typ string
		if arg, err = deparseExpr(tc.Arg); err != nil {
			return false
		}
		name := hole.GetColumnRef().Fields[0].GetString_().Sval
		if typ, err = deparseExpr(&pg.Node{Node: &pg.Node_TypeCast{TypeCast: &pg.TypeCast{Arg: hole, TypeName: tc.TypeName, Location: -1}}}); err != nil {
			return false
		}
		typ, ok = strings.CutPrefix(typ, name+"::")
		if !ok {
			err = fmt.Errorf("pgtree: deparsing a cast to %s", typ)
			return false
		}
		subs = append(subs, "CAST("+arg+" AS "+typ+")")
		nd.Node = hole.Node
		return true
	})
	if err != nil {
		return "", err
	}
	out, err := parser.DeparseFromProtobuf(Encode(c))
	if err != nil {
		return "", err
	}
	for i := len(subs) - 1; i >= 0; i-- {
		out = strings.Replace(out, holeColumn(i).GetColumnRef().Fields[0].GetString_().Sval, subs[i], 1)
	}
	return out, nil
}

// deparseExpr prints an expression, through a SELECT of it.
func deparseExpr(n *pg.Node) (string, error) {
	sel := &pg.SelectStmt{TargetList: []*pg.Node{{Node: &pg.Node_ResTarget{ResTarget: &pg.ResTarget{Val: n}}}}}
	out, err := DeparseCastSafe(&pg.ParseResult{Stmts: []*pg.RawStmt{{Stmt: &pg.Node{Node: &pg.Node_SelectStmt{SelectStmt: sel}}}}})
	if err != nil {
		return "", err
	}
	return strings.TrimPrefix(out, "SELECT "), nil
}

// holeColumn is the placeholder column standing for the i-th cast.
func holeColumn(i int) *pg.Node {
	name := fmt.Sprintf("tinybase_cast_hole_%d", i)
	return &pg.Node{Node: &pg.Node_ColumnRef{ColumnRef: &pg.ColumnRef{Fields: []*pg.Node{pg.MakeStrNode(name)}, Location: -1}}}
}
