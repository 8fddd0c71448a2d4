package translate

import (
	"sort"
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/pgident"
	"github.com/tinybase/tinybase/engine/internal/types"
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
		if _, names, ok := regtypeConst(m); ok && ref(names) {
			found = true
		}
		return !found
	})
	return found
}

// regtypeConst recognizes a regtype constant ('t'::regtype, which
// PostgreSQL stores as the type's OID) naming a type by a plain,
// possibly qualified name (an array's '[]' follows the element's name):
// its string constant and the element type's name parts.
func regtypeConst(m any) (*pg.A_Const, []string, bool) {
	tc, ok := m.(*pg.TypeCast)
	if !ok || tc.TypeName == nil || len(tc.TypeName.ArrayBounds) > 0 {
		return nil, nil, false
	}
	if n := pgtree.Names(tc.TypeName.Names); !(len(n) == 1 && n[0] == "regtype" || len(n) == 2 && n[0] == "pg_catalog" && n[1] == "regtype") {
		return nil, nil, false
	}
	c := tc.Arg.GetAConst()
	if c == nil || c.GetSval() == nil {
		return nil, nil, false
	}
	names, ok := RegtypeNames(c.GetSval().Sval)
	return c, names, ok
}

// RegtypeNames splits a regtype constant's text that names a type by a
// plain, possibly qualified name, with or without a trailing "[]".
func RegtypeNames(text string) ([]string, bool) {
	text = strings.TrimSuffix(strings.TrimSpace(text), "[]")
	names, ok := types.SplitIdentifierString(text, '.')
	return names, ok && len(names) > 0 && len(names) <= 2
}

// RetypeRegtypeText is a regtype constant's text for a type renamed or
// moved: the names to gives, quoted as needed, and the "[]" it had.
func RetypeRegtypeText(text string, to func([]string) []string) (string, bool) {
	names, ok := RegtypeNames(text)
	if !ok {
		return "", false
	}
	parts := to(names)
	for i, p := range parts {
		parts[i] = pgident.QuoteIfNeeded(p)
	}
	out := strings.Join(parts, ".")
	if strings.HasSuffix(strings.TrimSpace(text), "[]") {
		out += "[]"
	}
	return out, true
}

// RetypeInExpr rewrites a stored expression's text so that the type names
// ref matches are written as to returns (one or two parts, from the
// names as written); the rest of the text stays as it was. ok is false
// when the text does not parse.
func RetypeInExpr(text string, ref TypeRef, to func([]string) []string) (out string, changed, ok bool) {
	const prefix = "SELECT "
	out, changed, ok = retypeText(prefix+text, ref, to)
	if !ok || !changed {
		return text, false, ok
	}
	return out[len(prefix):], true, true
}

// RetypeInQuery is RetypeInExpr for a stored query (a view's).
func RetypeInQuery(query string, ref TypeRef, to func([]string) []string) (out string, changed, ok bool) {
	return retypeText(query, ref, to)
}

// retypeText splices the new names over the written ones, last first so
// that earlier offsets hold.
func retypeText(src string, ref TypeRef, to func([]string) []string) (string, bool, bool) {
	tree, err := pgtree.Parse(src)
	if err != nil {
		return "", false, false
	}
	var edits []textEdit
	okAll := true
	pgtree.Walk(tree, func(m any) bool {
		if c, names, ok := regtypeConst(m); ok && ref(names) {
			text, _ := RetypeRegtypeText(c.GetSval().Sval, to)
			end, ok := stringLiteralEnd(src, int(c.Location))
			if !ok {
				okAll = false
				return false
			}
			edits = append(edits, textEdit{int(c.Location), end, "'" + strings.ReplaceAll(text, "'", "''") + "'"})
			return true
		}
		tn, isTN := m.(*pg.TypeName)
		if !isTN || !ref(pgtree.Names(tn.Names)) {
			return true
		}
		names := pgtree.Names(tn.Names)
		at := int(tn.Location)
		end, ok := nameSpan(src, at, len(names))
		if !ok {
			okAll = false
			return false
		}
		parts := to(names)
		for i, p := range parts {
			parts[i] = pgident.QuoteIfNeeded(p)
		}
		edits = append(edits, textEdit{at, end, strings.Join(parts, ".")})
		return true
	})
	if !okAll {
		return "", false, false
	}
	out, changed := applyTextEdits(src, edits)
	return out, changed, true
}

