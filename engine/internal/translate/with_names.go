package translate

import (
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// PostgreSQL looks a bare FROM name up among the visible WITH items
// before the relations: a WITH item named like a view hides the view. A
// recursive view depends on it, since CREATE RECURSIVE VIEW v stores
// WITH RECURSIVE v AS (...) SELECT ... FROM v.

// maxViewDepth bounds nested view expansion: PostgreSQL binds a view's
// relations when it is created, so its views cannot reach themselves,
// but tinybase resolves a view's names when it is used.
const maxViewDepth = 100

// pushWith makes w's item names visible until the returned func runs.
// A non-recursive clause's items are renamed for GMS (withItemName).
func (t *Translator) pushWith(w *pg.WithClause) func() {
	if w == nil || len(w.Ctes) == 0 {
		return func() {}
	}
	if t.withNames == nil {
		t.withNames = map[string][]bool{}
	}
	names := withItemNames(w.Ctes)
	for _, n := range names {
		t.withNames[n] = append(t.withNames[n], true)
	}
	if t.renamedWith == nil {
		t.renamedWith = map[*pg.WithClause]bool{}
	}
	t.renamedWith[w] = true
	return func() {
		for _, n := range names {
			t.popWithName(n)
		}
		delete(t.renamedWith, w)
	}
}

// hideWithItems hides names while a non-recursive WITH item's body is
// translated: it sees only the items before it (and outer ones).
func (t *Translator) hideWithItems(names []string) func() {
	type hidden struct {
		name    string
		renamed bool
	}
	var shown []hidden
	for _, n := range names {
		if s := t.withNames[n]; len(s) > 0 {
			shown = append(shown, hidden{n, s[len(s)-1]})
			t.popWithName(n)
		}
	}
	return func() {
		for _, h := range shown {
			t.withNames[h.name] = append(t.withNames[h.name], h.renamed)
		}
	}
}

func (t *Translator) popWithName(n string) {
	s := t.withNames[n]
	if len(s) <= 1 {
		delete(t.withNames, n)
		return
	}
	t.withNames[n] = s[:len(s)-1]
}

// GMS gives a reference to a WITH item that is named like the item
// (`FROM c`, `FROM c AS c`) the item's own table id, so two such
// references in different branches of a UNION (as ROLLUP expands to)
// share one id and its join conditions resolve to the wrong input
// ("unable to find field"). A non-recursive item is therefore declared
// under withItemName and every reference aliases it back to the name
// the query uses, which gets a table id of its own. (A recursive item
// keeps its name: GMS finds its self-reference by it.)
func withItemName(name string) string { return name + "*with" }

// withItemRef is the GMS name of the visible WITH item rv names, or ""
// when rv names none.
func (t *Translator) withItemRef(rv *pg.RangeVar) string {
	if rv.Schemaname != "" {
		return ""
	}
	s := t.withNames[rv.Relname]
	switch {
	case len(s) == 0:
		return ""
	case s[len(s)-1]:
		return withItemName(rv.Relname)
	}
	return rv.Relname
}

func withItemNames(ctes []*pg.Node) []string {
	out := make([]string, 0, len(ctes))
	for _, c := range ctes {
		if cte := c.GetCommonTableExpr(); cte != nil {
			out = append(out, cte.Ctename)
		}
	}
	return out
}

// isWithItem reports whether rv names a visible WITH item.
func (t *Translator) isWithItem(rv *pg.RangeVar) bool {
	return rv.Schemaname == "" && len(t.withNames[rv.Relname]) > 0
}

// enterView starts expanding view name: the statement's WITH items are
// not visible in the view's query. It fails past maxViewDepth nested
// views, as PostgreSQL's rewriter does on a view that reaches itself.
func (t *Translator) enterView(name string) func() {
	if t.viewDepth >= maxViewDepth {
		fail(pgerror.New(pgerror.InvalidObjectDefinition, "infinite recursion detected in rules for relation %q", name))
	}
	saved := t.withNames
	t.withNames = nil
	t.viewDepth++
	return func() {
		t.withNames = saved
		t.viewDepth--
	}
}

// declareWithItem names c, an item of w, as references to it name it.
func (t *Translator) declareWithItem(w *pg.WithClause, c *sqlparser.CommonTableExpr) *sqlparser.CommonTableExpr {
	if t.renamedWith[w] {
		c.AliasedTableExpr.As = sqlparser.NewTableIdent(withItemName(c.AliasedTableExpr.As.String()))
	}
	return c
}

// textOutputs makes the string literals s outputs text, as PostgreSQL
// resolves a subquery's or WITH query's unknown-typed output columns
// (resolveTargetListUnknowns): to_jsonb(s.w) over (SELECT 'x' AS w) s
// is jsonb of a text, not a polymorphic call over unknown (42804). The
// column keeps its name.
func textOutputs(s *pg.SelectStmt) {
	if s == nil || s.Op != pg.SetOperation_SETOP_NONE {
		return // set operations resolve their own (setop_types.go)
	}
	for _, n := range s.TargetList {
		rt := n.GetResTarget()
		if rt == nil || rt.Val == nil {
			continue
		}
		c := rt.Val.GetAConst()
		if c == nil || c.GetSval() == nil {
			continue
		}
		if rt.Name == "" {
			rt.Name = columnName(rt.Val)
		}
		rt.Val = &pg.Node{Node: &pg.Node_TypeCast{TypeCast: &pg.TypeCast{
			Arg: rt.Val, TypeName: &pg.TypeName{Names: []*pg.Node{pg.MakeStrNode("pg_catalog"), pg.MakeStrNode("text")}, Typemod: -1, Location: -1}, Location: -1,
		}}}
	}
}
