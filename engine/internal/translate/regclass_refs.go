package translate

import (
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// PostgreSQL folds a regclass constant ('t'::regclass, the argument of
// nextval('s'), a string default of a regclass column) into the
// relation's OID when it analyzes a stored expression, so the expression
// follows RENAME and SET SCHEMA of the relation and DROP finds it in
// pg_depend. tinybase keeps the name as written in its stored text; the
// functions below find those names and rewrite them, as type_refs.go
// does for type names.

// RegclassRef decides whether the name written in a regclass constant
// (the literal's content, as regclass input reads it) denotes the
// relation being renamed, moved or dropped.
type RegclassRef func(name string) bool

// ExprRegclassNames lists the names written in a stored expression's
// regclass constants.
func ExprRegclassNames(text string) []string {
	if !mayNameRegclass(text) {
		return nil
	}
	tree, err := pgtree.Parse("SELECT " + text)
	if err != nil {
		return nil
	}
	return regclassNames(tree)
}

// QueryRegclassNames lists the names written in a stored query's (a
// view's) regclass constants.
func QueryRegclassNames(query string) []string {
	if !mayNameRegclass(query) {
		return nil
	}
	tree, err := pgtree.Parse(query)
	if err != nil {
		return nil
	}
	return regclassNames(tree)
}

func regclassNames(tree *pg.ParseResult) []string {
	var out []string
	walkRegclassConsts(tree, func(c *pg.A_Const) { out = append(out, c.GetSval().Sval) })
	return out
}

// RenameRegclassInExpr rewrites a stored expression's text so that the
// regclass constants ref matches hold to(name) instead; the rest of the
// text stays as written. ok is false when the text does not parse.
func RenameRegclassInExpr(text string, ref RegclassRef, to func(string) string) (out string, changed, ok bool) {
	const prefix = "SELECT "
	out, changed, ok = renameRegclassText(prefix+text, ref, to)
	if !ok || !changed {
		return text, false, ok
	}
	return out[len(prefix):], true, true
}

// RenameRegclassInQuery is RenameRegclassInExpr for a stored query.
func RenameRegclassInQuery(query string, ref RegclassRef, to func(string) string) (out string, changed, ok bool) {
	return renameRegclassText(query, ref, to)
}

// renameRegclassText splices the new literals over the written ones, last
// first so that earlier offsets hold.
func renameRegclassText(src string, ref RegclassRef, to func(string) string) (string, bool, bool) {
	if !mayNameRegclass(src) {
		return src, false, true
	}
	tree, err := pgtree.Parse(src)
	if err != nil {
		return "", false, false
	}
	var edits []textEdit
	okAll := true
	walkRegclassConsts(tree, func(c *pg.A_Const) {
		name := c.GetSval().Sval
		if !ref(name) {
			return
		}
		at := int(c.Location)
		end, ok := stringLiteralEnd(src, at)
		if !ok {
			okAll = false
			return
		}
		edits = append(edits, textEdit{at, end, "'" + strings.ReplaceAll(to(name), "'", "''") + "'"})
	})
	if !okAll {
		return "", false, false
	}
	out, changed := applyTextEdits(src, edits)
	return out, changed, true
}

// stringLiteralEnd returns the end of the plain quoted literal at src[at:]
// (a doubled quote stands for one); other spellings (escape strings,
// dollar quoting, Unicode escapes) are not rewritten.
func stringLiteralEnd(src string, at int) (int, bool) {
	if at < 0 || at >= len(src) || src[at] != '\'' {
		return 0, false
	}
	for i := at + 1; i < len(src); i++ {
		if src[i] != '\'' {
			continue
		}
		if i+1 < len(src) && src[i+1] == '\'' {
			i++
			continue
		}
		return i + 1, true
	}
	return 0, false
}

// walkRegclassConsts calls f for each string constant PostgreSQL's
// analysis turns into a regclass constant: one cast to regclass, and the
// first argument of nextval, currval and setval.
func walkRegclassConsts(tree *pg.ParseResult, f func(*pg.A_Const)) {
	str := func(n *pg.Node) *pg.A_Const {
		if c := n.GetAConst(); c != nil && c.GetSval() != nil {
			return c
		}
		return nil
	}
	pgtree.Walk(tree, func(m any) bool {
		switch x := m.(type) {
		case *pg.TypeCast:
			if x.TypeName == nil || len(x.TypeName.ArrayBounds) > 0 || !isRegclassName(pgtree.Names(x.TypeName.Names)) {
				return true
			}
			if c := str(x.Arg); c != nil {
				f(c)
			}
		case *pg.FuncCall:
			n := pgtree.Names(x.Funcname)
			if len(n) == 2 && n[0] == "pg_catalog" {
				n = n[1:]
			}
			if len(n) != 1 || len(x.Args) == 0 {
				return true
			}
			switch n[0] {
			case "nextval", "currval", "setval":
				if c := str(x.Args[0]); c != nil {
					f(c)
				}
			}
		}
		return true
	})
}

// mayNameRegclass is a cheap test that lets most texts skip the parse:
// a regclass constant's text has the type's name or a sequence
// function's.
func mayNameRegclass(text string) bool {
	l := strings.ToLower(text)
	return strings.Contains(l, "regclass") || strings.Contains(l, "val")
}

func isRegclassName(n []string) bool {
	return len(n) == 1 && n[0] == "regclass" || len(n) == 2 && n[0] == "pg_catalog" && n[1] == "regclass"
}