// nameSpan returns the end of the n-part dotted name written at src[at:].
func nameSpan(src string, at, n int) (int, bool) {
	i := at
	for part := 0; part < n; part++ {
		if part > 0 {
			for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n') {
				i++
			}
			if i >= len(src) || src[i] != '.' {
				return 0, false
			}
			i++
			for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n') {
				i++
			}
		}
		if i < len(src) && src[i] == '"' {
			i++
			for {
				if i >= len(src) {
					return 0, false
				}
				if src[i] == '"' {
					if i+1 < len(src) && src[i+1] == '"' {
						i += 2
						continue
					}
					i++
					break
				}
				i++
			}
			continue
		}
		st := i
		for i < len(src) && (src[i] == '_' || src[i] == '$' || src[i] >= '0' && src[i] <= '9' || src[i] >= 'a' && src[i] <= 'z' || src[i] >= 'A' && src[i] <= 'Z' || src[i] >= 0x80) {
			i++
		}
		if i == st {
			return 0, false
		}
	}
	return i, true
}

// ExprColumns lists the column names a stored expression's text reads.
func ExprColumns(text string) []string { return exprColumnsOf(text) }

// ViewReadsColumn reports whether a view's query reads column col of
// table, a relation it depends on.
func ViewReadsColumn(v *catalog.View, table, col string) bool {
	return viewReadsColumn(v, table, col)
}

// Call is a function call in stored text: its name (one or two parts,
// as written) and, per argument, the type name it is cast to (nil when
// the argument is not a cast).
type Call struct {
	Names []string
	Args  [][]string
}

// ExprCalls lists the function calls of a stored expression's text.
func ExprCalls(text string) []Call {
	tree, err := pgtree.Parse("SELECT " + text)
	if err != nil {
		return nil
	}
	var out []Call
	pgtree.Walk(tree, func(m any) bool {
		fc, ok := m.(*pg.FuncCall)
		if !ok {
			return true
		}
		c := Call{Names: pgtree.Names(fc.Funcname), Args: make([][]string, len(fc.Args))}
		for i, a := range fc.Args {
			if tc := a.GetTypeCast(); tc != nil && tc.TypeName != nil && len(tc.TypeName.ArrayBounds) == 0 {
				c.Args[i] = pgtree.Names(tc.TypeName.Names)
			}
		}
		out = append(out, c)
		return true
	})
	return out
}

// CallsRoutine reports whether call c (whose name already denotes f's
// name in f's schema) is a call of f: its argument count fits f, and
// when others of f's overloads (in overloads, f included) fit it too,
// its casts name f's parameter types (typeOID resolves a type name) and
// rule out the others. A call that cannot be told apart does not count:
// the DROP it would hold back is then let through, as before.
func CallsRoutine(c Call, f *catalog.Function, overloads []*catalog.Function, typeOID func([]string) (uint32, bool)) bool {
	fits := func(g *catalog.Function) bool {
		n := len(g.InputTypes())
		return len(c.Args) >= n-g.NumDefaults() && (len(c.Args) <= n || g.Variadic())
	}
	if !fits(f) {
		return false
	}
	rivals := 0
	for _, g := range overloads {
		if g.OID != f.OID && fits(g) {
			rivals++
		}
	}
	if rivals == 0 {
		return true
	}
	in := f.InputTypes()
	typed := false
	for i, a := range c.Args {
		if a == nil || i >= len(in) {
			continue
		}
		oid, ok := typeOID(a)
		if !ok || in[i] == nil || oid != in[i].OID {
			return false
		}
		typed = true
	}
	return typed
}

// textEdit replaces src[at:end] with text.
type textEdit struct {
	at, end int
	text    string
}

// applyTextEdits applies non-overlapping edits to src, last first so the
// earlier offsets stay valid, and reports whether there were any.
func applyTextEdits(src string, edits []textEdit) (string, bool) {
	if len(edits) == 0 {
		return src, false
	}
	sort.Slice(edits, func(i, j int) bool { return edits[i].at > edits[j].at })
	for _, e := range edits {
		src = src[:e.at] + e.text + src[e.end:]
	}
	return src, true
}
